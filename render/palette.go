package render

import (
	"image"
	"image/color"
	"sort"
)

// palettize turns a picture into a paletted one of at most 256 colours, so
// that its PNG takes one byte a pixel instead of three: the whole map drops
// to well under half its size. A map is mostly flat colours, so the
// palette is the most frequent colours, each kept only if it is not
// within a small distance of one already chosen; every other colour (the
// antialiased edges of letters and lines) goes to its nearest entry. No
// dithering: it would blur small letters and compress badly.
func palettize(img *image.RGBA) *image.Paletted { return palettizeN(img, 256) }

// palettizeN is palettize to at most n colours (n <= 256).
func palettizeN(img *image.RGBA, n int) *image.Paletted {
	b := img.Bounds()
	// Maps are mostly runs of one colour: count runs, not pixels, to
	// spare the map lookups.
	counts := map[uint32]int{}
	for y := 0; y < b.Dy(); y++ {
		row := img.Pix[y*img.Stride:]
		run, last := 0, uint32(0)
		for x := 0; x < b.Dx(); x++ {
			p := row[4*x : 4*x+4]
			c := uint32(p[0])<<24 | uint32(p[1])<<16 | uint32(p[2])<<8 | uint32(p[3])
			if run > 0 && c == last {
				run++
				continue
			}
			if run > 0 {
				counts[last] += run
			}
			last, run = c, 1
		}
		if run > 0 {
			counts[last] += run
		}
	}
	type entry struct {
		c uint32
		n int
	}
	all := make([]entry, 0, len(counts))
	for c, n := range counts {
		all = append(all, entry{c, n})
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].n != all[j].n {
			return all[i].n > all[j].n
		}
		return all[i].c < all[j].c
	})

	var pal []uint32
	if len(all) <= n {
		for _, e := range all {
			pal = append(pal, e.c)
		}
	} else {
		// Pick spread-out frequent colours: first with a wide spacing,
		// then narrower until the palette is full.
		// Only the most frequent few thousand are candidates; the rest
		// are edge pixels that map to their nearest entry.
		cands := all[:min(len(all), 4096)]
		chosen := map[uint32]bool{}
		for _, minDist := range []int{48, 24, 12, 6, 0} {
			for _, e := range cands {
				if len(pal) == n {
					break
				}
				if chosen[e.c] {
					continue
				}
				ok := true
				for _, p := range pal {
					if dist(p, e.c) <= minDist {
						ok = false
						break
					}
				}
				if ok {
					pal = append(pal, e.c)
					chosen[e.c] = true
				}
			}
		}
	}

	palette := make(color.Palette, len(pal))
	for i, c := range pal {
		palette[i] = color.RGBA{uint8(c >> 24), uint8(c >> 16), uint8(c >> 8), uint8(c)}
	}
	index := make(map[uint32]uint8, len(all))
	near := newNearest(pal)
	for _, e := range all {
		index[e.c] = near.find(e.c)
	}
	out := image.NewPaletted(image.Rect(0, 0, b.Dx(), b.Dy()), palette)
	for y := 0; y < b.Dy(); y++ {
		row := img.Pix[y*img.Stride:]
		dst := out.Pix[y*out.Stride:]
		last, li := uint32(0), uint8(0)
		for x := 0; x < b.Dx(); x++ {
			p := row[4*x : 4*x+4]
			c := uint32(p[0])<<24 | uint32(p[1])<<16 | uint32(p[2])<<8 | uint32(p[3])
			if x == 0 || c != last {
				last, li = c, index[c]
			}
			dst[x] = li
		}
	}
	return out
}

// dist is the largest channel difference of two packed RGBA colours.
func dist(a, b uint32) int {
	d := 0
	for s := 0; s < 32; s += 8 {
		x := int(a>>s&0xff) - int(b>>s&0xff)
		if x < 0 {
			x = -x
		}
		d = max(d, x)
	}
	return d
}

// dist2 is the squared distance of two packed RGBA colours, green weighted
// a little more as the eye sees it.
func dist2(a, b uint32) int {
	dr := int(a>>24&0xff) - int(b>>24&0xff)
	dg := int(a>>16&0xff) - int(b>>16&0xff)
	db := int(a>>8&0xff) - int(b>>8&0xff)
	da := int(a&0xff) - int(b&0xff)
	return 3*dr*dr + 4*dg*dg + 2*db*db + 3*da*da
}

// nearest finds a palette's nearest entry to a colour (by dist2, the
// lowest index among equals) without trying every entry: the entries are
// sorted by red, and the search walks out from the colour's red both ways,
// stopping on each side once the red difference alone is farther than the
// best found. The same answer as trying all, several times faster on a
// map's tens of thousands of antialiased colours.
type nearest struct {
	pal   []uint32
	order []int // palette indexes sorted by red
	reds  []int // their reds
}

func newNearest(pal []uint32) *nearest {
	n := &nearest{pal: pal, order: make([]int, len(pal))}
	for i := range pal {
		n.order[i] = i
	}
	sort.SliceStable(n.order, func(a, b int) bool { return pal[n.order[a]]>>24 < pal[n.order[b]]>>24 })
	n.reds = make([]int, len(pal))
	for i, k := range n.order {
		n.reds[i] = int(pal[k] >> 24)
	}
	return n
}

func (n *nearest) find(c uint32) uint8 {
	r := int(c >> 24)
	start := sort.SearchInts(n.reds, r)
	best, bestD := len(n.pal), int(^uint(0)>>1)
	try := func(i int) bool {
		dr := n.reds[i] - r
		if 3*dr*dr > bestD {
			return false
		}
		k := n.order[i]
		if d := dist2(n.pal[k], c); d < bestD || (d == bestD && k < best) {
			best, bestD = k, d
		}
		return true
	}
	up, down := start, start-1
	for up < len(n.reds) || down >= 0 {
		if up < len(n.reds) {
			if try(up) {
				up++
			} else {
				up = len(n.reds)
			}
		}
		if down >= 0 {
			if try(down) {
				down--
			} else {
				down = -1
			}
		}
	}
	if best == len(n.pal) {
		return 0
	}
	return uint8(best)
}
