// Package gamefile is the export format of a game: a readable text file,
// one fact a line, that holds everything needed to rebuild the game (its
// scenario, options, seed, players and whole log of orders) and the state
// hashes to check the rebuild against. docs/storage.md describes it. It
// knows nothing of SQLite: package db writes and reads the rows.
package gamefile

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"rtrbot/engine/game"
	"rtrbot/i18n"
)

// Header opens every export file; the number is the format's version.
const Header = "rtrbot-game 1"

// File is a game as an export file holds it: everything needed to rebuild
// it (scenario, options, seed, players, the whole log) and the state hashes
// of its snapshots, to check the rebuild against.
type File struct {
	Scenario   string
	Options    string // a JSON object
	Seed       []byte
	Commitment string
	// Practice, if set, marks a practice game (its public seed as players
	// read it): its dice were known from the start, and it is never rated.
	Practice  string
	Status    string // active, finished, damaged or abandoned
	Created   time.Time
	CreatedBy string
	Players   []Player
	Log       []Order
	Checks    []Check // state hash (and label) after order Seq
	// Where it came from (informational).
	Game           int64
	Guild, Channel string
}

// Order is one row of the log. Kind is "order", or "undo" with Undoes
// naming the order taken back.
type Order struct {
	Seq    int64
	Kind   string
	Undoes int64
	Author string
	Side   string
	At     time.Time
	Text   string
}

// Player is a user playing one side.
type Player struct {
	UserID string
	Name   string
	Side   string
	Joined time.Time
}

// Check is a snapshot's state hash after order Seq.
type Check struct {
	Seq   int64
	Label string
	Hash  string
	At    time.Time
}

// Order kinds.
const (
	KindOrder = "order"
	KindUndo  = "undo"
)

// MaxText bounds one order's text encoding.
const MaxText = 4096

// CheckText refuses order text that could not be written one order a line.
func CheckText(text string) error {
	switch {
	case strings.TrimSpace(text) == "":
		return i18n.Errorf("An order cannot be empty.", "空の命令は保存できません。")
	case len(text) > MaxText:
		return i18n.Errorf("An order's text is %d bytes long; at most %d are stored.", "命令の文字列が %d バイトあります。上限は %d バイトです。", len(text), MaxText)
	case !utf8.ValidString(text):
		return i18n.Errorf("An order's text must be UTF-8.", "命令の文字列は UTF-8 でなければなりません。")
	case strings.IndexFunc(text, func(r rune) bool { return r < 0x20 || r == 0x7f }) >= 0:
		return i18n.Errorf("An order's text must be one line of plain text (no tabs, line breaks or control characters).",
			"命令の文字列は制御文字 (タブ・改行など) を含まない 1 行のテキストでなければなりません。")
	case strings.TrimSpace(text) != text:
		return i18n.Errorf("An order's text must not begin or end with spaces.", "命令の文字列の先頭と末尾に空白は置けません。")
	}
	return nil
}

// CheckOptions checks that options are a JSON object ("" is {}).
func CheckOptions(opts string) (string, error) {
	if strings.TrimSpace(opts) == "" {
		return "{}", nil
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(opts), &m); err != nil {
		return "", fmt.Errorf("options are not a JSON object: %v", err)
	}
	return opts, nil
}

// Commitment is the public commitment to a game's dice key
// (game.CommitKey: a domain string and the 32-byte secret; an 8-byte
// seed's own SHA-256).
func Commitment(seed []byte) string { return game.CommitKey(seed) }

// TimeLayout is RFC 3339 with a fixed number of digits, so that times
// sort as text in time order.
const TimeLayout = "2006-01-02T15:04:05.000000Z07:00"

func ts(t time.Time) string { return t.UTC().Format(TimeLayout) }

func parseTS(s string) (time.Time, error) { return time.Parse(time.RFC3339Nano, s) }

func validStatus(s string) bool {
	switch s {
	case "active", "finished", "damaged", "abandoned":
		return true
	}
	return false
}

// Encode writes the file; notes become comment lines at its top.
func (gf *File) Encode(notes ...string) []byte {
	var b bytes.Buffer
	fmt.Fprintln(&b, Header)
	for _, n := range notes {
		fmt.Fprintf(&b, "# %s\n", oneLine(n))
	}
	if gf.Guild != "" && gf.Channel != "" {
		fmt.Fprintf(&b, "game %d %s %s\n", gf.Game, word(gf.Guild), word(gf.Channel))
	}
	fmt.Fprintf(&b, "scenario %s\n", oneLine(gf.Scenario))
	fmt.Fprintf(&b, "options %s\n", oneLine(gf.Options))
	fmt.Fprintf(&b, "seed %s\n", hex.EncodeToString(gf.Seed))
	fmt.Fprintf(&b, "commitment %s\n", Commitment(gf.Seed))
	if gf.Practice != "" {
		fmt.Fprintf(&b, "practice %s\n", oneLine(gf.Practice))
	}
	fmt.Fprintf(&b, "status %s\n", gf.Status)
	fmt.Fprintf(&b, "created %s %s\n", ts(gf.Created), word(gf.CreatedBy))
	for _, p := range gf.Players {
		fmt.Fprintf(&b, "player %s %s %s\n", word(p.Side), word(p.UserID), oneLine(p.Name))
	}
	ci := 0
	writeChecks := func(seq int64) {
		for ci < len(gf.Checks) && gf.Checks[ci].Seq <= seq {
			c := gf.Checks[ci]
			fmt.Fprintf(&b, "check %d %s %s\n", c.Seq, c.Hash, oneLine(c.Label))
			ci++
		}
	}
	writeChecks(0)
	for _, o := range gf.Log {
		side := word(o.Side)
		if o.Side == "" {
			side = "-"
		}
		if o.Kind == KindUndo {
			fmt.Fprintf(&b, "undo %d %s %s %s %d\n", o.Seq, ts(o.At), word(o.Author), side, o.Undoes)
		} else {
			fmt.Fprintf(&b, "order %d %s %s %s %s\n", o.Seq, ts(o.At), word(o.Author), side, o.Text)
		}
		writeChecks(o.Seq)
	}
	fmt.Fprintf(&b, "end %d\n", len(gf.Log))
	return b.Bytes()
}

// word writes a one-word field (a user ID, a side): a space, a tab or a
// percent sign inside it is percent-escaped, so that an ID like
// "console:John Smith" stays one field; ordinary IDs are unchanged.
func word(s string) string {
	if s == "" {
		return "-"
	}
	return wordEscaper.Replace(s)
}

var wordEscaper = strings.NewReplacer("%", "%25", " ", "%20", "\t", "%09")

// unword reads a field written by word.
func unword(s string) (string, error) {
	out, err := url.PathUnescape(s)
	if err != nil {
		return "", fmt.Errorf("%q is not a well-formed field: a %% must begin %%20, %%09 or %%25", s)
	}
	return out, nil
}

func oneLine(s string) string {
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r == '\n' || r == '\r' || r == 0 }), " ")
}

// Parse reads a game file, strictly: every line must be known
// and well formed, orders numbered 1, 2, 3… and the end line must count
// them all. Errors name the line and say what was expected.
func Parse(data []byte) (*File, error) {
	p := &parser{gf: &File{Status: "active"}, seen: map[string]bool{}}
	gf := p.gf
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	header := false
	for sc.Scan() {
		p.line++
		text := strings.TrimRight(sc.Text(), " \t\r")
		if strings.TrimSpace(text) == "" || strings.HasPrefix(text, "#") {
			continue
		}
		if !utf8.ValidString(text) || strings.IndexFunc(text, func(r rune) bool { return r < 0x20 && r != '\t' || r == 0x7f }) >= 0 {
			return nil, p.bad("the line is not plain text (it holds a control character or is not UTF-8).", "この行は通常のテキストではありません (制御文字を含むか UTF-8 ではありません)。")
		}
		if !header {
			if text != Header {
				return nil, p.bad("the file must begin with %q; this is not an rtrbot game file or comes from a newer version.",
					"ファイルは %q で始まる必要があります。rtrbot のゲームファイルではないか、新しい版のものです。", Header)
			}
			header = true
			continue
		}
		if p.ended {
			return nil, p.bad("nothing may follow the end line.", "end 行の後には何も書けません。")
		}
		key, rest, _ := strings.Cut(text, " ")
		if err := p.keyword(key, rest); err != nil {
			return nil, err
		}
	}
	if err := sc.Err(); err != nil {
		return nil, i18n.Errorf("the game file cannot be read: %v", "ゲームファイルを読めません: %v", err)
	}
	p.line++
	switch {
	case !header:
		return nil, i18n.Errorf("the game file is empty.", "ゲームファイルが空です。")
	case !p.ended:
		return nil, p.bad("the file has no end line: it may be cut short.", "end 行がありません。途中で切れている可能性があります。")
	case gf.Scenario == "" || gf.Seed == nil:
		return nil, i18n.Errorf("the game file must give the scenario and the seed.", "ゲームファイルには scenario と seed が必要です。")
	case gf.Commitment != "" && gf.Commitment != Commitment(gf.Seed):
		return nil, i18n.Errorf("the seed in the game file is not the one its players were promised (its SHA-256 differs from the commitment).",
			"ゲームファイルの seed は、プレイヤーに約束されたものと違います (SHA-256 がコミットメントと一致しません)。")
	}
	if gf.Options == "" {
		gf.Options = "{}"
	}
	if gf.CreatedBy == "" {
		gf.CreatedBy = "-"
	}
	return gf, nil
}

// parser reads a game file line by line into gf.
type parser struct {
	gf    *File
	line  int             // the line being read
	seen  map[string]bool // the keywords given once
	ended bool            // the end line was read
}

// bad is an error in the line being read.
func (p *parser) bad(en, ja string, args ...any) error {
	return i18n.Errorf("line %d of the game file: "+en, "ゲームファイル %d 行目: "+ja, append([]any{p.line}, args...)...)
}

// once refuses a keyword given a second time.
func (p *parser) once(key string) error {
	if p.seen[key] {
		return p.bad("%s is given twice.", "%s が 2 回あります。", key)
	}
	p.seen[key] = true
	return nil
}

// keyword reads one line after the header: key and the rest of the line.
func (p *parser) keyword(key, rest string) error {
	switch key {
	case "game":
		return p.game(key, rest)
	case "scenario", "options", "seed", "commitment", "status", "practice":
		return p.value(key, rest)
	case "created":
		return p.created(key, rest)
	case "player":
		return p.player(rest)
	case "order", "undo":
		return p.order(key, rest)
	case "check":
		return p.check(rest)
	case "end":
		return p.end(rest)
	}
	return p.bad("unknown keyword %q; known: game scenario options seed commitment practice status created player order undo check end.",
		"不明なキーワード %q。使えるもの: game scenario options seed commitment practice status created player order undo check end", key)
}

// game is the line game ID GUILD CHANNEL: where the game was played.
func (p *parser) game(key, rest string) error {
	if err := p.once(key); err != nil {
		return err
	}
	f := strings.Fields(rest)
	if len(f) != 3 {
		return p.bad("write game ID GUILD CHANNEL.", "game ID サーバー チャンネル と書いてください。")
	}
	p.gf.Game, _ = strconv.ParseInt(f[0], 10, 64)
	var e1, e2 error
	p.gf.Guild, e1 = unword(f[1])
	p.gf.Channel, e2 = unword(f[2])
	if e1 != nil || e2 != nil {
		return p.bad("%s", "%s", errors.Join(e1, e2))
	}
	return nil
}

// value is a line of one value: scenario, options, seed, commitment,
// status or practice.
func (p *parser) value(key, rest string) error {
	if err := p.once(key); err != nil {
		return err
	}
	if rest = strings.TrimSpace(rest); rest == "" {
		return p.bad("%s needs a value.", "%s に値が必要です。", key)
	}
	switch key {
	case "scenario":
		p.gf.Scenario = rest
	case "options":
		if _, err := CheckOptions(rest); err != nil {
			return p.bad("%v.", "%v。", err)
		}
		p.gf.Options = rest
	case "seed":
		seed, err := hex.DecodeString(rest)
		if err != nil || len(seed) == 0 {
			return p.bad("the seed must be hexadecimal digits, not %q.", "seed は 16 進数で書いてください (%q は不可)。", rest)
		}
		p.gf.Seed = seed
	case "commitment":
		p.gf.Commitment = rest
	case "practice":
		p.gf.Practice = rest
	case "status":
		p.gf.Status = rest
		if !validStatus(rest) {
			return p.bad("status must be active, finished, damaged or abandoned, not %q.", "status は active, finished, damaged, abandoned のいずれかです (%q は不可)。", rest)
		}
	}
	return nil
}

// created is the line created TIME USER.
func (p *parser) created(key, rest string) error {
	if err := p.once(key); err != nil {
		return err
	}
	f := strings.Fields(rest)
	if len(f) != 2 {
		return p.bad("write created TIME USER.", "created 時刻 ユーザー と書いてください。")
	}
	t, err := parseTS(f[0])
	if err != nil {
		return p.bad("%q is not a time like 2026-11-22T18:00:00Z.", "%q は時刻ではありません (例 2026-11-22T18:00:00Z)。", f[0])
	}
	by, err := unword(f[1])
	if err != nil {
		return p.bad("%s", "%s", err)
	}
	p.gf.Created, p.gf.CreatedBy = t, by
	return nil
}

// player is a line player SIDE USER-ID NAME: one seat.
func (p *parser) player(rest string) error {
	f := strings.SplitN(rest, " ", 3)
	if len(f) < 2 || f[0] == "" || f[1] == "" {
		return p.bad("write player SIDE USER-ID NAME.", "player 陣営 ユーザーID 名前 と書いてください。")
	}
	side, e1 := unword(f[0])
	user, e2 := unword(f[1])
	if e1 != nil || e2 != nil {
		return p.bad("%s", "%s", errors.Join(e1, e2))
	}
	pl := Player{Side: side, UserID: user}
	if len(f) == 3 {
		pl.Name = f[2]
	}
	p.gf.Players = append(p.gf.Players, pl)
	return nil
}

// order is a line of the log: order SEQ TIME AUTHOR SIDE TEXT, or undo
// SEQ TIME AUTHOR SIDE SEQ-TAKEN-BACK.
func (p *parser) order(key, rest string) error {
	f := strings.SplitN(rest, " ", 5)
	if len(f) != 5 {
		return p.bad("write %s SEQ TIME AUTHOR SIDE %s.", "%s 番号 時刻 発令者 陣営 %s と書いてください。", key, map[string]string{"order": "TEXT", "undo": "SEQ-TAKEN-BACK"}[key])
	}
	seq, err := strconv.ParseInt(f[0], 10, 64)
	if want := int64(len(p.gf.Log)) + 1; err != nil || seq != want {
		return p.bad("the next order must be number %d, not %q.", "次の命令番号は %d です (%q は不可)。", want, f[0])
	}
	at, err := parseTS(f[1])
	if err != nil {
		return p.bad("%q is not a time like 2026-11-22T18:00:00Z.", "%q は時刻ではありません (例 2026-11-22T18:00:00Z)。", f[1])
	}
	if f[2] == "" || f[3] == "" {
		return p.bad("the author and the side are one word each (the side - for none).", "発令者と陣営はそれぞれ 1 語です (陣営なしは -)。")
	}
	author, e1 := unword(f[2])
	side, e2 := unword(f[3])
	if e1 != nil || e2 != nil {
		return p.bad("%s", "%s", errors.Join(e1, e2))
	}
	o := Order{Seq: seq, Kind: key, At: at, Author: author, Side: side}
	if f[3] == "-" {
		o.Side = ""
	}
	if key == "order" {
		if err := CheckText(f[4]); err != nil {
			return p.bad("%s", "%s", i18n.Message(err, i18n.EN))
		}
		o.Text = f[4]
	} else {
		u, err := strconv.ParseInt(f[4], 10, 64)
		if err != nil || u < 1 || u >= seq || p.gf.Log[u-1].Kind != KindOrder {
			return p.bad("an undo must name an earlier order, not %q.", "undo は前の命令の番号を指定します (%q は不可)。", f[4])
		}
		o.Undoes, o.Text = u, fmt.Sprintf("undo %d", u)
	}
	p.gf.Log = append(p.gf.Log, o)
	return nil
}

// check is a line check SEQ HASH [LABEL]: the state hash after an order.
func (p *parser) check(rest string) error {
	f := strings.SplitN(rest, " ", 3)
	if len(f) < 2 {
		return p.bad("write check SEQ HASH [LABEL].", "check 番号 ハッシュ [ラベル] と書いてください。")
	}
	seq, err := strconv.ParseInt(f[0], 10, 64)
	if err != nil || seq != int64(len(p.gf.Log)) {
		return p.bad("a check follows the order it checks (%d here), not %q.", "check はその命令の直後に書きます (ここでは %d、%q は不可)。", len(p.gf.Log), f[0])
	}
	c := Check{Seq: seq, Hash: f[1]}
	if len(f) == 3 {
		c.Label = f[2]
	}
	p.gf.Checks = append(p.gf.Checks, c)
	return nil
}

// end is the last line, end N: the number of orders, so that a file cut
// short is known.
func (p *parser) end(rest string) error {
	n, err := strconv.Atoi(rest)
	if err != nil || n != len(p.gf.Log) {
		return p.bad("the end line counts %q orders but the file has %d: it may be cut short.", "end 行の命令数 %q がファイル内の数 %d と合いません。途中で切れている可能性があります。", rest, len(p.gf.Log))
	}
	p.ended = true
	return nil
}
