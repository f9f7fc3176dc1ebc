package commands

import (
	"bytes"
	"testing"

	"rtrbot/engine/units"
	"rtrbot/i18n"
	"rtrbot/render"
	"rtrbot/render/fromgame"
)

// The maps of a segment's end are drawn from the report's views; they are
// the very pictures the state would give for each viewer (fromgame.For),
// byte for byte.
func TestSegmentMapsFromViews(t *testing.T) {
	b, clock := openedGame(t)
	b.noMaps = false
	g := peek(b, "C1")
	p := g.SegmentEnded(clock.t)
	r, err := b.pics.renderer(b.Map, i18n.EN, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		viewer render.Viewer
		got    []byte
	}{
		{"public", render.Public, b.draw(i18n.EN, p.Scenario, p.After, p.Counters, p.Public, nil)},
		{"German", render.GermanView, b.draw(i18n.EN, p.Scenario, p.Sides[units.German], p.Counters, p.Public, nil)},
		{"Allied", render.AlliedView, b.draw(i18n.EN, p.Scenario, p.Sides[units.Allied], p.Counters, p.Public, nil)},
	} {
		sit := fromgame.For(g.State, p.Public, c.viewer)
		fromgame.WithScenario(&sit, g.State.Rules().Scenario)
		want, err := r.DrawSituation(&sit, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(c.got) == 0 || !bytes.Equal(c.got, want) {
			t.Errorf("the %s map from the report's view (%d bytes) is not the state's (%d bytes)", c.name, len(c.got), len(want))
		}
	}
	if bytes.Equal(b.draw(i18n.EN, p.Scenario, p.After, p.Counters, nil, nil), b.draw(i18n.EN, p.Scenario, p.Sides[units.German], p.Counters, nil, nil)) {
		t.Error("the public and the German maps are the same picture: the check cannot tell views apart")
	}
}
