package commands

import (
	"context"
	"fmt"
	"strings"

	"rtrbot/engine/game"
	"rtrbot/engine/units"
	"rtrbot/games"
	"rtrbot/i18n"

	"golang.org/x/text/unicode/norm"
)

// Batch orders (docs/orders.md): one order a line, in
// the engine's own text form without the side (the side to move is
// meant), e.g.
//
//	move G-III 3023
//	rail G-IV 2822
//	attack assault G-III G-IV 3021
//	end
//
// Lines may also be split with ";" or a Japanese "。" ("、" and "," list
// the units and hexes of one order). A word after # is a comment. The bot
// checks every line in order against the game as the lines before it left
// it, applies the legal ones and says which were refused and why; a
// refused line changes nothing.

// maxBatch bounds one batch (a movement segment rarely needs more).
const maxBatch = 200

// verbAliases are the words players type for the engine's verbs.
var verbAliases = map[string]game.Verb{
	"mobile": game.VerbUnentrench, "setup": game.VerbAutoSetup, "autosetup": game.VerbAutoSetup,
	"reinforce-all": game.VerbAutoReinforce, "autoreinforce": game.VerbAutoReinforce,
}

// parseBatch reads a batch; each line becomes a pending order, or one
// carrying the reason it could not be read. bad is set only when the text
// as a whole is unusable (empty, too long).
func parseBatch(text string, toMove units.Side, l i18n.Lang) (out []games.Pending, bad []string) {
	text = strings.ReplaceAll(text, `\n`, "\n")
	text = strings.ReplaceAll(text, ";", "\n")
	text = strings.ReplaceAll(text, "；", "\n") // as typed on a Japanese keyboard
	text = strings.ReplaceAll(text, "。", "\n") // a Japanese full stop ends an order
	n := 0
	for i, raw := range strings.Split(text, "\n") {
		line := raw
		if k := strings.Index(line, "#"); k >= 0 {
			line = line[:k]
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		n++
		if n > maxBatch {
			return nil, []string{fmt.Sprintf(i18n.T("A batch holds at most %d orders; split it in several.",
				"一度に送れる命令は %d 件までです。分けて送ってください。").In(l), maxBatch)}
		}
		out = append(out, parseLine(line, i+1, toMove))
	}
	if len(out) == 0 {
		return nil, []string{i18n.T("The batch is empty: write one order a line, e.g. \"move G-III 3023\" then \"end\" (docs/orders.md).",
			"命令がありません。1行に1命令を書いてください (例: \"move G-III 3023\"、\"end\"。docs/orders.md)。").In(l)}
	}
	return out, nil
}

func parseLine(line string, n int, toMove units.Side) games.Pending {
	p := games.Pending{Line: n}
	f := listFields(line) // "attack assault G-III、G-IV 3021" as typed in Japanese
	if len(f) == 0 {      // separators alone: refused below as the order it is not
		f = []string{line}
	}
	// "move G-X 2823、move G-GK 2824": 、 and , list the units and hexes
	// of one order; a second verb means orders were joined by them.
	for i := 2; i < len(f); i++ {
		if knownVerb(strings.ToLower(f[i])) && !strings.Contains(f[i], "-") && !strings.EqualFold(f[i-1], "attack") { // "attack recon": a table
			p.Err = i18n.Sprintf(i18n.T("line %d (%s): this is more than one order; write each order on its own line, or separate them with ; or 。 (a comma or 、 lists the units and hexes of one order).",
				"%d 行目 (%s): 命令が複数あります。1行に1命令を書くか、; または 。 で区切ってください (、 や , は1つの命令のユニットやヘクスを並べる記号です)。"), n, line)
			return p
		}
	}
	side := toMove
	if s, err := units.ParseSide(f[0]); err == nil && len(f) > 1 && (strings.EqualFold(f[0], "german") || strings.EqualFold(f[0], "allied")) {
		side, p.Named, f = s, true, f[1:]
	}
	verb := strings.ToLower(f[0])
	if v, ok := verbAliases[verb]; ok {
		f[0] = string(v)
	} else if !knownVerb(verb) && strings.Contains(f[0], "-") && len(f) >= 2 && isHexWord(f[len(f)-1]) {
		f = append([]string{string(game.VerbMove)}, f...) // "G-III 3023" is a move
	}
	o, err := game.ParseOrder(side.String() + " " + strings.Join(f, " "))
	if err != nil {
		p.Err = i18n.Sprintf(i18n.T("line %d (%s): %s", "%d 行目 (%s): %s"), n, line, i18n.TextOf(err))
		return p
	}
	p.Order = o
	return p
}

func knownVerb(w string) bool {
	_, err := game.ParseOrder("german " + w)
	return err == nil
}

func isHexWord(w string) bool { return len(w) == 4 && strings.Trim(w, "0123456789") == "" }

// registerBatch registers /orders text:... .
func (b *Bot) registerBatch(r *Router) {
	r.Add(&Command{
		Name: "orders", Slow: true,
		Description: i18n.T("Give several orders at once, one a line (docs/orders.md)", "複数の命令を一度に (1行1命令, docs/orders.md)"),
		Options: []Option{{Name: "text", Description: i18n.T("one order a line, e.g. move G-III 3023 / attack assault G-III 3021 / end",
			"1行1命令 (例: move G-III 3023 / attack assault G-III 3021 / end)"),
			Type: String, Required: true, Text: true}},
		Handler: func(ctx context.Context, req *Request) *Response {
			g, fail := b.read(ctx, req)
			if fail != nil {
				return fail
			}
			lines, bad := parseBatch(req.Opt("text"), g.State.ToMove(), req.Lang)
			if len(bad) > 0 {
				return Private(strings.Join(bad, "\n"))
			}
			return b.play(ctx, req, lines, true)
		},
	})
}

// ThreadMessage is a message a player wrote in his side's private thread
// A message whose first line is "orders" is a batch:
// the lines after it are run as /orders text would be, and the answer is
// for that private thread (the adapter posts it there; only the side's
// players see it). Anything else is conversation: nil, no answer. The
// adapter calls this only when Discord gives it message content (a
// privileged intent); without it, /orders does the same.
func (b *Bot) ThreadMessage(ctx context.Context, req *Request, text string) *Response {
	text = norm.NFKC.String(text) // as typed: full-width letters, digits, ；
	first, rest, _ := strings.Cut(strings.TrimSpace(text), "\n")
	if !strings.EqualFold(strings.TrimSpace(first), "orders") {
		return nil
	}
	g, fail := b.read(ctx, req)
	if fail != nil {
		return nil // not a game's thread: conversation
	}
	side, plays := g.SideOf(req.User.ID)
	if !plays || g.Thread(side) != req.Channel {
		return Private(req.T("Orders written as a message are read only in your side's private thread.",
			"メッセージで書いた命令は、自軍の非公開スレッドでのみ受け付けます。"))
	}
	lines, bad := parseBatch(rest, g.State.ToMove(), req.Lang)
	if len(bad) > 0 {
		return Private(strings.Join(bad, "\n"))
	}
	return b.play(ctx, req, lines, true)
}
