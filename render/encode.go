package render

import (
	"bufio"
	"bytes"
	"compress/flate"
	"encoding/binary"
	"fmt"
	"hash/adler32"
	"hash/crc32"
	"image"
	"image/color"
	"io"
	"slices"
	"sync"

	"rtrbot/engine/board"
)

// The pictures of one renderer share one palette, fixed the first time a
// picture is encoded: the colours of its base map (most frequent first,
// spread out as palettize does) and every colour the layers paint with
// (nations, inks, markers, the status strip, washes over each terrain)
// with a few anti-aliasing shades of the counters' ink on their ground.
// A colour of the base map is looked up in a table made once; any other
// (the anti-aliased edge of a counter or an arrow) goes to its nearest
// entry, found once per picture, so that encoding a situation does not
// count, sort and search the picture's colours every time.

// fixedPalette is a renderer's palette and the index of every colour of
// its base map.
type fixedPalette struct {
	pal   color.Palette
	known map[uint32]uint8 // read-only after build: safe to share
	near  *nearest
	// The base picture and its pixels' indexes: a picture's pixel
	// equal to the base's under it takes the base's index without a
	// lookup (most of a situation's pixels are the base's).
	base    *image.RGBA
	baseIdx []uint8
}

// baseRef says where a picture's rows lie on the base: picture row y is
// base row y+dy, column x base column x+dx, for rows from top on.
type baseRef struct {
	ok     bool
	dx, dy int
	top    int
}

// pngLevel is the zlib level of the renderer's PNGs: the fastest levels
// cost a few per cent more bytes than image/png's default and take a
// fraction of its time (BenchmarkWritePNGLevels compares them). Level 2
// keeps the whole map with units under 1.5 times its floor with a margin
// (BenchmarkFullMapVsFloor), where level 4 comes near the limit.
const pngLevel = 2

func pack(c color.RGBA) uint32 {
	return uint32(c.R)<<24 | uint32(c.G)<<16 | uint32(c.B)<<8 | uint32(c.A)
}

// over is c (non-premultiplied) painted over the opaque colour g.
func over(c color.NRGBA, g color.RGBA) color.RGBA {
	a := uint32(c.A)
	mix := func(x, y uint8) uint8 { return uint8((uint32(x)*a + uint32(y)*(255-a) + 127) / 255) }
	return color.RGBA{mix(c.R, g.R), mix(c.G, g.G), mix(c.B, g.B), 0xff}
}

// blend is a share t of b mixed into a.
func blend(a, b color.RGBA, t float64) color.RGBA {
	m := func(x, y uint8) uint8 { return uint8(float64(x)*(1-t) + float64(y)*t + 0.5) }
	return color.RGBA{m(a.R, b.R), m(a.G, b.G), m(a.B, b.B), 0xff}
}

// layerColours are the colours the situation's layers and the status
// strip paint with, most important first.
func layerColours() []color.RGBA {
	white, black := rgb(0xff, 0xff, 0xff), rgb(0, 0, 0)
	out := []color.RGBA{white, black, ink, panelFill, panelEdge, trackDone, trackNow,
		combatRed, trenchBrown, destInk, railInk, rgb(0x2a, 0x20, 0x1a), rgb(0xe8, 0x1c, 0x1c),
		rgb(0x0c, 0x24, 0x5c), rgb(0xff, 0xd8, 0x40), rgb(0x90, 0x00, 0x00), rgb(0xf0, 0xe6, 0xd4),
		rgb(0xff, 0x8c, 0x00), rgb(0xe0, 0x10, 0x10)}
	var nations []nationStyle
	for _, s := range nationStyles {
		nations = append(nations, s)
	}
	nations = append(nations, styleOf(""))
	slices.SortFunc(nations, func(a, b nationStyle) int { return int(pack(a.bg)) - int(pack(b.bg)) })
	for _, s := range nations {
		out = append(out, s.bg, s.fg, s.edge)
	}
	// Washes and trails over the common grounds.
	grounds := []color.RGBA{paper, terrainFill[board.Clear], terrainFill[board.Rough], terrainFill[board.Forest],
		terrainFill[board.Mountain], terrainFill[board.Marsh]}
	for _, g := range grounds {
		out = append(out, over(destFill, g), over(railFill, g), over(color.NRGBA{ink.R, ink.G, ink.B, 0x78}, g),
			over(color.NRGBA{0x12, 0x34, 0x90, 0x78}, g))
	}
	// Shades of each counter's ink on its ground, for its letters' edges.
	for _, s := range nations {
		out = append(out, blend(s.bg, s.fg, 1.0/3), blend(s.bg, s.fg, 2.0/3))
	}
	for _, c := range []color.RGBA{combatRed, trackNow, panelEdge} {
		out = append(out, blend(white, c, 1.0/3), blend(white, c, 2.0/3))
	}
	return out
}

// palette builds the renderer's palette once.
func (r *Renderer) palette() *fixedPalette {
	r.palOnce.Do(func() { r.pal = buildPalette(r.base) })
	return r.pal
}

func buildPalette(base *image.RGBA) *fixedPalette {
	seen := map[uint32]bool{}
	var pal []uint32
	add := func(c uint32) {
		if !seen[c] && len(pal) < 256 {
			seen[c] = true
			pal = append(pal, c)
		}
	}
	for _, c := range layerColours() {
		add(pack(c))
	}
	for _, c := range palettizeN(base, 256-len(pal)).Palette {
		add(pack(color.RGBAModel.Convert(c).(color.RGBA)))
	}
	// What room is left goes to the base's next most frequent colours.
	fp := &fixedPalette{pal: make(color.Palette, len(pal)), known: map[uint32]uint8{}, near: newNearest(pal)}
	for i, c := range pal {
		fp.pal[i] = color.RGBA{uint8(c >> 24), uint8(c >> 16), uint8(c >> 8), uint8(c)}
	}
	b := base.Bounds()
	fp.base, fp.baseIdx = base, make([]uint8, b.Dx()*b.Dy())
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := base.Pix[(y-b.Min.Y)*base.Stride:]
		idx := fp.baseIdx[(y-b.Min.Y)*b.Dx():]
		last, li := uint32(1), uint8(0)
		for x := 0; x < b.Dx(); x++ {
			p := row[4*x : 4*x+4]
			c := uint32(p[0])<<24 | uint32(p[1])<<16 | uint32(p[2])<<8 | uint32(p[3])
			if c != last {
				last = c
				i, ok := fp.known[c]
				if !ok {
					i = fp.near.find(c)
					fp.known[c] = i
				}
				li = i
			}
			idx[x] = li
		}
	}
	return fp
}

// paletted maps a picture to the fixed palette.
func (fp *fixedPalette) paletted(img *image.RGBA) *image.Paletted {
	return fp.palettedRef(img, baseRef{})
}

// palettedRef maps a picture to the fixed palette, taking the base's
// index for every pixel equal to the base's under it (ref).
func (fp *fixedPalette) palettedRef(img *image.RGBA, ref baseRef) *image.Paletted {
	b := img.Bounds()
	out := image.NewPaletted(image.Rect(0, 0, b.Dx(), b.Dy()), fp.pal)
	var extra map[uint32]uint8
	cache := make([]cacheSlot, 1<<12)
	bb := fp.base.Bounds()
	for y := 0; y < b.Dy(); y++ {
		row := img.Pix[y*img.Stride:]
		dst := out.Pix[y*out.Stride:]
		last, li := uint32(0), uint8(0)
		// The base row under this one, if any.
		var brow []uint8
		var bidx []uint8
		if by := y + ref.dy; ref.ok && y >= ref.top && by >= 0 && by < bb.Dy() && ref.dx >= 0 && ref.dx+b.Dx() <= bb.Dx() {
			brow = fp.base.Pix[by*fp.base.Stride+4*ref.dx : by*fp.base.Stride+4*(ref.dx+b.Dx())]
			bidx = fp.baseIdx[by*bb.Dx()+ref.dx : by*bb.Dx()+ref.dx+b.Dx()]
		}
		haveLast := false
		w := b.Dx()
		for x := 0; x < w; x++ {
			if brow != nil {
				// Sixteen pixels at a time where the picture is the
				// base's: one comparison, one copy.
				if x%16 == 0 && x+16 <= w && bytes.Equal(row[4*x:4*x+64], brow[4*x:4*x+64]) {
					copy(dst[x:x+16], bidx[x:x+16])
					x += 15
					continue
				}
				q := brow[4*x : 4*x+4 : 4*x+4]
				p := row[4*x : 4*x+4 : 4*x+4]
				if p[0] == q[0] && p[1] == q[1] && p[2] == q[2] && p[3] == q[3] {
					dst[x] = bidx[x]
					continue
				}
			}
			p := row[4*x : 4*x+4 : 4*x+4]
			c := uint32(p[0])<<24 | uint32(p[1])<<16 | uint32(p[2])<<8 | uint32(p[3])
			if !haveLast || c != last {
				haveLast = true
				last = c
				// A small direct-mapped cache spares most map lookups.
				k := &cache[(c*0x9e3779b1)>>20]
				if k.set && k.c == c {
					li = k.i
					dst[x] = li
					continue
				}
				i, ok := fp.known[c]
				if !ok {
					if extra == nil {
						extra = map[uint32]uint8{}
					}
					if i, ok = extra[c]; !ok {
						i = fp.near.find(c)
						extra[c] = i
					}
				}
				li = i
				*k = cacheSlot{c: c, i: i, set: true}
			}
			dst[x] = li
		}
	}
	return out
}

type cacheSlot struct {
	c   uint32
	i   uint8
	set bool
}

// encode is the renderer's PNG of a picture: its fixed palette, zlib at
// pngLevel.
func (r *Renderer) encode(img *image.RGBA) ([]byte, error) { return r.encodeRef(img, baseRef{}) }

// encodeRef is encode for a picture whose rows from ref.top on are the
// base's (plus layers) at ref's offset.
func (r *Renderer) encodeRef(img *image.RGBA, ref baseRef) ([]byte, error) {
	var buf bytes.Buffer
	if err := writePNG(&buf, r.palette().palettedRef(img, ref), pngLevel); err != nil {
		return nil, fmt.Errorf("render: encoding PNG: %w", err)
	}
	return buf.Bytes(), nil
}

// writePNG writes a paletted picture as an 8-bit indexed PNG (PNG
// specification, 11.2: IHDR, PLTE, tRNS when a colour is not opaque,
// IDAT, IEND), every row unfiltered, compressed at a chosen zlib level
// (image/png offers only default, fastest and best).
func writePNG(w io.Writer, p *image.Paletted, level int) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	if _, err := bw.WriteString("\x89PNG\r\n\x1a\n"); err != nil {
		return err
	}
	chunk := func(kind string, data []byte) error {
		var hdr [8]byte
		binary.BigEndian.PutUint32(hdr[:4], uint32(len(data)))
		copy(hdr[4:], kind)
		crc := crc32.NewIEEE()
		crc.Write(hdr[4:])
		crc.Write(data)
		bw.Write(hdr[:])
		bw.Write(data)
		var sum [4]byte
		binary.BigEndian.PutUint32(sum[:], crc.Sum32())
		_, err := bw.Write(sum[:])
		return err
	}
	b := p.Bounds()
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(b.Dx()))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(b.Dy()))
	ihdr[8], ihdr[9] = 8, 3 // 8 bits, indexed colour
	if err := chunk("IHDR", ihdr[:]); err != nil {
		return err
	}
	plte := make([]byte, 0, 3*len(p.Palette))
	trns := make([]byte, 0, len(p.Palette))
	opaque := true
	for _, c := range p.Palette {
		n := color.NRGBAModel.Convert(c).(color.NRGBA)
		plte = append(plte, n.R, n.G, n.B)
		trns = append(trns, n.A)
		if n.A != 0xff {
			opaque = false
		}
	}
	if err := chunk("PLTE", plte); err != nil {
		return err
	}
	if !opaque {
		for len(trns) > 0 && trns[len(trns)-1] == 0xff {
			trns = trns[:len(trns)-1]
		}
		if err := chunk("tRNS", trns); err != nil {
			return err
		}
	}
	z, err := zlibParallel(p, level)
	if err != nil {
		return err
	}
	if err := chunk("IDAT", z); err != nil {
		return err
	}
	if err := chunk("IEND", nil); err != nil {
		return err
	}
	return bw.Flush()
}

// zlibParallel is the zlib stream (RFC 1950) of a paletted picture's
// rows, each led by filter byte 0, deflated in two halves at once: the
// first half ends with a sync flush (a non-final block, byte-aligned),
// the second is the final part, so the two raw deflate streams joined
// are one valid stream (each half only loses the other's window). The
// checksum is the Adler-32 of all the rows.
func zlibParallel(p *image.Paletted, level int) ([]byte, error) {
	b := p.Bounds()
	w, h := b.Dx(), b.Dy()
	raw := make([]byte, h*(w+1))
	for y := 0; y < h; y++ {
		i := p.PixOffset(b.Min.X, b.Min.Y+y)
		copy(raw[y*(w+1)+1:], p.Pix[i:i+w])
	}
	cut := (h / 2) * (w + 1)
	parts := [2][]byte{raw[:cut], raw[cut:]}
	var out [2]bytes.Buffer
	var errs [2]error
	var wg sync.WaitGroup
	for k := range parts {
		wg.Add(1)
		go func(k int) {
			defer wg.Done()
			fw, err := flate.NewWriter(&out[k], level)
			if err != nil {
				errs[k] = err
				return
			}
			if _, err := fw.Write(parts[k]); err != nil {
				errs[k] = err
				return
			}
			if k == 0 {
				errs[k] = fw.Flush()
			} else {
				errs[k] = fw.Close()
			}
		}(k)
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	z := make([]byte, 0, 2+out[0].Len()+out[1].Len()+4)
	// CMF 0x78: deflate, 32 KB window; FLG 0x5e: level hint 1, and
	// (0x78<<8 | 0x5e) is a multiple of 31 as RFC 1950 asks.
	z = append(z, 0x78, 0x5e)
	z = append(z, out[0].Bytes()...)
	z = append(z, out[1].Bytes()...)
	return binary.BigEndian.AppendUint32(z, adler32.Checksum(raw)), nil
}
