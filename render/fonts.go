package render

import (
	_ "embed"
	"fmt"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
)

// The map's one typeface: IPA PGothic (IPAフォント, proportional gothic),
// TrueType outlines with every Latin-1 letter the map needs (Liège,
// Saarbrücken, Épinal) and the Japanese of JIS X 0213 for labels in
// Japanese. Embedded so that the picture is the same on every machine.
// Licence: fonts/LICENSE-IPA.txt (IPA Font License v1.0); see fonts/README.md.
//
//go:embed fonts/ipagp.ttf
var ipaPGothic []byte

// typeface is the parsed font. Parsing is done once per Renderer; faces of
// a given size are made from it per drawing, because an opentype face keeps
// a scratch buffer and must not be shared between goroutines.
type typeface struct {
	f *opentype.Font
	// The smallest size asked for so far (0: none), for the report of
	// the smallest type in a picture (MinTextPx).
	mu    sync.Mutex
	minPx float64
}

func parseTypeface() (*typeface, error) {
	f, err := opentype.Parse(ipaPGothic)
	if err != nil {
		return nil, fmt.Errorf("render: parsing the embedded font: %w", err)
	}
	return &typeface{f: f}, nil
}

// face returns a face of the given pixel size.
func (t *typeface) face(px float64) font.Face {
	t.mu.Lock()
	if t.minPx == 0 || px < t.minPx {
		t.minPx = px
	}
	t.mu.Unlock()
	f, err := opentype.NewFace(t.f, &opentype.FaceOptions{Size: px, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		// NewFace fails only for a nil font or nonsensical options, both
		// ruled out by construction.
		panic(fmt.Sprintf("render: font face %.1fpx: %v", px, err))
	}
	return f
}

// Missing returns the runes of s that the embedded font has no glyph for.
func (t *typeface) Missing(s string) []rune {
	var buf sfnt.Buffer
	var out []rune
	for _, r := range s {
		if r == ' ' {
			continue
		}
		if i, err := t.f.GlyphIndex(&buf, r); err != nil || i == 0 {
			out = append(out, r)
		}
	}
	return out
}

// MinTextPx is the smallest type (its size in pixels, the em) the
// renderer has drawn with since it was made: its base picture and every
// picture drawn since. A fresh renderer that draws one picture gives
// that picture's smallest type.
func (r *Renderer) MinTextPx() float64 {
	r.font.mu.Lock()
	defer r.font.mu.Unlock()
	return r.font.minPx
}

// ResetMinTextPx forgets the sizes drawn so far, so that MinTextPx
// measures the pictures drawn from now on (the base picture's type is in
// every whole-map picture and crop, not in the overview).
func (r *Renderer) ResetMinTextPx() {
	r.font.mu.Lock()
	r.font.minPx = 0
	r.font.mu.Unlock()
}
