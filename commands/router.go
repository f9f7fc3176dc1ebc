package commands

import (
	"context"
	"fmt"
	"log/slog"
	"rtrbot/games"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"rtrbot/i18n"

	"golang.org/x/text/unicode/norm"
)

// Router finds the command for a request, checks its options against the
// command's definition and runs it. Discord and the console both call Run.
type Router struct {
	top     map[string]*Command
	log     *slog.Logger
	observe Observer // observe.go
}

// NewRouter makes an empty router.
func NewRouter(log *slog.Logger) *Router {
	if log == nil {
		log = slog.Default()
	}
	return &Router{top: map[string]*Command{}, log: log}
}

// Add registers a top-level command.
func (rt *Router) Add(c *Command) {
	if _, dup := rt.top[c.Name]; dup {
		panic("commands: duplicate command " + c.Name) // programming error at start-up
	}
	rt.top[c.Name] = c
}

// AddSub adds subcommands to a registered top-level command, after those
// it has (a family of /game subcommands registered from its own file).
func (rt *Router) AddSub(parent string, subs ...*Command) {
	c, ok := rt.top[parent]
	if !ok {
		panic("commands: no command " + parent + " to add subcommands to") // programming error at start-up
	}
	for _, s := range subs {
		for _, x := range c.Sub {
			if x.Name == s.Name {
				panic("commands: duplicate subcommand " + parent + " " + s.Name)
			}
		}
		c.Sub = append(c.Sub, s)
	}
}

// Commands returns the top-level commands sorted by name, for registration
// with Discord and for /help.
func (rt *Router) Commands() []*Command {
	out := make([]*Command, 0, len(rt.top))
	for _, c := range rt.top {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Lookup resolves words ("game", "new") to a runnable command and its path,
// consuming as many words as name commands; rest are the words left over.
func (rt *Router) Lookup(words []string) (cmd *Command, path string, rest []string) {
	if len(words) == 0 {
		return nil, "", nil
	}
	c, ok := rt.top[strings.ToLower(words[0])]
	if !ok {
		return nil, "", words
	}
	path = c.Name
	words = words[1:]
	for len(c.Sub) > 0 && len(words) > 0 {
		var next *Command
		for _, s := range c.Sub {
			if s.Name == strings.ToLower(words[0]) {
				next = s
			}
		}
		if next == nil {
			break
		}
		c, path, words = next, path+" "+next.Name, words[1:]
	}
	return c, path, words
}

// Find returns the command at a path ("game new"), or nil.
func (rt *Router) Find(path string) *Command {
	c, p, rest := rt.Lookup(strings.Fields(path))
	if c == nil || len(rest) > 0 || p != strings.Join(strings.Fields(path), " ") {
		return nil
	}
	return c
}

// run checks and runs a request. It never panics: a handler's panic becomes
// an apology and a log line, so one bad input cannot stop the bot.
func (rt *Router) run(ctx context.Context, req *Request) (resp *Response) {
	c := rt.Find(req.Path)
	if c == nil {
		return Private(rt.unknown(req))
	}
	if c.Handler == nil {
		return Private(i18n.Sprintf(i18n.T(
			"/%s needs a subcommand: %s",
			"/%s にはサブコマンドが必要です: %s"), req.Path, subNames(c)).In(req.Lang))
	}
	normalise(req)
	if msg := checkOptions(c, req); msg != "" {
		outcomeOf(ctx, OutcomeInvalid)
		return Private(msg)
	}
	defer func() {
		if p := recover(); p != nil {
			outcomeOf(ctx, OutcomePanic)
			rt.log.Error("command panicked", "path", req.Path, "options", req.Options, "panic", p, "stack", string(debug.Stack()))
			resp = Private(req.T(
				"Something went wrong inside the bot while running this command; nothing was changed. Please tell the bot's operator.",
				"コマンド実行中にボット内部でエラーが発生しました。何も変更されていません。運営者に連絡してください。"))
		}
	}()
	if req.Bound != "" {
		if _, ok := games.ParseBinding(req.Bound); !ok {
			outcomeOf(ctx, OutcomeInvalid)
			return Private(req.T("This button does not belong to any command of the bot.", "このボタンはボットのコマンドのものではありません。"))
		}
		ctx = withBinding(ctx, req)
	}
	resp = c.Handler(ctx, req)
	if resp == nil {
		resp = &Response{}
	}
	return resp
}

// Complete answers autocomplete for the focused option (at most 25 choices).
func (rt *Router) Complete(ctx context.Context, req *Request, focused string) (out []Choice) {
	c := rt.Find(req.Path)
	if c == nil || c.Complete == nil {
		return nil
	}
	normalise(req)
	defer func() {
		if p := recover(); p != nil {
			rt.log.Error("autocomplete panicked", "path", req.Path, "panic", p)
			out = nil
		}
	}()
	out = c.Complete(ctx, req, focused)
	if len(out) > 25 {
		out = out[:25]
	}
	return out
}

func (rt *Router) unknown(req *Request) string {
	if msg, ok := rt.movedToComputer(req); ok { // computer_explain.go
		return msg
	}
	names := make([]string, 0, len(rt.top))
	for _, c := range rt.Commands() {
		names = append(names, "/"+c.Name)
	}
	word, _, _ := strings.Cut(req.Path, " ")
	if near := nearestNames(word, rt.Commands()); len(near) > 0 {
		return i18n.Sprintf(i18n.T(
			"There is no command /%s. Did you mean %s? (all commands: /help)",
			"/%s というコマンドはありません。%s のことですか? (コマンド一覧: /help)"), req.Path,
			i18n.T(strings.Join(near, " or "), strings.Join(near, " か ")).In(req.Lang)).In(req.Lang)
	}
	return i18n.Sprintf(i18n.T(
		"There is no command /%s. Commands: %s (try /help).",
		"/%s というコマンドはありません。コマンド一覧: %s (/help を参照)"), req.Path, strings.Join(names, " ")).In(req.Lang)
}

// nearestNames are the commands whose names are nearest to a mistyped
// word, at most two letters added, dropped, changed or swapped (none if
// the word is too short to tell).
func nearestNames(word string, cs []*Command) []string {
	var best []string
	bestD := 3
	for _, c := range cs {
		d := editDistance(strings.ToLower(word), c.Name)
		switch {
		case d < bestD:
			best, bestD = []string{"/" + c.Name}, d
		case d == bestD:
			best = append(best, "/"+c.Name)
		}
	}
	if len([]rune(word)) <= bestD || len(best) > 3 {
		return nil
	}
	return best
}

// editDistance counts the letters to add, drop or change, and the
// neighbours to swap, that make a into b (optimal string alignment).
func editDistance(a, b string) int {
	x, y := []rune(a), []rune(b)
	d := make([][]int, len(x)+1)
	for i := range d {
		d[i] = make([]int, len(y)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(x); i++ {
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(x)][len(y)]
}

func subNames(c *Command) string {
	var s []string
	for _, x := range c.Sub {
		s = append(s, x.Name)
	}
	return strings.Join(s, ", ")
}

// checkOptions refuses unknown options, missing required ones, values not
// among fixed choices and integers that are not integers or out of range.
func checkOptions(c *Command, req *Request) string {
	known := map[string]*Option{}
	for i := range c.Options {
		known[c.Options[i].Name] = &c.Options[i]
	}
	var names []string
	for n := range req.Options {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		o, ok := known[n]
		if !ok {
			return i18n.Sprintf(i18n.T(
				"/%s has no option %q. Its options: %s.",
				"/%s にオプション %q はありません。使えるオプション: %s"), req.Path, n, optionList(c, req.Lang)).In(req.Lang)
		}
		v := req.Options[n]
		switch o.Type {
		case Integer:
			x, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil {
				return i18n.Sprintf(i18n.T("Option %s must be a whole number, not %q.", "オプション %s は整数で指定してください (%q は不可)。"), n, v).In(req.Lang)
			}
			if o.MaxInt > o.MinInt && (x < o.MinInt || x > o.MaxInt) {
				return i18n.Sprintf(i18n.T("Option %s must be between %d and %d, not %d.",
					"オプション %s は %d から %d の範囲です (%d は不可)。"), n, o.MinInt, o.MaxInt, x).In(req.Lang)
			}
		case Boolean:
			if _, err := strconv.ParseBool(strings.TrimSpace(v)); err != nil {
				return i18n.Sprintf(i18n.T("Option %s must be true or false, not %q.", "オプション %s は true か false です (%q は不可)。"), n, v).In(req.Lang)
			}
		}
		if len(o.Choices) > 0 && !o.Autocomplete {
			ok := false
			var vals []string
			for _, ch := range o.Choices {
				vals = append(vals, ch.Value)
				if strings.EqualFold(ch.Value, strings.TrimSpace(v)) {
					req.Options[n] = ch.Value
					ok = true
				}
			}
			if !ok {
				return i18n.Sprintf(i18n.T("Option %s cannot be %q: choose one of %s.",
					"オプション %s に %q は指定できません。次から選んでください: %s"), n, v, strings.Join(vals, ", ")).In(req.Lang)
			}
		}
	}
	for _, o := range c.Options {
		if _, ok := req.Options[o.Name]; o.Required && !ok {
			return i18n.Sprintf(i18n.T("/%s needs the option %s (%s).", "/%s にはオプション %s が必要です (%s)。"), req.Path, o.Name+":", o.Description.In(req.Lang)).In(req.Lang)
		}
	}
	return ""
}

func optionList(c *Command, lang i18n.Lang) string {
	if len(c.Options) == 0 {
		return i18n.T("(none)", "(なし)").In(lang)
	}
	var s []string
	for _, o := range c.Options {
		s = append(s, o.Name+":")
	}
	return strings.Join(s, " ")
}

// Usage prints a command's syntax as typed: "/hex hex:<XXYY>".
func Usage(path string, c *Command) string {
	var b strings.Builder
	fmt.Fprintf(&b, "/%s", path)
	for _, o := range c.Options {
		if o.Required {
			fmt.Fprintf(&b, " %s:…", o.Name)
		} else {
			fmt.Fprintf(&b, " [%s:…]", o.Name)
		}
	}
	return b.String()
}

// listFields splits a list as people type it: on blanks, on commas and on
// the Japanese comma 、 (the full-width ， is a comma once normalised), so
// that "G-III、G-IV" and "G-III, G-IV" mean "G-III G-IV".
func listFields(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || r == ',' || r == '、' })
}

// normalise puts every option as people type it into the form commands
// read: Unicode NFKC turns the full-width digits, letters and hyphens of
// Japanese keyboards (１３２４, Ｆ－ＸＸ) into 1324 and F-XX, and blanks
// around a value go. The request gets a map of its own.
func normalise(req *Request) {
	if len(req.Options) == 0 {
		return
	}
	opts := make(map[string]string, len(req.Options))
	for k, v := range req.Options {
		opts[k] = strings.TrimSpace(norm.NFKC.String(v))
	}
	req.Options = opts
}

// withBinding is ctx with the binding of the button pressed (if any):
// the games service then refuses a game the button was not made for.
func withBinding(ctx context.Context, req *Request) context.Context {
	if b, ok := games.ParseBinding(req.Bound); ok && req.Bound != "" {
		return games.Bind(ctx, b, req.User.ID)
	}
	return ctx
}
