package games

import (
	"context"
	"slices"
	"sort"
	"strings"

	"rtrbot/actor"
	"rtrbot/db/enginereplay"
	"rtrbot/engine/game"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// The secret choice of options (18.0): before the game begins each side
// chooses its options privately (Choose), confirms (Confirm), and when
// both have confirmed the choices are revealed together and applied. German
// options are 18.1(n), Allied ones 18.2(n); the rest (the optional rules
// 16.x, 18.3) need both sides: they apply when both chose them. A side's
// own choice is checked when it is made: the rules forbid no pair across the
// sides (docs/rulings.md R32), so the reveal always starts the game; an
// option whose condition the other side's choice makes false is announced
// void with its reason (game.VoidOptions). The options are data
// (engine/game/options.txt): any option there slots in without change here.

// OptionOwner says which side may choose an option alone; ok is false for
// an option both sides must choose.
func OptionOwner(code string) (side units.Side, ok bool) {
	d, found := game.LookupOption(code)
	if !found {
		return 0, false
	}
	return d.Owner()
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
	// Revealed: both sides had confirmed and the game starts. What is
	// told is only what is in force: German and Allied are each side's
	// options in force, Shared the optional rules both chose (and those the
	// game was created with); Void the options chosen that do not apply,
	// with why. An optional rule only one side chose is never named.
	Revealed               bool
	German, Allied, Shared []string
	Void                   []game.Voided
	// Clash: both had confirmed but the game could not start with the
	// choices (never with the rules' options, R32); both choose again, and
	// nobody is told which option failed.
	Clash bool
}

// chooser is the place's game and the side a chooses for (the one he
// plays; in a hot-seat game the one he names), with the game's lock held:
// the caller calls unlock.
func (t *Service) chooser(ctx context.Context, a actor.Actor, at Where, named string) (*Game, units.Side, func(), error) {
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
func sideFor(a actor.Actor, g *Game, named string) (units.Side, error) {
	side, ok := g.SideOf(a.ID)
	switch {
	case ok && named != "" && named != side.String():
		return 0, i18n.Errorf("You play the %s side: you choose only its options.",
			"あなたは%s側です。自軍のオプションだけを選べます。", side.Name())
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
func (t *Service) Choose(ctx context.Context, a actor.Actor, at Where, named, options string) (*Chosen, error) {
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
	codes = game.ExpandOptions(codes) // presets (all-16) become their codes
	for _, c := range codes {
		if _, ok := game.Supported[c]; !ok {
			return nil, i18n.Errorf("%q is not an option this engine plays: /game options lists them (e.g. 18.1(10)).",
				"%q はこのエンジンで使えるオプションではありません。/game options で一覧できます (例 18.1(10))。", c)
		}
		if owner, ok := OptionOwner(c); ok && owner != side {
			return nil, i18n.Errorf("%s is an option of the %s side (18.%d): the %s side cannot choose it.",
				"%s は%s側のオプション (18.%d) です。%s側は選べません。", c, owner.Name(), int(owner)+1, side.Name())
		}
	}
	if err := game.CheckOptions(union(g.Options, codes)); err != nil {
		// Only the chooser's own options and the game's public ones can
		// be named here: the other side's choice is not looked at.
		return nil, err
	}
	v := strings.Join(codes, " ")
	if v == "" {
		v = "none"
	}
	if err := t.update(ctx, g, func(tx Tx) error {
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
func (t *Service) Confirm(ctx context.Context, a actor.Actor, at Where, named string) (*Confirmed, error) {
	g, side, unlock, err := t.chooser(ctx, a, at, named)
	if err != nil {
		return nil, err
	}
	defer unlock()
	if g.Meta["choice:"+side.String()] == "" {
		return nil, i18n.Errorf("Choose first: /game choose options:... (or options:none).", "先に選んでください: /game choose options:... (なしは options:none)。")
	}
	if err := t.update(ctx, g, func(tx Tx) error { return tx.SetMeta("confirmed:"+side.String(), "1") }); err != nil {
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
func (t *Service) reveal(ctx context.Context, g *Game, last units.Side) (*Confirmed, error) {
	ger, all := strings.Fields(g.Meta["choice:german"]), strings.Fields(g.Meta["choice:allied"])
	opts := slices.Clone(g.Options)
	for _, c := range append(slices.Clone(ger), all...) {
		if c == "none" || slices.Contains(opts, c) {
			continue
		}
		if _, own := OptionOwner(c); own || (slices.Contains(ger, c) && slices.Contains(all, c)) {
			opts = append(opts, c)
		}
	}
	sort.Strings(opts)
	out := &Confirmed{Side: last}
	s, err := game.NewKey(g.State.Rules(), g.Key, opts)
	if err != nil {
		// Each side's choice was checked when made; should the two still
		// not start a game, both choose again, told nothing of either.
		if err := t.update(ctx, g, func(tx Tx) error {
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
		out.Clash, out.Game = true, g.copy()
		return out, nil
	}
	if err := t.update(ctx, g, func(tx Tx) error {
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
	out.German, out.Allied, out.Shared = InForceBySide(s.Options)
	out.Void = game.VoidOptions(opts)
	out.Revealed, out.Game = true, g.copy()
	return out, nil
}

// InForceBySide splits a game's options in force into the German ones, the
// Allied ones and those of both sides.
func InForceBySide(inForce []string) (german, allied, both []string) {
	for _, c := range inForce {
		switch side, own := OptionOwner(c); {
		case !own:
			both = append(both, c)
		case side == units.German:
			german = append(german, c)
		default:
			allied = append(allied, c)
		}
	}
	return german, allied, both
}

// union is a and then the codes of b not in a.
func union(a, b []string) []string {
	out := slices.Clone(a)
	for _, c := range b {
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}
