package discordtest

import (
	"time"

	"rtrbot/discord/fakediscord"
)

// SayTogether sends the commands at the same instant (as a modified client
// can) and returns, in order, every message each user sees once all the
// answers have settled.
func (h *Harness) SayTogether(ins ...fakediscord.Invoke) [][]fakediscord.Message {
	h.T.Helper()
	calls, errs := h.Srv.SlashTogether(ins...)
	for i, err := range errs {
		if err != nil {
			h.T.Fatalf("/%s: %v", ins[i].Path, err)
		}
	}
	for i, c := range calls {
		if _, err := c.Wait(Wait); err != nil {
			h.T.Fatal(err)
		}
		if _, err := c.WaitMessages(1, time.Minute); err != nil {
			h.T.Fatalf("/%s: %v", ins[i].Path, err)
		}
	}
	for n := -1; ; { // settled: no new message for 50 ms
		time.Sleep(50 * time.Millisecond)
		k := 0
		for _, c := range calls {
			k += len(c.Visible())
		}
		if k == n {
			break
		}
		n = k
	}
	out := make([][]fakediscord.Message, len(calls))
	for i, c := range calls {
		out[i] = c.Visible()
	}
	return out
}
