package render

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"testing"

	"rtrbot/engine/board"
	"rtrbot/i18n"
	"rtrbot/render/internal/golden"
)

func TestGoldenSampleMap(t *testing.T) {
	m := sampleMap()
	en := newRenderer(t, m, Options{})
	ja := newRenderer(t, m, Options{Lang: i18n.JA})
	big := newRenderer(t, m, Options{Scale: 1.5, NoLegend: true})
	cases := []goldenFrame{
		{"sample-full.png", en, Frame{}},
		{"sample-full-ja.png", ja, Frame{}},
		{"sample-crop-0707.png", big, Frame{Crop: &Crop{Center: mustHex("0707"), Radius: 3}, Layers: []Layer{Focus(mustHex("0707"))}}},
	}
	checkGoldenFrames(t, cases)
}

// The comparison must fail on a real difference: the sample map with one
// hex turned to forest and one name removed is not the sample picture.
func TestGoldenComparisonCatchesChanges(t *testing.T) {
	a := newRenderer(t, sampleMap(), Options{})
	m := sampleMap()
	h, _ := m.Hex(mustHex("0305"))
	h.Terrain = 3 // forest
	h2, _ := m.Hex(mustHex("0807"))
	h2.Name = ""
	b := newRenderer(t, m, Options{})
	pa, _ := a.Draw(Frame{})
	pb, _ := b.Draw(Frame{})
	if err := SamePicture(pa, pb); err == nil {
		t.Fatal("a forest hex and a missing name went unnoticed by the golden comparison")
	} else {
		t.Logf("difference found as it should be: %v", err)
	}
	if err := SamePicture(pa, pa); err != nil {
		t.Fatalf("a picture differs from itself: %v", err)
	}
}

// The real embedded map: the whole map as /map posts it, and a crop around
// Verdun (1819) at the scale /map around: uses.
//
// The map data is edited by hand and by cmd/mapgen far more often than the
// renderer changes, so these pictures are compared only while the map is
// the one they were drawn from (testdata/map.fingerprint); after a change
// of the map the test says so and skips, and the sample-map pictures above
// still guard the renderer. Look at the new pictures and run -update.
func TestGoldenRealMap(t *testing.T) {
	m, err := board.Default()
	if err != nil {
		t.Fatalf("the embedded map does not load: %v", err)
	}
	golden.SkipIfChanged(t, "map.fingerprint", fingerprint(m), "the map data", "go test ./render -update")
	full := newRenderer(t, m, Options{})
	crop := newRenderer(t, m, Options{Scale: 1.5, NoLegend: true})
	cases := []goldenFrame{
		{"map-full.png", full, Frame{}},
		{"map-around-1819.png", crop, Frame{Crop: &Crop{Center: mustHex("1819"), Radius: 5}, Layers: []Layer{Focus(mustHex("1819"))}}},
	}
	checkGoldenFrames(t, cases)
}

// checkGolden compares got (PNG bytes) with testdata/name, or rewrites it
// with go test ./render -update (golden.Check).
func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	golden.Check(t, name, got, SamePicture, "go test ./render -update (if the renderer or the map data in engine/board/data changed)")
}

// goldenFrame is a golden picture: its file's name and the frame a
// renderer draws for it.
type goldenFrame struct {
	name  string
	r     *Renderer
	frame Frame
}

// checkGoldenFrames draws each frame and compares it with its golden picture.
func checkGoldenFrames(t *testing.T, cases []goldenFrame) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := c.r.Draw(c.frame)
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, c.name, got)
		})
	}
}

// fingerprint sums up everything the map says, through its API: a
// different fingerprint means a different map.
func fingerprint(m *board.Map) string {
	h := sha256.New()
	fmt.Fprintf(h, "%d %d\n", m.Cols, m.Rows)
	for _, x := range m.Hexes() {
		fmt.Fprintf(h, "%s %d %s %q %v %v %v %d %v %v\n", x.At, x.Terrain, x.Country, x.Name, x.City, x.Port, x.Coastal, x.Fortress, x.Logistic, x.Setup)
	}
	sides := sortedSides(m.Hexsides())
	for _, s := range sides {
		fmt.Fprintf(h, "%s %+v\n", s, m.Hexside(s.A, s.B))
	}
	for _, s := range m.RailLinks() {
		fmt.Fprintf(h, "rail %s\n", s)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// The whole map stays well under Discord's attachment limit (aim for
// under 1 MB), and no city loses its name.
func TestRealMapSizeAndNames(t *testing.T) {
	m, err := board.Default()
	if err != nil {
		t.Fatalf("the embedded map does not load: %v", err)
	}
	r := newRenderer(t, m, Options{})
	b, err := r.Draw(Frame{})
	if err != nil {
		t.Fatal(err)
	}
	w, h := r.Layout().Size()
	t.Logf("whole map: %dx%d px, %d bytes PNG", w, h, len(b))
	if len(b) >= 1<<20 {
		t.Errorf("whole map PNG is %d bytes, want under 1 MiB", len(b))
	}
	cities := map[string]bool{}
	for _, x := range m.Hexes() {
		if x.City {
			cities[x.Name] = true
		}
	}
	for _, d := range r.Dropped() {
		if cities[d] {
			t.Errorf("city %s has no name on the map", d)
		}
	}
	t.Logf("minor places left unnamed for lack of room: %q", r.Dropped())
}

// A change anywhere in the map changes its fingerprint.
func TestFingerprintSeesChanges(t *testing.T) {
	a := fingerprint(sampleMap())
	if a != fingerprint(sampleMap()) {
		t.Fatal("the same map has two fingerprints")
	}
	m := sampleMap()
	h, _ := m.Hex(mustHex("0707"))
	h.Fortress = 6
	if fingerprint(m) == a {
		t.Error("a fortress strength change kept the fingerprint")
	}
}
