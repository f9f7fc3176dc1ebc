package commands

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"
)

// The code that writes and draws a segment's account (game_report.go)
// works from games.SegmentReport, which holds views only
// (games.TestReportHoldsNoState). This keeps that file from reaching a
// state some other way: it names no State, *game.State or games.Game.
func TestReportCodeSeesViewsOnly(t *testing.T) {
	fs := token.NewFileSet()
	f, err := parser.ParseFile(fs, "game_report.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	forbidden := map[string]bool{"State": true, "Game": true, "Peek": true, "SegStart": true}
	n := 0
	ast.Inspect(f, func(x ast.Node) bool {
		sel, ok := x.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		n++
		if forbidden[sel.Sel.Name] {
			t.Errorf("%s: game_report.go reaches .%s: the account and its maps are made from views only", fs.Position(sel.Pos()), sel.Sel.Name)
		}
		return true
	})
	if n == 0 {
		t.Fatal("no selector read: the check saw nothing")
	}
}
