package game

import (
	"testing"

	"rtrbot/engine/units"
)

// Apply dispatches every verb of order.go: none is refused as unknown,
// and a verb outside the list is.
func TestEveryVerbDispatched(t *testing.T) {
	r := realRules(t, "standard")
	s := mustNew(t, r, 1, nil)
	for _, v := range verbs {
		if _, _, err := Apply(s, Order{Side: units.Allied, Verb: v}); RefusalCode(err) == "unknown-verb" {
			t.Errorf("%s is not dispatched", v)
		}
	}
	if _, _, err := Apply(s, Order{Side: units.Allied, Verb: "dance"}); RefusalCode(err) != "unknown-verb" {
		t.Errorf("an unknown verb: %v", err)
	}
}
