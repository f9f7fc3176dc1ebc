package games

import (
	"context"
	"strings"
	"testing"

	"rtrbot/actor"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// Nobody is seated unwilling, by any command: Bob, who plays the Germans,
// tries to add Dave beside him (/game join side: user:), to hand his seat
// to Dave (/game replace player:ME by:) and a neutral referee tries to
// give Alice's seat to Dave (/game replace): each is an offer only Dave
// takes, in his own name; Carol cannot take it for him, and it lapses at
// the end of its segment.
func TestCheatNobodySeatedUnwilling(t *testing.T) {
	ctx := context.Background()
	s := service(t) // Alice plays the Allies, Bob the Germans
	playSome(t, s, at)
	dave := actor.Actor{ID: "444", Name: "Dave", Lang: i18n.JA}
	mona := actor.Actor{ID: "901", Name: "Mona", Manager: true}
	seated := func(id string) (units.Side, bool) { return s.Peek(ctx, "C1").SideOf(id) }

	// 1. Bob adds Dave beside him: an offer, naming Dave, with the command he takes it by.
	err := s.Add(ctx, bob, at, "german", dave.ID, "Dave")
	if !isProposal(err) {
		t.Fatalf("Bob's adding of Dave is no offer: %v", err)
	}
	if _, ok := seated(dave.ID); ok {
		t.Fatal("Bob seated Dave beside him without Dave's consent")
	}
	pr := err.(*Proposal)
	if n := pr.Notice.In(i18n.JA); !strings.Contains(n, "<@444>") || !strings.Contains(n, "/game join side:german") {
		t.Errorf("the offer does not name Dave and how he takes it: %s", n)
	}
	// Carol cannot take the seat offered to Dave.
	if _, err := s.Join(ctx, carol, at, "german", t0, nil); err == nil {
		t.Fatal("Carol took the seat offered to Dave")
	}
	// Dave takes it, in his own name.
	if _, err := s.Join(ctx, dave, at, "german", t0, nil); err != nil {
		t.Fatalf("Dave's acceptance: %v", err)
	}
	if side, ok := seated(dave.ID); !ok || side != units.German {
		t.Fatal("Dave is not seated after accepting")
	}
	if g := s.Peek(ctx, "C1"); g.Meta[MetaJoinOffer+dave.ID] != "" {
		t.Error("the offer is not used up by its acceptance")
	}

	// 2. An offer lapses at the end of its segment.
	if err := s.Add(ctx, alice, at, "allied", "555", "Erin"); !isProposal(err) {
		t.Fatalf("Alice's adding of Erin is no offer: %v", err)
	}
	endSegment(t, s)
	erin := actor.Actor{ID: "555", Name: "Erin"}
	_, err = s.Join(ctx, erin, at, "allied", t0, nil)
	if err == nil || !strings.Contains(i18n.Message(err, i18n.EN), "no longer stands") {
		t.Fatalf("Erin took a lapsed offer: %v", err)
	}
	if _, ok := seated(erin.ID); ok {
		t.Fatal("Erin is seated by a lapsed offer")
	}

	// 3. A hand-off and a referee's seating: offers too.
	if _, err := s.Replace(ctx, bob, at, bob.ID, carol.ID, "Carol", t0, nil); !isProposal(err) {
		t.Fatalf("Bob's hand-off to Carol is no offer: %v", err)
	}
	if _, err := s.Replace(ctx, mona, at, alice.ID, carol.ID, "Carol", t0, nil); !isProposal(err) {
		t.Fatalf("the referee's seating of Carol is no offer: %v", err)
	}
	if _, ok := seated(carol.ID); ok {
		t.Fatal("Carol is seated without her consent")
	}
}

// The computer is never added to a side by /game join user:, under any
// of its names, and never by a seat change: it takes a side only when a
// game is made against it or by the takeover agreement.
func TestCheatComputerNotAddedByJoin(t *testing.T) {
	ctx := context.Background()
	s := service(t)
	for _, name := range []string{"bot:heuristic", BotPrefix + "random", "rtrbot", "console:rtrbot", "RTRBOT (heuristic)"} {
		err := s.Add(ctx, alice, at, "allied", name, name)
		if err == nil || isProposal(err) {
			t.Fatalf("Alice's adding of %q is not refused: %v", name, err)
		}
		if en, ja := i18n.Message(err, i18n.EN), i18n.Message(err, i18n.JA); !strings.Contains(en, "/game new vs:bot") || !strings.Contains(ja, "/game new vs:bot") {
			t.Errorf("the refusal of %q does not say what would be right: %s / %s", name, en, ja)
		}
		if _, err := s.Replace(ctx, alice, at, alice.ID, name, "", t0, nil); err == nil || isProposal(err) {
			t.Errorf("Alice's hand-off to %q is not refused: %v", name, err)
		}
	}
	g := s.Peek(ctx, "C1")
	if len(g.Players) != 2 {
		t.Errorf("the seats changed: %+v", g.Players)
	}
	for k := range g.Meta {
		if strings.HasPrefix(k, MetaJoinOffer) || strings.HasPrefix(k, MetaOffer) {
			t.Errorf("an offer to the computer is stored: %s", k)
		}
	}
}

// Each seat offer pings the person it names: one person makes at most
// MaxProposals of them a segment, hand-offs, a referee's seatings and
// second seats alike; past that he is refused, nothing is stored, and the
// next segment he may offer again.
func TestCheatSeatOffersCapped(t *testing.T) {
	ctx := context.Background()
	s := service(t) // Alice plays the Allies, Bob the Germans
	playSome(t, s, at)
	ids := []string{"501", "502", "503", "504"}
	for i, id := range ids[:MaxProposals-1] {
		if _, err := s.Replace(ctx, alice, at, alice.ID, id, "", t0, nil); !isProposal(err) {
			t.Fatalf("Alice's hand-off %d: %v", i+1, err)
		}
	}
	if err := s.Add(ctx, alice, at, "allied", ids[MaxProposals-1], ""); !isProposal(err) {
		t.Fatalf("Alice's offer of a second seat: %v", err)
	}
	_, err := s.Replace(ctx, alice, at, alice.ID, "509", "", t0, nil)
	if err == nil || isProposal(err) || !strings.Contains(i18n.Message(err, i18n.EN), "the most one person may") || !strings.Contains(i18n.Message(err, i18n.JA), "上限") {
		t.Fatalf("Alice's offer past the cap: %v", err)
	}
	if err := s.Add(ctx, alice, at, "allied", "510", ""); err == nil || isProposal(err) {
		t.Fatalf("Alice's second-seat offer past the cap: %v", err)
	}
	g := s.Peek(ctx, "C1")
	if g.Meta[MetaOffer+"509"] != "" || g.Meta[MetaJoinOffer+"510"] != "" {
		t.Error("an offer past the cap was stored")
	}
	// Bob's count is his own.
	if _, err := s.Replace(ctx, bob, at, bob.ID, "601", "", t0, nil); !isProposal(err) {
		t.Fatalf("Bob's hand-off: %v", err)
	}
	endSegment(t, s)
	if _, err := s.Replace(ctx, alice, at, alice.ID, "509", "", t0, nil); !isProposal(err) {
		t.Fatalf("Alice's hand-off in the next segment: %v", err)
	}
}
