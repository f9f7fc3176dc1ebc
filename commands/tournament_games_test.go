package commands

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"rtrbot/actor"
	"rtrbot/engine/game"
	"rtrbot/engine/units"
	"rtrbot/games"
	"rtrbot/i18n"
	"rtrbot/tournament"
)

// fakeChat opens numbered threads and keeps what is posted.
type fakeChat struct {
	mu      sync.Mutex
	threads []string // "parent name private members"
	posts   []Message
}

func (f *fakeChat) CreateThread(ctx context.Context, parent, name string, private bool, members []string) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.threads = append(f.threads, fmt.Sprintf("%s|%s|%v|%s", parent, name, private, strings.Join(members, ",")))
	return fmt.Sprintf("TH%d", len(f.threads)), nil
}

func (f *fakeChat) Post(ctx context.Context, channel string, m Message) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	m.Target = channel
	f.posts = append(f.posts, m)
	return nil
}

func chatAct(b *Bot, clock *fixedClock, chat Chat, who actor.Actor, ch, line string) *Response {
	path, opts := readLine(b.Router, line)
	return b.Router.Run(context.Background(), &Request{Path: path, Options: opts, Guild: "G1", Channel: ch, Lang: i18n.EN, User: who, Now: clock.Now(), Chat: chat})
}

// Each table of a tournament played with the bot opens its game in a
// thread of its own with both players seated on the sides the pairing
// gave; when the game ends (here a resignation) its result goes to the
// table by itself, and the round can be closed.
func TestTournamentTablesOpenBotGames(t *testing.T) {
	b, clock := newStoredBot(t)
	chat := &fakeChat{}
	org := actor.Actor{ID: "900", Name: "Org"}
	ps := []actor.Actor{{ID: "901", Name: "Ann"}, {ID: "902", Name: "Ben"}, {ID: "903", Name: "Cat"}, {ID: "904", Name: "Dan"}}
	do := func(u actor.Actor, ch, line string) *Response { return chatAct(b, clock, chat, u, ch, line) }
	expect(t, txt(do(org, "C1", "/tournament new name:Bots format:swiss rounds:2 scenario:standard options:18.1(10)")), "Bots")
	for _, p := range ps {
		do(p, "C1", "/tournament join name:Bots")
	}
	start := do(org, "C1", "/tournament start name:Bots")
	tr, err := b.tournamentService().Get(context.Background(), "G1", "Bots")
	if err != nil {
		t.Fatal(err)
	}
	var threads []string
	for _, g := range tr.Current().Games {
		if g.GameID == 0 || g.Thread == "" {
			t.Fatalf("table %d has no bot game:\n%s", g.Table, txt(start))
		}
		bg := b.games.Peek(context.Background(), g.Thread)
		if bg == nil || bg.ID != g.GameID {
			t.Fatalf("table %d: no game #%d in %s", g.Table, g.GameID, g.Thread)
		}
		if s, ok := bg.SideOf(g.German); !ok || s != units.German {
			t.Errorf("table %d: %s is not seated German", g.Table, g.German)
		}
		if s, ok := bg.SideOf(g.Allied); !ok || s != units.Allied {
			t.Errorf("table %d: %s is not seated Allied", g.Table, g.Allied)
		}
		if strings.Join(bg.Options, " ") != "18.1(10)" {
			t.Errorf("table %d: options %v", g.Table, bg.Options)
		}
		threads = append(threads, g.Thread)
		found := false
		for _, m := range start.Messages {
			found = found || (m.Target == g.Thread && strings.Contains(m.Text, "German side"))
		}
		if !found {
			t.Errorf("no announcement in table %d's thread", g.Table)
		}
	}
	// A tournament game is not rated by hand, nor before its end.
	expect(t, txt(do(ps[0], threads[0], "/ladder rate:true")), "not over")
	// Table 1: the Allied player resigns in the game's thread.
	t1 := tr.Current().Games[0]
	allied := actor.Actor{ID: t1.Allied, Name: tr.Player(t1.Allied).Name}
	res := do(allied, t1.Thread, "/game resign confirm:true")
	expect(t, txt(res), "result is recorded")
	tr, _ = b.tournamentService().Get(context.Background(), "G1", "Bots")
	if r := tr.Current().Games[0].Result; r == nil || r.Winner != tournament.German || r.Level != tournament.Decisive {
		t.Fatalf("table 1 after the Allied resignation: %+v", r)
	}
	// Table 2: the game ends by the VP (here its state is taken to the
	// end): a strategic Allied victory by 120 VP.
	t2 := tr.Current().Games[1]
	g2 := b.games.Peek(context.Background(), t2.Thread)
	end := *g2.State
	end.Step = game.GameOver
	end.VP = [2]int{30, 150}
	g2.State = &end
	msgs := b.recordEnded(context.Background(), g2, nil)
	if len(msgs) == 0 {
		t.Fatal("the end of table 2's game was not recorded")
	}
	if again := b.recordEnded(context.Background(), g2, nil); len(again) != 0 {
		t.Errorf("the same end recorded twice: %v", again)
	}
	tr, _ = b.tournamentService().Get(context.Background(), "G1", "Bots")
	if r := tr.Current().Games[1].Result; r == nil || r.Winner != tournament.Allied || r.Level != tournament.Strategic || r.Margin != 120 {
		t.Fatalf("table 2: %+v", r)
	}
	// The round closes with no report by hand; round 2 opens its games.
	next := do(org, "C1", "/tournament next name:Bots")
	expect(t, txt(next), "standings after round 1")
	tr, _ = b.tournamentService().Get(context.Background(), "G1", "Bots")
	for _, g := range tr.Current().Games {
		if g.GameID == 0 {
			t.Errorf("round 2 table %d has no game", g.Table)
		}
	}
	if len(threads) != 2 {
		t.Errorf("threads: %v", threads)
	}
}

// A bid's VP go to the other side of the final count (BidVP > 0: to the
// Allied side): a German lead of 60 VP (a marginal victory, 15.1) is 40
// after 20 VP to the Allies, a draw; 110 after 50 VP to the Germans, a
// strategic victory.
func TestTournamentBidAdjustsTheResult(t *testing.T) {
	st := &game.State{Step: game.GameOver, VP: [2]int{100, 40}}
	for _, c := range []struct {
		bid   int
		w, lv string
		m     int
	}{{0, tournament.German, tournament.Marginal, 60}, {20, tournament.Draw, "", 40}, {-50, tournament.German, tournament.Strategic, 110}} {
		w, lv, m := gameResult(&games.Game{State: st}, &tournament.Game{BidVP: c.bid})
		if w != c.w || lv != c.lv || m != c.m {
			t.Errorf("bid %d: %s %s %d, want %s %s %d", c.bid, w, lv, m, c.w, c.lv, c.m)
		}
	}
}

// The round clock: a reminder once when a quarter of the round is left,
// the forfeit rule when the deadline passes, both in the tournament's
// channel, driven by the test's clock through Bot.Tick.
func TestTournamentRoundClock(t *testing.T) {
	b, clock := newStoredBot(t)
	org := actor.Actor{ID: "900", Name: "Org"}
	ps := []actor.Actor{{ID: "901", Name: "Ann"}, {ID: "902", Name: "Ben"}, {ID: "903", Name: "Cat"}, {ID: "904", Name: "Dan"}}
	do := func(u actor.Actor, line string) *Response { return act(t, b, clock, u, "C1", line) }
	do(org, "/tournament new name:Clock format:swiss rounds:2 scenario:standard deadline:48 play:table")
	for _, p := range ps {
		do(p, "/tournament join name:Clock")
	}
	do(org, "/tournament start name:Clock")
	tr, _ := b.tournamentService().Get(context.Background(), "G1", "Clock")
	t1, t2 := tr.Current().Games[0], tr.Current().Games[1]
	// table 1 reported but not confirmed; table 2 nothing
	do(actor.Actor{ID: t1.German, Name: tr.Player(t1.German).Name}, "/tournament report name:Clock table:1 result:german level:marginal margin:60")
	ctx := context.Background()
	if m := b.Tick(ctx, clock.t.Add(30*time.Hour), nil); len(m) != 0 {
		t.Fatalf("a reminder 18 hours before a 48-hour round's end (a quarter is 12): %v", m)
	}
	m := b.Tick(ctx, clock.t.Add(37*time.Hour), nil)
	if len(m) != 1 || m[0].Target != "C1" || !strings.Contains(m[0].Text, "⏰") || !strings.Contains(m[0].Text, "<@"+t2.German+">") {
		t.Fatalf("reminder: %+v", m)
	}
	if m := b.Tick(ctx, clock.t.Add(40*time.Hour), nil); len(m) != 0 {
		t.Fatalf("a second reminder: %v", m)
	}
	m = b.Tick(ctx, clock.t.Add(48*time.Hour), nil)
	if len(m) != 1 || !strings.Contains(m[0].Text, "double forfeit") || !strings.Contains(m[0].Text, "reported result stands") {
		t.Fatalf("forfeit: %+v", m)
	}
	if m := b.Tick(ctx, clock.t.Add(49*time.Hour), nil); len(m) != 0 {
		t.Fatalf("the forfeit rule applied twice: %v", m)
	}
	tr, _ = b.tournamentService().Get(ctx, "G1", "Clock")
	if r := tr.Current().Games[0].Result; r == nil || r.Winner != tournament.German || r.Margin != 60 {
		t.Errorf("table 1: %+v", r)
	}
	if r := tr.Current().Games[1].Result; r == nil || !r.Double {
		t.Errorf("table 2: %+v", r)
	}
	clock.t = clock.t.Add(49 * time.Hour)
	expect(t, txt(do(org, "/tournament next name:Clock")), "standings after round 1")
}

// A restart mid-round loses nothing: the tables' bot games and the
// reported results are in the database; a game that ends after the
// restart still gives its result to its table.
func TestTournamentRestartMidRound(t *testing.T) {
	clock := newClock()
	path := t.TempDir() + "/r.db"
	b := storedBot(t, path, clock)
	chat := &fakeChat{}
	org := actor.Actor{ID: "900", Name: "Org"}
	ps := []actor.Actor{{ID: "901", Name: "Ann"}, {ID: "902", Name: "Ben"}, {ID: "903", Name: "Cat"}, {ID: "904", Name: "Dan"}, {ID: "905", Name: "Eve"}}
	chatAct(b, clock, chat, org, "C1", "/tournament new name:Re format:swiss rounds:3 scenario:standard")
	for _, p := range ps {
		chatAct(b, clock, chat, p, "C1", "/tournament join name:Re")
	}
	chatAct(b, clock, chat, org, "C1", "/tournament start name:Re")
	before, err := b.tournamentService().Get(context.Background(), "G1", "Re")
	if err != nil {
		t.Fatal(err)
	}
	t1, t2 := before.Current().Games[0], before.Current().Games[1]
	// table 2's players met at a table after all: a player's report of a
	// bot game in play is refused, and the organiser decides the table
	expect(t, txt(chatAct(b, clock, chat, actor.Actor{ID: t2.German, Name: "x"}, "C1", "/tournament report name:Re table:2 result:draw")), "ask the organiser")
	chatAct(b, clock, chat, org, "C1", "/tournament report name:Re table:2 result:draw")
	before, _ = b.tournamentService().Get(context.Background(), "G1", "Re")

	b2 := storedBot(t, path, clock) // the bot starts again over the same file
	after, err := b2.tournamentService().Get(context.Background(), "G1", "Re")
	if err != nil {
		t.Fatal(err)
	}
	x, _ := json.Marshal(before)
	y, _ := json.Marshal(after)
	if string(x) != string(y) {
		t.Fatalf("the tournament changed over the restart:\n%s\n%s", x, y)
	}
	if g := after.Current().Games[1]; g.Result == nil || g.Result.Winner != tournament.Draw {
		t.Fatalf("table 2's result lost: %+v", g)
	}
	// table 1's German player resigns after the restart
	res := chatAct(b2, clock, chat, actor.Actor{ID: t1.German, Name: "z"}, t1.Thread, "/game resign confirm:true")
	expect(t, txt(res), "result is recorded")
	after, _ = b2.tournamentService().Get(context.Background(), "G1", "Re")
	if r := after.Current().Games[0].Result; r == nil || r.Winner != tournament.Allied {
		t.Fatalf("table 1 after the restart: %+v", r)
	}
	expect(t, txt(chatAct(b2, clock, chat, org, "C1", "/tournament next name:Re")), "standings after round 1")
}

// Sides by bid: the table's game waits for both secret bids; the same
// side wanted goes to the higher bid, whose VP go to the other side
// (BidVP −12: to the Germans), and the game opens with the players seated
// so; a bid stays private until both are in.
func TestTournamentBidOpensTheGame(t *testing.T) {
	b, clock := newStoredBot(t)
	chat := &fakeChat{}
	org := actor.Actor{ID: "900", Name: "Org"}
	ann, ben := actor.Actor{ID: "901", Name: "Ann"}, actor.Actor{ID: "902", Name: "Ben"}
	do := func(u actor.Actor, line string) *Response { return chatAct(b, clock, chat, u, "C1", line) }
	do(org, "/tournament new name:Bid format:swiss rounds:1 scenario:standard sides:bid")
	do(ann, "/tournament join name:Bid")
	do(ben, "/tournament join name:Bid")
	expect(t, txt(do(org, "/tournament start name:Bid")), "/tournament bid")
	tr, _ := b.tournamentService().Get(context.Background(), "G1", "Bid")
	if g := tr.Current().Games[0]; g.GameID != 0 {
		t.Fatal("the game opened before the bids")
	}
	r := do(ann, "/tournament bid name:Bid table:1 side:allied vp:12")
	if len(r.Messages) == 0 || !r.Messages[0].Ephemeral || !strings.Contains(r.Messages[0].Text, "stays secret") {
		t.Fatalf("the first bid: %+v", r)
	}
	do(ben, "/tournament bid name:Bid table:1 side:allied vp:5")
	tr, _ = b.tournamentService().Get(context.Background(), "G1", "Bid")
	g := tr.Current().Games[0]
	if g.Allied != ann.ID || g.German != ben.ID || g.BidVP != -12 || g.GameID == 0 {
		t.Fatalf("after the bids: %+v", g)
	}
	bg := b.games.Peek(context.Background(), g.Thread)
	if s, ok := bg.SideOf(ann.ID); !ok || s != units.Allied {
		t.Errorf("Ann is not seated Allied")
	}
}

// A game that came in by /game import is never rated: its moves are
// whatever its file held, which anyone may write (a finished game's file
// cut short and given new players would otherwise make a rating without
// a game). The refusal is private and says why; a restart keeps the mark.
func TestLadderRefusesAnImportedGame(t *testing.T) {
	clock := newClock()
	path := filepath.Join(t.TempDir(), "i.db")
	b := storedBot(t, path, clock)
	expect(t, txt(act(t, b, clock, alice, "C1", "/game new scenario:standard")), "Game #1")
	data, err := dbOf(b).Export(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	req := &Request{Path: "game import", Options: map[string]string{}, Files: map[string][]byte{"attachment": data},
		Guild: "G1", Channel: "C2", User: bob, Lang: i18n.EN, Now: clock.Now()}
	expect(t, txt(b.Router.Run(context.Background(), req)), "#2")
	if g := peek(b, "C2"); g == nil || !g.Imported() {
		t.Fatalf("no imported game in C2: %+v", g)
	}
	b2 := storedBot(t, path, clock) // the mark is stored with the game
	r := act(t, b2, clock, bob, "C2", "/ladder rate:true")
	expect(t, txt(r), "never rated")
	if len(r.Messages) == 0 || !r.Messages[0].Ephemeral {
		t.Errorf("the refusal is not private: %+v", r)
	}
}
