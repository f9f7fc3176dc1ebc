// Package playtest plays whole games of Reinforce the Right! through the
// bot's commands, as people would: the computer players (package ai)
// choose each side's orders, and every order goes in as the slash command
// a player types, through the same router the console and Discord use.
// After every answer it checks the invariants of check.go and counts
// them; docs/playtest.md says what it plays and checks.
package playtest

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"rtrbot/actor"
	"rtrbot/ai"
	"rtrbot/commands"
	"rtrbot/console"
	"rtrbot/db"
	"rtrbot/engine/board"
	"rtrbot/engine/game"
	"rtrbot/engine/units"
	"rtrbot/games"
	"rtrbot/games/sqlstore"
	"rtrbot/i18n"
)

// Config is a playtest run.
type Config struct {
	Games int
	Seed  uint64 // the first game's seed; the others follow
	// Lang is "en", "ja" or "" (both: every second game in Japanese).
	Lang string
	// Scenario is "standard", "extended" or "" (both, alternately).
	Scenario string
	// RandomOptions draws each game's scenario options from a generator
	// seeded with the game's seed.
	RandomOptions bool
	// Level is the computer players' level (ai.Levels); "" is heuristic.
	Level string
	// Extras is how many other commands (status, /units, mistakes...)
	// the players give each turn, besides the full round of every
	// command in the first game.
	Extras int
	// Maps lets /map and the segment accounts draw pictures (slow).
	Maps bool
	// Log, when set, receives a line per game.
	Log io.Writer
	// DB is the database file; "" is a temporary one.
	DB string
	// Discord is how many of the games (the last ones) are played
	// through a fake Discord with the real adapter (discord.go).
	Discord int
	// NoRound leaves out the first game's round of every command (to
	// replay a later game of a run alone).
	NoRound bool
	// MaxAnswers stops a game after so many answers, unfinished (tests).
	MaxAnswers int
	// Tamper, when set, may change each answer before it is checked:
	// tests break answers on purpose to see the checks catch them.
	Tamper func(line string, lang i18n.Lang, resp *commands.Response)
	// Transcript, when set, receives every line given and every message
	// answered, in order: two runs of the same seeds give the same
	// transcript, so a change that should not change behaviour can be
	// checked against the transcript made before it.
	Transcript io.Writer
}

// Summary is what a run found.
type Summary struct {
	Games, Finished   int
	Answers, Refusals int
	Messages          int
	Checks            map[string]int // answers checked, by invariant
	Violations        []Violation
	Exercised         map[string]int // commands run, by path
	Unexercised       []string
	Results           map[string]int
	Orders            int
	// Unsent are lines Discord's client would not send (a required
	// option missing): they never reach the bot.
	Unsent int
	// Removals are the times a side had to remove units to end a
	// segment, as the refusal of /end told it (7.0).
	Removals int
	Elapsed  time.Duration
}

// Count is the violations of one invariant.
func (s *Summary) Count(inv string) int {
	n := 0
	for _, v := range s.Violations {
		if v.Invariant == inv {
			n++
		}
	}
	return n
}

// Report writes the summary: a line per invariant, then each violation.
func (s *Summary) Report(w io.Writer) {
	fmt.Fprintf(w, "games %d (finished %d), orders %d, answers %d, refusals %d, messages %d, lines Discord's client would not send %d, %s\n",
		s.Games, s.Finished, s.Orders, s.Answers, s.Refusals, s.Messages, s.Unsent, s.Elapsed.Round(time.Second))
	var res []string
	for k, n := range s.Results {
		res = append(res, fmt.Sprintf("%s %d", k, n))
	}
	sort.Strings(res)
	fmt.Fprintf(w, "results: %s\n", strings.Join(res, ", "))
	if s.Removals > 0 {
		fmt.Fprintf(w, "over-stacked hexes a side had to clear with /remove before /end: %d\n", s.Removals)
	}
	for _, inv := range Invariants {
		fmt.Fprintf(w, "%-58s checked %6d  violations %d\n", inv, s.Checks[inv], s.Count(inv))
	}
	if len(s.Unexercised) > 0 {
		fmt.Fprintf(w, "commands not played: %s\n", strings.Join(s.Unexercised, ", "))
	}
	for _, v := range s.Violations {
		fmt.Fprintln(w, v.String())
	}
}

// Runner holds the bot a run plays against.
type Runner struct {
	cfg    Config
	Router *commands.Router
	svc    *games.Service
	store  *db.Store
	clock  time.Time
	sum    *Summary
	paths  []string
	// The game being played.
	g *play
	// dc is the fake Discord, once a game is played through it.
	dc *discordConn
}

type player struct {
	user actor.Actor
	side units.Side
	view game.Viewer
	lang i18n.Lang
	// snowflake is his Discord user id.
	snowflake string
}

type play struct {
	n        int
	seed     uint64
	scenario string
	options  string
	lang     i18n.Lang
	channel  string
	// Through Discord: the channel /game new is typed in (the game then
	// lives in the thread it opens) and the sides' private threads.
	discord bool
	base    string
	threads map[string]*player
	rng     *rand.Rand
	ref     *player
	spec    *player
	sides   [2]*player
	ai      [2]ai.Computer
	ids     map[string]bool
	seen    [3]map[string]bool // unit ids each viewer has been shown
	// fullRound: every command has been given in this game.
	fullRound bool
	// known is the state learn last read, after knownN orders.
	known  *game.State
	knownN int
}

// New makes a runner over a fresh database.
func New(ctx context.Context, cfg Config) (*Runner, func(), error) {
	if cfg.Level == "" {
		cfg.Level = "heuristic"
	}
	m, err := board.Default()
	if err != nil {
		return nil, nil, err
	}
	path, cleanup := cfg.DB, func() {}
	if path == "" {
		dir, err := os.MkdirTemp("", "playtest")
		if err != nil {
			return nil, nil, err
		}
		path, cleanup = filepath.Join(dir, "playtest.db"), func() { os.RemoveAll(dir) }
	}
	store, err := db.Open(ctx, path)
	if err != nil {
		cleanup()
		return nil, nil, err
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	gs := sqlstore.New(store)
	svc := games.New(games.Config{Map: m, Store: gs, Log: quiet})
	svc.SetAdjudication(ai.AdjudicateConfig{PlayOuts: 1, Level: "heuristic"}) // quick: the playtest holds who may ask, not the play-outs
	r := &Runner{cfg: cfg, svc: svc, store: store, clock: time.Date(1914, 8, 2, 6, 0, 0, 0, time.UTC)}
	bot := commands.New(commands.Deps{Map: m, Store: gs, Games: svc, Log: quiet,
		Now: func() time.Time { return r.clock }, Entropy: rand.NewChaCha8([32]byte{byte(cfg.Seed), byte(cfg.Seed >> 8), 'p', 't'})})
	if !cfg.Maps {
		bot.LeaveMapsOut()
	}
	r.Router = bot.Router
	r.paths = Paths(bot.Router)
	r.sum = &Summary{Checks: map[string]int{}, Exercised: map[string]int{}, Results: map[string]int{}}
	return r, func() { store.Close(); cleanup() }, nil
}

// Paths are every command a user can run, by path ("game new").
func Paths(rt *commands.Router) []string {
	var out []string
	var walk func(prefix string, c *commands.Command)
	walk = func(prefix string, c *commands.Command) {
		p := strings.TrimSpace(prefix + " " + c.Name)
		if c.Handler != nil {
			out = append(out, p)
		}
		for _, s := range c.Sub {
			walk(p, s)
		}
	}
	for _, c := range rt.Commands() {
		walk("", c)
	}
	sort.Strings(out)
	return out
}

// Run plays the games of a configuration and sums up what it found.
func Run(ctx context.Context, cfg Config) (*Summary, error) {
	r, done, err := New(ctx, cfg)
	if err != nil {
		return nil, err
	}
	defer done()
	return r.Run(ctx)
}

// Run plays the runner's games.
func (r *Runner) Run(ctx context.Context) (*Summary, error) {
	start := time.Now()
	for i := 0; i < r.cfg.Games; i++ {
		if err := ctx.Err(); err != nil {
			return r.sum, err
		}
		if err := r.playGame(ctx, i); err != nil {
			return r.sum, err
		}
	}
	for _, p := range r.paths {
		if r.sum.Exercised[p] == 0 && !r.cfg.NoRound {
			r.sum.Unexercised = append(r.sum.Unexercised, p)
		}
	}
	if !r.cfg.NoRound {
		r.sum.Checks[InvExercised] = len(r.paths)
	}
	if r.dc != nil {
		r.sum.Checks[InvLimits]++
		for _, pr := range r.dc.srv.Problems() {
			r.sum.Violations = append(r.sum.Violations, Violation{Invariant: InvLimits, Detail: "a request Discord would refuse: " + pr})
		}
		r.closeDiscord()
	}
	if r.cfg.Games > 0 && !r.cfg.NoRound && len(r.sum.Unexercised) > 0 {
		r.sum.Violations = append(r.sum.Violations, Violation{Invariant: InvExercised,
			Detail: "not played: /" + strings.Join(r.sum.Unexercised, ", /")})
	}
	r.sum.Elapsed = time.Since(start)
	return r.sum, nil
}

func (r *Runner) newPlay(i int) *play {
	seed := r.cfg.Seed + uint64(i)
	p := &play{n: i, seed: seed, rng: rand.New(rand.NewPCG(seed, 0x706c6179))}
	switch r.cfg.Scenario {
	case "standard", "extended":
		p.scenario = r.cfg.Scenario
	default:
		p.scenario = [2]string{"standard", "extended"}[(seed/2)%2]
	}
	switch r.cfg.Lang {
	case "ja":
		p.lang = i18n.JA
	case "en":
		p.lang = i18n.EN
	default:
		p.lang = [2]i18n.Lang{i18n.EN, i18n.JA}[seed%2]
	}
	if r.cfg.RandomOptions {
		p.options = strings.Join(drawOptions(p.rng), " ")
	}
	p.discord = i >= r.cfg.Games-r.cfg.Discord
	p.channel = fmt.Sprintf("playtest-%d", seed)
	if p.discord {
		p.channel = fmt.Sprintf("3%017d", seed)
	}
	p.base, p.threads = p.channel, map[string]*player{}
	k := 0
	mk := func(name string, side units.Side, v game.Viewer) *player {
		k++
		return &player{user: actor.Actor{ID: fmt.Sprintf("pt:%s:%d", name, seed), Name: name}, side: side, view: v, lang: p.lang,
			snowflake: fmt.Sprintf("4%016d%d", seed, k)}
	}
	p.ref = mk("referee", 0, game.PublicView)
	p.spec = mk("spectator", 0, game.PublicView)
	p.sides[units.German] = mk("germans", units.German, game.GermanView)
	p.sides[units.Allied] = mk("allies", units.Allied, game.AlliedView)
	for i := range p.seen {
		p.seen[i] = map[string]bool{}
	}
	return p
}

// drawOptions draws up to three scenario options that may be played
// together.
func drawOptions(rng *rand.Rand) []string {
	defs := game.OptionDefs()
	for try := 0; try < 50; try++ {
		var pick []string
		for k := rng.IntN(4); k > 0; k-- {
			c := string(defs[rng.IntN(len(defs))].Code)
			if !slices.Contains(pick, c) {
				pick = append(pick, c)
			}
		}
		if game.CheckOptions(pick) == nil {
			return pick
		}
	}
	return nil
}

// game is the game being played, as the service holds it.
func (r *Runner) game(ctx context.Context) *games.Game { return r.svc.Peek(ctx, r.g.channel) }

func (r *Runner) playGame(ctx context.Context, i int) error {
	p := r.newPlay(i)
	r.g = p
	r.sum.Games++
	if p.discord {
		if err := r.openDiscord(ctx); err != nil {
			return fmt.Errorf("the fake Discord: %w", err)
		}
	}
	line := "/game new scenario:" + p.scenario + fmt.Sprintf(" seed:%d", p.seed)
	if p.options != "" {
		line += " options:" + p.options
	}
	r.say(ctx, p.ref, line)
	if r.game(ctx) == nil && p.options != "" {
		r.logf("game %d: /game new refused options %q; played without them", i, p.options)
		p.options = ""
		r.say(ctx, p.ref, fmt.Sprintf("/game new scenario:%s seed:%d", p.scenario, p.seed))
	}
	g := r.game(ctx)
	if g == nil {
		return fmt.Errorf("game %d: /game new started no game", i)
	}
	p.ids = map[string]bool{}
	for j := range g.State.Units {
		p.ids[g.State.Counter(j).ID] = true
	}
	r.say(ctx, p.sides[units.German], "/game join side:german")
	r.say(ctx, p.sides[units.Allied], "/game join side:allied")
	for _, side := range []units.Side{units.German, units.Allied} {
		pl, err := ai.New(r.cfg.Level, ai.Config{Side: side, Seed: p.seed*2 + uint64(side), Iterations: 8})
		if err != nil {
			return err
		}
		p.ai[side] = pl
	}
	p.fullRound = i > 0 || r.cfg.NoRound
	if !p.fullRound {
		r.everyCommand(ctx, true)
	}
	lastStep := game.Step(-1)
	stuck := 0
	startAnswers := r.sum.Answers
	for guard := 0; ; guard++ {
		g := r.game(ctx)
		if g == nil {
			r.violate(InvEnd, p.ref, "(the game)", "the game vanished from its channel", nil)
			return nil
		}
		s := g.State
		if s.Step == game.GameOver {
			break
		}
		if r.cfg.MaxAnswers > 0 && r.sum.Answers-startAnswers > r.cfg.MaxAnswers {
			return nil
		}
		if guard > 30000 {
			r.violate(InvEnd, p.ref, "(the game)", fmt.Sprintf("no end after %d requests (%s %s)", guard, s.Turn, s.Step), nil)
			return nil
		}
		side := s.ToMove()
		pl := p.sides[side]
		r.sum.Checks[InvCanAct]++
		if s.Step != lastStep {
			lastStep = s.Step
			for k := 0; k < r.cfg.Extras; k++ {
				r.extra(ctx, pl)
			}
			if s.Step == game.Move1 && !p.fullRound {
				p.fullRound = true
				r.everyCommand(ctx, false)
				continue
			}
		}
		progressed := false
		// Default actions, sometimes, as a hurried player gives them.
		if s.Step == game.SetupStep && p.rng.IntN(2) == 0 {
			progressed = r.order(ctx, pl, game.AutoSetup().By(side))
		} else if s.Step == game.Reinforcement && p.rng.IntN(2) == 0 {
			progressed = r.order(ctx, pl, game.AutoReinforce().By(side))
		} else {
			orders, err := ai.Ask(p.ai[side], s.ViewFor(game.ViewerOf(side)), ai.NewBoard(s, side))
			if err != nil {
				r.logf("game %d: %v", i, err)
			}
			if p.rng.IntN(4) == 0 && r.batch(ctx, pl, side, orders) {
				progressed = true
				orders = nil
			}
			for _, o := range orders {
				o.Side = side
				if !r.order(ctx, pl, o) {
					break
				}
				progressed = true
				if g := r.game(ctx); g == nil || g.State.Step == game.GameOver || g.State.ToMove() != side {
					break
				}
			}
		}
		if progressed {
			stuck = 0
			continue
		}
		moved := false
		if stuck > 0 {
			// As a player does what the refusal of /end tells him: here,
			// remove units from an over-stacked hex (7.0).
			moved = r.followAdvice(ctx, pl, side)
		}
		for _, o := range []game.Order{game.End().By(side), game.Stand().By(side)} {
			if moved {
				break
			}
			if r.order(ctx, pl, o) {
				moved = true
				break
			}
		}
		if moved {
			stuck = 0
			continue
		}
		stuck++
		if stuck > 3 {
			resp := r.say(ctx, pl, "/end")
			r.violate(InvCanAct, pl, "/end", fmt.Sprintf("the %s side is to act in %s %s but neither its orders nor /end are taken", side, s.Turn, s.Step), resp)
			return nil
		}
	}
	r.finish(ctx)
	return nil
}

// finish checks the game's end: the status says the result by 15.1.
func (r *Runner) finish(ctx context.Context) {
	p := r.g
	g := r.game(ctx)
	s := g.State
	w, lv, _ := s.Result()
	r.sum.Finished++
	name := lv.Name().EN
	if lv != game.Draw {
		name = w.Name().EN + " " + name
	}
	r.sum.Results[name]++
	resp := r.say(ctx, p.spec, "/game status")
	r.sum.Checks[InvEnd]++
	text := Answer{Resp: resp}.Text()
	want := []string{"15.1", lv.Name().In(p.lang)}
	if lv != game.Draw {
		want = append(want, w.Name().In(p.lang))
	}
	for _, x := range want {
		if !strings.Contains(text, x) {
			r.violate(InvEnd, p.spec, "/game status", fmt.Sprintf("the finished game's status does not say %q (result %s)", x, name), resp)
		}
	}
	r.say(ctx, p.spec, "/game log")
	r.say(ctx, p.ref, "/game export")
	if p.n == 0 {
		// The analysis of the first game (a whole game's play-outs take
		// minutes, so one game a run): public, with its chart.
		resp := r.say(ctx, p.spec, "/computer analysis")
		if resp != nil && len(resp.Messages) == 1 && resp.Messages[0].Ephemeral && len(resp.Messages[0].Files) == 0 {
			// Still being made (the ask waits only a moment): asked
			// again once it is done, as the answer says.
			r.svc.WaitAnalyses()
			resp = r.say(ctx, p.spec, "/computer analysis")
		}
		if resp == nil || len(resp.Messages) == 0 || resp.Messages[0].Ephemeral || len(resp.Messages[0].Files) == 0 {
			r.violate(InvEnd, p.spec, "/computer analysis", "the finished game's analysis is not public with its chart", resp)
		}
	}
	r.logf("game %d: seed %d %s %s options %q: %s, VP %d-%d", p.n, p.seed, p.scenario, p.lang, p.options, name, s.VP[0], s.VP[1])
}

func (r *Runner) logf(format string, args ...any) {
	if r.cfg.Log != nil {
		fmt.Fprintf(r.cfg.Log, format+"\n", args...)
	}
}

// order gives one engine order as its slash command and reports whether
// the game moved on.
func (r *Runner) order(ctx context.Context, pl *player, o game.Order) bool {
	line, ok := Slash(o)
	if !ok {
		r.logf("no command gives %s", o)
		return false
	}
	before := r.game(ctx)
	_, _, engineErr := game.Apply(before.State, o)
	resp := r.say(ctx, pl, line)
	after := r.game(ctx)
	moved := after != nil && (len(after.Orders) != len(before.Orders) || after.State.Step != before.State.Step ||
		after.State.Turn != before.State.Turn || after.State.ToMove() != before.State.ToMove())
	inv := InvAccepted
	if o.Verb == game.VerbEnd || o.Verb == game.VerbAutoSetup || o.Verb == game.VerbAutoReinforce {
		inv = InvDefaults
	}
	if engineErr == nil {
		r.sum.Checks[inv]++
		if !moved {
			r.violate(inv, pl, line, "the engine accepts "+o.String()+" but the command did not apply it", resp)
		}
	}
	if !moved {
		r.refusal(pl, line, resp, true)
	} else {
		r.sum.Orders++
	}
	return moved
}

// followAdvice reads the refusal of /end and removes, one by one, the
// side's units it names with /remove when it asks for that (7.0). It
// reports whether the game moved on.
func (r *Runner) followAdvice(ctx context.Context, pl *player, side units.Side) bool {
	before := r.game(ctx)
	resp := r.say(ctx, pl, "/end")
	text := Answer{Resp: resp}.Text()
	if g := r.game(ctx); g != nil && len(g.Orders) != len(before.Orders) {
		return true
	}
	if !strings.Contains(text, "/remove") {
		return false
	}
	s := before.State
	ids := hiddenUnits(text, func(t string) bool {
		c, ok := s.Lookup(t)
		return ok && c.Side() == side
	}, func(string) bool { return false })
	r.sum.Removals++
	for k := len(ids) - 1; k >= 0; k-- {
		if r.order(ctx, pl, game.Remove(ids[k]).By(side)) {
			return true
		}
	}
	return false
}

// batch gives the orders before the first end as one /orders batch
// (docs/orders.md), as a player who writes his segment at once, and
// wants the lines the engine accepts, up to the first it refuses, applied. It reports whether the
// batch moved the game on.
func (r *Runner) batch(ctx context.Context, pl *player, side units.Side, orders []game.Order) bool {
	before := r.game(ctx)
	s := before.State
	var lines []string
	legal := 0
	for _, o := range orders {
		if o.Verb == game.VerbEnd || o.Verb == game.VerbStand || o.Verb == game.VerbDelay {
			break
		}
		o.Side = side
		text := strings.TrimPrefix(o.String(), side.String()+" ")
		lines = append(lines, text)
		// The batch stops at its first refused line (docs/orders.md).
		if n, _, err := game.Apply(s, o); err == nil && legal == len(lines)-1 {
			s, legal = n, legal+1
		}
		if s.ToMove() != side || s.Step != before.State.Step {
			break
		}
	}
	if len(lines) < 2 {
		return false
	}
	line := "/orders text:" + strings.Join(lines, "; ")
	resp := r.say(ctx, pl, line)
	after := r.game(ctx)
	applied := len(after.Orders) - len(before.Orders)
	r.sum.Checks[InvAccepted]++
	if applied != legal {
		r.violate(InvAccepted, pl, line, fmt.Sprintf("the engine accepts %d of the batch's %d lines, the command applied %d", legal, len(lines), applied), resp)
	}
	r.sum.Orders += max(applied, 0)
	return applied > 0
}

func (r *Runner) refusal(pl *player, line string, resp *commands.Response, rule bool) {
	if resp == nil { // never sent (Discord's client)
		return
	}
	r.sum.Refusals++
	r.sum.Checks[InvRefusal]++
	for _, f := range CheckRefusal(Answer{Resp: resp}, rule) {
		r.violate(f.Invariant, pl, line, f.Detail, resp)
	}
}

func (r *Runner) violate(inv string, pl *player, line, detail string, resp *commands.Response) {
	p := r.g
	v := Violation{Invariant: inv, Line: line, Detail: detail, Answer: Answer{Resp: resp}.Text()}
	if p != nil {
		v.Game, v.Seed, v.Scenario, v.Options, v.Lang = p.n, p.seed, p.scenario, p.options, p.lang
		v.Replay = fmt.Sprintf("go run ./cmd/playtest -games 1 -seed %d -scenario %s -lang %s", p.seed, p.scenario, p.lang)
		if r.cfg.RandomOptions {
			v.Replay += " -options random"
		}
		if p.n > 0 || r.cfg.NoRound {
			v.Replay += " -round=false"
		}
		if p.discord {
			v.Replay += " -discord 1"
		}
		if r.cfg.Extras != 2 {
			v.Replay += fmt.Sprintf(" -extras %d", r.cfg.Extras)
		}
	}
	if pl != nil {
		v.User = pl.user.Name
	}
	r.sum.Violations = append(r.sum.Violations, v)
}

// say runs one typed line as a user, checks the answer and returns it.
func (r *Runner) say(ctx context.Context, pl *player, line string) *commands.Response {
	r.clock = r.clock.Add(time.Minute)
	p := r.g
	r.learn(ctx)
	req, err := console.Parse(r.Router, line)
	var resp *commands.Response
	if err != nil {
		resp = commands.Private(i18n.Message(err, pl.lang))
	} else {
		if c := r.Router.Find(req.Path); c != nil {
			r.sum.Exercised[req.Path]++
		}
		if p.discord {
			var problems []string
			var sent bool
			resp, problems, sent = r.viaDiscord(pl, req, line)
			if !sent {
				r.sum.Unsent++
				return nil
			}
			for _, pr := range problems {
				r.violate(InvLimits, pl, line, pr, resp)
			}
			r.discordThreads()
		} else {
			req.User, req.Guild, req.Channel, req.Lang, req.Now = pl.user, "playtest", p.channel, pl.lang, r.clock
			resp = r.Router.Run(ctx, req)
		}
	}
	if r.cfg.Tamper != nil && resp != nil {
		r.cfg.Tamper(line, pl.lang, resp)
	}
	if r.cfg.Transcript != nil {
		writeTranscript(r.cfg.Transcript, pl.user.Name, line, resp)
	}
	r.learn(ctx)
	r.sum.Answers++
	if resp != nil {
		r.sum.Messages += len(resp.Messages)
	}
	a := Answer{Line: line, User: pl.user.Name, Lang: pl.lang, Resp: resp,
		IsUnit: func(t string) bool { return p.ids[t] },
		ReaderOf: func(m commands.Message) Reader {
			who := p.spec
			if m.Ephemeral {
				who = pl
			} else if side, ok := p.threads[m.Target]; ok {
				who = side
			}
			seen := p.seen[who.view]
			return Reader{Name: who.user.Name, Lang: who.lang, Visible: func(id string) bool { return seen[id] }}
		}}
	for _, inv := range []string{InvNoError, InvLimits, InvLanguage, InvHidden} {
		r.sum.Checks[inv]++
	}
	for _, f := range CheckAnswer(a) {
		r.violate(f.Invariant, pl, line, f.Detail, resp)
	}
	r.checkWhoActs(ctx, pl, line, resp)
	return resp
}

// learn adds what each viewer may see now to what he has been shown.
func (r *Runner) learn(ctx context.Context) {
	p := r.g
	if p == nil || p.ids == nil {
		return
	}
	g := r.game(ctx)
	if g == nil {
		return
	}
	// Every state the orders went through since the last look, not only
	// the last: a batch or an /end until: passes several, and what they
	// showed may be told later (the log).
	if p.known != nil && len(g.Orders) > p.knownN {
		s := p.known
		for _, o := range g.Orders[p.knownN:] {
			n, _, err := game.Apply(s, o)
			if err != nil {
				break
			}
			r.learnState(n)
			s = n
		}
	}
	r.learnState(g.State)
	p.known, p.knownN = g.State, len(g.Orders)
}

func (r *Runner) learnState(s *game.State) {
	p := r.g
	for _, v := range []game.Viewer{game.GermanView, game.AlliedView, game.PublicView} {
		seen := p.seen[v]
		for id := range s.ViewFor(v).VisibleIDs() {
			seen[id] = true
		}
		if v != game.PublicView {
			for j := range s.Units {
				if c := s.Counter(j); c.Side() == units.Side(v) {
					seen[c.ID] = true
				}
			}
		}
	}
}

// checkWhoActs compares the last "▶" line of an answer with the engine's
// turn, step and side to act.
func (r *Runner) checkWhoActs(ctx context.Context, pl *player, line string, resp *commands.Response) {
	g := r.game(ctx)
	if g == nil || resp == nil {
		return
	}
	s := g.State
	var last string
	for _, m := range resp.Messages {
		if m.Target != "" {
			continue
		}
		for _, l := range strings.Split(m.Text, "\n") {
			if strings.HasPrefix(l, "▶ ") && !strings.HasPrefix(l, "▶ Next") && !strings.HasPrefix(l, "▶ 次") {
				last = l
			}
		}
	}
	if strings.HasPrefix(line, "/game status") && s.Step != game.GameOver && last == "" {
		r.sum.Checks[InvWhoActs]++
		r.violate(InvWhoActs, pl, line, "the status says nobody is to act", resp)
		return
	}
	if last == "" || s.Step == game.GameOver {
		return
	}
	r.sum.Checks[InvWhoActs]++
	turn := s.Turn.String()
	if pl.lang == i18n.JA {
		turn = s.Turn.Japanese()
	}
	for _, want := range []string{turn, s.Step.Name().In(pl.lang), s.ToMove().Name().In(pl.lang)} {
		if !strings.Contains(last, want) {
			r.violate(InvWhoActs, pl, line, fmt.Sprintf("the engine is at %s %s, %s to act; the answer says %q", s.Turn, s.Step, s.ToMove(), last), resp)
			return
		}
	}
}

// writeTranscript writes one line given and its answer: each message with
// where it goes, its text, its files' names and its buttons' commands.
func writeTranscript(w io.Writer, user, line string, resp *commands.Response) {
	fmt.Fprintf(w, "%s> %s\n", user, line)
	if resp == nil {
		return
	}
	for _, m := range resp.Messages {
		to := "public"
		if m.Ephemeral {
			to = "private"
		}
		if m.Target != "" {
			to += " to " + m.Target
		}
		fmt.Fprintf(w, "[%s]\n%s\n", to, m.Text)
		for _, f := range m.Files {
			fmt.Fprintf(w, "[file %s]\n", f.Name)
		}
		for _, b := range m.Buttons {
			fmt.Fprintf(w, "[button %s %s]\n", b.Label, b.Path)
		}
	}
}
