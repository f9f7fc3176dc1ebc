package board

import (
	"bytes"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"
)

// A tiny 2x2 map in the data format, to break one line at a time.
const (
	tinyHexes = "# comment\n" +
		"hex\tterrain\tcountry\tname\tlocal\tcity\tport\tcoastal\tfortress\tlogistic\tsetup\ttowns\n" +
		"0101\tclear\tFR\tParis\t-\tcity\t-\t-\t12\tFR\t-\tSaint-Denis\n" +
		"0102\trough\tDE\t-\t-\t-\t-\t-\t-\t-\tDE-1A\t-\n" +
		"0201\tsea\t-\t-\t-\t-\t-\t-\t-\t-\t-\t-\n" +
		"0202\tforest\tBE\tLiège\tLiège / Luik\tcity\tport\tcoastal\t6\tBE,GB\tB\t-\n"
	tinySides = "side\triver\tborder\n0101/0102\tMeuse\tborder\n"
	tinyRail  = "side\tlines\n0101/0102\tFR-E01\n"
)

func TestParseTiny(t *testing.T) {
	m, err := Parse([]byte(tinyHexes), []byte(tinySides), []byte(tinyRail))
	if err != nil {
		t.Fatal(err)
	}
	if m.Cols != 2 || m.Rows != 2 {
		t.Errorf("size %dx%d", m.Cols, m.Rows)
	}
	x, _ := m.Hex(hexes("0202")[0])
	if x.Terrain != Forest || x.Country != Belgium || x.Fortress != 6 || !x.Port || !x.Coastal ||
		len(x.Logistic) != 2 || x.Logistic[1] != British || x.Setup[0] != "B" || x.Local != "Liège / Luik" {
		t.Errorf("0202 parsed as %+v", x)
	}
	if s := m.Hexside(hexes("0101")[0], hexes("0102")[0]); s.River != "Meuse" || !s.Border {
		t.Errorf("side %+v", s)
	}
	if !m.Rail(hexes("0102")[0], hexes("0101")[0]) || m.RailLines(hexes("0101")[0], hexes("0102")[0])[0] != "FR-E01" {
		t.Error("rail link lost")
	}
	if got := m.Find("saint denis"); len(got) != 1 || got[0].Name != "Paris" {
		t.Errorf("Find(saint denis) = %v", got)
	}
}

// Encode and Parse are inverse: the embedded map survives a round trip
// byte for byte.
func TestEncodeRoundTrip(t *testing.T) {
	m := mustDefault(t)
	a := Encode(m, "x")
	m2, err := Parse(a[HexesFile], a[SidesFile], a[RailFile])
	if err != nil {
		t.Fatal(err)
	}
	b := Encode(m2, "x")
	for name := range a {
		if !bytes.Equal(a[name], b[name]) {
			t.Errorf("%s changed in a round trip", name)
		}
	}
}

// Every kind of damage in the data files gets an error naming the file,
// the line and what is wrong.
func TestParseErrors(t *testing.T) {
	replace := func(s, old, new string) string {
		if !strings.Contains(s, old) {
			t.Fatalf("test setup: %q not in data", old)
		}
		return strings.Replace(s, old, new, 1)
	}
	cases := []struct {
		name                string
		hexes, sides, rails string
		want                string
	}{
		{"header", replace(tinyHexes, "hex\tterrain", "hex\tterrian"), tinySides, tinyRail, "hexes.tsv line 2: the header must be"},
		{"no header", "# only a comment\n", tinySides, tinyRail, "hexes.tsv: no header line"},
		{"fields", replace(tinyHexes, "\tSaint-Denis\n", "\n"), tinySides, tinyRail, "hexes.tsv line 3: 11 fields, want 12"},
		{"hex number", replace(tinyHexes, "0102\trough", "01x2\trough"), tinySides, tinyRail, "hexes.tsv line 4: \"01x2\" is not a hex number"},
		{"duplicate", replace(tinyHexes, "0201\tsea", "0101\tsea"), tinySides, tinyRail, "hexes.tsv line 5: hex 0101 appears twice (first on line 3)"},
		{"terrain", replace(tinyHexes, "\trough\t", "\tswamp\t"), tinySides, tinyRail, "hexes.tsv line 4: hex 0102: unknown terrain \"swamp\""},
		{"country", replace(tinyHexes, "\tDE\t", "\tAT\t"), tinySides, tinyRail, "line 4: hex 0102: unknown country \"AT\""},
		{"land without country", replace(tinyHexes, "\tDE\t", "\t-\t"), tinySides, tinyRail, "line 4: hex 0102 is rough but has no country"},
		{"sea with country", replace(tinyHexes, "sea\t-", "sea\tFR"), tinySides, tinyRail, "line 5: hex 0201 is sea but has country FR"},
		{"city flag", replace(tinyHexes, "\tcity\t-\t-\t12", "\tyes\t-\t-\t12"), tinySides, tinyRail, "line 3: hex 0101 city: \"yes\" must be \"city\" or \"-\""},
		{"fortress", replace(tinyHexes, "\t12\t", "\t5\t"), tinySides, tinyRail, "line 3: hex 0101: fortress strength \"5\" must be 3, 6, 12 or -"},
		{"logistic", replace(tinyHexes, "\tBE,GB\t", "\tBE,US\t"), tinySides, tinyRail, "line 6: hex 0202: unknown logistics nation \"US\""},
		{"missing hex", strings.Replace(tinyHexes, "0201\tsea\t-\t-\t-\t-\t-\t-\t-\t-\t-\t-\n", "", 1), tinySides, tinyRail, "hex 0201 is missing"},
		{"side not adjacent", tinyHexes, "side\triver\tborder\n0101/0103\tMeuse\t-\n", tinyRail, "sides.tsv line 2: 0101 and 0103 are not adjacent"},
		{"side off map", tinyHexes, "side\triver\tborder\n0202/0203\tMeuse\t-\n", tinyRail, "sides.tsv line 2: hexside 0202/0203: hex 0203 is not on the map"},
		{"side twice", tinyHexes, tinySides + "0102/0101\t-\tborder\n", tinyRail, "sides.tsv line 3: hexside 0101/0102 appears twice (first on line 2)"},
		{"border flag", tinyHexes, "side\triver\tborder\n0101/0102\tMeuse\tyes\n", tinyRail, "sides.tsv line 2: hexside 0101/0102 border"},
		{"rail header", tinyHexes, tinySides, "side\tline\n", "rail.tsv line 1: the header must be"},
		{"rail bad side", tinyHexes, tinySides, "side\tlines\n0101\tX\n", "rail.tsv line 2: \"0101\" is not a hexside"},
		{"rail twice", tinyHexes, tinySides, tinyRail + "0102/0101\t-\n", "rail.tsv line 3: rail link 0101/0102 appears twice"},
		{"empty", "hex\tterrain\tcountry\tname\tlocal\tcity\tport\tcoastal\tfortress\tlogistic\tsetup\ttowns\n", tinySides, tinyRail, "hexes.tsv: no hexes"},
	}
	for _, c := range cases {
		_, err := Parse([]byte(c.hexes), []byte(c.sides), []byte(c.rails))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
}

func TestLoadMissingFile(t *testing.T) {
	_, err := Load(fstest.MapFS{HexesFile: {Data: []byte(tinyHexes)}, SidesFile: {Data: []byte(tinySides)}})
	if err == nil || !strings.Contains(err.Error(), "map data rail.tsv: cannot be read") {
		t.Errorf("got %v", err)
	}
}

// FuzzParse: damaged data never panics the loader; it loads or says why.
func FuzzParse(f *testing.F) {
	f.Add(tinyHexes, tinySides, tinyRail)
	f.Add(strings.ReplaceAll(tinyHexes, "\t", " "), "", "")
	f.Add(tinyHexes+"9999\tclear\tFR\t-\t-\t-\t-\t-\t-\t-\t-\t-\n", tinySides, tinyRail)
	f.Fuzz(func(t *testing.T, h, s, r string) {
		m, err := Parse([]byte(h), []byte(s), []byte(r))
		if (m == nil) == (err == nil) {
			t.Fatalf("Parse gave map %v and error %v", m != nil, err)
		}
		if err != nil && !strings.HasPrefix(err.Error(), "map data ") {
			t.Fatalf("error without its file: %v", err)
		}
	})
}

// BenchmarkLoad measures parsing the embedded map (what the bot does once
// at start).
func BenchmarkLoad(b *testing.B) {
	sub, err := fs.Sub(data, "data")
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		if _, err := Load(sub); err != nil {
			b.Fatal(err)
		}
	}
}
