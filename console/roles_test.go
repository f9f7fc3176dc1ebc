package console

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"rtrbot/actor"
	"rtrbot/commands"
	"rtrbot/i18n"
)

// /as user:NAME keeps the console's user a referee; role:player and
// role:spectator make him one who referees nothing, so that what a player
// or a spectator may do and read can be tried here; a role or an option
// /as does not know is refused and changes nothing.
func TestAsRoles(t *testing.T) {
	r := commands.NewRouter(nil)
	r.Add(&commands.Command{Name: "who", Handler: func(ctx context.Context, req *commands.Request) *commands.Response {
		a := req.Actor()
		if a.Console {
			return commands.Reply(a.Name + " referees")
		}
		return commands.Reply(a.Name + " referees nothing")
	}})
	var out bytes.Buffer
	c := &Console{Router: r, Out: &out, Lang: i18n.EN, User: actor.Actor{ID: "console:anna", Name: "anna"}, Guild: "console", Chan: "console"}
	in := strings.Join([]string{
		"/who",
		"/as user:carol role:spectator",
		"/who",
		"/as user:bert role:player",
		"/who",
		"/as user:dora role:umpire",
		"/who",
		"/as user:dora colour:red",
		"/who",
		"/as user:dora",
		"/who",
		"/as user:erin role:referee",
		"/who",
	}, "\n")
	if err := c.Run(context.Background(), strings.NewReader(in)); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{
		"anna referees\n",
		"You are now carol, a spectator",
		"carol referees nothing",
		"You are now bert, a player",
		"bert referees nothing",
		"the role is referee",
		"/as takes user:NAME and role:",
		"dora referees\n",
		"erin referees\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	// The refused /as lines changed nothing: bert stayed at the keyboard.
	if strings.Count(got, "bert referees nothing") != 3 {
		t.Errorf("a refused /as changed the user:\n%s", got)
	}
}
