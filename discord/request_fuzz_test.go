package discord

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"rtrbot/commands"
	"rtrbot/i18n"
)

// FuzzRequest feeds arbitrary interaction JSON, decoded as discordgo
// decodes the gateway's, to the conversion into a commands.Request: it
// must answer (a request or a problem), never panic.
func FuzzRequest(f *testing.F) {
	f.Add(`{"type":2,"locale":"ja","member":{"user":{"id":"1","username":"a"}},"data":{"name":"echo","options":[{"name":"n","type":4,"value":3}]}}`)
	f.Add(`{"type":2,"user":{"id":"1"},"data":{"name":"game","options":[{"name":"new","type":1,"options":[{"name":"f","type":11,"value":"9"}]}],"resolved":{"attachments":{"9":{"id":"9","url":"http://x/y","filename":"a"}}}}}`)
	f.Add(`{"type":4,"user":{"id":"1"},"data":{"name":"echo","options":[{"name":"n","type":4,"value":"1","focused":true}]}}`)
	f.Add(`{"type":2,"data":{"name":"echo","options":[null,{"type":3}]}}`)
	r := commands.NewRouter(nil)
	r.Add(&commands.Command{Name: "echo", Description: i18n.T("e", "e"),
		Options: []commands.Option{{Name: "n", Type: commands.Integer}, {Name: "f", Type: commands.Attachment}},
		Handler: func(context.Context, *commands.Request) *commands.Response { return nil }})
	a := &Adapter{router: r, cfg: Config{Now: time.Now}}
	f.Fuzz(func(t *testing.T, raw string) {
		var i discordgo.Interaction
		if json.Unmarshal([]byte(raw), &i) != nil {
			return
		}
		d, ok := i.Data.(discordgo.ApplicationCommandInteractionData)
		if !ok {
			return
		}
		in, problem := a.request(&i, d)
		if (in == nil) == (problem == "") {
			t.Fatalf("request gave %v and %q", in, problem)
		}
	})
}
