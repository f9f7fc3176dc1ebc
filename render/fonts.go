package render

import (
	_ "embed"
	"fmt"

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
