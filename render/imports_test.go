package render

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The renderer draws the map and whatever layers it is handed; it must
// never reach for the game state itself (brief: renderers see a side's
// view, never the whole state). Of the project's own packages it may
// import only the map, the grid and the languages.
func TestRenderImportsNoGameState(t *testing.T) {
	allowed := map[string]bool{"rtrbot/engine/board": true, "rtrbot/engine/hex": true, "rtrbot/i18n": true}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(fset, f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range af.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if strings.HasPrefix(p, "rtrbot/") && !allowed[p] {
				t.Errorf("%s imports %s: the renderer may use only the map, the grid and i18n; hand it a view as a Layer instead", f, p)
			}
		}
	}
}
