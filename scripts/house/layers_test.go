package main

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// layers says, for the packages whose place in the house matters most,
// which of the project's packages their non-test files may import (a
// prefix ending in "/" allows a whole tree). docs/code.md draws the layers.
var layers = map[string]struct {
	allowed []string
	why     string
}{
	"ai": {[]string{"rtrbot/engine/", "rtrbot/i18n", "rtrbot/balance"},
		"the computer players know what the engine's view and board give them: no database, chat, service or renderer (balance is pure statistics)"},
	"games": {[]string{"rtrbot/engine/", "rtrbot/db/enginereplay", "rtrbot/db/gamefile", "rtrbot/i18n", "rtrbot/ai", "rtrbot/actor"},
		"the service runs games and decides; it writes no message and draws no map; it keeps its games through its own Storage (games/storage.go), never package db itself: games/sqlstore translates"},
	"render": {[]string{"rtrbot/engine/board", "rtrbot/engine/hex", "rtrbot/engine/units", "rtrbot/i18n"},
		"the renderer draws the Situation it is handed, never the game state (14.1): hand it a Situation instead"},
}

// TestLayers: no package of the table imports a project package outside
// its layer.
func TestLayers(t *testing.T) {
	root := filepath.Join("..", "..")
	for pkg, l := range layers {
		imports, err := projectImports(filepath.Join(root, pkg))
		if err != nil {
			t.Fatal(err)
		}
		if len(imports) == 0 {
			t.Errorf("%s: no import read: the check saw nothing", pkg)
		}
		for file, paths := range imports {
			for _, p := range paths {
				if !allowedBy(l.allowed, p) {
					t.Errorf("%s/%s imports %s: %s", pkg, file, p, l.why)
				}
			}
		}
	}
}

// TestLayersSeeAForbiddenImport: the check reads imports as written, so a
// file importing the database from the renderer's layer is caught.
func TestLayersSeeAForbiddenImport(t *testing.T) {
	if allowedBy(layers["render"].allowed, "rtrbot/db") || allowedBy(layers["ai"].allowed, "rtrbot/games") ||
		allowedBy(layers["games"].allowed, "rtrbot/db") {
		t.Fatal("the layers allow what they forbid")
	}
	if !allowedBy(layers["ai"].allowed, "rtrbot/engine/game") {
		t.Fatal("a prefix ending in / should allow the packages below it")
	}
}

// allowedBy says whether path is one of allowed or below one ending in "/".
func allowedBy(allowed []string, path string) bool {
	for _, a := range allowed {
		if path == a || (strings.HasSuffix(a, "/") && strings.HasPrefix(path, a)) {
			return true
		}
	}
	return false
}

// projectImports lists, for each non-test Go file of dir, the project
// packages (rtrbot/...) it imports.
func projectImports(dir string) (map[string][]string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	out := map[string][]string{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			return nil, err
		}
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); strings.HasPrefix(p, "rtrbot/") {
				out[filepath.Base(name)] = append(out[filepath.Base(name)], p)
			}
		}
	}
	return out, nil
}
