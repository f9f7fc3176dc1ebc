package main

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rtrbot/engine/board"
	"rtrbot/engine/hex"
)

// geoDir is the shared geography; tests that need it skip without it
// (a clone outside the team's workspace has no ../shared).
func geoDir(t *testing.T) string {
	t.Helper()
	dir := filepath.Join("..", "..", "..", "shared", "geo")
	if _, err := os.Stat(filepath.Join(dir, "coastline.geojson")); err != nil {
		t.Skipf("the shared geography %s is absent: the generator cannot run here (the embedded map is still tested in engine/board)", dir)
	}
	return dir
}

func overridesFile(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "engine", "board", "data", "overrides.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// testGrid reads the shared geography and the map's overrides and builds
// the anchored grid from them, as the generator does; it skips without the
// geography.
func testGrid(t *testing.T) (geo string, ovs []override, g grid) {
	t.Helper()
	geo = geoDir(t)
	var err error
	ovs, err = parseOverrides(overridesFile(t))
	if err != nil {
		t.Fatal(err)
	}
	g, err = anchoredGrid(geo, ovs)
	if err != nil {
		t.Fatal(err)
	}
	return geo, ovs, g
}

// The transform of map-grid.md: the 20 rules places land within about a
// hex of their rules hexes (the fit's residuals are 0.08-1.06 hex), and
// latLon inverts toHexSpace.
func TestTransform(t *testing.T) {
	for _, c := range []struct {
		at       string
		lat, lon float64
	}{
		{"1804", 48.857, 2.352}, {"3210", 50.629, 3.057}, {"1723", 49.119, 6.176},
		{"1330", 48.573, 7.752}, {"0525", 47.638, 6.863}, {"3021", 50.633, 5.567},
		{"3404", 50.726, 1.614}, {"1101", 47.903, 1.909},
	} {
		p := mapGrid.toHexSpace(c.lat, c.lon)
		want := hex.MustParse(c.at)
		if d := dist(p, centre(want)); d > 1.1 {
			t.Errorf("%s: transform lands %.2f hex from its rules hex", c.at, d)
		}
		lat, lon := mapGrid.latLon(p)
		if math.Abs(lat-c.lat) > 1e-9 || math.Abs(lon-c.lon) > 1e-9 {
			t.Errorf("latLon(toHexSpace(%v,%v)) = %v,%v", c.lat, c.lon, lat, lon)
		}
	}
	// hexAt is the nearest centre, also across the even-q offset.
	for _, h := range []hex.Hex{hex.New(1, 1), hex.New(18, 4), hex.New(17, 23), hex.New(42, 35)} {
		if got := hexAt(centre(h)); got != h {
			t.Errorf("hexAt(centre(%s)) = %s", h, got)
		}
	}
}

// Same inputs, byte-identical output; and the checked-in data is exactly
// what the generator makes of the shared geography and overrides.tsv (so
// nobody edits the generated files and forgets the overrides).
func TestGeneratorDeterministicAndDataUpToDate(t *testing.T) {
	geo := geoDir(t)
	ov := overridesFile(t)
	a, _, _, err := generate(geo, ov)
	if err != nil {
		t.Fatal(err)
	}
	b, _, _, err := generate(geo, ov)
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range a {
		if !bytes.Equal(data, b[name]) {
			t.Errorf("%s differs between two runs on the same inputs", name)
		}
		checked, err := os.ReadFile(filepath.Join("..", "..", "engine", "board", "data", name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(data, checked) {
			t.Errorf("engine/board/data/%s is not what the generator makes: run go run ./cmd/mapgen (or move the hand edit into overrides.tsv)", name)
		}
	}
}

// The generator on the real data: overrides take effect.
func TestGeneratorAppliesOverrides(t *testing.T) {
	geo := geoDir(t)
	ov := string(overridesFile(t)) + strings.Join([]string{
		"0101\tterrain\tmarsh\ttest",
		"0101\tname\tTestville\ttest",
		"0101\tfortress\t6\ttest",
		"1804/1805\triver\tTest River\ttest",
		"0101/0102\trail\tadd\ttest",
	}, "\n") + "\n"
	_, m, _, err := generate(geo, []byte(ov))
	if err != nil {
		t.Fatal(err)
	}
	x, _ := m.Hex(hex.New(1, 1))
	if x.Terrain != board.Marsh || x.Name != "Testville" || x.Fortress != 6 {
		t.Errorf("hex overrides not applied: %+v", x)
	}
	if m.Hexside(hex.New(18, 4), hex.New(18, 5)).River != "Test River" {
		t.Error("river override not applied")
	}
	if !m.Rail(hex.New(1, 1), hex.New(1, 2)) {
		t.Error("rail override not applied")
	}
}

// Bad overrides get a message naming the line and what is wrong.
func TestOverrideErrors(t *testing.T) {
	head := overrideColumns + "\n"
	for _, c := range []struct{ in, want string }{
		{"hex\tfield\n", "header"},
		{head + "0101\tterrain\tclear\n", "4 tab-separated fields"},
		{head + "0101\tterrain\tclear\t\n", "needs a one-line reason"},
		{head + "0101\tcolour\tred\twhy\n", "not \"colour\""},
		{head + "place:Paris\tterrain\tclear\twhy\n", "rules, hexes, fortress, city"},
	} {
		_, err := parseOverrides([]byte(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("parseOverrides(%q) = %v, want an error containing %q", c.in, err, c.want)
		}
		if err != nil && !strings.Contains(err.Error(), "line") {
			t.Errorf("error %q does not name the line", err)
		}
	}
	geo := geoDir(t)
	for _, c := range []struct{ line, want string }{
		{"9999\tterrain\tclear\twhy", "off the map"},
		{"0101\tterrain\tlava\twhy", "unknown terrain"},
		{"place:Atlantis\thexes\t0101\twhy", "no place \"Atlantis\""},
		{"place:Paris\tfortress\t7\twhy", "3, 6 or 12"},
		{"0101/0303\triver\tX\twhy", "not adjacent"},
	} {
		_, _, _, err := generate(geo, []byte(head+c.line+"\n"))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("override %q: error %v, want %q", c.line, err, c.want)
		}
	}
}

func TestGeneratorMissingGeo(t *testing.T) {
	_, _, _, err := generate(filepath.Join(t.TempDir(), "nowhere"), []byte(overrideColumns+"\n"))
	if err == nil || !strings.Contains(err.Error(), "-geo") {
		t.Errorf("want an error that says how to give the folder, got %v", err)
	}
}

// BenchmarkGenerate measures one whole run on the real data.
func BenchmarkGenerate(b *testing.B) {
	dir := filepath.Join("..", "..", "..", "shared", "geo")
	if _, err := os.Stat(dir); err != nil {
		b.Skip("no shared geography")
	}
	ov, err := os.ReadFile(filepath.Join("..", "..", "engine", "board", "data", "overrides.tsv"))
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		if _, _, _, err := generate(dir, ov); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzParseOverrides: a damaged overrides file never panics the generator's
// reader; it parses or says which line is wrong.
func FuzzParseOverrides(f *testing.F) {
	f.Add(overrideColumns + "\n0101\tterrain\tclear\twhy\n")
	f.Add(overrideColumns + "\nplace:Paris\trules\t1804 1805\twhy\nriver:Oise\tline\t49.9,4.0 49.8,3.9\twhy\n")
	f.Add("target field value reason\n")
	f.Fuzz(func(t *testing.T, s string) {
		ovs, err := parseOverrides([]byte(s))
		if err != nil && !strings.Contains(err.Error(), "overrides.tsv") {
			t.Fatalf("error without the file: %v", err)
		}
		for _, o := range ovs {
			if o.reason == "" {
				t.Fatalf("override without reason accepted: %+v", o)
			}
		}
	})
}

// The anchored grid puts every place the rules pin exactly in its rules
// hex (the centroid of its hexes for Paris and Antwerp) and leaves ground
// far from every anchor where the affine puts it.
func TestAnchoredGrid(t *testing.T) {
	_, _, g := testGrid(t)
	if len(g.anchors) != 20 {
		t.Fatalf("%d anchors, want the 20 places of map-grid.md", len(g.anchors))
	}
	for _, c := range []struct {
		at       string
		lat, lon float64
	}{
		{"3506", 50.951, 1.858}, {"3404", 50.726, 1.614}, {"1330", 48.573, 7.752},
		{"0525", 47.638, 6.863}, {"2813", 50.278, 3.973}, {"1813", 48.957, 4.363},
	} {
		if got := hexAt(g.toHexSpace(c.lat, c.lon)); got.String() != c.at {
			t.Errorf("anchored %v,%v lands in %s, want %s", c.lat, c.lon, got, c.at)
		}
	}
	// Osnabrück (52.28 N, 8.05 E) is far from every anchor.
	a, w := mapGrid.toHexSpace(52.28, 8.05), g.toHexSpace(52.28, 8.05)
	if d := dist(a, w); d > 0.1 {
		t.Errorf("Osnabrück moved %.2f hex; the correction should fade far from the anchors", d)
	}
}
