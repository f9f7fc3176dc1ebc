package fromgame

import (
	"testing"

	"rtrbot/engine/hex"
	"rtrbot/i18n"
	"rtrbot/render"
	"rtrbot/render/internal/golden"
)

// checkGolden compares got with testdata/name (render.SamePicture: a
// small tolerance for antialiasing), or rewrites it with go test
// ./render/fromgame -update.
func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	golden.Check(t, name, got, render.SamePicture, "go test ./render/fromgame -update")
}

// skipIfInputsChanged skips the golden comparison when the map data or
// the default setup changed since the pictures were drawn. The renderer
// itself stays guarded by the sample-map goldens of package render.
func skipIfInputsChanged(t *testing.T) {
	m, s := opening(t)
	golden.SkipIfChanged(t, "inputs.fingerprint", fingerprint(m, s), "the map or the default setup", "go test ./render/fromgame -update")
}

func renderer(t *testing.T, opt render.Options) *render.Renderer {
	t.Helper()
	m, _ := opening(t)
	r, err := render.New(m, opt)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// The golden pictures: the opening position (the engine's
// own default setup, public view, whole map); a position with every
// marker (whole map, German private view, and the same in Japanese);
// one position seen by the public, the German and the Allied player
// (crops around Liège at the phone scale of /map); the front crop.
func TestGoldenSituations(t *testing.T) {
	skipIfInputsChanged(t)
	_, s := opening(t)
	open := For(s, nil, render.Public)
	WithScenario(&open, s.Rules().Scenario) // the track shows the standard game's end
	mk := withMarkers(t)
	liege := hex.MustParse("3021")
	crop := &render.Crop{Center: liege, Radius: 4}

	full := renderer(t, render.Options{})
	fullJA := renderer(t, render.Options{Lang: i18n.JA})
	phone := renderer(t, render.Options{Scale: 1.5, NoLegend: true})
	phoneJA := renderer(t, render.Options{Scale: 1.5, NoLegend: true, Lang: i18n.JA})

	public := mk.view(render.Public)
	german := mk.view(render.GermanView)
	allied := mk.view(render.AlliedView)
	cases := []struct {
		name string
		r    *render.Renderer
		s    *render.Situation
		crop *render.Crop
	}{
		{"opening-public.png", full, &open, nil},
		{"opening-front.png", phone, &open, render.FrontCrop(&open, 6)},
		{"markers-german.png", full, &german, nil},
		{"markers-german-ja.png", fullJA, &german, nil},
		{"liege-public.png", phone, &public, crop},
		{"liege-german.png", phone, &german, crop},
		{"liege-allied.png", phone, &allied, crop},
		{"liege-allied-ja.png", phoneJA, &allied, crop},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			png, err := c.r.DrawSituation(c.s, c.crop)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: %d bytes", c.name, len(png))
			if c.crop == nil && len(png) >= 1<<20 {
				t.Errorf("the whole map with units is %d bytes, want under 1 MiB", len(png))
			}
			checkGolden(t, c.name, png)
		})
	}
}
