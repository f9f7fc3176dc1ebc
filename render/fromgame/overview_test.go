package fromgame

import (
	"bytes"
	"image/png"
	"testing"

	"rtrbot/render"
)

// The phone overview of the opening, 400 px wide: a golden
// picture (looked at on a phone-sized viewport), its size, and the
// stacks drawn as solid blocks of their side's colour.
func TestOverviewOpening(t *testing.T) {
	skipIfInputsChanged(t)
	mk := withMarkers(t)
	v := mk.view(render.Public)
	r := renderer(t, render.Options{})
	r.ResetMinTextPx()
	data, err := r.DrawOverview(&v, 400)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("overview: %dx%d px, %d bytes, smallest type %.2f px", img.Bounds().Dx(), img.Bounds().Dy(), len(data), r.MinTextPx())
	if r.MinTextPx() < render.OverviewMinTextPx {
		t.Errorf("the overview has %.2f px type, under %d px", r.MinTextPx(), render.OverviewMinTextPx)
	}
	if img.Bounds().Dx() > 400 {
		t.Errorf("overview %d px wide, asked 400", img.Bounds().Dx())
	}
	checkGolden(t, "overview-markers.png", data)
	if _, err := r.DrawOverview(&v, 50); err == nil {
		t.Error("a 50 px overview was drawn")
	}
}
