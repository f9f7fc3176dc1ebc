package render_test

import (
	"fmt"
	"image/color"

	"rtrbot/engine/board"
	"rtrbot/engine/hex"
	"rtrbot/render"
)

// A renderer is built once per map (and language, and scale); each picture
// then copies its cached base and draws only its layers. A layer for
// counters gets what it draws from a side's view, never from the
// game state.
func Example() {
	m, err := board.Default()
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := render.New(m, render.Options{Scale: 1.5, NoLegend: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	verdun := hex.MustParse("1819")
	marker := render.LayerFunc(func(c *render.Canvas) {
		x, y := c.Layout.Center(verdun)
		c.Text("siege!", x, y+c.Layout.R*0.6, c.Layout.R*0.5, 0.5, 0, true, color.RGBA{0xc0, 0, 0, 0xff})
	})
	png, err := r.Draw(render.Frame{
		Crop:   &render.Crop{Center: verdun, Radius: 3},
		Layers: []render.Layer{render.Focus(verdun), marker},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(string(png[1:4]))
	// Output: PNG
}
