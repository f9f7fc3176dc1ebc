package console

import (
	"strings"
	"testing"

	"rtrbot/commands"
	"rtrbot/i18n"
)

// A subcommand typed under the wrong command (/game hint) is named where
// it lives (/computer hint); an unknown one still lists the command's own.
func TestParseNamesASubcommandsOtherCommand(t *testing.T) {
	r := testRouter()
	r.Add(&commands.Command{Name: "computer", Sub: []*commands.Command{{Name: "hint", Handler: nil}}})
	_, err := Parse(r, "/game hint")
	if err == nil || !strings.Contains(i18n.Message(err, i18n.EN), "/game hint is /computer hint") {
		t.Fatalf("/game hint: %v", err)
	}
	_, err = Parse(r, "/game frobnicate")
	if err == nil || !strings.Contains(i18n.Message(err, i18n.EN), "use one of new") {
		t.Fatalf("/game frobnicate: %v", err)
	}
}
