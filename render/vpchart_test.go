package render

import (
	"bytes"
	"image/png"
	"os"
	"testing"
)

// The VP chart of a game: a picture of the promised size whose two lines
// are drawn in the sides' colours (a pixel of each is on the picture);
// with RTRBOT_CHART_OUT set it is written there to be looked at.
func TestVPChart(t *testing.T) {
	for _, lang := range []struct{ title, y, g, a, note string }{
		{"Game #12: VP at the end of each turn", "VP", "German", "Allied", "Allied limited victory"},
		{"ゲーム #12: 各ターン終了時の VP", "VP", "独軍", "連合軍", "連合軍の限定的勝利"},
	} {
		data, err := VPChartPNG(VPChart{Title: lang.title, YLabel: lang.y, Note: lang.note,
			Turns: []string{"Aug II", "Aug III", "Aug IV", "Sep I", "Sep II", "Sep III", "Sep IV"},
			Series: []VPSeries{{Name: lang.g, Colour: ChartGerman, Values: []int{14, 24, 44, 44, 56, 60, 71}},
				{Name: lang.a, Colour: ChartAllied, Values: []int{73, 73, 73, 98, 108, 108, 134}}}})
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		if b := img.Bounds(); b.Dx() != 800 || b.Dy() != 480 {
			t.Errorf("size %v", b)
		}
		found := map[[3]uint32]bool{}
		for y := 0; y < 480; y++ {
			for x := 0; x < 800; x++ {
				r, g, b, _ := img.At(x, y).RGBA()
				found[[3]uint32{r >> 8, g >> 8, b >> 8}] = true
			}
		}
		for _, c := range []struct {
			name    string
			r, g, b uint32
		}{{"German", 0x50, 0x50, 0x50}, {"Allied", 0x2c, 0x64, 0xb0}} {
			if !found[[3]uint32{c.r, c.g, c.b}] {
				t.Errorf("no %s line on the chart", c.name)
			}
		}
		if dir := os.Getenv("RTRBOT_CHART_OUT"); dir != "" {
			os.WriteFile(dir+"/vpchart-"+lang.g+".png", data, 0o644)
		}
	}
	if _, err := VPChartPNG(VPChart{}); err == nil {
		t.Error("a chart without turns is refused")
	}
}
