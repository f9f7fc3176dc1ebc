package games

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
// chooses its options privately (Choose), confirms (Confirm), and when
// both have confirmed the choices are revealed together and the game
// starts with them. German options are 18.1(n), Allied ones 18.2(n); the
// rest (the optional rules 16.x, 18.3) need both sides: they apply when
// both chose them. Any option the engine supports (game.Supported) slots
// in without change here.

// OptionOwner says which side may choose an option alone; ok is false for
// an option both sides must choose.
func OptionOwner(code string) (side units.Side, ok bool) {
	switch {
	case strings.HasPrefix(code, "18.1("):
		return units.German, true
	case strings.HasPrefix(code, "18.2("):
		return units.Allied, true
	}
	return 0, false
}

// Chosen is a side's secret choice, stored.
type Chosen struct {
	Game  *Game
	Side  units.Side
	Value string // the codes separated by spaces, or "none"
}

// Confirmed is a side's confirmation, and what it led to.
type Confirmed struct {
	Game *Game
	Side units.Side
	// Revealed: both sides had confirmed and the game starts with their
	// choices; Single are options only one side chose (not played),
	// Shared those both chose.
	Revealed       bool
	Single, Shared []string
	// Clash: both had confirmed but the choices cannot be played
	// together; Why says to each side what concerns its own choice
	// (never the other's), and both choose again.
	Clash bool
	Why   [2]i18n.Text
}

// chooser is the place's game and the side a chooses for (the one he
// plays; in a hot-seat game the one he names), with the game's lock held:
// the caller calls unlock.
func (t *Table) chooser(ctx context.Context, a Actor, at Where, named string) (*Game, units.Side, func(), error) {
	g, unlock, err := t.acquire(ctx, at)
	if err != nil {
		return nil, 0, nil, err
	}
	side, err := sideFor(a, g, named)
	if err != nil {
		unlock()
		return nil, 0, nil, err
	}
	return g, side, unlock, nil
}

// sideFor is the side a chooses for in g.
func sideFor(a Actor, g *Game, named string) (units.Side, error) {
	side, ok := g.SideOf(a.ID)
	switch {
	case ok && named != "" && named != side.String():
		return 0, &i18n.Error{Text: i18n.T(fmt.Sprintf("You play the %s side: you choose only its options.", side.Name().EN), fmt.Sprintf("あなたは%s側です。自軍のオプションだけを選べます。", side.Name().JA))}
	case !ok && !g.HotSeat():
		return 0, i18n.Errorf("Only the players of a side choose its options; spectators read only. /game join side:german or side:allied.",
			"オプションを選べるのは各陣営のプレイヤーだけです。/game join side:german か side:allied で参加してください。")
	case !ok:
		s, err := units.ParseSide(named)
		if err != nil || named == "" {
			return 0, i18n.Errorf("Hot seat: say which side you choose for, side:german or side:allied.", "ホットシート: どちらの陣営か side:german か side:allied で指定してください。")
		}
		side = s
	}
	if len(g.Orders) > 0 || g.Meta["revealed"] != "" || g.Sandbox {
		return 0, i18n.Errorf("Options are chosen before the game begins (18.0); this game has begun, so they are fixed.",
			"オプションはゲーム開始前に選びます (18.0)。このゲームは既に始まっているため変更できません。")
	}
	return side, nil
}

// Choose stores a side's secret choice of options (codes separated by
// spaces; "none" for none); it may be chosen again until confirmed.
func (t *Table) Choose(ctx context.Context, a Actor, at Where, named, options string) (*Chosen, error) {
	g, side, unlock, err := t.chooser(ctx, a, at, named)
	if err != nil {
		return nil, err
	}
	defer unlock()
	key := "choice:" + side.String()
	codes := strings.Fields(options)
	if len(codes) == 1 && strings.EqualFold(codes[0], "none") {
		codes = nil
	}
	for _, c := range codes {
		if _, ok := game.Supported[c]; !ok {
			return nil, i18n.Errorf("%q is not an option this engine plays: /game options lists them (e.g. 18.1(10)).",
				"%q はこのエンジンで使えるオプションではありません。/game options で一覧できます (例 18.1(10))。", c)
		}
		if owner, ok := OptionOwner(c); ok && owner != side {
			return nil, &i18n.Error{Text: i18n.T(
				fmt.Sprintf("%s is an option of the %s side (18.%d): the %s side cannot choose it.", c, owner.Name().EN, int(owner)+1, side.Name().EN),
				fmt.Sprintf("%s は%s側のオプション (18.%d) です。%s側は選べません。", c, owner.Name().JA, int(owner)+1, side.Name().JA))}
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
		return nil, err
	}
	g.Meta = cloneMeta(g.Meta)
	g.Meta[key] = v
	delete(g.Meta, "confirmed:"+side.String())
	return &Chosen{Game: g.copy(), Side: side, Value: v}, nil
}

// Confirm confirms a side's choice; the second confirmation reveals both.
func (t *Table) Confirm(ctx context.Context, a Actor, at Where, named string) (*Confirmed, error) {
	g, side, unlock, err := t.chooser(ctx, a, at, named)
	if err != nil {
		return nil, err
	}
	defer unlock()
	if g.Meta["choice:"+side.String()] == "" {
		return nil, i18n.Errorf("Choose first: /game choose options:... (or options:none).", "先に選んでください: /game choose options:... (なしは options:none)。")
	}
	if err := t.update(ctx, g, func(tx *db.GameTx) error { return tx.SetMeta("confirmed:"+side.String(), "1") }); err != nil {
		return nil, err
	}
	g.Meta = cloneMeta(g.Meta)
	g.Meta["confirmed:"+side.String()] = "1"
	if g.Meta["confirmed:german"] == "" || g.Meta["confirmed:allied"] == "" {
		return &Confirmed{Game: g.copy(), Side: side}, nil
	}
	return t.reveal(ctx, g, side)
}

// reveal starts the game with both sides' choices; last is the side whose
// confirmation completed them.
func (t *Table) reveal(ctx context.Context, g *Game, last units.Side) (*Confirmed, error) {
	ger, all := strings.Fields(g.Meta["choice:german"]), strings.Fields(g.Meta["choice:allied"])
	opts := slices.Clone(g.Options)
	add := func(c string) {
		if c != "none" && !slices.Contains(opts, c) {
			opts = append(opts, c)
		}
	}
	out := &Confirmed{Side: last}
	for _, c := range append(slices.Clone(ger), all...) {
		if _, own := OptionOwner(c); own {
			add(c)
		} else if slices.Contains(ger, c) && slices.Contains(all, c) {
			add(c)
			if !slices.Contains(out.Shared, c) { // each option once, though both chose it
				out.Shared = append(out.Shared, c)
			}
		} else if c != "none" && !slices.Contains(out.Single, c) {
			out.Single = append(out.Single, c)
		}
	}
	sort.Strings(opts)
	s, err := game.NewKey(g.State.Rules(), g.Key, opts)
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
			return nil, err
		}
		g.Meta = cloneMeta(g.Meta)
		delete(g.Meta, "confirmed:german")
		delete(g.Meta, "confirmed:allied")
		out.Clash = true
		for _, side := range []units.Side{units.German, units.Allied} {
			out.Why[side] = clashFor(g, side)
		}
		out.Game = g.copy()
		return out, nil
	}
	if err := t.update(ctx, g, func(tx *db.GameTx) error {
		if err := tx.SetOptions(enginereplay.Options(opts)); err != nil {
			return err
		}
		return tx.SetMeta("revealed", "1")
	}); err != nil {
		return nil, err
	}
	g.Meta = cloneMeta(g.Meta)
	g.Meta["revealed"] = "1"
	g.State, g.SegStart, g.Options, g.Seg = s, s, opts, nil
	out.Revealed, out.Game = true, g.copy()
	return out, nil
}

// ownOptions is what a side's choice alone adds to the game's options: the
// options only that side may choose (18.1 or 18.2). Options both sides must
// choose never clash with others, so they are left out.
func ownOptions(g *Game, side units.Side) []string {
	opts := slices.Clone(g.Options)
	for _, c := range strings.Fields(g.Meta["choice:"+side.String()]) {
		if owner, ok := OptionOwner(c); ok && owner == side && !slices.Contains(opts, c) {
			opts = append(opts, c)
		}
	}
	return opts
}

// clashFor says to one side why the choices cannot be combined, naming
// only its own options and the game's public ones: the engine's reason when
// its choice fails by itself, otherwise which of its own options clash with
// the other side's (still secret) choice.
func clashFor(g *Game, side units.Side) i18n.Text {
	again := i18n.T(" Choose again (/game choose, then /game confirm).", " 選び直してください (/game choose の後 /game confirm)。")
	if _, err := game.NewKey(g.State.Rules(), g.Key, ownOptions(g, side)); err != nil {
		return i18n.T("your secret choice cannot be played as it stands: "+i18n.Message(err, i18n.EN)+again.EN,
			"自軍の秘密選択はそのままではゲームにできません: "+i18n.Message(err, i18n.JA)+again.JA)
	}
	other := ownOptions(g, side.Other())
	var clash []string
	for _, c := range strings.Fields(g.Meta["choice:"+side.String()]) {
		if owner, ok := OptionOwner(c); !ok || owner != side || slices.Contains(other, c) {
			continue
		}
		if _, err := game.NewKey(g.State.Rules(), g.Key, append(slices.Clone(other), c)); err != nil {
			clash = append(clash, c)
		}
	}
	if len(clash) == 0 {
		return i18n.T("your secret choice is playable by itself, but not together with the other side's secret choice (which stays secret)."+again.EN,
			"自軍の秘密選択は単独では可能ですが、相手側の秘密選択 (非公開のまま) と併用できません。"+again.JA)
	}
	return i18n.T(fmt.Sprintf("your secret choice is playable by itself, but %s cannot be used together with the other side's secret choice (which stays secret).", strings.Join(clash, " "))+again.EN,
		fmt.Sprintf("自軍の秘密選択は単独では可能ですが、%s は相手側の秘密選択 (非公開のまま) と併用できません。", strings.Join(clash, " "))+again.JA)
}
