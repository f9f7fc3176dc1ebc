package commands

import (
	"context"
	"time"
)

// The outcomes of a request, as an Observer is told them.
const (
	OutcomeOK      = "ok"      // the command ran and answered (a refusal too: it answered)
	OutcomeUnknown = "unknown" // no such command, or a command that needs a subcommand
	OutcomeInvalid = "invalid" // an option missing, unknown or out of range: refused before running
	OutcomePanic   = "panic"   // the handler panicked; the user got an apology
)

// UnknownCommand is the command an Observer is told for a path that names
// none (what users type is not a label: it would grow without end).
const UnknownCommand = "(unknown)"

// Observer is told of every request the router runs: the command's path,
// its outcome and how long the answer took (the operator's metrics).
type Observer func(command, outcome string, took time.Duration)

// Observe sets the router's observer (nil: none). Set it before serving.
func (rt *Router) Observe(o Observer) { rt.observe = o }

// Run checks and runs a request. It never panics: a handler's panic becomes
// an apology and a log line, so one bad input cannot stop the bot. The
// observer, if any, is told of it.
func (rt *Router) Run(ctx context.Context, req *Request) *Response {
	if rt.observe == nil {
		return rt.run(ctx, req)
	}
	start := time.Now()
	command, out := req.Path, &outcome{v: OutcomeOK}
	if c := rt.Find(req.Path); c == nil || c.Handler == nil {
		out.v = OutcomeUnknown
		if c == nil {
			command = UnknownCommand
		}
	}
	resp := rt.run(context.WithValue(ctx, outcomeKey{}, out), req)
	rt.observe(command, out.v, time.Since(start))
	return resp
}

type outcomeKey struct{}

type outcome struct{ v string }

// outcomeOf records a request's outcome, if an observer wants it.
func outcomeOf(ctx context.Context, v string) {
	if o, ok := ctx.Value(outcomeKey{}).(*outcome); ok {
		o.v = v
	}
}

// waitRender takes a place among the maps drawn at once (b.renders),
// counted as waiting meanwhile; the drawer gives it back with <-b.renders.
func (b *Bot) waitRender() {
	b.renderWaiting.Add(1)
	b.renders <- struct{}{}
	b.renderWaiting.Add(-1)
}

// MapQueue is the map drawing queue: maps waiting for their turn, maps
// being drawn, and how many may be drawn at once.
func (b *Bot) MapQueue() (waiting, drawing, slots int) {
	return int(b.renderWaiting.Load()), len(b.renders), cap(b.renders)
}
