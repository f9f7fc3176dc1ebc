// Package console is the bot without Discord: one command a line on stdin,
// typed exactly as in Discord ("/hex hex:1804"), replies on stdout,
// attachments written to a folder. It drives the same command handlers as
// the Discord adapter, so whatever works here works there.
package console

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"rtrbot/actor"
	"rtrbot/commands"
	"rtrbot/i18n"
)

// Console runs commands read from a reader.
type Console struct {
	Router *commands.Router
	Out    io.Writer
	OutDir string // where attachments are written
	Lang   i18n.Lang
	User   actor.Actor
	Guild  string
	Chan   string
	Now    func() time.Time
	// Read counts the lines read, blank ones too: none at all means the
	// console had nothing to read (no terminal, no script).
	Read  int
	files int
	// plain: the user at the keyboard referees nothing (/as role:player
	// or role:spectator); otherwise the console's user referees.
	plain bool
}

// Run reads commands until end of input. Blank lines and lines starting
// with '#' are skipped, so a script can carry comments. It returns nil at
// end of input: a bad command is answered, not fatal.
func (c *Console) Run(ctx context.Context, in io.Reader) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for sc.Scan() {
		if err := ctx.Err(); err != nil {
			return err
		}
		c.Read++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c.Line(ctx, line)
	}
	return sc.Err()
}

// Line runs one line and prints its answer.
func (c *Console) Line(ctx context.Context, line string) {
	fmt.Fprintf(c.Out, "> %s\n", line)
	req, err := Parse(c.Router, line)
	if err != nil { // a refusal, private as every refusal is (commands/privacy.go)
		c.print(commands.Private(i18n.Message(err, c.Lang)))
		return
	}
	if req.Path == "as" { // console only: switch the user at the keyboard
		c.switchUser(req)
		return
	}
	req.User, req.Guild, req.Channel, req.Lang, req.Plain = c.User, c.Guild, c.Chan, c.Lang, c.plain
	personNames(req)
	if c.Now != nil {
		req.Now = c.Now()
	} else {
		req.Now = time.Now()
	}
	for name, v := range req.Options { // attachment options name a local file
		if o := optionOf(c.Router, req.Path, name); o != nil && o.Type == commands.Attachment {
			data, err := os.ReadFile(v)
			if err != nil {
				fmt.Fprintf(c.Out, "cannot read %s for option %s: %v\n", v, name, err)
				return
			}
			if req.Files == nil {
				req.Files = map[string][]byte{}
			}
			req.Files[name] = data
		}
	}
	req.Progress = func(m commands.Message) { c.print(&commands.Response{Messages: []commands.Message{m}}) }
	resp := c.Router.Run(ctx, req)
	c.print(resp)
}

// personOptions are the options that name a person to seat: at the
// console a person is the user of that name at the keyboard (/as
// user:NAME), so a plain name there means his console ID.
var personOptions = map[string]string{"game replace": "by", "game join": "user"}

// personNames turns a plain name given for a person into the console's ID
// of the user so named; an ID, a mention or a name already so stays.
func personNames(req *commands.Request) {
	opt, ok := personOptions[req.Path]
	v := strings.TrimSpace(req.Options[opt])
	if !ok || v == "" || strings.ContainsAny(v, ":<@") || strings.Trim(v, "0123456789") == "" {
		return
	}
	req.Options[opt] = "console:" + v
}

func (c *Console) switchUser(req *commands.Request) {
	name := strings.TrimSpace(req.Options["user"])
	if name == "" {
		fmt.Fprintln(c.Out, i18n.T("Usage: /as user:NAME [role:referee|player|spectator] (play as another user at this keyboard).", "使い方: /as user:名前 [role:referee|player|spectator] (同じ端末で別のユーザーとして操作)").In(c.Lang))
		return
	}
	c.User = actor.Actor{ID: "console:" + name, Name: name}
	c.plain = req.Options["role"] == "player" || req.Options["role"] == "spectator"
	switch req.Options["role"] {
	case "player":
		fmt.Fprintln(c.Out, i18n.Sprintf(i18n.T("You are now %s, a player who referees nothing: you order the side whose seat you hold (/game join), as on Discord.",
			"%s として操作します。審判権限のないプレイヤーです。Discord と同じく、席を持つ陣営 (/game join) だけを指揮します。"), name).In(c.Lang))
	case "spectator":
		fmt.Fprintln(c.Out, i18n.Sprintf(i18n.T("You are now %s, a spectator who referees nothing: you see what anyone in the channel sees, and a seat's secrets only once you hold it.",
			"%s として操作します。審判権限のない観戦者です。チャンネルの誰もが見られるものだけが見え、陣営の秘密は席を持ったときだけ見えます。"), name).In(c.Lang))
	default:
		fmt.Fprintln(c.Out, i18n.Sprintf(i18n.T("You are now %s.", "%s として操作します。"), name).In(c.Lang))
	}
}

func (c *Console) print(resp *commands.Response) {
	for _, m := range resp.Messages {
		var tags []string
		if m.Ephemeral {
			tags = append(tags, i18n.T("private", "非公開").In(c.Lang))
		}
		if m.Target != "" {
			tags = append(tags, "→ "+m.Target)
		}
		if m.Pin != "" {
			tags = append(tags, i18n.T("status message, edited in place", "状況メッセージ (その場で更新)").In(c.Lang))
		}
		if len(tags) > 0 {
			fmt.Fprintf(c.Out, "[%s]\n", strings.Join(tags, ", "))
		}
		if m.Text != "" {
			fmt.Fprintln(c.Out, m.Text)
		}
		if len(m.Buttons) > 0 {
			var lines []string
			for _, b := range m.Buttons {
				lines = append(lines, b.Line())
			}
			fmt.Fprintf(c.Out, "▸ %s\n", strings.Join(lines, " · "))
		}
		for _, f := range m.Files {
			path, err := c.save(f)
			if err != nil {
				fmt.Fprintf(c.Out, "(attachment %s could not be written: %v)\n", f.Name, err)
				continue
			}
			fmt.Fprintf(c.Out, "%s: %s\n", i18n.T("attachment", "添付").In(c.Lang), path)
		}
	}
}

// save writes an attachment under OutDir, numbered after the files
// already there, so that no attachment is ever overwritten.
func (c *Console) save(f commands.File) (string, error) {
	dir := c.OutDir
	if dir == "" {
		dir = "out"
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	name := filepath.Base(f.Name)
	if name == "." || name == "/" || name == "" {
		name = "file"
	}
	for {
		c.files++
		path := filepath.Join(dir, fmt.Sprintf("%03d-%s", c.files, name))
		// O_EXCL: a number an earlier session used is skipped, never
		// overwritten.
		out, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", err
		}
		_, err = out.Write(f.Data)
		if cerr := out.Close(); err == nil {
			err = cerr
		}
		return path, err
	}
}

func optionOf(r *commands.Router, path, name string) *commands.Option {
	c := r.Find(path)
	if c == nil {
		return nil
	}
	for i := range c.Options {
		if c.Options[i].Name == name {
			return &c.Options[i]
		}
	}
	return nil
}

// Parse reads one console line into a request: "/game new scenario:standard".
// Words before the first option name the command and subcommands. An option
// is name:value; a value runs until the next word that starts another of
// the command's options, so values may hold spaces ("text:move 1 to 1804").
// A value may also be quoted with double quotes. "\n" in a value stands for
// a line break, so a batch of orders fits one console line.
//
// The line is read as typed on a Japanese keyboard too: Unicode NFKC turns
// its full-width slash, letters, digits, colon and quotes and the
// ideographic space into their ASCII forms ("／ｈｅｘ　ｈｅｘ：１８０４" is
// "/hex hex:1804") before anything else is read.
func Parse(r *commands.Router, line string) (*commands.Request, error) {
	line = strings.TrimSpace(norm.NFKC.String(line))
	if !strings.HasPrefix(line, "/") {
		return nil, i18n.Errorf(
			"Commands start with a slash, as in Discord: /help, /hex hex:1804.",
			"コマンドは Discord と同じくスラッシュで始めます: /help, /hex hex:1804")
	}
	words := splitWords(line[1:])
	if len(words) == 0 {
		return nil, i18n.Errorf("Empty command: try /help.", "空のコマンドです: /help を参照してください。")
	}
	if strings.EqualFold(words[0], "as") {
		return parseAs(words[1:])
	}
	var cmdWords []string
	i := 0
	for ; i < len(words) && !strings.Contains(words[i], ":"); i++ {
		cmdWords = append(cmdWords, words[i])
	}
	cmd, path, rest := r.Lookup(cmdWords)
	if cmd == nil {
		return &commands.Request{Path: strings.Join(cmdWords, " "), Options: map[string]string{}}, nil
	}
	if len(rest) > 0 {
		if err := r.MovedSub(path, rest[0]); err != nil {
			return nil, err // /game explain: /computer explain
		}
		if len(cmd.Sub) > 0 {
			var subs []string
			for _, s := range cmd.Sub {
				subs = append(subs, s.Name)
			}
			// A subcommand that lives under another command (/computer
			// hint, not /game hint) is named where it is.
			for _, other := range r.Commands() {
				if c, there, left := r.Lookup([]string{other.Name, rest[0]}); other.Name != path && c != nil && len(left) == 0 && there != other.Name {
					return nil, i18n.Errorf("/%s has no subcommand %q: it is /%s.", "/%s にサブコマンド %q はありません。/%s です。", path, rest[0], there)
				}
			}
			return nil, i18n.Errorf("/%s has no subcommand %q: use one of %s.", "/%s にサブコマンド %q はありません: %s のいずれかです。",
				path, rest[0], strings.Join(subs, ", "))
		}
		return nil, i18n.Errorf("%q is not an option: write options as name:value, e.g. %s.", "%q はオプションではありません: 名前:値 の形で書いてください (例 %s)。",
			strings.Join(rest, " "), commands.Usage(path, cmd))
	}
	known := map[string]bool{}
	freeText := map[string]bool{}
	for _, o := range cmd.Options {
		known[o.Name] = true
		freeText[o.Name] = o.Text
	}
	opts := map[string]string{}
	current := ""
	for ; i < len(words); i++ {
		w := words[i]
		k, v, ok := strings.Cut(w, ":")
		k = strings.ToLower(k)
		// A word "name:value" starts an option, unless we are inside free
		// text; an unknown name starts an option the router will refuse.
		if ok && !freeText[current] && (known[k] || current == "" || isName(k)) {
			current = k
			if _, dup := opts[current]; dup {
				return nil, i18n.Errorf("Option %s is given twice.", "オプション %s が2回指定されています。", current)
			}
			opts[current] = unquote(v)
			continue
		}
		opts[current] += " " + unquote(w)
	}
	for k, v := range opts {
		opts[k] = strings.ReplaceAll(v, `\n`, "\n")
	}
	return &commands.Request{Path: path, Options: opts}, nil
}

func isName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r == '_' || r == '-') {
			return false
		}
	}
	return true
}

// splitWords splits on spaces, keeping double-quoted stretches together.
func splitWords(s string) []string {
	var out []string
	var cur strings.Builder
	inQuote, has := false, false
	for _, r := range s {
		switch {
		case r == '"':
			inQuote = !inQuote
			cur.WriteRune(r)
			has = true
		case unicode.IsSpace(r) && !inQuote:
			if has {
				out = append(out, cur.String())
				cur.Reset()
				has = false
			}
		default:
			cur.WriteRune(r)
			has = true
		}
	}
	if has {
		out = append(out, cur.String())
	}
	return out
}

func unquote(s string) string {
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		return s[1 : len(s)-1]
	}
	return strings.ReplaceAll(s, `"`, "")
}

// parseAs reads /as's options: user:NAME and role:referee (the console's
// user referees, as always), role:player or role:spectator (he referees
// nothing). Anything else is refused, never ignored.
func parseAs(words []string) (*commands.Request, error) {
	req := &commands.Request{Path: "as", Options: map[string]string{}}
	for _, w := range words {
		k, v, ok := strings.Cut(w, ":")
		switch {
		case ok && k == "user":
			req.Options["user"] = v
		case ok && k == "role":
			v = strings.ToLower(strings.TrimSpace(v))
			if v != "referee" && v != "player" && v != "spectator" {
				return nil, i18n.Errorf("/as role:%s: the role is referee (the console's user, who referees every game here), player or spectator (who referee nothing). Nothing changed.",
					"/as role:%s: ロールは referee (このコンソールの全ゲームの審判)、player または spectator (審判権限なし) のいずれかです。何も変わっていません。", v)
			}
			req.Options["role"] = v
		default:
			return nil, i18n.Errorf("/as takes user:NAME and role:referee|player|spectator; %s is none of them. Nothing changed.",
				"/as のオプションは user:名前 と role:referee|player|spectator だけで、%s はどちらでもありません。何も変わっていません。", w)
		}
	}
	return req, nil
}
