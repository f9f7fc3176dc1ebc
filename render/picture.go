package render

import (
	"image"
	"math"
	"sort"

	"rtrbot/engine/hex"
)

// Layers are the layers that draw a situation on the map, bottom to top:
// trails of the last moves under everything, the destination wash, the
// counters, the hex markers, the combat arrows, the destination costs.
// (The status strip and the Russian Front box are drawn outside the map
// by SituationImage.)
func (s *Situation) Layers() []Layer {
	return []Layer{trailsLayer{s}, destinationsLayer{s}, stacksLayer{s}, fortMarksLayer{s}, combatsLayer{s: s}, costsLayer{s}}
}

// layers are the Layers as the renderer draws them, with the names of
// the rules' places written again where counters cover them and the
// combat tags placed clear of names (names.go).
func (r *Renderer) layers(s *Situation) []Layer {
	p := r.plan(s)
	return []Layer{trailsLayer{s}, destinationsLayer{s}, stacksLayer{s}, fortMarksLayer{s},
		combatsLayer{s: s, planned: true}, namesLayer{r, p}, tagsLayer{p}, costsLayer{s}}
}

// SituationImage draws a situation over the map: whole (crop nil), with
// the status strip and the Russian Front box above the map, or a crop
// with a one-line caption above it. Extra layers (a focus outline) go
// over the situation.
func (r *Renderer) SituationImage(s *Situation, crop *Crop, extra ...Layer) (*image.RGBA, error) {
	return r.situationImageIn(s, crop, nil, extra...)
}

// situationImageIn is SituationImage with the crop's rectangle given
// (fixed, when not nil: the frames of a replay keep one size).
func (r *Renderer) situationImageIn(s *Situation, crop *Crop, fixed *image.Rectangle, extra ...Layer) (*image.RGBA, error) {
	top := headerHeight(r.layout.R)
	var avoid []box
	var clip *image.Rectangle
	if crop != nil {
		top = bannerHeight(r.layout.R)
		boxes, at := stackBoxesAt(s, r.layout)
		rect, err := r.situationClip(*crop, boxes, at)
		if err != nil {
			return nil, err
		}
		if fixed != nil {
			rect = *fixed
		}
		clip = &rect
		s = cropSituation(s, rect, boxes, at)
		avoid = stackBoxes(s, r.layout)
	}
	f := Frame{Crop: crop, Layers: append(r.layers(s), extra...)}
	img, err := r.imageIn(f, clip, top, avoid)
	if err != nil {
		return nil, err
	}
	if crop != nil {
		return r.withBanner(img, s), nil
	}
	return r.withHeader(img, s), nil
}

// DrawSituation is SituationImage as PNG in the renderer's fixed palette
// of 256 colours (encode.go).
func (r *Renderer) DrawSituation(s *Situation, crop *Crop, extra ...Layer) ([]byte, error) {
	img, err := r.SituationImage(s, crop, extra...)
	if err != nil {
		return nil, err
	}
	// Below the strip or caption, the picture is the base's (with
	// layers): its unchanged pixels take the base's palette indexes.
	ref := baseRef{ok: true, top: headerHeight(r.layout.R)}
	ref.dy = -ref.top
	if crop != nil {
		boxes, at := stackBoxesAt(s, r.layout)
		rect, err := r.situationClip(*crop, boxes, at)
		if err != nil {
			return nil, err
		}
		ref.top = bannerHeight(r.layout.R)
		ref.dx, ref.dy = rect.Min.X, rect.Min.Y-ref.top
	}
	return r.encodeRef(img, ref)
}

// FrontCrop is the crop around the active front: the smallest circle of
// hexes that holds every stack in contact with an enemy stack (adjacent
// hexes), with a hex to spare. With no contact it holds every stack; with
// no stack at all it is nil (draw the whole map). The radius is kept
// between 3 and maxRadius so that the counters stay legible on a phone.
func FrontCrop(s *Situation, maxRadius int) *Crop {
	bySide := [2]map[hex.Hex]bool{{}, {}}
	for _, st := range s.Stacks {
		bySide[st.Side][st.At] = true
	}
	var hot []hex.Hex
	for _, st := range s.Stacks {
		for _, n := range st.At.Neighbors() {
			if bySide[1-st.Side][n] {
				hot = append(hot, st.At)
				break
			}
		}
	}
	if len(hot) == 0 {
		for _, st := range s.Stacks {
			hot = append(hot, st.At)
		}
	}
	for _, cb := range s.Combats {
		hot = append(hot, cb.Defender)
	}
	if len(hot) == 0 {
		return nil
	}
	// The centre is the hex nearest the middle of the hot hexes in
	// column and row; the radius reaches the farthest of them.
	var sc, sr float64
	for _, h := range hot {
		sc += float64(h.Col)
		sr += float64(h.Row)
	}
	n := float64(len(hot))
	centre := hex.Hex{Col: int(math.Round(sc / n)), Row: int(math.Round(sr / n))}
	radius := 0
	for _, h := range hot {
		radius = max(radius, hex.Distance(centre, h))
	}
	radius = min(max(radius+1, 3), maxRadius)
	return &Crop{Center: centre, Radius: radius}
}

// FrontCrops are the crops of every active front: the stacks in contact
// with an enemy stack (and the defenders of the last combats) grouped
// into contact areas, hexes of one area no more than 3 hexes from the
// next, and one crop per area, largest first, each the smallest circle
// around its area with a hex to spare (radius 2..maxRadius). An area too
// wide for maxRadius is cut into several crops. With no contact there is
// none: FrontCrop gives the crop of every stack then.
func FrontCrops(s *Situation, maxRadius int) []Crop {
	maxRadius = max(maxRadius, 2)
	bySide := [2]map[hex.Hex]bool{{}, {}}
	for _, st := range s.Stacks {
		bySide[st.Side][st.At] = true
	}
	seen := map[hex.Hex]bool{}
	var hot []hex.Hex
	add := func(h hex.Hex) {
		if !seen[h] {
			seen[h] = true
			hot = append(hot, h)
		}
	}
	for _, st := range s.Stacks {
		for _, n := range st.At.Neighbors() {
			if bySide[1-st.Side][n] {
				add(st.At)
				break
			}
		}
	}
	for _, cb := range s.Combats {
		add(cb.Defender)
	}
	sort.Slice(hot, func(i, j int) bool { return hex.Less(hot[i], hot[j]) })
	// Contact areas: hexes linked when at most 3 apart.
	area := make([]int, len(hot))
	for i := range area {
		area[i] = -1
	}
	var areas [][]hex.Hex
	for i := range hot {
		if area[i] >= 0 {
			continue
		}
		k := len(areas)
		area[i] = k
		queue := []int{i}
		var members []hex.Hex
		for len(queue) > 0 {
			j := queue[0]
			queue = queue[1:]
			members = append(members, hot[j])
			for m := range hot {
				if area[m] < 0 && hex.Distance(hot[j], hot[m]) <= 3 {
					area[m] = k
					queue = append(queue, m)
				}
			}
		}
		areas = append(areas, members)
	}
	var out []Crop
	for _, a := range areas {
		// Cut an area into crops: from its first hex, take every hex
		// that fits a circle of maxRadius-1 around their middle.
		rest := a
		for len(rest) > 0 {
			group := []hex.Hex{rest[0]}
			var left []hex.Hex
			for _, h := range rest[1:] {
				c := centreOf(append(group, h))
				ok := true
				for _, g := range append(group, h) {
					if hex.Distance(c, g) > maxRadius-1 {
						ok = false
						break
					}
				}
				if ok {
					group = append(group, h)
				} else {
					left = append(left, h)
				}
			}
			c := centreOf(group)
			radius := 0
			for _, g := range group {
				radius = max(radius, hex.Distance(c, g))
			}
			out = append(out, Crop{Center: c, Radius: min(max(radius+1, 2), maxRadius)})
			rest = left
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Radius > out[j].Radius })
	return out
}

// centreOf is the hex nearest the middle of some hexes in column and row.
func centreOf(hs []hex.Hex) hex.Hex {
	var sc, sr float64
	for _, h := range hs {
		sc += float64(h.Col)
		sr += float64(h.Row)
	}
	n := float64(len(hs))
	return hex.Hex{Col: int(math.Round(sc / n)), Row: int(math.Round(sr / n))}
}
