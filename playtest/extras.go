package playtest

import (
	"context"
	"fmt"
	"strings"

	"rtrbot/commands"
	"rtrbot/engine/game"
	"rtrbot/engine/units"
)

// The commands players give besides their orders: questions, the
// companion's tables, the referee's tools, a tournament, and mistakes
// made on purpose.

// ownUnit is one of the side's units on the map, and its hex ("" if none).
func (r *Runner) ownUnit(ctx context.Context, side units.Side) (id, at string) {
	g := r.game(ctx)
	if g == nil {
		return "", ""
	}
	v := g.State.ViewFor(game.ViewerOf(side))
	var cands []game.VisibleUnit
	for _, st := range v.Stacks {
		if st.Side == side {
			cands = append(cands, st.Units...)
		}
	}
	if len(cands) == 0 {
		return "", ""
	}
	u := cands[r.g.rng.IntN(len(cands))]
	return u.ID, u.At.String()
}

// enemyTop is the top unit of an enemy stack the side sees, if any.
func (r *Runner) enemyTop(ctx context.Context, side units.Side) string {
	g := r.game(ctx)
	if g == nil {
		return ""
	}
	v := g.State.ViewFor(game.ViewerOf(side))
	for _, st := range v.Stacks {
		if st.Side != side && len(st.Units) > 0 {
			return st.Units[0].ID
		}
	}
	return ""
}

// questions are what a player asks that changes nothing.
func (r *Runner) questions(ctx context.Context, pl *player) []string {
	other := pl.side.Other().String()
	id, at := r.ownUnit(ctx, pl.side)
	out := []string{"/game status", "/units", "/units side:" + other, "/game log", "/game players",
		"/game orders", "/game check order:" + pl.side.String() + " end", "/help", "/game list", "/game options",
		"/roll dice:2d6", "/combat table:assault attack:12 defense:4", "/event", "/russia", "/log recent",
		"/ladder", "/game position"}
	if id != "" {
		out = append(out, "/moves unit:"+id, "/hex hex:"+at, "/units hex:"+at)
	}
	return out
}

// mistakes are orders and questions a player gets wrong; each must be
// refused, privately, saying what is wrong.
func (r *Runner) mistakes(ctx context.Context, pl *player) []string {
	out := []string{"/hex hex:9999", "/move unit:NOSUCH to:1804", "/moves", "/units side:nobody",
		"/attack table:nonsense units:X hex:12", "/reinforce unit:NOSUCH hex:0101", "/retreat unit:NOSUCH hex:0000",
		"/roll dice:0d0", "/game check order:", "/orders text:move NOSUCH 1804"}
	if e := r.enemyTop(ctx, pl.side); e != "" {
		out = append(out, "/move unit:"+e+" to:1804", "/withdraw unit:"+e)
	}
	return out
}

// extra gives one command other than an order: a question, a mistake, a
// button or an /orders batch, chosen by the game's generator.
func (r *Runner) extra(ctx context.Context, acting *player) {
	p := r.g
	who := []*player{acting, p.sides[acting.side.Other()], p.spec, p.ref}[p.rng.IntN(4)]
	switch k := p.rng.IntN(10); {
	case k < 5:
		q := r.questions(ctx, who)
		r.say(ctx, who, q[p.rng.IntN(len(q))])
	case k < 8:
		m := r.mistakes(ctx, who)
		r.mistake(ctx, who, m[p.rng.IntN(len(m))])
	case k < 9:
		// The side not to act ends: wrong phase.
		r.mistake(ctx, p.sides[acting.side.Other()], "/end")
	default:
		r.say(ctx, acting, "/undo")
	}
}

// mistake runs a line that must be refused and checks the refusal.
func (r *Runner) mistake(ctx context.Context, pl *player, line string) {
	before := r.game(ctx)
	resp := r.say(ctx, pl, line)
	after := r.game(ctx)
	if before != nil && after != nil && len(after.Orders) != len(before.Orders) {
		r.violate(InvRefusal, pl, line, "a mistake was taken as an order", resp)
	}
	r.refusal(pl, line, resp, false)
}

// everyCommand gives every command of the router once, as the right
// person where it matters: the full round of the first game. A command
// the table below does not know is typed bare by the acting player, so a
// new command is played (and its refusal checked) without a change here.
func (r *Runner) everyCommand(ctx context.Context, early bool) {
	p := r.g
	g := r.game(ctx)
	if g == nil {
		return
	}
	acting := p.sides[g.State.ToMove()]
	other := p.sides[acting.side.Other()]
	if early {
		// Before the setup: the secret options of 18.0 and the table.
		r.say(ctx, p.sides[units.German], "/game choose options:18.1(11)")
		r.say(ctx, p.sides[units.German], "/game confirm")
		r.say(ctx, p.sides[units.Allied], "/game choose options:18.2(13)")
		r.say(ctx, p.sides[units.Allied], "/game confirm")
		r.say(ctx, p.ref, "/game settings")
		r.say(ctx, p.ref, "/game deadline hours:48 then:nothing")
		return
	}
	id, _ := r.ownUnit(ctx, acting.side)
	enemy := r.enemyTop(ctx, acting.side)
	t := "pt" + fmt.Sprint(p.seed)
	lines := []struct {
		who  *player
		line string
		bad  bool // a refusal is expected
	}{
		{p.spec, "/map", false},
		{p.spec, "/hex hex:1804", false}, // Paris: a city, a fortress, a logistics hex
		{p.spec, "/replay", false},       // its first button is pressed below
		{other, "/replay segment:1 go:next", false},
		{p.spec, "/replay gif:2", false},
		{acting, "/replay view:" + acting.side.String(), true}, // public only while the game runs
		{p.spec, "/replay segment:100000", true},
		{acting, "/map view:mine", false},
		{acting, "/game pause", true}, // a player who referees nothing neither pauses nor proposes to
		{p.ref, "/game pause", false},
		{acting, "/end", true},
		{p.ref, "/game resume", false},
		{p.ref, "/game replace player:nobody by:nobody2", true},
		{acting, "/game replace player:" + acting.user.Name + " by:rtrbot", true},              // a person named as the computer is never seated
		{acting, "/game join side:" + acting.side.String() + " user:" + p.spec.user.ID, false}, // an offer of a seat beside him: the spectator does not take it, and it lapses
		{acting, "/game join side:" + acting.side.String() + " user:bot:heuristic", true},      // the computer is never added beside a person
		{p.ref, "/game fix order:nonsense", true},
		{acting, "/game resign", false},
		{p.spec, "/computer adjudicate", true},  // a spectator may not ask
		{acting, "/computer adjudicate", false}, // asks and waits: the next order cancels it
		{p.spec, "/game abandon", true},
		{p.spec, "/game referee role:123", true},
		{acting, "/game new", true},
		{acting, "/game load", true},
		{acting, "/game import", true},
		{acting, "/game export", true},
		{acting, "/game setup", true},
		{acting, "/place unit:" + id + " hex:1804", true},
		{acting, "/rail unit:" + id + " to:0101", true},
		{acting, "/reorg split unit:NOSUCH", true},
		{acting, "/reorg merge unit:NOSUCH with:NOSUCH2", true},
		{acting, "/reorg entrench unit:NOSUCH", true},
		{acting, "/reorg mobile unit:NOSUCH", true},
		{acting, "/remove unit:" + id, true},
		{acting, "/withdraw unit:" + enemy, true},
		{acting, "/attack table:assault units:" + id + " hex:0101", true},
		{acting, "/retreat unit:" + id + " hex:0101", true},
		{acting, "/bombard unit:" + id + " hex:0101", true},
		{acting, "/abandon hex:0101", true},
		{acting, "/recon hq:" + id + " hex:0101", true},
		{acting, "/delay", true},
		{acting, "/stand", true},
		{acting, "/sea unit:" + id + " hex:0101", true},
		{acting, "/siege fortress:liege", false},
		{p.spec, "/computer explain", true}, // no computer plays here: refused, saying where it explains
		{acting, "/game explain", true},     // it is /computer explain
		{acting, "/log seed value:playtest", false},
		{acting, "/log stats", false},
		{acting, "/log export", false},
		{p.ref, "/log reveal", false},
		{p.spec, "/log verify", false},
		{acting, "/admin backup", true},
		{acting, "/admin check", true},
		{acting, "/admin repair game:1", true},
		{acting, "/admin delete game:1", true},
		{acting, "/admin games", true},
		{other, "/orders text:end", true},
		{acting, "/computer hint", false},    // a practice game: the search's plan, privately
		{other, "/computer hint", true},      // not his side's move
		{p.spec, "/computer hint", true},     // not a player
		{p.spec, "/computer analysis", true}, // the game runs: refused (14.1)
		{p.ref, "/tournament new name:" + t + " format:swiss rounds:1 play:table", false},
		{p.sides[units.German], "/tournament join name:" + t, false},
		{p.sides[units.Allied], "/tournament join name:" + t, false},
		{p.spec, "/tournament join name:" + t, false},
		{p.spec, "/tournament withdraw name:" + t, false},
		{p.sides[units.German], "/tournament checkin name:" + t, false},
		{p.ref, "/tournament start name:" + t, false},
		{p.ref, "/tournament pairings name:" + t, false},
		{p.sides[units.German], "/tournament bid name:" + t + " table:1 side:german vp:5", true},
		{p.sides[units.German], "/tournament report name:" + t + " table:1 result:german", false},
		{p.sides[units.Allied], "/tournament confirm name:" + t + " table:1", false},
		{p.ref, "/tournament missing name:" + t, false},
		{p.ref, "/tournament extend name:" + t + " hours:24", false},
		{p.ref, "/tournament pair name:" + t + " tables:nonsense", true},
		{p.ref, "/tournament fix name:" + t + " table:1 result:draw", false},
		{p.ref, "/tournament standings name:" + t, false},
		{p.ref, "/tournament export name:" + t + " format:csv", false},
		{p.ref, "/tournament drop name:" + t + " player:nobody", true},
		{p.ref, "/tournament next name:" + t, false},
	}
	for _, q := range r.questions(ctx, acting) {
		lines = append(lines, struct {
			who  *player
			line string
			bad  bool
		}{p.spec, q, false})
	}
	typed := map[string]bool{}
	for _, l := range lines {
		if req, err := parsePath(r, l.line); err == nil {
			typed[req] = true
		}
		before := r.game(ctx)
		var resp *commands.Response
		if l.bad {
			r.mistake(ctx, l.who, l.line)
		} else {
			resp = r.say(ctx, l.who, l.line)
			r.press(ctx, l.who, resp)
		}
		_ = before
	}
	for _, path := range r.paths {
		if !typed[path] {
			r.say(ctx, acting, "/"+path)
		}
	}
}

func parsePath(r *Runner, line string) (string, error) {
	words := strings.Fields(strings.TrimPrefix(line, "/"))
	var cmd []string
	for _, w := range words {
		if strings.Contains(w, ":") {
			break
		}
		cmd = append(cmd, w)
	}
	c, path, rest := r.Router.Lookup(cmd)
	if c == nil || len(rest) > 0 {
		return "", fmt.Errorf("no command %q", line)
	}
	return path, nil
}

// press presses the first button of an answer that asks nothing of the
// game (a question, a map), as the one who got it.
func (r *Runner) press(ctx context.Context, pl *player, resp *commands.Response) {
	if resp == nil {
		return
	}
	for _, m := range resp.Messages {
		for _, b := range m.Buttons {
			switch b.Path {
			case "end", "game resign", "game abandon", "undo":
				continue
			}
			r.say(ctx, pl, b.Line())
			return
		}
	}
}
