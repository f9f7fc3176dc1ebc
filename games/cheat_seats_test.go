package games

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"rtrbot/actor"
	"rtrbot/engine/units"
)

// Seats in the cheat suite: whoever leaves a side leaves its private
// thread, and a seat is taken once however many ask for it at the same
// moment (seats.go). The same cases through Discord: discord/seats_test.go.

// memberThreads is a chat's threads as Threads sees them: who is a member
// of which, how many were opened, and the last seat change told.
type memberThreads struct {
	mu      sync.Mutex
	opened  int
	members map[string][]string
	last    string // "user side" of the last Seated
}

func newMemberThreads() *memberThreads { return &memberThreads{members: map[string][]string{}} }

func (m *memberThreads) Open(ctx context.Context, parent string, id int64, side units.Side, user string) (string, error) {
	time.Sleep(10 * time.Millisecond) // the chat's round trip, game unlocked
	m.mu.Lock()
	defer m.mu.Unlock()
	m.opened++
	th := fmt.Sprintf("T%d-%s", m.opened, side)
	m.members[th] = []string{user}
	return th, nil
}

func (m *memberThreads) Enter(ctx context.Context, thread, user string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if !slices.Contains(m.members[thread], user) {
		m.members[thread] = append(m.members[thread], user)
	}
	return nil
}

func (m *memberThreads) Leave(ctx context.Context, thread, user string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.members[thread] = slices.DeleteFunc(m.members[thread], func(u string) bool { return u == user })
	return nil
}

func (m *memberThreads) Seated(ctx context.Context, g *Game, user string, side units.Side, _ bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.last = user + " " + side.String()
}

// threadsOf are the threads user is a member of, sorted.
func (m *memberThreads) threadsOf(user string) []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []string
	for th, us := range m.members {
		if slices.Contains(us, user) {
			out = append(out, th)
		}
	}
	slices.Sort(out)
	return out
}

// emptyGame is a standard game in C1 created by Alice (its referee) with
// nobody seated.
func emptyGame(t *testing.T) *Service {
	t.Helper()
	s, _, _ := freshTable(t)
	mustNewGame(t, s, alice, at, NewGame{Scenario: "standard", Seed: 7, SeedGiven: true})
	return s
}

// Bob joins the Allies, switches to the Germans before the first order,
// Carol takes the Allied seat: Bob is out of the Allied thread.
func TestCheatSeatSwitchKeepsTheOtherThread(t *testing.T) {
	s, th := emptyGame(t), newMemberThreads()
	ctx := context.Background()
	for _, j := range []struct {
		a    actor.Actor
		side string
	}{{bob, "allied"}, {bob, "german"}, {carol, "allied"}} {
		if _, err := s.Join(ctx, j.a, at, j.side, t0, th); err != nil {
			t.Fatalf("%s joining %s: %v", j.a.Name, j.side, err)
		}
	}
	g := s.Peek(context.Background(), "C1")
	allied, german := g.Thread(units.Allied), g.Thread(units.German)
	if got := th.threadsOf(bob.ID); !slices.Equal(got, []string{german}) {
		t.Errorf("Bob, a German player, is a member of %v; want the German thread %s alone", got, german)
	}
	if got := th.threadsOf(carol.ID); !slices.Equal(got, []string{allied}) {
		t.Errorf("Carol, the Allied player, is a member of %v; want %s", got, allied)
	}
	if th.opened != 2 {
		t.Errorf("%d threads opened, want one per side", th.opened)
	}
}

// A neutral referee gives Bob's Allied seat to Dave, who accepts it: Bob
// leaves the Allied thread, Dave enters it.
func TestCheatSeatReplacedLeavesTheThread(t *testing.T) {
	s, th := emptyGame(t), newMemberThreads()
	ctx := context.Background()
	if _, err := s.Join(ctx, bob, at, "allied", t0, th); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Join(ctx, carol, at, "german", t0, th); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Replace(ctx, alice, at, "Bob", "444", "Dave", t0, th); !isProposal(err) {
		t.Fatalf("a referee's seating of Dave is no offer: %v", err)
	}
	dave := actor.Actor{ID: "444", Name: "Dave"}
	if _, err := s.Replace(ctx, dave, at, bob.ID, "444", "", t0, th); err != nil {
		t.Fatal(err)
	}
	allied := s.Peek(context.Background(), "C1").Thread(units.Allied)
	if got := th.threadsOf(bob.ID); len(got) != 0 {
		t.Errorf("Bob, replaced, is still a member of %v", got)
	}
	if got := th.threadsOf("444"); !slices.Equal(got, []string{allied}) {
		t.Errorf("Dave, the new Allied player, is a member of %v; want %s", got, allied)
	}
	if th.last != "444 allied" {
		t.Errorf("the last seat change told: %q", th.last)
	}
}

// Eight users ask for one empty seat at the same moment: one is seated,
// one thread is opened.
func TestCheatSeatSimultaneousJoins(t *testing.T) {
	s, th := emptyGame(t), newMemberThreads()
	ctx := context.Background()
	var wg sync.WaitGroup
	start := make(chan struct{})
	errs := make([]error, 8)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			a := actor.Actor{ID: fmt.Sprint(900 + i), Name: fmt.Sprintf("U%d", i)}
			_, errs[i] = s.Join(ctx, a, at, "german", t0, th)
		}()
	}
	close(start)
	wg.Wait()
	seated := 0
	for _, err := range errs {
		if err == nil {
			seated++
		}
	}
	if g := s.Peek(context.Background(), "C1"); seated != 1 || len(g.PlayersOf(units.German)) != 1 || th.opened != 1 {
		t.Errorf("%d joins succeeded, %d German players, %d threads opened; want 1 each", seated, len(g.PlayersOf(units.German)), th.opened)
	}
}

// Bob asks for both sides at the same moment: he ends on one side, a
// member of its thread only, and the last change told names that side.
func TestCheatSeatBothSidesAtOnce(t *testing.T) {
	for round := 0; round < 5; round++ {
		s, th := emptyGame(t), newMemberThreads()
		ctx := context.Background()
		var wg sync.WaitGroup
		start := make(chan struct{})
		for _, side := range []string{"german", "allied"} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				s.Join(ctx, bob, at, side, t0, th)
			}()
		}
		close(start)
		wg.Wait()
		g := s.Peek(context.Background(), "C1")
		side, ok := g.SideOf(bob.ID)
		if !ok {
			t.Fatal("Bob plays no side")
		}
		if got := th.threadsOf(bob.ID); !slices.Equal(got, []string{g.Thread(side)}) {
			t.Fatalf("Bob plays %s and is a member of %v", side, got)
		}
		if th.last != bob.ID+" "+side.String() {
			t.Fatalf("Bob plays %s; the last change told: %q", side, th.last)
		}
	}
}
