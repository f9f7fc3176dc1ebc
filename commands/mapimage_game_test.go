package commands

import (
	"bytes"
	"context"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rtrbot/actor"
	"rtrbot/engine/board"
	"rtrbot/engine/game"
	"rtrbot/engine/units"
	"rtrbot/i18n"
	"rtrbot/render"
	"rtrbot/render/fromgame"
)

// mapGameBot is a bot over the real map with a game set up in channel "c"
// (default setup of both sides, 17.1), played to the first movement
// segment.
func mapGameBot(t testing.TB) *Bot {
	t.Helper()
	b := New(Deps{Map: mapBot(t).Map})
	run := func(path string, opts map[string]string) *Response {
		if opts == nil {
			opts = map[string]string{}
		}
		return b.Router.Run(context.Background(), &Request{Path: path, Options: opts, Channel: "c", Lang: i18n.EN, User: actor.Actor{ID: "u1", Name: "Ann"}})
	}
	steps := []struct {
		path string
		opts map[string]string
	}{
		{"game new", map[string]string{"seed": "7"}},
		{"game setup", nil}, {"end", nil},
		{"game setup", nil}, {"end", nil},
		{"end", map[string]string{"until": "movement-1", "confirm": "true"}},
	}
	for _, s := range steps {
		resp := run(s.path, s.opts)
		if len(resp.Messages) == 0 {
			t.Fatalf("/%s: no answer", s.path)
		}
	}
	for i := 0; i < 4; i++ {
		g := peek(b, "c")
		if g == nil {
			t.Fatal("no game in channel c")
		}
		if g.State.Step == game.Move1 {
			return b
		}
		run("reinforce", nil)
		run("end", map[string]string{"until": "movement-1", "confirm": "true"})
	}
	t.Fatalf("the game did not reach the first movement segment: %s", peek(b, "c").State.Step)
	return b
}

func mapIn(b *Bot, channel string, opts map[string]string) *Response {
	return b.Router.Run(context.Background(), &Request{Path: "map", Options: opts, Channel: channel, Lang: i18n.EN, User: actor.Actor{ID: "u1", Name: "Ann"}})
}

// With a game in the channel, /map draws its units: the public view in
// the channel, the asker's own side privately (view:mine), a crop around
// the front, a unit's legal destinations; a unit of the other side is
// refused. The public picture is exactly the picture of the public view.
func TestMapCommandWithGame(t *testing.T) {
	b := mapGameBot(t)
	g := peek(b, "c")
	t.Logf("game at %s, %s to move", g.State.Step, g.State.ToMove())

	pub := mapIn(b, "c", map[string]string{})
	msg := pub.Messages[0]
	// The whole map, the phone overview, a crop of each contact area.
	if msg.Ephemeral || len(msg.Files) < 3 || len(msg.Files) > 5 || !strings.Contains(msg.Text, "public view") || msg.Files[1].Name != "overview.png" || !strings.HasPrefix(msg.Files[2].Name, "front-") {
		t.Fatalf("public map: ephemeral %v, %d files, %q", msg.Ephemeral, len(msg.Files), msg.Text)
	}
	// The very picture of the public view, drawn apart.
	r, err := render.New(b.Map, render.Options{Lang: i18n.EN})
	if err != nil {
		t.Fatal(err)
	}
	sit := fromgame.For(g.State, nil, render.Public)
	fromgame.WithScenario(&sit, g.State.Rules().Scenario)
	want, err := r.DrawSituation(&sit, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(msg.Files[0].Data, want) {
		t.Error("the public /map is not the picture of the public view")
	}
	if len(msg.Files[0].Data) >= 1<<20 {
		t.Errorf("the whole map with units is %d bytes, want under 1 MiB", len(msg.Files[0].Data))
	}

	mine := mapIn(b, "c", map[string]string{"view": "mine"}).Messages[0]
	if !mine.Ephemeral || len(mine.Files) < 3 || !strings.Contains(mine.Text, "view (private)") {
		t.Errorf("view:mine: ephemeral %v, %d files, %q", mine.Ephemeral, len(mine.Files), mine.Text)
	}
	if bytes.Equal(mine.Files[0].Data, msg.Files[0].Data) {
		t.Error("the private map is the public one: own stacks should show whole")
	}

	front := mapIn(b, "c", map[string]string{"front": "true"}).Messages[0]
	if front.Ephemeral || len(front.Files) != 1 || !strings.Contains(front.Text, "The front") {
		t.Errorf("front: ephemeral %v, %d files, %q", front.Ephemeral, len(front.Files), front.Text)
	} else if img, err := png.Decode(bytes.NewReader(front.Files[0].Data)); err != nil || img.Bounds().Dx() > 1400 {
		t.Errorf("front crop: %v, err %v", img.Bounds(), err)
	}

	// A unit of the side to move: its destinations, privately.
	side := g.State.ToMove()
	var own, enemy string
	for _, c := range g.State.Actors() {
		if c.Side() == side && own == "" {
			if ds, err := g.State.Destinations(c); err == nil && len(ds) > 0 {
				own = c.ID
			}
		}
	}
	for _, c := range g.State.Rules().Counters.All() {
		if c.Side() != side && g.State.Unit(c).Box == game.OnMap {
			enemy = c.ID
			break
		}
	}
	if own == "" || enemy == "" {
		t.Fatalf("no unit to ask about (own %q, enemy %q)", own, enemy)
	}
	dest := mapIn(b, "c", map[string]string{"unit": own}).Messages[0]
	if !dest.Ephemeral || len(dest.Files) != 1 || !strings.Contains(dest.Text, "may move") {
		t.Errorf("unit:%s: ephemeral %v, %d files, %q", own, dest.Ephemeral, len(dest.Files), dest.Text)
	}
	bad := mapIn(b, "c", map[string]string{"unit": enemy}).Messages[0]
	if !bad.Ephemeral || len(bad.Files) != 0 || !strings.Contains(bad.Text, "not a unit of your side") {
		t.Errorf("unit:%s of the other side: %+v", enemy, bad)
	}
	none := mapIn(b, "c", map[string]string{"unit": "X-NOPE"}).Messages[0]
	if !none.Ephemeral || len(none.Files) != 0 || !strings.Contains(none.Text, "no unit") {
		t.Errorf("unknown unit: %+v", none)
	}

	// No game in another channel: view:mine says so; /map alone still
	// draws the bare map.
	if r := mapIn(b, "other", map[string]string{"view": "mine"}).Messages[0]; !r.Ephemeral || !strings.Contains(r.Text, "no game") {
		t.Errorf("view:mine without a game: %+v", r)
	}
	if r := mapIn(b, "other", map[string]string{}).Messages[0]; r.Ephemeral || len(r.Files) != 1 {
		t.Errorf("bare /map without a game: %+v", r)
	}
	if r := mapIn(b, "c", map[string]string{"front": "true", "around": "1819"}).Messages[0]; !r.Ephemeral || len(r.Files) != 0 {
		t.Errorf("front: with around: should be refused: %+v", r)
	}
	// The replay of the game so far: a GIF, one frame a movement or
	// combat segment and the last position, posted in the channel.
	rep := mapIn(b, "c", map[string]string{"replay": "true"}).Messages[0]
	if rep.Ephemeral || len(rep.Files) != 1 || rep.Files[0].ContentType != "image/gif" {
		t.Fatalf("replay: ephemeral %v, files %d, %q", rep.Ephemeral, len(rep.Files), rep.Text)
	}
	if anim, err := gif.DecodeAll(bytes.NewReader(rep.Files[0].Data)); err != nil || len(anim.Image) < 1 {
		t.Errorf("replay GIF: %v", err)
	} else {
		t.Logf("replay: %d frames, %d bytes: %s", len(anim.Image), len(rep.Files[0].Data), rep.Text)
	}
	if r := mapIn(b, "c", map[string]string{"replay": "true", "around": "1819"}).Messages[0]; !r.Ephemeral || len(r.Files) != 0 {
		t.Errorf("replay: with around: should be refused: %+v", r)
	}
	// Autocomplete for unit: offers only the asker's units.
	for _, ch := range b.completeMap(context.Background(), &Request{Path: "map", Channel: "c", Options: map[string]string{"unit": ""}}, "unit") {
		c, _ := g.State.Lookup(ch.Value)
		if c == nil || c.Side() != side {
			t.Errorf("autocomplete offers %s, not a unit of %s", ch.Value, side)
		}
	}
}

// /map's game options never panic, and always answer with a picture or
// a private explanation (standards: fuzz the parsers).
func FuzzMapGameOptions(f *testing.F) {
	b := mapGameBot(f)
	for _, s := range [][4]string{
		{"", "", "", ""}, {"mine", "", "", ""}, {"public", "true", "", ""}, {"", "", "G-III", ""},
		{"mine", "", "F-XX", ""}, {"", "true", "", "1819"}, {"bogus", "maybe", "\x00", "99"}, {"", "", "g-vi", "2818"},
	} {
		f.Add(s[0], s[1], s[2], s[3])
	}
	f.Fuzz(func(t *testing.T, view, front, unit, around string) {
		opts := map[string]string{}
		for k, v := range map[string]string{"view": view, "front": front, "unit": unit, "around": around} {
			if v != "" {
				opts[k] = v
			}
		}
		resp := mapIn(b, "c", opts)
		msg := mapAnswer(t, resp, opts)
		if (opts["view"] == "mine" || opts["unit"] != "") && !msg.Ephemeral {
			t.Fatalf("a private map was posted publicly for %q", opts)
		}
	})
}

// Once players have joined, view:mine is the asker's own side, whoever is
// to move, and a spectator has no private map (14.1).
func TestMapMineIsTheAskersSide(t *testing.T) {
	b := mapGameBot(t)
	as := func(user string, path string, opts map[string]string) *Response {
		return b.Router.Run(context.Background(), &Request{Path: path, Options: opts, Channel: "c", Lang: i18n.EN, User: actor.Actor{ID: user, Name: user}})
	}
	g := peek(b, "c")
	toMove := g.State.ToMove()
	other := toMove.Other()
	if r := as("ann", "game join", map[string]string{"side": other.String()}); len(r.Messages) == 0 {
		t.Fatal("no answer to /game join")
	}
	if g := peek(b, "c"); g.HotSeat() {
		t.Skipf("joining did not register a player: %+v", g.Players)
	}
	mine := as("ann", "map", map[string]string{"view": "mine"}).Messages[0]
	if !mine.Ephemeral || !strings.Contains(mine.Text, other.Name().EN) {
		t.Errorf("ann plays %s; view:mine says %q", other, mine.Text)
	}
	spec := as("bob", "map", map[string]string{"view": "mine"}).Messages[0]
	if !spec.Ephemeral || len(spec.Files) != 0 || !strings.Contains(spec.Text, "no side") {
		t.Errorf("a spectator asked for a private map: %+v", spec)
	}
	if r := as("bob", "map", nil).Messages[0]; r.Ephemeral || len(r.Files) < 3 {
		t.Errorf("a spectator's public map: %+v", r)
	}
}

// During setup, /map view:mine shades the setup areas of the asker's units
// still to be set up (17.1-17.5), and says which; after the setup it does
// not. The shaded picture differs from the same map unshaded.
func TestMapMineShowsSetupAreas(t *testing.T) {
	m, err := board.Default()
	if err != nil {
		t.Skip(err)
	}
	b := New(Deps{Map: m})
	run := func(path string, opts map[string]string) *Response {
		return b.Router.Run(context.Background(), &Request{Path: path, Options: opts, Guild: "console", Channel: "c", Lang: i18n.EN, User: actor.Actor{ID: "u", Name: "u"}})
	}
	run("game new", map[string]string{"scenario": "standard", "seed": "4"})
	allied := run("map", map[string]string{"view": "mine"}).Messages[0]
	if !allied.Ephemeral || !strings.Contains(allied.Text, "shaded: the setup areas of your units still to set up (") || !strings.Contains(allied.Text, "FR-1A") || strings.Contains(allied.Text, "DE-1A") {
		t.Fatalf("Allied setup map: %q", allied.Text)
	}
	if h, areas := setupHexes(peek(b, "c").State, units.Allied); len(h) < 40 || len(areas) < 5 {
		t.Errorf("Allied setup hexes: %d in %v", len(h), areas)
	}
	run("game setup", nil)
	run("end", nil)
	german := run("map", map[string]string{"view": "mine"}).Messages[0]
	if !strings.Contains(german.Text, "DE-1A") || strings.Contains(german.Text, "FR-1A") {
		t.Errorf("German setup map: %q", german.Text)
	}
	run("game setup", nil)
	run("end", nil)
	after := run("map", map[string]string{"view": "mine"}).Messages[0]
	if strings.Contains(after.Text, "shaded") {
		t.Errorf("after the setup: %q", after.Text)
	}
	if len(allied.Files) == 0 || len(german.Files) == 0 || bytes.Equal(allied.Files[0].Data, after.Files[0].Data) {
		t.Error("no shaded picture")
	}
	if dir := os.Getenv("RTRBOT_LOOK"); dir != "" {
		os.WriteFile(filepath.Join(dir, "setup-areas-allied.png"), allied.Files[0].Data, 0o644)
	}
}
