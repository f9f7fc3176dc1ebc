package fakediscord

import (
	"testing"
)

// As Discord documents, the first follow-up after a deferral takes its
// place and keeps its visibility, whatever flags it asks for; after the
// deferral is deleted, which Discord does not document, this server
// assumes the worst: the follow-up still takes the deferral's
// visibility. A later follow-up, once the deferral is answered, has its
// own.
func TestFollowUpKeepsTheDeferralsVisibility(t *testing.T) {
	s := New()
	defer s.Close()
	b, _ := connect(t, s, "Bot "+s.Token)
	if code, _ := b.json("PUT", "applications/"+s.AppID+"/guilds/"+s.Guilds[0]+"/commands", []map[string]any{{"name": "x", "description": "d"}}); code != 200 {
		t.Fatalf("registration: HTTP %d", code)
	}
	for _, deleteFirst := range []bool{false, true} {
		c, err := s.Slash(Invoke{Path: "x"})
		if err != nil {
			t.Fatal(err)
		}
		b.read()
		cb := "interactions/" + c.ID + "/" + c.Token + "/callback"
		if code, _ := b.json("POST", cb, map[string]any{"type": 5}); code != 204 { // a public deferral
			t.Fatalf("deferral: HTTP %d", code)
		}
		hook := "webhooks/" + s.AppID + "/" + c.Token
		if deleteFirst {
			if code, _ := b.do("DELETE", hook+"/messages/@original", "", nil, false); code != 204 {
				t.Fatalf("delete: HTTP %d", code)
			}
		}
		if code, _ := b.json("POST", hook+"?wait=true", map[string]any{"content": "meant to be private", "flags": 64}); code != 200 {
			t.Fatalf("follow-up: HTTP %d", code)
		}
		if code, _ := b.json("POST", hook+"?wait=true", map[string]any{"content": "second", "flags": 64}); code != 200 {
			t.Fatalf("second follow-up: HTTP %d", code)
		}
		var first, second *Message
		for _, m := range c.All() {
			m := m
			switch m.Content {
			case "meant to be private":
				first = &m
			case "second":
				second = &m
			}
		}
		if first == nil || first.Ephemeral {
			t.Errorf("delete first %v: the first follow-up after a public deferral is %+v, want public", deleteFirst, first)
		}
		if second == nil || !second.Ephemeral {
			t.Errorf("delete first %v: a later follow-up has its own flags: %+v", deleteFirst, second)
		}
	}
}
