package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/gif"
)

// ReplayOptions shape an animated replay.
type ReplayOptions struct {
	// Crop limits the animation to part of the map (nil: the whole map
	// with its status panel).
	Crop *Crop
	// Delay is each frame's time on screen in hundredths of a second
	// (80 when zero); the last frame stays five times as long.
	Delay int
}

// Replay draws an animated GIF of a game, one frame a situation (a
// segment), for the game's thread when it is over. Draw it with a
// renderer of small scale (0.5 to 0.7, NoLegend): a replay is read for its
// movement, not its small print.
//
// Memory stays bounded by the picture, not the length of the game: only
// two whole frames are kept at a time, and each frame of the GIF holds
// only the rectangle that changed since the one before (a GIF frame may
// be smaller than the picture and is drawn over the previous one), with
// every pixel that did not change left transparent (long runs of one
// index, which GIF's LZW packs to almost nothing), each frame with its
// own palette.
func (r *Renderer) Replay(frames []Situation, opt ReplayOptions) ([]byte, error) {
	if len(frames) == 0 {
		return nil, fmt.Errorf("render: a replay needs at least one situation")
	}
	delay := opt.Delay
	if delay <= 0 {
		delay = 80
	}
	var prev *image.RGBA
	out := &gif.GIF{LoopCount: 0}
	for i := range frames {
		img, err := r.SituationImage(&frames[i], opt.Crop)
		if err != nil {
			return nil, fmt.Errorf("render: replay frame %d: %w", i+1, err)
		}
		rect := img.Bounds()
		if prev != nil {
			rect = changed(prev, img)
			if rect.Empty() {
				// Nothing moved: one pixel keeps the frame's timing.
				rect = image.Rect(0, 0, 1, 1)
			}
		}
		out.Image = append(out.Image, deltaFrame(prev, img, rect))
		out.Delay = append(out.Delay, delay)
		out.Disposal = append(out.Disposal, gif.DisposalNone)
		if out.Config.Width == 0 {
			out.Config.Width, out.Config.Height = img.Bounds().Dx(), img.Bounds().Dy()
		}
		prev = img
	}
	out.Delay[len(out.Delay)-1] = delay * 5
	var buf bytes.Buffer
	if err := gif.EncodeAll(&buf, out); err != nil {
		return nil, fmt.Errorf("render: encoding the replay: %w", err)
	}
	return buf.Bytes(), nil
}

// changed is the smallest rectangle holding every pixel that differs
// between two pictures of the same size.
func changed(a, b *image.RGBA) image.Rectangle {
	bd := a.Bounds()
	minX, minY, maxX, maxY := bd.Dx(), bd.Dy(), -1, -1
	for y := 0; y < bd.Dy(); y++ {
		ra := a.Pix[y*a.Stride : y*a.Stride+4*bd.Dx()]
		rb := b.Pix[y*b.Stride : y*b.Stride+4*bd.Dx()]
		if bytes.Equal(ra, rb) {
			continue
		}
		minY, maxY = min(minY, y), y
		x0 := 0
		for x0 < bd.Dx() && bytes.Equal(ra[4*x0:4*x0+4], rb[4*x0:4*x0+4]) {
			x0++
		}
		x1 := bd.Dx() - 1
		for x1 > x0 && bytes.Equal(ra[4*x1:4*x1+4], rb[4*x1:4*x1+4]) {
			x1--
		}
		minX, maxX = min(minX, x0), max(maxX, x1)
	}
	if maxY < 0 {
		return image.Rectangle{}
	}
	return image.Rect(minX, minY, maxX+1, maxY+1)
}

// deltaFrame is the part rect of cur as a GIF frame: its own palette of
// at most 255 colours plus a transparent entry for every pixel equal to
// prev's (prev nil: the first frame, all drawn).
func deltaFrame(prev, cur *image.RGBA, rect image.Rectangle) *image.Paletted {
	sub := cur.SubImage(rect).(*image.RGBA)
	if prev == nil {
		p := palettize(sub)
		p.Rect = rect
		return p
	}
	p := palettizeN(sub, 255)
	clear := uint8(len(p.Palette))
	p.Palette = append(p.Palette, color.RGBA{})
	for y := rect.Min.Y; y < rect.Max.Y; y++ {
		po := prev.PixOffset(rect.Min.X, y)
		co := cur.PixOffset(rect.Min.X, y)
		row := p.Pix[(y-rect.Min.Y)*p.Stride:]
		for x := 0; x < rect.Dx(); x++ {
			if bytes.Equal(prev.Pix[po+4*x:po+4*x+4], cur.Pix[co+4*x:co+4*x+4]) {
				row[x] = clear
			}
		}
	}
	p.Rect = rect
	return p
}
