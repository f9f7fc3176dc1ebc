package render

import (
	"bytes"
	"image/png"
	"os"
	"testing"
)

// The analysis chart: a picture of the promised size with the margin's
// line drawn and a numbered disc on each swing (the ink's colour on the
// swing's point); with RTRBOT_CHART_OUT set it is written there.
func TestAnalysisChart(t *testing.T) {
	vals := []float64{-10, -8, -12, 5, 6, 30, 28, 27, 40, 12, 15, 14}
	labels := []string{"Aug II", "", "", "Aug III", "", "", "Aug IV", "", "", "Sep I", "", ""}
	spread := make([]float64, len(vals))
	for i := range spread {
		spread[i] = 20 - float64(i)
	}
	for _, name := range []string{"en", "ja"} {
		title, y := "Game #3: expected final margin after each segment", "German − Allied VP"
		if name == "ja" {
			title, y = "ゲーム #3: 各セグメント後の最終 VP 差の期待値", "独軍 − 連合軍 VP"
		}
		data, err := AnalysisChartPNG(AnalysisChart{Title: title, YLabel: y, Labels: labels, Values: vals, Spread: spread,
			Swings: []int{9, 5, 3}, Above: "German ahead", Below: "Allies ahead", Note: "6 play-outs a segment"})
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
		line := false
		for y := 0; y < 480 && !line; y++ {
			for x := 0; x < 800; x++ {
				r, g, b, _ := img.At(x, y).RGBA()
				if r>>8 == 0x8a && g>>8 == 0x2b && b>>8 == 0x1e {
					line = true
					break
				}
			}
		}
		if !line {
			t.Error("no margin line on the chart")
		}
		if dir := os.Getenv("RTRBOT_CHART_OUT"); dir != "" {
			os.WriteFile(dir+"/analysis-"+name+".png", data, 0o644)
		}
	}
	if _, err := AnalysisChartPNG(AnalysisChart{}); err == nil {
		t.Error("a chart without points is refused")
	}
	if _, err := AnalysisChartPNG(AnalysisChart{Values: []float64{1}, Labels: nil}); err == nil {
		t.Error("a chart whose labels do not match its points is refused")
	}
}
