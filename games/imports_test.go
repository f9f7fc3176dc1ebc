package games

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The service runs games and decides; it writes no message and draws no
// map: it imports the engine, the database, the two-language texts, who
// asks and the computer players, never the renderer, the commands or a chat.
func TestImports(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	// rtrbot/ai: the computer players, which depend on the engine alone
	// (bot.go seats them); rtrbot/actor: who asks.
	allowed := []string{"rtrbot/engine/", "rtrbot/db", "rtrbot/i18n", "rtrbot/ai", "rtrbot/actor"}
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
			if !strings.HasPrefix(path, "rtrbot/") {
				continue // the standard library
			}
			ok := false
			for _, a := range allowed {
				ok = ok || strings.HasPrefix(path, a)
			}
			if !ok {
				t.Errorf("%s imports %s", name, path)
			}
		}
	}
	if n == 0 {
		t.Fatal("no import read: the check saw nothing")
	}
}
