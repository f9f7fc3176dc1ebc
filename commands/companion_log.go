package commands

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"rtrbot/engine/dice"
	"rtrbot/i18n"
	"rtrbot/rolls"
)

// Limits of /log.
const (
	logDefaultCount = 10
	logMaxCount     = 50
	seedMaxRunes    = 100
	verifyShowMax   = 10
	// exportMaxBytes keeps a CSV export under Discord's smallest attachment
	// limit for bots (10 MB on servers without boosts).
	exportMaxBytes = 8 << 20
)

// logCommand is /log and its subcommands. Bare /log (console) is /log
// recent; Discord, which cannot run a command that has subcommands, shows
// /log recent.
func (b *Bot) logCommand() *Command {
	sessionOpt := Option{Name: "session", Type: Integer, MinInt: 1, MaxInt: 1 << 30,
		Description: i18n.T("Dice session number (default: the channel's latest)", "ダイスセッション番号 (既定はこのチャンネルの最新)")}
	recent := &Command{Name: "recent", Description: i18n.T("The channel's recent rolls", "このチャンネルの最近のロール"),
		Options: []Option{{Name: "count", Type: Integer, MinInt: 1, MaxInt: logMaxCount,
			Description: i18n.Sprintf(i18n.T("How many (default %d, at most %d)", "件数 (既定 %d、最大 %d)"), logDefaultCount, logMaxCount)}},
		Handler: b.logRecent}
	return &Command{
		Name:        "log",
		Description: i18n.T("The channel's roll log: recent, export, seed, reveal, verify, stats", "このチャンネルのダイスログ: recent, export, seed, reveal, verify, stats"),
		Handler:     b.logRecent,
		Sub: []*Command{
			recent,
			{Name: "export", Description: i18n.T("Every roll of the channel (or of one session) as a CSV file", "このチャンネル (または1セッション) の全ロールを CSV ファイルで"),
				Options: []Option{sessionOpt}, Slow: true, Handler: b.logExport},
			{Name: "seed", Description: i18n.T("Add your own seed to the dice of this channel's session", "このチャンネルのセッションのダイスに自分のシードを加える"),
				Options: []Option{{Name: "value", Required: true, Text: true, Description: i18n.Sprintf(i18n.T(
					"Any text of 1-%d characters (no '|')", "1〜%d文字の任意の文字列 ('|' は不可)"), seedMaxRunes)}},
				Handler: b.logSeed},
			{Name: "reveal", Description: i18n.T("End the dice session and reveal its server seed", "ダイスセッションを終えてサーバーシードを公開する"), Handler: b.logReveal},
			{Name: "verify", Description: i18n.T("Recompute every roll of a revealed session", "公開済みセッションの全ロールを再計算して検証する"), Options: []Option{sessionOpt}, Slow: true, Handler: b.logVerify},
			{Name: "stats", Description: i18n.T("How the session's dice fell: counts per face and a chi-square test", "セッションのダイスの出目の分布とカイ二乗検定"), Options: []Option{sessionOpt}, Handler: b.logStats},
		},
	}
}

func sessionState(sess rolls.Session) i18n.Text {
	if sess.Revealed {
		return i18n.T("revealed", "公開済み")
	}
	return i18n.T("open", "進行中")
}

func (b *Bot) logRecent(ctx context.Context, req *Request) *Response {
	if b.rolls == nil {
		return b.noStore(req)
	}
	n := logDefaultCount
	if v, ok := req.Options["count"]; ok {
		if x, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && x >= 1 && x <= logMaxCount {
			n = x
		}
	}
	sess, err := b.rolls.Latest(ctx, req.Guild, req.Channel)
	if isNoSession(err) {
		return Reply(req.T("No rolls in this channel yet: the first /roll, /event, /russia, /combat or /siege starts a dice session and publishes its commitment.",
			"このチャンネルにはまだロールがありません。最初の /roll, /event, /russia, /combat, /siege でダイスセッションが始まり、コミットメントが公開されます。"))
	}
	if err != nil {
		return b.storeFailed(req, "latest session", err)
	}
	logged, err := b.rolls.Recent(ctx, req.Guild, req.Channel, n)
	if err != nil {
		return b.logReadFailed(req, err)
	}
	var s strings.Builder
	s.WriteString(sessionLine(sess).In(req.Lang))
	if len(logged) == 0 {
		s.WriteString("\n" + req.T("No rolls yet.", "まだロールはありません。"))
	}
	for i := len(logged) - 1; i >= 0; i-- {
		s.WriteString("\n" + rollLine(logged[i], req.Lang))
	}
	return Reply(s.String())
}

func sessionLine(sess rolls.Session) i18n.Text {
	t := tx("Dice session %d (%s): commitment `%s`, %s", "ダイスセッション %d (%s): コミットメント `%s`、ロール %s",
		sess.ID, sessionState(sess), sess.Commitment, i18n.Count(sess.Rolls, "roll", "rolls", "件"))
	if sess.PlayersSeed != "" {
		t = join2(t, tx(", players' seed %q", "、プレイヤーシード %q", sess.PlayersSeed))
	}
	if sess.Revealed {
		t = join2(t, tx(", server seed `%s`", "、サーバーシード `%s`", sess.ServerSeed))
	}
	return join2(t, i18n.T(".", "。"))
}

func rollLine(r rolls.Roll, lang i18n.Lang) string {
	faces := make([]string, len(r.Faces))
	for i, f := range r.Faces {
		faces[i] = strconv.Itoa(f)
	}
	src := ""
	if r.Source == rolls.AtTable {
		src = i18n.T(" (rolled at the table)", " (卓で振った目)").In(lang)
	}
	cmd := strings.TrimSpace("/" + r.Command + " " + r.Inputs)
	return fmt.Sprintf("#%d (s%d) %s %s: %s · d%d [%s]%s → %s", r.Number, r.Session, r.At.Format("2006-01-02 15:04"),
		r.UserName, cmd, r.Sides, strings.Join(faces, ","), src, resultText(r.Result, lang))
}

// resultText is a logged roll's result for players: the log stores rows
// by id ("13 autumn-weather (no event)", kept so that /log verify can
// compare), and players read them by their table's name ("13 秋の天候
// (イベントなし)").
func resultText(result string, lang i18n.Lang) string {
	tail := ""
	for _, t := range []i18n.Text{i18n.T(" (no event)", " (イベントなし)"), i18n.T(" (conditional)", " (条件次第)")} {
		if strings.HasSuffix(result, t.EN) {
			result, tail = strings.TrimSuffix(result, t.EN), t.In(lang)
		}
	}
	if result == "invalid" {
		return i18n.T("invalid", "無効").In(lang)
	}
	words := strings.Fields(result)
	for i, w := range words {
		if e, ok := tablesSet().Named(w); ok {
			words[i] = e.Name.In(lang)
		}
	}
	return strings.Join(words, " ") + tail
}

func (b *Bot) logReadFailed(req *Request, err error) *Response {
	b.Log.Error("companion: reading the roll log", "guild", req.Guild, "channel", req.Channel, "err", err)
	return Private(i18n.Sprintf(i18n.T("The roll log of this channel could not be read: %v. Nothing was changed.",
		"このチャンネルのダイスログを読めませんでした: %v。何も変更されていません。"), err).In(req.Lang))
}

func (b *Bot) logExport(ctx context.Context, req *Request) *Response {
	if b.rolls == nil {
		return b.noStore(req)
	}
	var sessions []rolls.Session
	var logged []rolls.Roll
	var err error
	name := "rolls-" + safeName(req.Channel)
	if req.Has("session") {
		sess, fail := b.pickSession(ctx, req, false)
		if fail != nil {
			return fail
		}
		sessions = []rolls.Session{sess}
		logged, err = b.rolls.Rolls(ctx, sess.ID)
		name += fmt.Sprintf("-session-%d", sess.ID)
	} else {
		if sessions, err = b.rolls.Sessions(ctx, req.Guild, req.Channel); err == nil {
			logged, err = b.rolls.ChannelRolls(ctx, req.Guild, req.Channel)
		}
	}
	if err != nil {
		return b.logReadFailed(req, err)
	}
	if len(logged) == 0 {
		return Private(req.T("No rolls to export yet.", "書き出すロールがまだありません。"))
	}
	data := rollsCSV(sessions, logged)
	if len(data) > exportMaxBytes {
		return Private(i18n.Sprintf(i18n.T("The log of this channel is too large for one Discord attachment (%d MB): export one session at a time with /log export session:N (/log shows the sessions).",
			"このチャンネルのログは Discord の添付1つには大きすぎます (%d MB): /log export session:N でセッションごとに書き出してください (/log でセッションを確認できます)。"), len(data)>>20).In(req.Lang))
	}
	msg := i18n.Sprintf(i18n.T("%s in %s. Server seeds are shown for revealed sessions only.",
		"ロール %s (ダイスセッション %s)。サーバーシードは公開済みのセッションのみ記載。"), i18n.Count(len(logged), "roll", "rolls", "件"), i18n.Count(len(sessions), "dice session", "dice sessions", "個")).In(req.Lang)
	return Reply(msg).WithFile(File{Name: name + ".csv", ContentType: "text/csv", Data: data})
}

// rollsCSV writes the rolls with their session's commitment, and its server
// seed once revealed, so that the file alone is enough to check them.
func rollsCSV(sessions []rolls.Session, logged []rolls.Roll) []byte {
	byID := map[int64]rolls.Session{}
	for _, s := range sessions {
		byID[s.ID] = s
	}
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	w.Write([]string{"session", "commitment", "server_seed", "number", "time_utc", "user", "user_id", "command", "inputs",
		"players_seed", "source", "sides", "dice", "result"})
	for _, r := range logged {
		s := byID[r.Session]
		seed := ""
		if s.Revealed {
			seed = s.ServerSeed
		}
		faces := make([]string, len(r.Faces))
		for i, f := range r.Faces {
			faces[i] = strconv.Itoa(f)
		}
		w.Write([]string{strconv.FormatInt(r.Session, 10), s.Commitment, seed, strconv.Itoa(r.Number),
			r.At.UTC().Format("2006-01-02T15:04:05Z"), csvSafe(r.UserName), r.UserID, r.Command, r.Inputs,
			r.PlayersSeed, r.Source, strconv.Itoa(r.Sides), strings.Join(faces, " "), r.Result})
	}
	w.Flush()
	return buf.Bytes()
}

// csvSafe keeps a spreadsheet from reading a player's text as a formula.
func csvSafe(s string) string {
	if s != "" && strings.ContainsRune("=+-@", rune(s[0])) {
		return "'" + s
	}
	return s
}

func safeName(s string) string {
	out := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
			return r
		}
		return '_'
	}, s)
	if out == "" {
		return "channel"
	}
	return out
}

// checkPlayerSeed says what is wrong with a seed a player offers.
func checkPlayerSeed(v string) error {
	n := utf8.RuneCountInString(v)
	if n < 1 || n > seedMaxRunes || !utf8.ValidString(v) {
		return i18n.Errorf("A seed is any text of 1 to %d characters, not %d.", "シードは1〜%d文字の任意の文字列です (%d 文字は不可)。", seedMaxRunes, n)
	}
	if strings.ContainsRune("=+-@", rune(v[0])) {
		return i18n.Errorf("A seed may not start with = + - or @, so that a spreadsheet never reads the exported log as a formula.",
			"シードは = + - @ で始められません (書き出したログを表計算ソフトが数式と読まないように)。")
	}
	for _, r := range v {
		if unicode.IsControl(r) || r == '|' {
			return i18n.Errorf("A seed may not hold line breaks, control characters or '|' (which joins the players' seeds).",
				"シードには改行・制御文字・'|' (シードの連結に使用) は使えません。")
		}
	}
	return nil
}

func (b *Bot) logSeed(ctx context.Context, req *Request) *Response {
	if b.rolls == nil {
		return b.noStore(req)
	}
	v := strings.TrimSpace(req.Options["value"])
	if err := checkPlayerSeed(v); err != nil {
		return Fail(req, err)
	}
	p, sess, started, err := b.rolls.AddSeed(ctx, req.Guild, req.Channel, req.User.ID, req.User.Name, v, b.now(req))
	if errors.Is(err, rolls.ErrEntropy) {
		return b.storeFailed(req, "entropy", err)
	}
	if err != nil {
		return b.storeFailed(req, "add seed", err)
	}
	parts := []i18n.Text{}
	if started {
		parts = append(parts, commitmentNotice(sess))
	}
	parts = append(parts, tx("%s adds the seed %q. The players' seed of dice session %d is now %q: it draws roll #%d onwards.",
		"%s がシード %q を加えました。ダイスセッション %d のプレイヤーシードは %q になり、ロール #%d 以降に使われます。",
		req.User.Name, v, sess.ID, sess.PlayersSeed, p.FromRoll))
	if p.FromRoll > 1 {
		parts = append(parts, tx("Rolls #1 to #%d keep the players' seed they were drawn with (a new stage of the same session; the server seed does not change).",
			"ロール #1〜#%d は引いたときのプレイヤーシードのまま (同じセッションの新しい段階。サーバーシードは変わらない)。", p.FromRoll-1))
	}
	return Reply(join(parts...).In(req.Lang))
}

func (b *Bot) logReveal(ctx context.Context, req *Request) *Response {
	if b.rolls == nil {
		return b.noStore(req)
	}
	sess, err := b.rolls.Reveal(ctx, req.Guild, req.Channel, req.User.Name, b.now(req))
	if isNoSession(err) {
		return Private(req.T("This channel has no open dice session to reveal: a session starts with the first roll (/roll, /event, /russia, /combat, /siege) or /log seed.",
			"このチャンネルには公開できる進行中のダイスセッションがありません。セッションは最初のロール (/roll, /event, /russia, /combat, /siege) か /log seed で始まります。"))
	}
	if err != nil {
		return b.storeFailed(req, "reveal", err)
	}
	msg := join(
		tx("Dice session %d is over (%s). Server seed: `%s`", "ダイスセッション %d を終了しました (ロール %s)。サーバーシード: `%s`", sess.ID, i18n.Count(sess.Rolls, "roll", "rolls", "件"), sess.ServerSeed),
		tx("Its SHA-256 is the commitment published at the start: `%s`.", "その SHA-256 が開始時に公開したコミットメントです: `%s`", sess.Commitment),
		playersSeedLine(sess.PlayersSeed),
		tx("Check every roll with /log verify session:%d, or by hand (docs/dice.md): die i of roll n is HMAC-SHA256 with the server seed as key over \"players' seed:n:i:0\"; its first 4 bytes are a number x; the die shows x mod sides + 1 (in the rare case x lies at or above the last whole multiple of sides below 2^32, take the HMAC again with 1 instead of the final 0, and so on).",
			"/log verify session:%d で全ロールを検証できます。手計算でも可能 (docs/dice.md): ロール n のダイス i は、サーバーシードを鍵とする \"プレイヤーシード:n:i:0\" の HMAC-SHA256 の先頭4バイトを数 x とし、目 = x mod 面数 + 1 (x が 2^32 未満で最大の面数の倍数以上というまれな場合は、末尾の 0 を 1 にして HMAC を計算し直す)。", sess.ID),
		tx("The next roll in this channel starts a new session.", "このチャンネルの次のロールで新しいセッションが始まります。"),
	)
	return Reply(msg.In(req.Lang))
}

// pickSession finds the session a /log verify or /log stats is about.
func (b *Bot) pickSession(ctx context.Context, req *Request, revealedOnly bool) (rolls.Session, *Response) {
	var sess rolls.Session
	var err error
	if v, ok := req.Options["session"]; ok {
		id, _ := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
		sess, err = b.rolls.Session(ctx, req.Guild, req.Channel, id)
		if isNoSession(err) {
			return sess, Private(i18n.Sprintf(i18n.T("This channel has no dice session %d: /log shows the channel's sessions.",
				"このチャンネルにダイスセッション %d はありません: /log でセッションを確認してください。"), id).In(req.Lang))
		}
	} else if revealedOnly {
		sess, err = b.rolls.LatestRevealed(ctx, req.Guild, req.Channel)
		if isNoSession(err) {
			return sess, Private(req.T("No dice session of this channel has been revealed yet: /log reveal ends the open session and reveals its seed; then /log verify checks it.",
				"このチャンネルにはまだ公開済みのダイスセッションがありません: /log reveal で進行中のセッションを終えてシードを公開してから /log verify で検証します。"))
		}
	} else {
		sess, err = b.rolls.Latest(ctx, req.Guild, req.Channel)
		if isNoSession(err) {
			return sess, Private(req.T("No rolls in this channel yet.", "このチャンネルにはまだロールがありません。"))
		}
	}
	if err != nil {
		return sess, b.logReadFailed(req, err)
	}
	return sess, nil
}

func (b *Bot) logVerify(ctx context.Context, req *Request) *Response {
	if b.rolls == nil {
		return b.noStore(req)
	}
	sess, fail := b.pickSession(ctx, req, true)
	if fail != nil {
		return fail
	}
	if !sess.Revealed {
		return Private(i18n.Sprintf(i18n.T("Dice session %d is still open: its server seed stays secret until /log reveal, so it cannot be checked yet.",
			"ダイスセッション %d は進行中です。サーバーシードは /log reveal まで秘密なので、まだ検証できません。"), sess.ID).In(req.Lang))
	}
	logged, err := b.rolls.Rolls(ctx, sess.ID)
	if err != nil {
		return b.logReadFailed(req, err)
	}
	seeds, err := b.rolls.Seeds(ctx, sess.ID)
	if err != nil {
		return b.logReadFailed(req, err)
	}
	return Reply(verifySession(sess, seeds, logged).text().In(req.Lang))
}

// verification is the outcome of checking a revealed session.
type verification struct {
	session    int64
	commitOK   bool
	drawn      int // rolls drawn by the bot and recomputed
	table      int // dice entered from the table, re-read only
	mismatches []i18n.Text
}

func (v verification) ok() bool { return v.commitOK && len(v.mismatches) == 0 }

func (v verification) text() i18n.Text {
	var parts []i18n.Text
	if v.commitOK {
		parts = append(parts, tx("✅ Dice session %d: the revealed server seed matches the commitment published at the start.",
			"✅ ダイスセッション %d: 公開したサーバーシードは開始時のコミットメントと一致します。", v.session))
	} else {
		parts = append(parts, tx("❌ Dice session %d: the revealed server seed does NOT match the commitment.",
			"❌ ダイスセッション %d: 公開したサーバーシードはコミットメントと一致しません。", v.session))
	}
	if len(v.mismatches) == 0 {
		// Each kind of roll is told apart, and a kind with none yet
		// says so rather than "0, every one …".
		drawn := tx("No rolls drawn by the bot yet.", "ボットが振ったロールはまだありません。")
		if v.drawn > 0 {
			drawn = tx("%s drawn by the bot, every one recomputed to the same dice and result.",
				"ボットが振ったロール %sは、すべて同じ目と結果に再計算されました。", i18n.Count(v.drawn, "roll", "rolls", "件"))
		}
		table := tx("No dice rolled at the table yet.", "卓で振ったダイスはまだありません。")
		if v.table > 0 {
			table = tx("%s at the table, every one read again on the tables to the same result.",
				"卓で振ったダイス %sは、すべて表を引き直して同じ結果になりました。", i18n.Count(v.table, "roll entered", "rolls entered", "件"))
		}
		parts = append(parts, tx("✅ %s %s", "✅ %s%s", drawn, table))
	} else {
		parts = append(parts, tx("❌ %s not match:", "❌ 一致しないロールが %sあります:", i18n.Count(len(v.mismatches), "roll does", "rolls do", "件")))
		for i, m := range v.mismatches {
			if i == verifyShowMax {
				parts = append(parts, tx("… and %d more.", "… ほか %d 件。", len(v.mismatches)-verifyShowMax))
				break
			}
			parts = append(parts, m)
		}
	}
	return join(parts...)
}

// verifySession recomputes every roll of a revealed session from its
// seeds: the commitment, the players' seed each roll should have used (from
// the seeds players added), the dice, and the reading on the tables.
func verifySession(sess rolls.Session, seeds []rolls.PlayerSeed, logged []rolls.Roll) verification {
	v := verification{session: sess.ID, commitOK: dice.CheckCommit(sess.ServerSeed, sess.Commitment)}
	for _, r := range logged {
		var want []string
		for _, p := range seeds {
			if p.FromRoll <= r.Number {
				want = append(want, p.Value)
			}
		}
		if ps := strings.Join(want, rolls.PlayersSeedSeparator); r.PlayersSeed != ps {
			v.mismatches = append(v.mismatches, tx("roll #%d was drawn with players' seed %q, but the seeds added make %q",
				"ロール #%d はプレイヤーシード %q で引かれていますが、加えられたシードからは %q になります", r.Number, r.PlayersSeed, ps))
			continue
		}
		p, err := planFor(r.Command, r.Inputs)
		if err != nil {
			v.mismatches = append(v.mismatches, tx("roll #%d: its inputs /%s %s cannot be read again (%s)",
				"ロール #%d: 入力 /%s %s を読み直せません (%s)", r.Number, r.Command, r.Inputs, err.Error()))
			continue
		}
		if r.Sides != p.sides || len(r.Faces) != p.count {
			v.mismatches = append(v.mismatches, tx("roll #%d: %d dice of %d sides logged, /%s needs %d of %d",
				"ロール #%d: 記録は %d 個の %d 面ダイス、/%s には %d 個の %d 面が必要", r.Number, len(r.Faces), r.Sides, r.Command, p.count, p.sides))
			continue
		}
		if r.Source == rolls.ByBot {
			got := dice.Roll(sess.ServerSeed, r.PlayersSeed, r.Number, p.count, p.sides)
			if !slices.Equal(got, r.Faces) {
				v.mismatches = append(v.mismatches, tx("roll #%d: logged dice %v, the seeds give %v", "ロール #%d: 記録の目 %v、シードからは %v",
					r.Number, r.Faces, got))
				continue
			}
			v.drawn++
		} else {
			v.table++
		}
		if got := p.read(r.Faces).result; got != r.Result {
			v.mismatches = append(v.mismatches, tx("roll #%d: logged result %q, the tables give %q", "ロール #%d: 記録の結果 %q、表からは %q",
				r.Number, r.Result, got))
		}
	}
	return v
}

func (b *Bot) logStats(ctx context.Context, req *Request) *Response {
	if b.rolls == nil {
		return b.noStore(req)
	}
	sess, fail := b.pickSession(ctx, req, false)
	if fail != nil {
		return fail
	}
	logged, err := b.rolls.Rolls(ctx, sess.ID)
	if err != nil {
		return b.logReadFailed(req, err)
	}
	return Reply(diceStats(sess, logged).In(req.Lang))
}

// diceStats counts the faces of the bot's dice in a session, by die size,
// with a chi-square test of each against fair dice.
func diceStats(sess rolls.Session, logged []rolls.Roll) i18n.Text {
	counts := map[int][]int{}
	var sizes []int
	for _, r := range logged {
		if r.Source != rolls.ByBot {
			continue
		}
		c, ok := counts[r.Sides]
		if !ok {
			c = make([]int, r.Sides)
			sizes = append(sizes, r.Sides)
		}
		for _, f := range r.Faces {
			if f >= 1 && f <= r.Sides {
				c[f-1]++
			}
		}
		counts[r.Sides] = c
	}
	slices.Sort(sizes)
	parts := []i18n.Text{tx("Dice of session %d (%s), drawn by the bot (dice entered from the table are not counted):",
		"セッション %d (%s) でボットが振ったダイス (卓で振った目は数えない):", sess.ID, sessionState(sess))}
	if len(sizes) == 0 {
		return join(parts[0], i18n.T("none yet.", "まだありません。"))
	}
	for _, sides := range sizes {
		c := counts[sides]
		total := 0
		for _, x := range c {
			total += x
		}
		line := tx("d%d: %d dice", "d%d: %d 個", sides, total)
		if sides <= 20 {
			var fs []string
			for i, x := range c {
				fs = append(fs, fmt.Sprintf("%d:%d", i+1, x))
			}
			line = join2(line, i18n.T(" — "+strings.Join(fs, " "), " — "+strings.Join(fs, " ")))
		}
		stat, df, p := dice.ChiSquare(c)
		expected := float64(total) / float64(sides)
		switch {
		case expected < 5:
			line = join2(line, tx(" (too few for a chi-square test: it needs about %d)", " (カイ二乗検定には少なすぎます: 約 %d 個必要)", 5*sides))
		case p < 0.001:
			line = join2(line, tx("; chi² %.2f, %d d.f., p = %.4f: fair dice would stray this far less than once in a thousand",
				"; χ² %.2f、自由度 %d、p = %.4f: 公正なダイスでこれほど偏るのは千回に一回未満", stat, df, p))
		default:
			line = join2(line, tx("; chi² %.2f, %d d.f., p = %.3f: consistent with fair dice", "; χ² %.2f、自由度 %d、p = %.3f: 公正なダイスと矛盾しない", stat, df, p))
		}
		parts = append(parts, line)
	}
	return join(parts...)
}

func playersSeedLine(ps string) i18n.Text {
	if ps == "" {
		return i18n.T("Players' seed: none (no player added one; the dice used an empty players' seed).",
			"プレイヤーシード: なし (誰も加えなかったので、空のプレイヤーシードで振りました)。")
	}
	return tx("Players' seed: %q.", "プレイヤーシード: %q", ps)
}
