package fakediscord

import (
	"regexp"
	"slices"
	"sync"
)

// What a modified client can do with buttons, and whom a message pings.

// PressID presses a button that may not be there: an interaction of type
// 3 carrying any custom_id, as if from a component of message m (a
// modified client sends what it likes; the bot must check it).
func (s *Server) PressID(in Invoke, m Message, customID string) (*Call, error) {
	return s.Press(in, m, Button{CustomID: customID, Style: 1})
}

// PressTogether presses button b of message m once for each invoke, all
// dispatched at the same instant (a double click, two clients), and
// returns the calls in the order of ins.
func (s *Server) PressTogether(m Message, b Button, ins ...Invoke) ([]*Call, error) {
	calls := make([]*Call, len(ins))
	errs := make([]error, len(ins))
	var ready, done sync.WaitGroup
	ready.Add(1)
	for k, in := range ins {
		done.Add(1)
		go func() {
			defer done.Done()
			ready.Wait()
			calls[k], errs[k] = s.Press(in, m, b)
		}()
	}
	ready.Done()
	done.Wait()
	for _, err := range errs {
		if err != nil {
			return calls, err
		}
	}
	return calls, nil
}

var userMention = regexp.MustCompile(`<@!?([0-9]{1,20})>`)

// pinged is whom Discord would notify for a message: the users its content
// mentions, as far as allowed_mentions lets it (all of them when the bot
// left allowed_mentions out or parses "users"; else only those listed).
func pinged(d *msgData) []string {
	var out []string
	for _, m := range userMention.FindAllStringSubmatch(d.Content, -1) {
		id := m[1]
		if slices.Contains(out, id) {
			continue
		}
		am := d.AllowedMentions
		if am == nil || slices.Contains(am.Parse, "users") || slices.Contains(am.Users, id) {
			out = append(out, id)
		}
	}
	return out
}

// addPinged adds the users a post in a thread pings to the thread's
// members, as Discord does (a mention in a private thread lets its user
// in). s.mu is held.
func (s *Server) addPinged(channel string, users []string) {
	for _, t := range s.threads {
		if t.ID != channel {
			continue
		}
		for _, u := range users {
			if !slices.Contains(t.Members, u) {
				t.Members = append(t.Members, u)
			}
		}
	}
}
