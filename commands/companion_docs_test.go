package commands_test

import (
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"rtrbot/i18n"
)

// The shell procedure printed in docs/dice.md recomputes the dice of a
// real session (run when bash and openssl are installed; skipped otherwise).
func TestDocumentedShellProcedure(t *testing.T) {
	bash, err1 := exec.LookPath("bash")
	_, err2 := exec.LookPath("openssl")
	if err1 != nil || err2 != nil {
		t.Skip("bash or openssl not installed")
	}
	doc, err := os.ReadFile("../docs/dice.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)```sh\n(.*?)```").FindSubmatch(doc)
	if m == nil {
		t.Fatal("docs/dice.md has no sh block")
	}
	script := string(m[1])
	c := newCompanion(t)
	c.public(i18n.EN, "log seed", "value:alice")
	c.public(i18n.EN, "roll", "dice:3d20")
	seed := seedRE.FindStringSubmatch(c.public(i18n.EN, "log reveal"))[1]
	sess, err := c.store.LatestRevealedSession(t.Context(), "guild", "table-1")
	if err != nil {
		t.Fatal(err)
	}
	rolls, err := c.store.SessionRolls(t.Context(), sess.ID)
	if err != nil || len(rolls) != 1 {
		t.Fatal(rolls, err)
	}
	for i, want := range rolls[0].Faces {
		s := regexp.MustCompile(`(?m)^SEED=.*$`).ReplaceAllString(script, "SEED="+seed)
		s = regexp.MustCompile(`(?m)^PLAYERS=.*$`).ReplaceAllString(s, "PLAYERS='alice'")
		s = regexp.MustCompile(`(?m)^ROLL=.*$`).ReplaceAllString(s, "ROLL=1 DIE="+strconv.Itoa(i+1)+" SIDES=20")
		out, err := exec.Command(bash, "-c", s).CombinedOutput()
		if err != nil {
			t.Fatalf("script: %v\n%s", err, out)
		}
		lines := strings.Fields(string(out))
		if len(lines) < 2 || lines[0] != sess.Commitment || lines[len(lines)-1] != strconv.Itoa(want) {
			t.Errorf("die %d: the documented script prints %q, want the commitment and %d", i+1, out, want)
		}
	}
}
