package fakediscord

import (
	"slices"
	"testing"
)

// A private thread's members, as Discord keeps them: added by the bot or
// by a mention that may ping users, removed by the bot; only a member
// reads the thread, and removing a non-member is refused.
func TestThreadMembersFollowTheBot(t *testing.T) {
	s := New()
	defer s.Close()
	b, _ := connect(t, s, "Bot "+s.Token)
	code, th := b.do("POST", "channels/"+DefaultChannel+"/threads", "application/json", []byte(`{"name":"Allied","type":12,"auto_archive_duration":10080}`), true)
	if code != 201 {
		t.Fatalf("thread: %d %v", code, th)
	}
	id := th["id"].(string)
	if code, _ := b.do("PUT", "channels/"+id+"/thread-members/11", "", nil, true); code != 204 {
		t.Fatalf("adding a member: %d", code)
	}
	if _, err := s.ReadAs("22", id); err == nil {
		t.Error("a user who is no member reads a private thread")
	}
	// A mention that may ping users adds the user; one that may not does not.
	b.do("POST", "channels/"+id+"/messages", "application/json", []byte(`{"content":"<@22> welcome","allowed_mentions":{"parse":["users"]}}`), true)
	b.do("POST", "channels/"+id+"/messages", "application/json", []byte(`{"content":"<@33> hello","allowed_mentions":{"parse":[]}}`), true)
	if got := s.Members(id); !slices.Equal(got, []string{"11", "22"}) {
		t.Errorf("members %v, want 11 and the mentioned 22", got)
	}
	if code, _ := b.do("DELETE", "channels/"+id+"/thread-members/11", "", nil, true); code != 204 {
		t.Fatalf("removing a member: %d", code)
	}
	if ms, err := s.ReadAs("11", id); err == nil {
		t.Errorf("a removed member reads the thread: %d messages", len(ms))
	}
	if ms, err := s.ReadAs("22", id); err != nil || len(ms) != 2 {
		t.Errorf("a member reads %d messages, %v", len(ms), err)
	}
	if code, _ := b.do("DELETE", "channels/"+id+"/thread-members/11", "", nil, true); code != 404 {
		t.Errorf("removing a non-member: %d, want 404", code)
	}
	s.problems = nil // the 404 above was provoked
}
