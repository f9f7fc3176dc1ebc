package render

import (
	"os/exec"
	"strings"
	"testing"
)

// Which packages the renderer imports directly is checked with the
// other layers (scripts/house/layers_test.go).

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
