package ai

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The computer players depend on the engine alone (and the texts of its
// refusals): no database, chat,
// service or renderer, so that what they know is what the engine's view
// and board give them.
func TestImportsEngineOnly(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			n++
			if strings.HasPrefix(path, "rtrbot/") && !strings.HasPrefix(path, "rtrbot/engine/") && path != "rtrbot/i18n" {
				t.Errorf("%s imports %s", name, path)
			}
		}
	}
	if n == 0 {
		t.Fatal("no import read")
	}
}
