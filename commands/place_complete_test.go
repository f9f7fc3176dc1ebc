package commands

import (
	"context"
	"testing"

	"rtrbot/actor"
	"rtrbot/engine/game"
	"rtrbot/engine/hex"
	"rtrbot/i18n"
)

// During setup, /place hex: offers the chosen unit's legal setup hexes,
// and every one offered is accepted.
func TestPlaceOffersLegalHexes(t *testing.T) {
	b := gameBot(t)
	say(t, b, "/game new scenario:standard seed:2")
	g := peek(b, "c1")
	var id string
	for _, c := range g.State.Actors() {
		id = c.ID
		break
	}
	if id == "" {
		t.Fatal("no unit to place")
	}
	req := &Request{Path: "place", Options: map[string]string{"unit": id, "hex": ""}, Guild: "console", Channel: "c1", Lang: i18n.EN,
		User: actor.Actor{ID: "u", Name: "u"}}
	choices := b.Router.Complete(context.Background(), req, "hex")
	if len(choices) == 0 {
		t.Fatalf("no hex offered to place %s", id)
	}
	for _, c := range choices {
		o := game.Place(id, hex.MustParse(c.Value)).By(g.State.ToMove())
		if err := game.Check(g.State, o); err != nil {
			t.Errorf("%s offered for %s, but refused: %v", c.Value, id, err)
		}
	}
	req.Options["unit"] = "NOPE"
	if c := b.Router.Complete(context.Background(), req, "hex"); len(c) != 0 {
		t.Errorf("hexes offered for an unknown unit: %v", c)
	}
}
