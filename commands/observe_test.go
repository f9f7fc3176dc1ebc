package commands

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"rtrbot/i18n"
)

// The router tells its observer each request's command and outcome: a
// command that answers, one that panics, options it refuses, a path that
// names no command (told as one label, whatever was typed) and a command
// that needs a subcommand.
func TestRouterObserves(t *testing.T) {
	rt := NewRouter(slog.New(slog.NewTextHandler(io.Discard, nil)))
	rt.Add(&Command{Name: "fine", Description: i18n.T("f", "f"), Handler: func(context.Context, *Request) *Response { return Private("ok") }})
	rt.Add(&Command{Name: "boom", Description: i18n.T("b", "b"), Handler: func(context.Context, *Request) *Response { panic("a bug") }})
	rt.Add(&Command{Name: "num", Description: i18n.T("n", "n"), Handler: func(context.Context, *Request) *Response { return Private("ok") },
		Options: []Option{{Name: "n", Description: i18n.T("n", "n"), Type: Integer, Required: true, MinInt: 1, MaxInt: 9}}})
	rt.Add(&Command{Name: "fam", Description: i18n.T("f", "f"), Sub: []*Command{{Name: "a", Description: i18n.T("a", "a"), Handler: func(context.Context, *Request) *Response { return nil }}}})
	type seen struct{ command, outcome string }
	var got []seen
	rt.Observe(func(c, o string, took time.Duration) {
		if took < 0 {
			t.Errorf("%s took %v", c, took)
		}
		got = append(got, seen{c, o})
	})
	for _, req := range []*Request{
		{Path: "fine"}, {Path: "boom"}, {Path: "num", Options: map[string]string{"n": "12"}}, {Path: "num", Options: map[string]string{"n": "3"}},
		{Path: "no such thing"}, {Path: "fam"}, {Path: "fam a"},
	} {
		req.Lang = i18n.EN
		if r := rt.Run(context.Background(), req); r == nil || len(r.Messages) == 0 && req.Path != "fam a" {
			t.Errorf("%s: no answer", req.Path)
		}
	}
	want := []seen{{"fine", OutcomeOK}, {"boom", OutcomePanic}, {"num", OutcomeInvalid}, {"num", OutcomeOK},
		{UnknownCommand, OutcomeUnknown}, {"fam", OutcomeUnknown}, {"fam a", OutcomeOK}}
	if len(got) != len(want) {
		t.Fatalf("observed %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("request %d observed as %v, want %v", i, got[i], want[i])
		}
	}
}
