package games

import (
	"bytes"
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"rtrbot/actor"
	"rtrbot/db"
	"rtrbot/db/enginereplay"
	"rtrbot/engine/game"
	"rtrbot/engine/units"
)

// playSome gives the orders of a seated game in C1 (Alice the Allies, Bob
// the Germans) through its setup and event phase, until a die is rolled.
func playSome(t *testing.T, s *Service, w Where) {
	t.Helper()
	ctx := context.Background()
	for i := 0; i < 30 && s.Peek(context.Background(), w.Channel).State.Dice.Rolls == 0; i++ {
		g := s.Peek(context.Background(), w.Channel)
		who := alice
		if g.State.ToMove() == units.German {
			who = bob
		}
		var err error
		for _, v := range []game.Verb{game.VerbAutoSetup, game.VerbAutoReinforce, game.VerbEnd} {
			if v == game.VerbAutoSetup && (g.State.Step != game.SetupStep || g.Started(g.State.ToMove())) {
				continue
			}
			if _, err = s.Orders(ctx, who, w, t0, []Pending{{Order: game.Order{Verb: v}}}, false); err == nil {
				break
			}
		}
		if err != nil {
			t.Fatalf("no order goes at %s %s: %v", g.State.Turn, g.State.Step, err)
		}
	}
	if s.Peek(context.Background(), w.Channel).State.Dice.Rolls == 0 {
		t.Fatal("no die rolled")
	}
}

// abandonedFile is a game Alice and Bob played in C1 until a die was
// rolled, then abandoned: its store, dice key and the file exported
// before the abandon, which the import tests bring back elsewhere.
func abandonedFile(t *testing.T) (*Service, *db.Store, []byte, []byte) {
	t.Helper()
	s, st, _ := freshTable(t)
	ctx := context.Background()
	g := mustNewGame(t, s, alice, at, NewGame{Scenario: "standard"})
	seat(t, s)
	playSome(t, s, at)
	file, err := st.Export(ctx, g.Game.ID)
	if err != nil {
		t.Fatal(err)
	}
	// abandoned by a referee who plays neither side (Alice's abandon,
	// past the setup against Bob, would resign her side)
	neutral := carol
	neutral.Manager = true
	if _, err := s.Abandon(ctx, neutral, at); err != nil {
		t.Fatal(err)
	}
	return s, st, g.Game.Key, file
}

// withdrawable reads the unit a refused end names for the Russian Front.
var withdrawable = regexp.MustCompile(`/withdraw unit:(\S+)`)

// A file a person held never decides a die again, and seats nobody: the
// documented move of a game (export, abandon, import elsewhere) goes on
// with a new secret key from the next roll, announced by its commitment;
// the file's key (which the abandoned copy's file gives anyone) predicts
// nothing after the import; the players the file names are not seated,
// and confirm their own seats; the game replays exactly from storage,
// and moves again through its own file.
func TestCheatImportLaundersTheDiceKey(t *testing.T) {
	s, st, fileKey, file := abandonedFile(t)
	ctx := context.Background()
	to := Where{Guild: "G1", Channel: "C2"}
	g2, err := s.Import(ctx, carol, to, t0, func() ([]byte, error) { return file, nil })
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(g2.State.Key(), fileKey) || g2.State.Commitment() == game.CommitKey(fileKey) || len(g2.State.Key()) != game.SecretSize {
		t.Fatal("the imported game goes on with the file's key")
	}
	if g2.Practice() {
		t.Error("a game with a secret key became a practice game")
	}
	if len(g2.Players) != 0 || g2.HotSeat() {
		t.Fatalf("the file seated %+v (hot seat %v)", g2.Players, g2.HotSeat())
	}
	// Somebody the file does not name takes no seat; the named confirm.
	if _, err := s.Join(ctx, carol, to, "allied", t0, nil); err == nil {
		t.Error("a user the file does not name took its started side")
	}
	for _, j := range []struct {
		a    actor.Actor
		side string
	}{{alice, "allied"}, {bob, "german"}} {
		if _, err := s.Join(ctx, j.a, to, j.side, t0, nil); err != nil {
			t.Fatalf("%s confirming the seat the file proposes: %v", j.a.Name, err)
		}
	}
	rolled := g2.State.Dice.Rolls
	for i := 0; i < 60 && s.Peek(context.Background(), "C2").State.Dice.Rolls == rolled; i++ {
		cur := s.Peek(context.Background(), "C2")
		who := alice
		if cur.State.ToMove() == units.German {
			who = bob
		}
		if _, endErr := s.Orders(ctx, who, to, t0, endStep, false); endErr != nil {
			// the Russian Front may demand a unit first (11.7): the refusal
			// names one that could go
			if m := withdrawable.FindStringSubmatch(endErr.Error()); m != nil {
				if _, err := s.Orders(ctx, who, to, t0, []Pending{{Order: game.Withdraw(m[1])}}, false); err == nil {
					continue
				}
			}
			if _, err := s.Orders(ctx, who, to, t0, []Pending{{Order: game.AutoReinforce()}}, false); err != nil {
				t.Fatalf("at %s %s: %v (end: %v)", cur.State.Turn, cur.State.Step, err, endErr)
			}
		}
	}
	after := s.Peek(context.Background(), "C2")
	k := rolled + 1
	if after.State.Dice.Rolls < k {
		t.Fatal("no die rolled after the import")
	}
	evs, err := st.Events(ctx, after.ID, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	var rekey, roll string
	for _, so := range g2.Seg {
		for _, e := range so.Events {
			if e.Kind == game.EvRekey {
				rekey = e.Text.EN
			}
		}
	}
	for _, e := range evs {
		if e.Kind == string(game.EvRoll) && strings.Contains(e.Text, " roll-"+itoa(k)+" ") {
			roll = e.Text
		}
	}
	if !strings.Contains(rekey, g2.State.Commitment()) || !strings.Contains(rekey, "from roll #"+itoa(k)) {
		t.Errorf("the new key is not announced from roll #%d: %q", k, rekey)
	}
	if want := " n=" + itoa(game.DieRollKey(g2.State.Key(), k)); !strings.HasSuffix(roll, want) {
		t.Errorf("roll #%d %q: the new key gives%s", k, roll, want)
	}
	// Exact replay: from the start, and after a restart.
	if _, err := st.Verify(ctx, after.ID, enginereplay.Replayer{Map: s.m}); err != nil {
		t.Fatalf("the imported game does not replay: %v", err)
	}
	back, err := New(Config{Map: s.m, Store: SQLStore(st)}).Status(ctx, alice, to)
	if err != nil || back.State.Hash() != after.State.Hash() {
		t.Fatalf("after a restart: %v", err)
	}
	// Moved again through its own file: one more new key.
	file2, err := st.Export(ctx, after.ID)
	if err != nil {
		t.Fatal(err)
	}
	g3, err := s.Import(ctx, carol, Where{Guild: "G1", Channel: "C3"}, t0, func() ([]byte, error) { return file2, nil })
	if err != nil {
		t.Fatalf("a moved game moves again: %v", err)
	}
	if bytes.Equal(g3.State.Key(), after.State.Key()) || g3.State.Dice.Rolls != after.State.Dice.Rolls {
		t.Error("the second import kept the key")
	}
}

// A practice game stays one through its file: marked, never rated, its
// public seed going on (nothing secret to protect).
func TestCheatPracticeGameStaysPracticeThroughAFile(t *testing.T) {
	s, st, _ := freshTable(t)
	ctx := context.Background()
	g := mustNewGame(t, s, alice, at, NewGame{Scenario: "standard", Seed: 42, SeedGiven: true})
	file, err := st.Export(ctx, g.Game.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Abandon(ctx, alice, at); err != nil {
		t.Fatal(err)
	}
	g2, err := s.Import(ctx, alice, at, t0, func() ([]byte, error) { return file, nil })
	if err != nil {
		t.Fatal(err)
	}
	if !g2.Practice() || g2.PracticeSeed() != "42" {
		t.Errorf("imported: practice %v, seed %q", g2.Practice(), g2.PracticeSeed())
	}
	back, err := New(Config{Map: s.m, Store: SQLStore(st)}).Status(ctx, alice, at)
	if err != nil || !back.Practice() {
		t.Errorf("after a restart the practice mark is gone: %v", err)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
