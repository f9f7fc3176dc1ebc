package commands

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"rtrbot/db"
	"rtrbot/db/enginereplay"
	"rtrbot/engine/game"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// The secret choice of options (18.0): before the game begins each side
// chooses its options privately (/game choose, answered only to the
// chooser and posted in the side's private thread), confirms (/game
// confirm), and when both have confirmed the choices are revealed together
// and the game starts with them. German options are 18.1(n), Allied ones
// 18.2(n); the rest (the optional rules 16.x, 18.3) need both sides: they
// apply when both chose them. Any option the engine supports
// (game.Supported) slots in without change here.

// optionOwner says which side may choose an option alone; ok is false for
// an option both sides must choose.
func optionOwner(code string) (side units.Side, ok bool) {
	switch {
	case strings.HasPrefix(code, "18.1("):
		return units.German, true
	case strings.HasPrefix(code, "18.2("):
		return units.Allied, true
	}
	return 0, false
}

func (t *table) chooseCommand() *Command {
	return &Command{
		Name: "choose", Description: i18n.T("Choose your side's options in secret (18.0); revealed when both sides confirm", "自軍のオプションを秘密に選択 (18.0)。両軍の確定後に同時公開"),
		Options: []Option{
			{Name: "options", Description: i18n.T("option codes separated by spaces, e.g. 18.1(10) 16.1; 'none' for none (/game options lists them)", "オプション番号を空白区切りで (例 18.1(10) 16.1)。なしは none (/game options で一覧)"), Type: String, Required: true},
			{Name: "side", Description: i18n.T("hot seat only: the side you choose for", "ホットシートのみ: 選択する陣営"), Type: String, Choices: sideChoices},
		},
		Handler: func(ctx context.Context, req *Request) *Response { return t.choose(ctx, req, false) },
	}
}

func (t *table) confirmCommand() *Command {
	return &Command{
		Name: "confirm", Description: i18n.T("Confirm your side's secret choice of options (18.0)", "自軍のオプション選択を確定 (18.0)"),
		Options: []Option{{Name: "side", Description: i18n.T("hot seat only: the side you confirm for", "ホットシートのみ: 確定する陣営"), Type: String, Choices: sideChoices}},
		Handler: func(ctx context.Context, req *Request) *Response { return t.choose(ctx, req, true) },
	}
}

// pendingChoice says why orders wait: a secret choice of options has
// begun and is not revealed yet ("" if none).
func (g *running) pendingChoice() i18n.Text {
	if g.Meta["revealed"] != "" {
		return i18n.Text{}
	}
	for k := range g.Meta {
		if strings.HasPrefix(k, "choice:") || strings.HasPrefix(k, "confirmed:") {
			return i18n.T("The sides are choosing their options in secret (18.0): orders wait until both have confirmed (/game confirm).",
				"両軍がオプションを秘密に選択中です (18.0)。両軍が確定 (/game confirm) するまで命令はできません。")
		}
	}
	return i18n.Text{}
}

func (t *table) choose(ctx context.Context, req *Request, confirm bool) *Response {
	t.mu.Lock()
	defer t.mu.Unlock()
	g, fail := t.find(ctx, req)
	if fail != nil {
		return fail
	}
	side, ok := g.sideOf(req.User.ID)
	switch {
	case ok && req.Has("side") && req.Opt("side") != side.String():
		return Private(fmt.Sprintf(req.T("You play the %s side: you choose only its options.", "あなたは%s側です。自軍のオプションだけを選べます。"), side.Name().In(req.Lang)))
	case !ok && !g.hotSeat():
		return Private(req.T("Only the players of a side choose its options; spectators read only. /game join side:german or side:allied.",
			"オプションを選べるのは各陣営のプレイヤーだけです。/game join side:german か side:allied で参加してください。"))
	case !ok:
		s, err := units.ParseSide(req.Opt("side"))
		if err != nil || !req.Has("side") {
			return Private(req.T("Hot seat: say which side you choose for, side:german or side:allied.", "ホットシート: どちらの陣営か side:german か side:allied で指定してください。"))
		}
		side = s
	}
	if len(g.Orders) > 0 || g.Meta["revealed"] != "" || g.Sandbox {
		return Private(req.T("Options are chosen before the game begins (18.0); this game has begun, so they are fixed.",
			"オプションはゲーム開始前に選びます (18.0)。このゲームは既に始まっているため変更できません。"))
	}
	key := "choice:" + side.String()
	if !confirm {
		codes := strings.Fields(req.Opt("options"))
		if len(codes) == 1 && strings.EqualFold(codes[0], "none") {
			codes = nil
		}
		for _, c := range codes {
			if _, ok := game.Supported[c]; !ok {
				return Private(fmt.Sprintf(req.T("%q is not an option this engine plays: /game options lists them (e.g. 18.1(10)).",
					"%q はこのエンジンで使えるオプションではありません。/game options で一覧できます (例 18.1(10))。"), c))
			}
			if owner, ok := optionOwner(c); ok && owner != side {
				return Private(fmt.Sprintf(req.T("%s is an option of the %s side (18.%d): the %s side cannot choose it.",
					"%s は%s側のオプション (18.%d) です。%s側は選べません。"), c, owner.Name().In(req.Lang), int(owner)+1, side.Name().In(req.Lang)))
			}
		}
		v := strings.Join(codes, " ")
		if v == "" {
			v = "none"
		}
		if err := t.update(ctx, g, func(tx *db.GameTx) error {
			if err := tx.SetMeta(key, v); err != nil {
				return err
			}
			return tx.SetMeta("confirmed:"+side.String(), "")
		}); err != nil {
			return Fail(req, err)
		}
		g.Meta = cloneMeta(g.Meta)
		g.Meta[key], g.Meta["confirmed:"+side.String()] = v, ""
		delete(g.Meta, "confirmed:"+side.String())
		text := fmt.Sprintf(req.T("Your secret choice for the %s side: %s. Nobody else sees it until both sides confirm; /game confirm when ready (you may choose again until then).",
			"%s側の秘密の選択: %s。両軍が確定するまで誰にも見えません。準備ができたら /game confirm (それまでは選び直せます)。"), side.Name().In(req.Lang), chosenList(v, req.Lang))
		r := Private(text)
		if th := g.Meta["thread:"+side.String()]; th != "" {
			r.Add(Message{Target: th, Text: text})
		}
		return r
	}
	if g.Meta[key] == "" {
		return Private(req.T("Choose first: /game choose options:... (or options:none).", "先に選んでください: /game choose options:... (なしは options:none)。"))
	}
	if err := t.update(ctx, g, func(tx *db.GameTx) error { return tx.SetMeta("confirmed:"+side.String(), "1") }); err != nil {
		return Fail(req, err)
	}
	g.Meta = cloneMeta(g.Meta)
	g.Meta["confirmed:"+side.String()] = "1"
	if g.Meta["confirmed:german"] == "" || g.Meta["confirmed:allied"] == "" {
		return Reply(fmt.Sprintf(req.T("The %s side has confirmed its secret choice of options; waiting for the other side.",
			"%s側がオプションの秘密選択を確定しました。相手側を待っています。"), side.Name().In(req.Lang)))
	}
	return t.reveal(ctx, req, g, side)
}

// reveal starts the game with both sides' choices, shown together; last is
// the side whose confirmation completed them.
func (t *table) reveal(ctx context.Context, req *Request, g *running, last units.Side) *Response {
	ger, all := strings.Fields(g.Meta["choice:german"]), strings.Fields(g.Meta["choice:allied"])
	opts := slices.Clone(g.Options)
	add := func(c string) {
		if c != "none" && !slices.Contains(opts, c) {
			opts = append(opts, c)
		}
	}
	var shared, single []string
	for _, c := range append(slices.Clone(ger), all...) {
		if _, own := optionOwner(c); own {
			add(c)
		} else if slices.Contains(ger, c) && slices.Contains(all, c) {
			add(c)
			shared = append(shared, c)
		} else if c != "none" {
			single = append(single, c)
		}
	}
	sort.Strings(opts)
	s, err := game.New(g.State.Rules(), g.Seed, opts)
	if err != nil {
		// The two choices together are not a game: both choose again.
		if err := t.update(ctx, g, func(tx *db.GameTx) error {
			for _, k := range []string{"confirmed:german", "confirmed:allied"} {
				if err := tx.SetMeta(k, ""); err != nil {
					return err
				}
			}
			return nil
		}); err != nil {
			return Fail(req, err)
		}
		g.Meta = cloneMeta(g.Meta)
		delete(g.Meta, "confirmed:german")
		delete(g.Meta, "confirmed:allied")
		return t.cannotCombine(req, g, last)
	}
	if err := t.update(ctx, g, func(tx *db.GameTx) error {
		if err := tx.SetOptions(enginereplay.Options(opts)); err != nil {
			return err
		}
		return tx.SetMeta("revealed", "1")
	}); err != nil {
		return Fail(req, err)
	}
	g.Meta = cloneMeta(g.Meta)
	g.Meta["revealed"] = "1"
	g.State, g.SegStart, g.Options, g.Seg = s, s, opts, nil
	var b strings.Builder
	b.WriteString(req.T("**Options revealed (18.0)**\n", "**オプション公開 (18.0)**\n"))
	fmt.Fprintf(&b, req.T("German: %s\nAllied: %s\n", "独軍: %s\n連合軍: %s\n"), chosenList(g.Meta["choice:german"], req.Lang), chosenList(g.Meta["choice:allied"], req.Lang))
	if len(single) > 0 {
		fmt.Fprintf(&b, req.T("Chosen by one side only, so not played: %s\n", "片方のみが選んだため不採用: %s\n"), strings.Join(single, " "))
	}
	if len(shared) > 0 {
		fmt.Fprintf(&b, req.T("Chosen by both: %s\n", "両軍が選択: %s\n"), strings.Join(shared, " "))
	}
	fmt.Fprintf(&b, req.T("VP at the start: German %d, Allied %d.\n", "開始時 VP: 独軍 %d、連合軍 %d。\n"), s.VP[0], s.VP[1])
	b.WriteString(statusLine(s, req.Lang))
	r := Reply(b.String())
	if g.Channel != req.Channel {
		r.Add(Message{Target: g.Channel, Text: b.String()})
	}
	return r
}

// cannotCombine answers when the two choices together are not a game. The
// engine's reason names options, so it is never posted in public (it would
// hint at a secret choice before the reveal): the game's thread hears only
// that both sides choose again, and each side hears privately (its own
// thread; the ephemeral answer of whoever confirmed last) what concerns its
// own choice.
func (t *table) cannotCombine(req *Request, g *running, last units.Side) *Response {
	public := req.T("The two secret choices of options cannot be played together. Each side has been told privately what concerns its own choice; both sides choose again (/game choose, then /game confirm).",
		"両軍のオプションの秘密選択は併用できません。各陣営には自軍の選択に関わる理由を非公開で伝えました。両軍とも選び直してください (/game choose の後 /game confirm)。")
	r := Reply(public)
	if g.Channel != "" && g.Channel != req.Channel {
		r.Add(Message{Target: g.Channel, Text: public})
	}
	var mine []string
	for _, side := range []units.Side{units.German, units.Allied} {
		why := side.Name().In(req.Lang) + ": " + t.clashFor(g, side, req.Lang)
		if th := g.Meta["thread:"+side.String()]; th != "" {
			r.Add(Message{Target: th, Text: why})
		}
		if side == last || g.hotSeat() {
			mine = append(mine, why)
		}
	}
	return r.Add(Message{Ephemeral: true, Text: strings.Join(mine, "\n")})
}

// ownOptions is what a side's choice alone adds to the game's options: the
// options only that side may choose (18.1 or 18.2). Options both sides must
// choose never clash with others, so they are left out.
func ownOptions(g *running, side units.Side) []string {
	opts := slices.Clone(g.Options)
	for _, c := range strings.Fields(g.Meta["choice:"+side.String()]) {
		if owner, ok := optionOwner(c); ok && owner == side && !slices.Contains(opts, c) {
			opts = append(opts, c)
		}
	}
	return opts
}

// clashFor says to one side why the choices cannot be combined, naming
// only its own options and the game's public ones: the engine's reason when
// its choice fails by itself, otherwise which of its own options clash with
// the other side's (still secret) choice.
func (t *table) clashFor(g *running, side units.Side, l i18n.Lang) string {
	again := i18n.T(" Choose again (/game choose, then /game confirm).", " 選び直してください (/game choose の後 /game confirm)。").In(l)
	if _, err := game.New(g.State.Rules(), g.Seed, ownOptions(g, side)); err != nil {
		return i18n.T("your secret choice cannot be played as it stands: ", "自軍の秘密選択はそのままではゲームにできません: ").In(l) + i18n.Message(err, l) + again
	}
	other := ownOptions(g, side.Other())
	var clash []string
	for _, c := range strings.Fields(g.Meta["choice:"+side.String()]) {
		if owner, ok := optionOwner(c); !ok || owner != side || slices.Contains(other, c) {
			continue
		}
		if _, err := game.New(g.State.Rules(), g.Seed, append(slices.Clone(other), c)); err != nil {
			clash = append(clash, c)
		}
	}
	if len(clash) == 0 {
		return i18n.T("your secret choice is playable by itself, but not together with the other side's secret choice (which stays secret).",
			"自軍の秘密選択は単独では可能ですが、相手側の秘密選択 (非公開のまま) と併用できません。").In(l) + again
	}
	return fmt.Sprintf(i18n.T("your secret choice is playable by itself, but %s cannot be used together with the other side's secret choice (which stays secret).",
		"自軍の秘密選択は単独では可能ですが、%s は相手側の秘密選択 (非公開のまま) と併用できません。").In(l), strings.Join(clash, " ")) + again
}

func chosenList(v string, l i18n.Lang) string {
	if v == "" || v == "none" {
		return i18n.T("no options", "オプションなし").In(l)
	}
	var out []string
	for _, c := range strings.Fields(v) {
		out = append(out, c+" ("+game.Supported[c].In(l)+")")
	}
	return strings.Join(out, "; ")
}
