package fromgame

import (
	"bytes"
	"image/png"
	"testing"

	"rtrbot/render"
)

// The pictures' figures for a reader: for each picture of the
// opening (public view) and of the markers position, its size in
// pixels and bytes and its smallest type (the em in pixels, measured by
// the renderer as it draws: MinTextPx of a fresh renderer that draws
// only that picture). It fails only if a picture cannot be drawn or
// decoded; the figures are logged (go test -run PictureFigures -v).
func TestPictureFigures(t *testing.T) {
	m, s := opening(t)
	open := For(s, nil, render.Public)
	mk := withMarkers(t)
	marked := mk.view(render.Public)
	figure := func(name string, opt render.Options, draw func(r *render.Renderer) ([]byte, error)) {
		t.Helper()
		r, err := render.New(m, opt)
		if err != nil {
			t.Fatal(err)
		}
		if opt.NoLegend && opt.Scale == 0 {
			// the overview: none of the base picture's type is in it
			r.ResetMinTextPx()
		}
		data, err := draw(r)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		t.Logf("%-34s %4dx%-4d px %7d bytes, smallest type %.2f px", name, cfg.Width, cfg.Height, len(data), r.MinTextPx())
	}
	figure("whole map, bare", render.Options{}, func(r *render.Renderer) ([]byte, error) { return r.Draw(render.Frame{}) })
	figure("whole map, opening", render.Options{}, func(r *render.Renderer) ([]byte, error) { return r.DrawSituation(&open, nil) })
	figure("whole map, markers", render.Options{}, func(r *render.Renderer) ([]byte, error) { return r.DrawSituation(&marked, nil) })
	figure("overview 400, markers", render.Options{NoLegend: true}, func(r *render.Renderer) ([]byte, error) { return r.DrawOverview(&marked, 400) })
	crops := render.FrontCrops(&marked, 5)
	if len(crops) == 0 {
		t.Fatal("no front crop in the markers position")
	}
	for i, c := range crops {
		c := c
		figure("front crop "+c.Center.String()+" r"+string(rune('0'+c.Radius))+" #"+string(rune('1'+i)), render.Options{Scale: 1.5, NoLegend: true},
			func(r *render.Renderer) ([]byte, error) { return r.DrawSituation(&marked, &c) })
	}
	fc := render.FrontCrop(&open, 8)
	figure("front crop of the opening (old)", render.Options{Scale: 1.5, NoLegend: true}, func(r *render.Renderer) ([]byte, error) { return r.DrawSituation(&open, fc) })
}
