package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"io"
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
func (r *Renderer) Replay(frames []Situation, opt ReplayOptions) ([]byte, error) {
	var buf bytes.Buffer
	if err := r.WriteReplay(&buf, frames, opt); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// WriteReplay writes the replay GIF to w frame by frame. Memory stays
// bounded by the picture, not the length of the game: two whole frames
// are kept at a time, each frame is written as soon as it is drawn, and
// each holds only the rectangle that changed since the one before (a GIF
// frame may be smaller than the picture and is drawn over the previous
// one), with every pixel that did not change left transparent (long runs
// of one index, which GIF's LZW packs to almost nothing) and its own
// palette.
func (r *Renderer) WriteReplay(w io.Writer, frames []Situation, opt ReplayOptions) error {
	if len(frames) == 0 {
		return fmt.Errorf("render: a replay needs at least one situation")
	}
	delay := opt.Delay
	if delay <= 0 {
		delay = 80
	}
	// A cropped replay keeps one rectangle for every frame: the union of
	// what each frame's counters need (situationClip), so that no frame
	// cuts a counter and every frame has the same size.
	var fixed *image.Rectangle
	if opt.Crop != nil {
		for i := range frames {
			boxes, at := stackBoxesAt(&frames[i], r.layout)
			rect, err := r.situationClip(*opt.Crop, boxes, at)
			if err != nil {
				return fmt.Errorf("render: replay frame %d: %w", i+1, err)
			}
			if fixed == nil {
				fixed = &rect
			} else {
				u := fixed.Union(rect)
				fixed = &u
			}
		}
	}
	var prev *image.RGBA
	var one bytes.Buffer
	for i := range frames {
		img, err := r.situationImageIn(&frames[i], opt.Crop, fixed)
		if err != nil {
			return fmt.Errorf("render: replay frame %d: %w", i+1, err)
		}
		rect := img.Bounds()
		if prev != nil {
			rect = changed(prev, img)
			if rect.Empty() {
				// Nothing moved: one pixel keeps the frame's timing.
				rect = image.Rect(0, 0, 1, 1)
			}
		}
		d := delay
		if i == len(frames)-1 {
			d = delay * 5
		}
		// Each frame is encoded as a GIF of its own and its blocks copied
		// out: image/gif has no frame-by-frame encoder.
		one.Reset()
		g := &gif.GIF{
			Image:    []*image.Paletted{deltaFrame(prev, img, rect)},
			Delay:    []int{d},
			Disposal: []byte{gif.DisposalNone},
			Config:   image.Config{Width: img.Bounds().Dx(), Height: img.Bounds().Dy()},
		}
		if err := gif.EncodeAll(&one, g); err != nil {
			return fmt.Errorf("render: encoding replay frame %d: %w", i+1, err)
		}
		b := one.Bytes()
		if len(b) < gifHeaderLen+1 || b[len(b)-1] != gifTrailer {
			return fmt.Errorf("render: replay frame %d: unexpected GIF layout", i+1)
		}
		if i == 0 {
			// The header (no global colour table: every frame has its
			// own) and the loop-forever block.
			if _, err := w.Write(b[:gifHeaderLen]); err != nil {
				return err
			}
			if _, err := w.Write(loopForever); err != nil {
				return err
			}
		}
		if _, err := w.Write(b[gifHeaderLen : len(b)-1]); err != nil {
			return err
		}
		prev = img
	}
	_, err := w.Write([]byte{gifTrailer})
	return err
}

// The layout of a GIF as image/gif writes it with no global colour
// table: "GIF89a", the logical screen descriptor (7 bytes), the frames,
// and the trailer.
const (
	gifHeaderLen = 13
	gifTrailer   = 0x3b
)

// loopForever is the NETSCAPE2.0 application extension with loop count 0.
var loopForever = []byte{0x21, 0xff, 0x0b, 'N', 'E', 'T', 'S', 'C', 'A', 'P', 'E', '2', '.', '0', 0x03, 0x01, 0x00, 0x00, 0x00}

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
