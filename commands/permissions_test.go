package commands

import (
	"context"
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"

	"rtrbot/actor"
	"rtrbot/engine/board"
	"rtrbot/i18n"
)

// The permission matrix: every command of the router, given by every
// role, in every state of a game. A cell holds when the game changes only
// if the role may change it with that command (whoMay), and when a
// command that could change the game and is refused to the role answers
// privately, with something to read. New commands join the matrix by
// default (walked from the router); a command nobody classified fails.

// role is who gives a command: the side to move's player, the other
// side's player, a player who also referees (the game's creator, on the
// other side), a referee who plays neither side (a server manager), the
// bot's operator, a spectator in the server, and someone not in it (a
// request from elsewhere).
type role string

const (
	rMover    role = "side to move's player"
	rOther    role = "other side's player"
	rPlayRef  role = "player who referees"
	rNeutral  role = "neutral referee"
	rOperator role = "operator"
	rWatcher  role = "spectator"
	rOutsider role = "not in the server"
)

var roles = []role{rMover, rOther, rPlayRef, rNeutral, rOperator, rWatcher, rOutsider}

// state is where the game stands when the command comes.
type state string

const (
	sOptions state = "choosing options"
	sSetup   state = "setup"
	sRunning state = "running"
	sRetreat state = "a retreat owed"
	sPaused  state = "paused"
	sOver    state = "over"
)

var states = []state{sOptions, sSetup, sRunning, sRetreat, sPaused, sOver}

// Who plays: Bob the Germans; Alice (who creates the game, so she
// referees) and Dave the Allies. In the setup and options states the
// Allies set up first, so Alice's side moves there.
var (
	mAlice = actor.Actor{ID: "101", Name: "Alice"}
	mBob   = actor.Actor{ID: "102", Name: "Bob"}
	mCarol = actor.Actor{ID: "103", Name: "Carol"} // a server manager: a referee who plays neither side
	mDave  = actor.Actor{ID: "104", Name: "Dave"}
	mOscar = actor.Actor{ID: "105", Name: "Oscar"} // the bot's operator
	mSam   = actor.Actor{ID: "106", Name: "Sam"}
	mOut   = actor.Actor{ID: "107", Name: "Olga"}
)

// class is what a command may do to a game, and so who may.
type class string

const (
	cRead     class = "read or roll, each seeing only what the role may (see below)"
	cOrder    class = "give the side's orders"
	cUndo     class = "take back one's own order"
	cFix      class = "fix the game at once"
	cReferee  class = "pause, resume, deadline (a player who referees, against a person: with the other side's agreement)"
	cAbandon  class = "abandon (a referee's; a player's, past the setup against a person, is his side's resignation)"
	cSettings class = "change the table's settings (maps; takeover: players only, each for his side)"
	cSeat     class = "give a seat away"
	cResign   class = "resign"
	cAdjudge  class = "ask for adjudication (players only, each for his side)"
	cJoin     class = "take a seat"
	cSecret   class = "choose options secretly"
	cCreate   class = "start or load a game where none runs"
	cOperator class = "operate the bot"
)

// classOf sorts every command of the router; a new command must be put
// in a class here before the matrix passes.
var classOf = map[string]class{
	"place": cOrder, "move": cOrder, "rail": cOrder, "reorg split": cOrder, "reorg merge": cOrder,
	"reorg entrench": cOrder, "reorg mobile": cOrder, "reinforce": cOrder, "withdraw": cOrder, "remove": cOrder,
	"attack": cOrder, "retreat": cOrder, "delay": cOrder, "stand": cOrder, "sea": cOrder, "bombard": cOrder, "recon": cOrder, "abandon": cOrder, "orders": cOrder,
	"end": cOrder, "game setup": cOrder,
	"undo":       cUndo,
	"game fix":   cFix,
	"game pause": cReferee, "game resume": cReferee, "game deadline": cReferee, "game abandon": cAbandon,
	"game replace": cSeat, "game settings": cSettings,
	"game resign":         cResign,
	"computer adjudicate": cAdjudge,
	"game join":           cJoin,
	"game choose":         cSecret, "game confirm": cSecret,
	"game new": cCreate, "game load": cCreate, "game import": cCreate,
	"admin backup": cOperator, "admin check": cOperator, "admin repair": cOperator, "admin games": cOperator, "admin delete": cOperator,
	"hex": cRead, "help": cRead, "map": cRead, "moves": cRead, "units": cRead, "roll": cRead, "event": cRead,
	"russia": cRead, "combat": cRead, "siege": cRead, "log recent": cRead, "log export": cRead, "log seed": cRead,
	"log reveal": cRead, "log verify": cRead, "log stats": cRead, "game options": cRead, "game status": cRead,
	"game check": cRead, "game position": cRead, "game orders": cRead, "game players": cRead, "game list": cRead,
	"game export": cRead, "game referee": cRead, "game log": cRead, "replay": cRead,
	"tournament new": cRead, "tournament join": cRead, "tournament withdraw": cRead, "tournament checkin": cRead,
	"tournament start": cRead, "tournament pairings": cRead, "tournament report": cRead, "tournament confirm": cRead,
	"tournament next": cRead, "tournament standings": cRead, "tournament export": cRead, "tournament drop": cRead,
	"tournament bid": cRead, "tournament fix": cRead, "tournament pair": cRead, "tournament extend": cRead,
	"tournament missing": cRead, "ladder": cRead, "stats balance": cRead, "stats bid": cRead, "stats game": cRead,
	// /vacation changes only the game's clock, which the matrix's
	// fingerprint does not read: who may take one is tested in
	// absence_test.go.
	"vacation": cRead, "me": cRead,
	"computer explain": cRead,
	// /computer hint and analysis read: who may have them is tested in
	// computer_hint_test.go and computer_analysis_test.go.
	"computer hint": cRead, "computer analysis": cRead,
}

// proposes says whether a role's command of a class, in a state, is a
// proposal the other side agrees to (games.Proposal): a player who
// referees, against a person, pausing, resuming or setting the deadline.
func proposes(c class, r role, s state) bool {
	return c == cReferee && r == rPlayRef && s != sOver
}

// whoMay says whether a role may change the game with a command of a
// class in a state: the rules of games/permissions.go, written out.
func whoMay(c class, r role, s state) bool {
	player := r == rMover || r == rOther || r == rPlayRef
	referee := r == rPlayRef || r == rNeutral || r == rOperator
	switch c {
	case cOrder:
		// the side to move's players; Alice and Dave share the Allies
		mover := r == rMover || (r == rPlayRef && moverIsAllied(s)) || (r == rOther && moverIsAllied(s))
		return mover && s != sPaused && s != sOver
	case cUndo, cSecret:
		return player && s != sOver
	case cFix:
		return (r == rNeutral || r == rOperator) && s != sOver
	case cReferee:
		// a player who referees, against a person (Alice against Bob),
		// only proposes: a player of the other side agrees by giving the
		// same command (TestPauseNeedsTheOpponent); against the computer he
		// decides alone
		return (r == rNeutral || r == rOperator) && s != sOver
	case cAbandon:
		// how an abandon ends the game: abandonOutcome
		return referee && s != sOver
	case cSettings:
		return (player || referee) && s != sOver
	case cSeat:
		// the holder offers his own seat (Bob's here; the person named
		// accepts it: TestCheatHandSeatWithoutConsent), or a neutral referee
		// (who seats another person only by an offer he accepts:
		// TestRefereeSeatsNobodyUnwilling)
		return (r == rNeutral || r == rOperator || r == bobsRole(s)) && s != sOver
	case cResign:
		return player && s != sOver
	case cAdjudge:
		// a player's ask is recorded (the other side's ends the game);
		// not while the options are chosen in secret
		return player && s != sOver && s != sOptions
	case cCreate:
		return s == sOver
	case cOperator:
		return r == rOperator
	}
	return false
}

// abandonOutcome is how /game abandon by a role ends the game in a state
// it may: "abandoned" (no result), or "resigned allied" when a player who
// referees abandons a game past its setup against a person (an abandoned
// game is not rated: abandoning it would escape a lost game).
func abandonOutcome(r role, s state) string {
	if !whoMay(cAbandon, r, s) {
		return ""
	}
	if r == rPlayRef && s != sOptions && s != sSetup {
		return "resigned allied" // Alice plays the Allies against Bob
	}
	return "abandoned"
}

// In setup and while options are chosen the Allies move; in the retreat
// state the Allies owe it; otherwise the Germans move.
func moverIsAllied(s state) bool { return s == sSetup || s == sOptions || s == sRetreat }

// bobsRole is the role Bob has in a state (the German player).
func bobsRole(s state) role {
	if moverIsAllied(s) {
		return rOther
	}
	return rMover
}

// who is the user (and his rights) behind a role in a state.
func who(r role, s state) (actor.Actor, bool, bool, string) {
	guild := "G1"
	switch r {
	case rMover:
		if moverIsAllied(s) {
			return mDave, false, false, guild
		}
		return mBob, false, false, guild
	case rOther:
		if moverIsAllied(s) {
			return mBob, false, false, guild
		}
		return mDave, false, false, guild
	case rPlayRef:
		return mAlice, false, false, guild
	case rNeutral:
		return mCarol, true, false, guild
	case rOperator:
		return mOscar, false, true, guild
	case rWatcher:
		return mSam, false, false, guild
	}
	return mOut, false, false, "G-elsewhere"
}

// runWithFiles is a runner of console-style lines on b as user u in guild
// G1, channel C1, with files attached (a position for /game load).
func runWithFiles(b *Bot) func(u actor.Actor, line string, files map[string][]byte) *Response {
	return func(u actor.Actor, line string, files map[string][]byte) *Response {
		path, opts := readLine(b.Router, line)
		return b.Router.Run(context.Background(), &Request{Path: path, Options: opts, Guild: "G1", Channel: "C1", Lang: i18n.EN, User: u, Files: files})
	}
}

// matrixState builds a bot with the game in a state.
func matrixState(t testing.TB, m *board.Map, s state) *Bot {
	t.Helper()
	b := New(Deps{Map: m})
	b.noMaps = true
	return matrixStateOn(b, s)
}

// matrixStateOn sets the game of a state up on b.
func matrixStateOn(b *Bot, s state) *Bot {
	run := runWithFiles(b)
	pos := ""
	switch s {
	case sRunning, sPaused, sOver:
		pos = "scenario standard\nseed 3\nstep movement-1\nplayer german\n2621: G-III\n2619: F-XX F-66R\n"
	case sRetreat:
		pos = "scenario standard\nseed 3\nstep combat-1\nplayer german\nretreat F-66R\n2620: F-66R\n2621: G-III\n"
	}
	if pos == "" {
		run(mAlice, "/game new scenario:standard seed:3", nil)
	} else {
		run(mAlice, "/game load", map[string][]byte{"attachment": []byte(pos)})
	}
	run(mBob, "/game join side:german", nil)
	run(mAlice, "/game join side:allied", nil)
	run(mAlice, "/game join side:allied user:104", nil)
	run(mDave, "/game join side:allied", nil) // Dave takes the seat Alice offered
	switch s {
	case sOptions:
		run(mDave, "/game choose options:18.2(3) side:allied", nil)
	case sPaused:
		// Alice, who plays, proposes; Bob agrees
		run(mAlice, "/game pause", nil)
		run(mBob, "/game pause", nil)
	case sOver:
		run(mBob, "/game resign confirm:true", nil)
	}
	return b
}

// fingerprint is what a command may change of the game in C1.
func fingerprint(b *Bot) string {
	g := b.games.Peek(context.Background(), "C1")
	if g == nil {
		return "no game"
	}
	var ps []string
	for _, p := range g.Players {
		ps = append(ps, p.UserID+"="+p.Side)
	}
	sort.Strings(ps)
	asked, _ := g.AdjudicationAsked()
	_, adjudication := g.AdjudicationAsked()
	return fmt.Sprintf("%s|%v|%s|%v|maps=%s|takeover=%s,%s|adjudicate=%v,%v", g.State.Position(), ps, g.Status, g.Paused(), g.Meta["maps"],
		g.TakeoverAgreed(0), g.TakeoverAgreed(1), adjudication, asked)
}

// defaultOpts gives a command's required options (and some telling
// optional ones) a value of the right kind.
func defaultOpts(c *Command) map[string]string {
	vals := map[string]string{"hex": "2620", "unit": "G-III", "to": "2721", "side": "german", "order": "end", "text": "end",
		"units": "G-III", "table": "assault", "player": "Bob", "by": "106", "hours": "24", "options": "18.2(3)", "hq": "G-III",
		"with": "G-III", "dice": "1d6", "odds": "1:1", "fortress": "6", "value": "seed", "role": "<@&9>", "game": "1",
		"scenario": "standard", "file": "/nonexistent", "die": "3", "box": "10", "session": "1", "count": "3", "until": "event",
		"then": "end", "user": "106", "name": "Sam", "month": "8", "confirm": "true", "maps": "segment",
		"german": "Alice", "allied": "Bob"}
	opts := map[string]string{}
	for _, o := range c.Options {
		if v, ok := vals[o.Name]; ok && (o.Required || o.Name == "side" || o.Name == "until" || o.Name == "player" || o.Name == "confirm" || o.Name == "maps") {
			opts[o.Name] = v
		}
	}
	return opts
}

// leaves lists the router's runnable commands by path.
func leaves(rt *Router) map[string]*Command {
	out := map[string]*Command{}
	var walk func(prefix string, cs []*Command)
	walk = func(prefix string, cs []*Command) {
		for _, c := range cs {
			if len(c.Sub) > 0 {
				walk(prefix+c.Name+" ", c.Sub)
			} else {
				out[prefix+c.Name] = c
			}
		}
	}
	walk("", rt.Commands())
	return out
}

func TestPermissionMatrix(t *testing.T) {
	m, err := board.Default()
	if err != nil {
		t.Skip(err)
	}
	probe := New(Deps{Map: m})
	cmds := leaves(probe.Router)
	var paths []string
	for p := range cmds {
		paths = append(paths, p)
		if _, ok := classOf[p]; !ok {
			t.Errorf("/%s is in no class of the permission matrix: put it in classOf and say who may use it", p)
		}
	}
	sort.Strings(paths)
	// A command that only reads runs on one game per state (its maps
	// drawn once); any other gets a game of its own for each cell, so that
	// no cell sees what another left.
	cells, changed := 0, 0
	for _, s := range states {
		reader := matrixState(t, m, s)
		for _, p := range paths {
			c := cmds[p]
			for _, r := range roles {
				b := reader
				if classOf[p] != cRead {
					b = matrixState(t, m, s)
				}
				before := fingerprint(b)
				u, manager, operator, guild := who(r, s)
				u.Manager, u.Operator = manager, operator
				resp := b.Router.Run(context.Background(), &Request{Path: p, Options: defaultOpts(c), Guild: guild, Channel: "C1",
					Lang: i18n.EN, User: u})
				cells++
				after := fingerprint(b)
				may := whoMay(classOf[p], r, s)
				if after != before {
					changed++
					if !may {
						t.Errorf("%s, %s: /%s changed the game, and the %s may not", s, r, p, r)
					}
					continue
				}
				if resp == nil || len(resp.Messages) == 0 || strings.TrimSpace(resp.Messages[0].Text) == "" && len(resp.Messages[0].Files) == 0 {
					t.Errorf("%s, %s: /%s gave no answer", s, r, p)
					continue
				}
				// A command that could change the game, refused to a role
				// that may not: the answer is private.
				if proposes(classOf[p], r, s) {
					// a proposal is news for the other side: public, with
					// the button that agrees (a refusal for another reason,
					// such as nothing to change, stays private)
					if m := resp.Messages[0]; !m.Ephemeral && (len(m.Buttons) == 0 || m.Buttons[0].Path != p) {
						t.Errorf("%s, %s: /%s's proposal is not public with its button: %+v", s, r, p, m)
					}
					continue
				}
				if classOf[p] != cRead && !may {
					for _, msg := range resp.Messages {
						if !msg.Ephemeral && msg.Target == "" {
							t.Errorf("%s, %s: /%s was refused in public: %q", s, r, p, msg.Text)
						}
					}
				}
			}
		}
	}
	t.Logf("%d commands × %d roles × %d states = %d cells; %d changed the game", len(paths), len(roles), len(states), cells, changed)
	if changed == 0 {
		t.Error("no cell changed the game: the matrix exercised nothing")
	}
}

// whoMayTable is the "Who may do what" table of docs/playing.md, made
// from whoMay (running game).
func whoMayTable() string {
	var b strings.Builder
	b.WriteString("| what | " + strings.Join(func() []string {
		var out []string
		for _, r := range roles {
			out = append(out, string(r))
		}
		return out
	}(), " | ") + " |\n|---|" + strings.Repeat("---|", len(roles)) + "\n")
	var cs []class
	seen := map[class]bool{}
	for _, c := range []class{cRead, cOrder, cUndo, cResign, cSecret, cJoin, cSeat, cFix, cReferee, cAbandon, cSettings, cCreate, cOperator} {
		if !seen[c] {
			cs, seen[c] = append(cs, c), true
		}
	}
	for _, c := range cs {
		var cells []string
		for _, r := range roles {
			v := "—"
			switch {
			case c == cRead:
				v = "yes"
			case c == cJoin:
				v = "before the side's first order, if nobody holds it; a second, when a side's player offers it and he takes it himself; after an import, the seat its file proposes"
				if r == rOutsider {
					v = "—"
				}
			case c == cOperator:
				if r == rOperator {
					v = "yes"
				}
			case c == cCreate:
				if r != rOutsider {
					v = "yes"
				}
			case c == cFix && (r == rMover || r == rOther || r == rPlayRef):
				v = "proposes; the other side confirms"
			case c == cOrder && (r == rMover || r == rOther || r == rPlayRef):
				v = "its own side, in its turn"
				if r == rOther {
					v = "its own side, in its turn"
				}
			case c == cReferee && r == rPlayRef:
				v = "against a person, proposes and the other side agrees; against the computer, alone"
			case c == cReferee && (r == rMover || r == rOther):
				v = "agrees to the other side's proposal by the same command"
			case c == cSeat && (r == rMover || r == rOther || r == rPlayRef):
				v = "offers its own seat; the person named accepts it in his own name"
			case c == cSeat && (r == rNeutral || r == rOperator):
				v = "takes it himself, or offers it: the person named accepts it in his own name"
			case c == cAbandon && abandonOutcome(r, sRunning) == "resigned allied":
				v = "in the setup; after it, resigns his side"
			case whoMay(c, r, sRunning):
				v = "yes"
			}
			cells = append(cells, v)
		}
		var cmds []string
		for p, k := range classOf {
			if k == c {
				cmds = append(cmds, "/"+p)
			}
		}
		slices.Sort(cmds)
		if len(cmds) > 6 {
			cmds = append(cmds[:6], "…")
		}
		fmt.Fprintf(&b, "| %s (%s) | %s |\n", c, strings.Join(cmds, " "), strings.Join(cells, " | "))
	}
	return b.String()
}

// docs/playing.md shows the table whoMay makes, between its markers.
func TestWhoMayTableInDocs(t *testing.T) {
	doc, err := os.ReadFile("../docs/playing.md")
	if err != nil {
		t.Fatal(err)
	}
	const open, end = "<!-- who-may: generated by commands/permissions_test.go -->\n", "<!-- /who-may -->"
	i, j := strings.Index(string(doc), open), strings.Index(string(doc), end)
	if i < 0 || j < i {
		t.Fatalf("docs/playing.md has no %q ... %q section", open, end)
	}
	if got, want := string(doc[i+len(open):j]), whoMayTable(); got != want {
		if os.Getenv("RTRBOT_UPDATE_DOCS") != "" {
			os.WriteFile("../docs/playing.md", []byte(string(doc[:i+len(open)])+want+string(doc[j:])), 0o644)
			return
		}
		t.Errorf("docs/playing.md's table differs from the matrix's rules; run RTRBOT_UPDATE_DOCS=1 go test ./commands -run TestWhoMayTableInDocs\nwant:\n%s", want)
	}
}

// The who-may rule of /game abandon, played: in every state each role's
// abandon either changes nothing, abandons the game without a result, or
// (a player who referees, past the setup, against a person) resigns his
// side, as abandonOutcome says. A stored bot, so that the ended game can
// be read back.
func TestAbandonOutcomes(t *testing.T) {
	ctx := context.Background()
	for _, s := range states {
		if s == sOver {
			continue // resigned before: nothing more to end
		}
		for _, r := range roles {
			b := matrixStateOn(storedBot(t, t.TempDir()+"/g.db", newClock()), s)
			before := b.games.Peek(ctx, "C1")
			u, manager, operator, guild := who(r, s)
			u.Manager, u.Operator = manager, operator
			resp := b.Router.Run(ctx, &Request{Path: "game abandon", Options: map[string]string{"confirm": "true"}, Guild: guild, Channel: "C1", Lang: i18n.EN, User: u})
			got := ""
			if now := b.games.Peek(ctx, "C1"); now == nil || now.Status != before.Status {
				g, err := b.games.ReplayGame(ctx, where(&Request{Guild: "G1", Channel: "C1"}), before.ID)
				if err != nil {
					t.Fatalf("%s, %s: the game ended and cannot be read back: %v", s, r, err)
				}
				got = string(g.Status)
				if side := g.Meta["resigned"]; side != "" {
					got = "resigned " + side
				}
			}
			if want := abandonOutcome(r, s); got != want {
				t.Errorf("%s, %s: /game abandon gave %q, want %q: %s", s, r, got, want, resp.Messages[0].Text)
			}
		}
	}
}
