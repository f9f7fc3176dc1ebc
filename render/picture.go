package render

import (
	"image"
	"math"

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
	f := Frame{Crop: crop, Layers: append(r.layers(s), extra...)}
	top := headerHeight(r.layout.R)
	if crop != nil {
		top = bannerHeight(r.layout.R)
	}
	var avoid []box
	if crop != nil {
		avoid = stackBoxes(s, r.layout)
	}
	img, err := r.imageBelow(f, top, avoid)
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
	return r.encode(img)
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
