package commands

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"rtrbot/engine/game"
	"rtrbot/engine/hex"
	"rtrbot/engine/units"
	"rtrbot/games"
	"rtrbot/i18n"
)

// The order commands: each reads its options into one engine order and
// gives it to the games service (game_service.go), which checks who may
// give it and the engine whether the rules allow it.

// registerOrders registers the order commands of setup, movement,
// reorganisation and reinforcement, /end and /units (the combat family is
// in game_combat.go, /orders in orders_batch.go, /undo in game_undo.go).
func (b *Bot) registerOrders(r *Router) {
	b.registerMoves(r)
	b.registerUnitOrders(r)
	b.registerStepCommands(r)
}

// registerMoves adds the orders that put a unit somewhere: place (setup),
// move and rail, and /moves, which says where a unit can move.
func (b *Bot) registerMoves(r *Router) {
	unit := unitToOrder
	complete := b.completeUnit
	r.Add(&Command{
		Name: "place", Description: i18n.T("Setup: place a unit (17.2-17.5)", "初期配置: ユニットを配置 (17.2-17.5)"),
		Options: []Option{unit(i18n.T("unit to place, e.g. F-XX", "配置するユニット (例: F-XX)")),
			func() Option {
				o := hexOpt("hex", i18n.T("hex XXYY: offered are the unit's legal setup hexes (without it, they are listed)",
					"ヘクス XXYY: ユニットの配置可能ヘクスを候補表示 (省略すると一覧)"), false)
				o.Autocomplete = true
				return o
			}()},
		Complete: complete,
		Handler: func(ctx context.Context, req *Request) *Response {
			return b.unitOrder(ctx, req, game.VerbPlace, "hex")
		},
	})
	r.Add(&Command{
		Name: "move", Description: i18n.T("Move a unit (8.0): the cheapest path, or via hexes you give", "ユニットを移動 (8.0): 最小コスト経路、または経由ヘクス指定"),
		Options: []Option{unit(i18n.T("unit to move", "移動するユニット")), destOpt(i18n.T("destination hex XXYY", "移動先ヘクス XXYY")),
			hexOpt("via", i18n.T("hexes to pass through, in order, e.g. 3024 3023", "経由ヘクス (順に、例: 3024 3023)"), false)},
		Complete: complete,
		Handler: func(ctx context.Context, req *Request) *Response {
			return b.unitOrder(ctx, req, game.VerbMove, "via", "to")
		},
	})
	r.Add(&Command{
		Name: "moves", Description: i18n.T("Where a unit can move now, with the cost of each hex", "ユニットの移動可能先とコスト"),
		Options:  []Option{unit(i18n.T("unit", "ユニット"))},
		Complete: complete,
		Handler:  func(ctx context.Context, req *Request) *Response { return b.unitMoves(ctx, req) },
	})
	r.Add(&Command{
		Name: "rail", Description: i18n.T("Rail movement (8.5): first impulse, own territory, 5 German / 4 Allied a turn",
			"鉄道移動 (8.5): 第1インパルス、自国領内、独5/連合4"),
		Options:  []Option{unit(i18n.T("unit to move by rail", "鉄道移動するユニット")), destOpt(i18n.T("destination hex XXYY", "移動先ヘクス XXYY"))},
		Complete: complete,
		Handler: func(ctx context.Context, req *Request) *Response {
			return b.unitOrder(ctx, req, game.VerbRail, "to")
		},
	})
}

// registerUnitOrders adds the orders on one unit in the other segments:
// reorganisation (10.0, 13.0), reinforcement (11.1), removal from an
// over-stacked hex (7.0) and withdrawal to the Russian Front (11.7).
func (b *Bot) registerUnitOrders(r *Router) {
	unit := unitToOrder
	complete := b.completeUnit
	reorg := func(name string, verb game.Verb, desc i18n.Text, extra ...Option) *Command {
		return &Command{Name: name, Description: desc, Options: append([]Option{unit(i18n.T("unit", "ユニット"))}, extra...), Complete: complete,
			Handler: func(ctx context.Context, req *Request) *Response { return b.unitOrder(ctx, req, verb) }}
	}
	r.Add(&Command{
		Name: "reorg", Description: i18n.T("Reorganisation segment: split, merge, entrench (10.0, 13.0)", "再編成セグメント: 分割・統合・塹壕 (10.0, 13.0)"),
		Sub: []*Command{
			reorg("split", game.VerbSplit, i18n.T("Break a corps into two divisions (10.0)", "軍団を師団2個に分割 (10.0)")),
			reorg("merge", game.VerbMerge, i18n.T("Combine two divisions in one hex into a corps (10.0)", "同一ヘクスの師団2個を軍団に統合 (10.0)"),
				Option{Name: "with", Description: i18n.T("the other division", "もう一方の師団"), Type: String, Required: true, Autocomplete: true}),
			reorg("entrench", game.VerbEntrench, i18n.T("Flip to the trench side (13.0)", "塹壕面に裏返す (13.0)")),
			reorg("mobile", game.VerbUnentrench, i18n.T("Flip back to the mobile side (13.0)", "機動面に戻す (13.0)")),
		},
	})
	r.Add(&Command{
		Name: "reinforce", Description: i18n.T("Bring on a reinforcement (11.1); with no unit, all of them by default",
			"増援を登場させる (11.1)。unit 省略で全て自動"),
		Options: []Option{
			{Name: "unit", Description: i18n.T("reinforcement unit", "増援ユニット"), Type: String, Autocomplete: true},
			hexOpt("hex", i18n.T("entry hex XXYY", "登場ヘクス XXYY"), false),
		},
		Complete: complete,
		Handler: func(ctx context.Context, req *Request) *Response {
			if !req.Has("unit") {
				return b.order(ctx, req, game.AutoReinforce())
			}
			return b.unitOrder(ctx, req, game.VerbReinforce, "hex")
		},
	})
	r.Add(&Command{
		Name: "remove", Description: i18n.T("Remove an own unit from an over-stacked hex (7.0)", "スタック超過ヘクスから自軍ユニットを除去 (7.0)"),
		Options: []Option{unit(i18n.T("unit to remove", "除去するユニット"))}, Complete: complete,
		Handler: func(ctx context.Context, req *Request) *Response { return b.unitOrder(ctx, req, game.VerbRemove) },
	})
	r.Add(&Command{
		Name: "withdraw", Description: i18n.T("Send a unit to the Russian Front (11.7)", "ユニットをロシア戦線へ転進 (11.7)"),
		Options: []Option{unit(i18n.T("unit to withdraw", "転進するユニット"))}, Complete: complete,
		Handler: func(ctx context.Context, req *Request) *Response { return b.unitOrder(ctx, req, game.VerbWithdraw) },
	})
}

// registerStepCommands adds /end, which ends the step, and /units, which
// lists a side's units.
func (b *Bot) registerStepCommands(r *Router) {
	var stepChoices []Choice
	for st := game.EventStep; st < game.GameOver; st++ {
		stepChoices = append(stepChoices, Choice{Name: st.Name(), Value: st.String()})
	}
	r.Add(&Command{
		Name: "end", Slow: true, Description: i18n.T("End the current phase or segment (3.0); until: ends each step in turn up to the one named",
			"現在のフェイズまたはセグメントを終了 (3.0)。until: で指定の手順まで順に終了"),
		Options: []Option{{Name: "until", Description: i18n.T("stop when this step begins (each step is still ended by its own order)",
			"この手順が始まるまで終了を繰り返す (各手順ごとに終了命令を記録)"), Type: String, Choices: stepChoices}, confirmOpt},
		Handler: func(ctx context.Context, req *Request) *Response {
			if !req.Has("until") {
				before := b.games.Peek(ctx, req.Channel)
				return b.withOwedRetreats(ctx, req, before, b.order(ctx, req, game.End()))
			}
			if !confirmed(req) {
				if ask := b.confirmEndUntil(ctx, req); ask != nil {
					return ask
				}
			}
			return b.endUntil(ctx, req, req.Opt("until"))
		},
	})
	r.Add(&Command{
		Name: "units", Description: i18n.T("List units: the side to move's by default", "ユニット一覧 (既定: 手番側)"),
		Options: []Option{
			{Name: "side", Description: i18n.T("german or allied", "german か allied"), Type: String,
				Choices: []Choice{{Name: i18n.T("German", "独軍"), Value: "german"}, {Name: i18n.T("Allied", "連合軍"), Value: "allied"}}},
			hexOpt("hex", i18n.T("only this hex", "このヘクスのみ"), false),
		},
		Handler: func(ctx context.Context, req *Request) *Response { return b.listUnits(ctx, req) },
	})
}

// completeUnit offers the side to move's units that may act (only to that
// side's players) and, for to:, the chosen unit's legal destinations.
func (b *Bot) completeUnit(ctx context.Context, req *Request, focused string) []Choice {
	g := b.games.Peek(ctx, req.Channel)
	if g == nil || !g.CanSee(req.Actor(), g.State.ToMove()) {
		return nil // only the side to move's players are offered its units
	}
	prefix := strings.ToUpper(req.Opt(focused))
	var out []Choice
	if focused == "to" { // the chosen unit's legal destinations, with their cost
		return destinationChoices(g.State, req, prefix)
	}
	if focused == "hex" && req.Path == "place" { // the chosen unit's legal setup hexes (17.2-17.5)
		return legalHexChoices(g.State, req, prefix, game.VerbPlace)
	}
	if focused == "hex" && req.Path == "sea" { // where the chosen unit may go by sea (16.3)
		return legalHexChoices(g.State, req, prefix, game.VerbSea)
	}
	for _, c := range g.State.Actors() {
		if strings.HasPrefix(c.ID, prefix) {
			out = append(out, Choice{Name: i18n.T(c.Label(), c.Label()), Value: c.ID})
			if len(out) == 25 {
				break
			}
		}
	}
	return out
}

// unitOrder builds an order from the unit option, an optional "with" unit
// and hex options in the order given.
func (b *Bot) unitOrder(ctx context.Context, req *Request, verb game.Verb, hexOpts ...string) *Response {
	ids := []string{strings.ToUpper(strings.TrimSpace(req.Opt("unit")))}
	if req.Has("with") {
		ids = append(ids, strings.ToUpper(strings.TrimSpace(req.Opt("with"))))
	}
	var hexes []hex.Hex
	for _, name := range hexOpts {
		for _, f := range listFields(req.Opt(name)) {
			h, bad := b.hexArg(req, name, f)
			if bad != nil {
				return bad
			}
			hexes = append(hexes, h)
		}
	}
	return b.order(ctx, req, game.Written(verb, ids, hexes...))
}

func (b *Bot) unitMoves(ctx context.Context, req *Request) *Response {
	g, fail := b.read(ctx, req)
	if fail != nil {
		return fail
	}
	s := g.State
	c, ok := s.Lookup(req.Opt("unit"))
	if !ok {
		return Private(fmt.Sprintf(req.T("There is no unit %q; /units lists them.", "ユニット %q はありません。/units で一覧できます。"), req.Opt("unit")))
	}
	if !g.CanSee(req.Actor(), c.Side()) {
		return Private(fmt.Sprintf(req.T("%s is not a unit of your side: you may ask only where your own units can go.",
			"%s は自軍のユニットではありません。移動先を調べられるのは自軍ユニットだけです。"), c.ID))
	}
	ds, err := s.Destinations(c)
	if err != nil {
		return Fail(req, err)
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, req.T("%s can move to %s (allowance %d MP):\n", "%s の移動可能先 %s (移動力 %d MP):\n"), c.ID, i18n.Count(len(ds), "hex", "hexes", "ヘクス").In(req.Lang), s.Allowance(c))
	byCost := map[int][]string{}
	var costs []int
	for _, d := range ds {
		if len(byCost[d.Cost]) == 0 {
			costs = append(costs, d.Cost)
		}
		byCost[d.Cost] = append(byCost[d.Cost], d.To.String())
	}
	sort.Ints(costs)
	for _, k := range costs {
		fmt.Fprintf(&sb, "%d MP: %s\n", k, strings.Join(byCost[k], " "))
	}
	if rails, err := s.RailDestinations(c); err == nil && len(rails) > 0 {
		fmt.Fprintf(&sb, req.T("By rail (8.5): %s, e.g. %s\n", "鉄道 (8.5): %s (例: %s)\n"), i18n.Count(len(rails), "hex", "hexes", "ヘクス").In(req.Lang), joinHexes(rails, 12))
	}
	return Private(strings.TrimRight(sb.String(), "\n"))
}

// listUnits lists a side's units: on the map by hex, with markers; and
// those still to place or to enter. Units that may act now carry a *.
func (b *Bot) listUnits(ctx context.Context, req *Request) *Response {
	g, fail := b.read(ctx, req)
	if fail != nil {
		return fail
	}
	s := g.State
	side, fail := unitsSide(g, req)
	if fail != nil {
		return fail
	}
	var only hex.Hex
	if req.Has("hex") {
		h, bad := b.hexArg(req, "hex", req.Opt("hex"))
		if bad != nil {
			return bad
		}
		only = h
	}
	acts := map[string]bool{}
	if side == s.ToMove() {
		for _, c := range s.Actors() {
			acts[c.ID] = true
		}
	}
	u := gatherUnits(s, side, acts, req)
	var sb strings.Builder
	sb.WriteString(statusLine(s, req.Lang) + "\n")
	fmt.Fprintf(&sb, req.T("%s units", "%sユニット"), side.Name().In(req.Lang))
	if len(acts) > 0 {
		sb.WriteString(req.T(" (* may act now)", " (* は行動可能)"))
	}
	sb.WriteString(":\n")
	var hs []hex.Hex
	for h := range u.byHex {
		if only == hex.None || h == only {
			hs = append(hs, h)
		}
	}
	sort.Slice(hs, func(i, j int) bool { return hex.Less(hs[i], hs[j]) })
	for _, h := range hs {
		fmt.Fprintf(&sb, "%s: %s\n", h, strings.Join(u.byHex[h], " "))
	}
	if only != hex.None && len(hs) == 0 {
		fmt.Fprintf(&sb, req.T("No %s unit is in %s (/hex hex:%s says what else is there).\n",
			"%s のユニットは %s にいません (/hex hex:%s でそのヘクスの情報を表示)。\n"), side.Name().In(req.Lang), only, only)
	}
	if only == hex.None {
		u.writeOffMap(&sb, s, side, len(acts) > 0, req)
	}
	return Private(strings.TrimRight(sb.String(), "\n"))
}

// unitsSide is the side whose units /units lists: the asker's own, the
// side to move at a hot seat, or side: if the asker may see it (14.1).
func unitsSide(g *games.Game, req *Request) (units.Side, *Response) {
	side := g.State.ToMove()
	if mine, ok := g.SideOf(req.User.ID); ok {
		side = mine
	}
	if req.Has("side") {
		side, _ = units.ParseSide(req.Opt("side"))
	}
	if _, plays := g.SideOf(req.User.ID); !plays && !g.CanSee(req.Actor(), side) {
		return side, Private(fmt.Sprintf(req.T("You do not play in this game, and the %s side's units are hidden from all but its players (14.1): /map shows both sides as the public sees them.",
			"あなたはこのゲームのプレイヤーではありません。%s側のユニットはその陣営のプレイヤーにしか見えません (14.1)。/map で両軍を公開情報として見られます。"), side.Name().In(req.Lang)))
	}
	if !g.CanSee(req.Actor(), side) {
		return side, Private(fmt.Sprintf(req.T(
			"The %s side's units are hidden from you (14.1): /units lists your own side's; /map shows the enemy as the public sees him.",
			"%s側のユニットはあなたには見えません (14.1)。/units は自軍のユニットを表示します。敵は /map で公開情報として見られます。"), side.Name().In(req.Lang)))
	}
	return side, nil
}

// sideUnits are a side's units where they are: on the map by hex (marked
// * if they may act, and trench, out of command, moved), still to set up
// by their setup place, eliminated, in the Russian Front box.
type sideUnits struct {
	byHex    map[hex.Hex][]string
	unplaced []string            // the setup places (17.2-17.5), in the counters' order
	toSetUp  map[string][]string // a setup place's units
	elim     []string
	russia   []string
}

func gatherUnits(s *game.State, side units.Side, acts map[string]bool, req *Request) sideUnits {
	u := sideUnits{byHex: map[hex.Hex][]string{}, toSetUp: map[string][]string{}}
	for _, c := range s.Rules().Counters.All() {
		if c.Side() != side {
			continue
		}
		st := s.Unit(c)
		label := c.ID
		if acts[c.ID] {
			label = "*" + label
		}
		switch st.Box {
		case game.OnMap:
			if st.Trench {
				label += req.T("[trench]", "[塹壕]")
			}
			if st.OutOfCommand {
				label += req.T("[out of command]", "[指揮不通]")
			}
			if st.Moved {
				label += req.T("[moved]", "[移動済]")
			}
			u.byHex[st.At] = append(u.byHex[st.At], label)
		case game.Unplaced:
			place, _ := c.SetupWhere()
			where := setupText(s.Rules().Map, place).In(req.Lang)
			if _, ok := u.toSetUp[where]; !ok {
				u.unplaced = append(u.unplaced, where)
			}
			u.toSetUp[where] = append(u.toSetUp[where], label)
		case game.Eliminated:
			u.elim = append(u.elim, c.ID)
		case game.Russia:
			u.russia = append(u.russia, c.ID)
		}
	}
	return u
}

// writeOffMap lists the units off the map: those to set up, the
// reinforcements that may enter now, the eliminated, the Russian Front's.
func (u sideUnits) writeOffMap(sb *strings.Builder, s *game.State, side units.Side, acting bool, req *Request) {
	if len(u.unplaced) > 0 {
		sb.WriteString(req.T("To set up (17.2-17.5):\n", "未配置 (17.2-17.5):\n"))
		for _, where := range u.unplaced {
			fmt.Fprintf(sb, "- %s: %s\n", where, strings.Join(u.toSetUp[where], " "))
		}
	}
	if s.Step == game.Reinforcement && side == s.ToMove() && acting {
		var now, r []string // this turn's arrivals, whole; then the others best first, as /reinforce would take them
		for _, c := range s.Actors() {
			if s.ArrivesNow(c) {
				now = append(now, c.ID)
			} else {
				r = append(r, c.ID)
			}
		}
		if len(now) > 0 {
			fmt.Fprintf(sb, req.T("Arriving this turn (11.1): %s\n", "本ターン登場の増援 (11.1): %s\n"), strings.Join(now, " "))
		}
		if len(r) > 0 {
			fmt.Fprintf(sb, req.T("May also enter in their place (spares, earlier turns' reinforcements, the eliminated): %s\n",
				"代わりに登場可能 (予備、以前のターンの増援、除去済): %s\n"), joinMax(r, 30))
		}
	}
	if len(u.elim) > 0 {
		fmt.Fprintf(sb, req.T("Eliminated: %s\n", "除去済: %s\n"), strings.Join(u.elim, " "))
	}
	if len(u.russia) > 0 {
		fmt.Fprintf(sb, req.T("Russian Front: %s\n", "ロシア戦線: %s\n"), strings.Join(u.russia, " "))
	}
}

func joinMax(s []string, max int) string {
	if len(s) > max {
		return strings.Join(s[:max], " ") + fmt.Sprintf(" … (+%d)", len(s)-max)
	}
	return strings.Join(s, " ")
}

// endUntil ends steps one by one, each by its own End order of the side to
// act, until the named step begins, a step refuses to end (the reason is
// shown), or a new turn's event phase is reached.
func (b *Bot) endUntil(ctx context.Context, req *Request, until string) *Response {
	target, _ := game.ParseStep(until)
	steps, err := b.games.End(ctx, req.Actor(), where(req), req.Now, target)
	if err != nil {
		return gameFail(req, err)
	}
	out := &Response{}
	var text []string
	for _, st := range steps {
		r := b.played(ctx, req, st.Played, st.Err, false)
		text = append(text, r.Messages[0].Text) // a refusal is the last line
		out.Messages = append(out.Messages, r.Messages[1:]...)
	}
	// One status message: the last (it is edited in place; the earlier
	// ones would only be overwritten).
	var kept []Message
	for k, m := range out.Messages {
		if m.Pin != "" && slices.ContainsFunc(out.Messages[k+1:], func(n Message) bool { return n.Pin == m.Pin }) {
			continue
		}
		kept = append(kept, m)
	}
	out.Messages = append([]Message{{Text: strings.Join(text, "\n"), Ephemeral: true}}, kept...)
	return out
}

// unitToOrder is the unit an order acts on, offered by autocomplete.
func unitToOrder(desc i18n.Text) Option { return unitOpt("unit", desc, true) }

// unitOpt is an option that names a unit, offered by autocomplete.
func unitOpt(name string, desc i18n.Text, required bool) Option {
	return Option{Name: name, Description: desc, Type: String, Required: required, Autocomplete: true}
}

// hexOpt is an option that names a hex XXYY.
func hexOpt(name string, desc i18n.Text, required bool) Option {
	return Option{Name: name, Description: desc, Type: String, Required: required}
}

// destOpt is a destination hex whose autocomplete offers the unit's legal
// destinations.
func destOpt(desc i18n.Text) Option {
	return Option{Name: "to", Description: desc, Type: String, Required: true, Autocomplete: true}
}

// destinationChoices are where the unit chosen in the command may go now
// (by rail for /rail), nearest first, within Discord's 25 choices. It
// answers from the engine's movement search, fast enough for autocomplete.
func destinationChoices(s *game.State, req *Request, prefix string) []Choice {
	c, ok := s.Lookup(strings.ToUpper(strings.TrimSpace(req.Opt("unit"))))
	if !ok || c.Side() != s.ToMove() {
		return nil
	}
	var out []Choice
	if req.Path == "rail" {
		hs, err := s.RailDestinations(c)
		if err != nil {
			return nil
		}
		for _, h := range hs {
			if strings.HasPrefix(h.String(), prefix) && len(out) < 25 {
				out = append(out, Choice{Name: i18n.Sprintf(i18n.T("%s (rail)", "%s (鉄道)"), h), Value: h.String()})
			}
		}
		return out
	}
	ds, err := s.Destinations(c)
	if err != nil {
		return nil
	}
	sort.SliceStable(ds, func(i, j int) bool { return ds[i].Cost < ds[j].Cost })
	for _, d := range ds {
		if h := d.To.String(); strings.HasPrefix(h, prefix) && len(out) < 25 {
			out = append(out, Choice{Name: i18n.Sprintf(i18n.T("%s (%d MP)", "%s (%d MP)"), h, d.Cost), Value: h})
		}
	}
	return out
}

// legalHexChoices are the hexes beginning with prefix where the engine
// accepts the chosen unit's order verb now (placed by the setup rules,
// 17.2-17.5; carried by sea, 16.3); at most 25 (Discord's limit).
func legalHexChoices(s *game.State, req *Request, prefix string, verb game.Verb) []Choice {
	id := strings.ToUpper(req.Opt("unit"))
	if _, ok := s.Lookup(id); !ok {
		return nil
	}
	var out []Choice
	for _, x := range s.Rules().Map.Hexes() {
		h := x.At.String()
		if !strings.HasPrefix(h, prefix) {
			continue
		}
		if game.Check(s, game.Written(verb, []string{id}, x.At).By(s.ToMove())) != nil {
			continue
		}
		name := h
		if x.Name != "" {
			name += " " + x.Name
		}
		out = append(out, Choice{Name: i18n.T(name, name), Value: h})
		if len(out) == 25 {
			break
		}
	}
	return out
}

// withOwedRetreats adds to an answer that could not end the segment
// (the game is as it was before) because the asker's side owes retreats
// (9.4) the retreats, each with the hexes it may go to and a button per
// retreat.
func (b *Bot) withOwedRetreats(ctx context.Context, req *Request, before *games.Game, resp *Response) *Response {
	g := b.games.Peek(ctx, req.Channel)
	if g == nil || before == nil || g.State == nil || g.State != before.State || g.State.Step == game.GameOver {
		return resp
	}
	side := g.State.ToMove()
	if !g.CanSee(req.Actor(), side) {
		return resp
	}
	if m, ok := owedRetreatsTo(req, &games.Played{Game: g}, true); ok {
		m.Target, m.Ephemeral = "", true
		resp.Add(m)
	}
	return resp
}
