package render

import (
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The renderer draws the map and the Situation it is handed; it must
// never reach for the game state itself (brief: renderers see a side's
// view, never the whole state; 14.1). Of the project's own packages it
// may import only the map, the grid, the languages and the counters'
// static definitions (nationalities and types, engine/units), never the
// rules engine (engine/game), the database or the bot.
func TestRenderImportsNoGameState(t *testing.T) {
	allowed := map[string]bool{"rtrbot/engine/board": true, "rtrbot/engine/hex": true, "rtrbot/i18n": true, "rtrbot/engine/units": true}
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
				t.Errorf("%s imports %s: the renderer may use only the map, the grid, the counters' definitions and i18n; hand it a Situation instead", f, p)
			}
		}
	}
}

// Not even indirectly: no package the renderer depends on, at any depth,
// is the rules engine, the database or the commands.
func TestRenderDependsOnNoGameStateAtAnyDepth(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Skipf("go list is not available here: %v", err)
	}
	for _, p := range strings.Fields(string(out)) {
		for _, bad := range []string{"rtrbot/engine/game", "rtrbot/db", "rtrbot/commands", "rtrbot/engine/scenario"} {
			if p == bad || strings.HasPrefix(p, bad+"/") {
				t.Errorf("render depends on %s (go list -deps): the renderer must see only a Situation", p)
			}
		}
	}
}
