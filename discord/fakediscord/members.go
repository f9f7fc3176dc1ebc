package fakediscord

import (
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"sync"
)

// Thread members and simultaneous interactions: who may read a private
// thread, and interactions sent at the same instant, as a modified client
// can send them.

func init() {
	routes = append(routes, route{"DELETE", regexp.MustCompile(`^channels/(\d+)/thread-members/(\d+)$`), (*Server).removeThreadMember})
}

// removeThreadMember is DELETE /channels/{thread.id}/thread-members/{user.id}:
// the user is no longer a member, and no longer reads a private thread.
func (s *Server) removeThreadMember(w http.ResponseWriter, r *http.Request, m []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, t := range s.threads {
		if t.ID != m[1] {
			continue
		}
		if !slices.Contains(t.Members, m[2]) {
			// Discord answers 404 Unknown Member.
			apiError(w, http.StatusNotFound, 10007, s.problem("removing %s, not a member of thread %s", m[2], m[1]))
			return
		}
		t.Members = slices.DeleteFunc(t.Members, func(u string) bool { return u == m[2] })
		t.Removed = append(t.Removed, m[2])
		s.answerChangedNoContent(w)
		return
	}
	apiError(w, http.StatusNotFound, 10003, s.problem("thread member removed from unknown thread %s", m[1]))
}

// Members returns the members of a thread the bot opened (nil if none).
func (s *Server) Members(thread string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, t := range s.threads {
		if t.ID == thread {
			return append([]string{}, t.Members...)
		}
	}
	return nil
}

// ReadAs returns the messages of a channel or thread as user reads them
// in his client: a private thread is read only by its members (Discord
// answers 50001 Missing Access to anyone else, and shows him nothing).
func (s *Server) ReadAs(user, channel string) ([]Message, error) {
	s.mu.Lock()
	for _, t := range s.threads {
		if t.ID == channel && t.Private && !slices.Contains(t.Members, user) {
			s.mu.Unlock()
			return nil, fmt.Errorf("missing access: %s is not a member of private thread %s", user, channel)
		}
	}
	s.mu.Unlock()
	return s.ChannelMessages(channel), nil
}

// SlashTogether sends the slash commands at the same instant, each from
// its own goroutine released at once, as a modified client (or several
// users clicking together) can: the bot receives them before it answers
// any. It returns each one's call, or the error sending it, in order.
func (s *Server) SlashTogether(ins ...Invoke) ([]*Call, []error) {
	calls := make([]*Call, len(ins))
	errs := make([]error, len(ins))
	var ready, done sync.WaitGroup
	start := make(chan struct{})
	for i, in := range ins {
		ready.Add(1)
		done.Add(1)
		go func() {
			defer done.Done()
			ready.Done()
			<-start
			calls[i], errs[i] = s.Slash(in)
		}()
	}
	ready.Wait()
	close(start)
	done.Wait()
	return calls, errs
}
