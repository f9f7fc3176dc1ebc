// Package fakediscord is a small Discord on 127.0.0.1 for tests: the REST
// endpoints and the gateway websocket that the bot's discordgo client
// uses, written from Discord's API documentation. A test starts it, points
// the bot at it (Server.API as RTRBOT_DISCORD_API, Server.Dial as the
// dialer), injects interactions as given users with given locales, and
// asserts on everything the bot sent back: registered commands, interaction
// callbacks and their timing, follow-ups, flags, attachments, and channel
// posts.
//
// It checks what real Discord checks where a bot could get it wrong: the
// token, one callback per interaction within 3 seconds, messages not empty
// and within 2000 characters, command definitions within Discord's limits.
package fakediscord

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Window is how long Discord waits for the first answer to an interaction.
const Window = 3 * time.Second

// Server is a fake Discord. Its zero value is not usable; call New.
type Server struct {
	// URL is the server's root, http://127.0.0.1:PORT.
	URL string
	// API is what the bot takes as RTRBOT_DISCORD_API (URL + "/api").
	API string
	// Token is the bot token the server accepts (without "Bot ").
	Token string
	// AppID is the application's ID, also the bot user's ID.
	AppID string
	// Guilds are the guilds the bot is in (sent in READY).
	Guilds []string
	// Heartbeat is the gateway heartbeat interval sent in HELLO.
	Heartbeat time.Duration
	// AnswerWithin is how long an interaction waits for its first answer
	// before it is dropped: Window, as on Discord; tests of the fake
	// itself shorten it.
	AnswerWithin time.Duration

	srv *httptest.Server

	mu        sync.Mutex
	changed   *sync.Cond
	next      int64 // snowflake counter
	conns     []*conn
	idents    []Identify
	commands  map[string][]Command // guild ("" global) to its commands
	puts      int                  // command registrations received
	calls     map[string]*Call     // interaction ID to call
	byToken   map[string]*Call
	channels  map[string][]*Message
	threads   []*Thread
	limit     int             // follow-ups still to answer with 429
	limited   int             // 429s sent
	files     map[string]File // attachment ID to file served to the bot
	offHost   []string
	problems  []string // requests a real Discord would refuse, and why
	closed    bool
	gone      chan struct{} // closed by Close: the gateway connections end
	heartbeat int           // heartbeats received
	resumes   int
}

// New starts a fake Discord on 127.0.0.1 with one guild.
func New() *Server {
	s := &Server{
		Token:        "fake-token",
		AppID:        "100000000000000001",
		Guilds:       []string{"200000000000000001"},
		Heartbeat:    5 * time.Second,
		AnswerWithin: Window,
		next:         1 << 40,
		commands:     map[string][]Command{},
		calls:        map[string]*Call{},
		byToken:      map[string]*Call{},
		channels:     map[string][]*Message{},
		files:        map[string]File{},
	}
	s.changed = sync.NewCond(&s.mu)
	s.gone = make(chan struct{})
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve)) // httptest listens on 127.0.0.1
	s.URL = s.srv.URL
	s.API = s.srv.URL + "/api"
	return s
}

// Close stops the server and drops every gateway connection.
func (s *Server) Close() {
	s.mu.Lock()
	already := s.closed
	s.closed = true
	conns := s.conns
	s.mu.Unlock()
	if !already {
		close(s.gone)
	}
	for _, c := range conns {
		c.ws.Close()
	}
	s.srv.CloseClientConnections()
	s.srv.Close()
	s.mu.Lock()
	s.changed.Broadcast()
	s.mu.Unlock()
}

// Dial is a dialer for the bot under test that connects to 127.0.0.1
// only: any other host is refused and recorded (see OffHost), so a test
// cannot reach the internet even by mistake.
func (s *Server) Dial(ctx context.Context, network, addr string) (net.Conn, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil || host != "127.0.0.1" {
		s.mu.Lock()
		s.offHost = append(s.offHost, addr)
		s.mu.Unlock()
		return nil, fmt.Errorf("fakediscord: refused to dial %s: tests talk to 127.0.0.1 only", addr)
	}
	var d net.Dialer
	return d.DialContext(ctx, network, addr)
}

// OffHost lists the addresses the bot tried to reach other than 127.0.0.1.
func (s *Server) OffHost() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.offHost...)
}

// Problems lists requests real Discord would have refused (an empty
// message, a second callback, an unknown route...), each with the reason.
func (s *Server) Problems() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.problems...)
}

func (s *Server) problem(format string, args ...any) string {
	msg := fmt.Sprintf(format, args...)
	s.problems = append(s.problems, msg)
	return msg
}

// snowflake returns a new ID. Discord IDs are decimal strings; the
// guild's shard is (id >> 22) % shards, so IDs spread over shards.
func (s *Server) snowflake() string {
	s.next += 1 << 22
	return strconv.FormatInt(s.next, 10)
}

// RateLimit makes the next n follow-up and edit requests fail with HTTP
// 429, as Discord does when a bucket is empty.
func (s *Server) RateLimit(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.limit = n
}

// RateLimited is how many requests were answered with 429.
func (s *Server) RateLimited() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.limited
}

// Identify is what a bot said when it connected to the gateway.
type Identify struct {
	Token   string
	Intents int
	Shard   [2]int
}

// Identifies lists every IDENTIFY the gateway received, in order.
func (s *Server) Identifies() []Identify {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Identify(nil), s.idents...)
}

// Heartbeats is how many gateway heartbeats have arrived.
func (s *Server) Heartbeats() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.heartbeat
}

// Connected is how many bot sessions are identified on the gateway now.
func (s *Server) Connected() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, c := range s.conns {
		if c.ready {
			n++
		}
	}
	return n
}

// WaitConnected waits until n sessions are connected.
func (s *Server) WaitConnected(n int, timeout time.Duration) error {
	return s.wait(timeout, func() bool {
		k := 0
		for _, c := range s.conns {
			if c.ready {
				k++
			}
		}
		return k >= n
	}, fmt.Sprintf("%d gateway sessions", n))
}

// wait blocks until cond holds (checked under s.mu) or timeout passes.
func (s *Server) wait(timeout time.Duration, cond func() bool, what string) error {
	deadline := time.Now().Add(timeout)
	t := time.AfterFunc(timeout, func() { s.mu.Lock(); s.changed.Broadcast(); s.mu.Unlock() })
	defer t.Stop()
	s.mu.Lock()
	defer s.mu.Unlock()
	for !cond() {
		if s.closed {
			return fmt.Errorf("fakediscord: closed while waiting for %s", what)
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("fakediscord: no %s within %v", what, timeout)
		}
		s.changed.Wait()
	}
	return nil
}

// Command is a registered application command as the bot sent it.
type Command struct {
	ID                       string            `json:"id,omitempty"`
	Type                     int               `json:"type,omitempty"`
	Name                     string            `json:"name"`
	Description              string            `json:"description"`
	DescriptionLocalizations map[string]string `json:"description_localizations,omitempty"`
	Options                  []CommandOption   `json:"options,omitempty"`
}

// CommandOption is an option, subcommand or group of a Command.
type CommandOption struct {
	Type                     int               `json:"type"`
	Name                     string            `json:"name"`
	Description              string            `json:"description"`
	DescriptionLocalizations map[string]string `json:"description_localizations,omitempty"`
	Required                 bool              `json:"required,omitempty"`
	Autocomplete             bool              `json:"autocomplete,omitempty"`
	Choices                  []CommandChoice   `json:"choices,omitempty"`
	MinValue                 *float64          `json:"min_value,omitempty"`
	MaxValue                 *float64          `json:"max_value,omitempty"`
	Options                  []CommandOption   `json:"options,omitempty"`
}

// CommandChoice is a fixed choice of an option.
type CommandChoice struct {
	Name              string            `json:"name"`
	NameLocalizations map[string]string `json:"name_localizations,omitempty"`
	Value             any               `json:"value"`
}

// Option types (Discord's numbering).
const (
	SubCommand      = 1
	SubCommandGroup = 2
	String          = 3
	Integer         = 4
	Boolean         = 5
	Number          = 10
	Attachment      = 11
)

// Commands returns the commands registered in a guild ("" for global),
// sorted by name.
func (s *Server) Commands(guild string) []Command {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := append([]Command(nil), s.commands[guild]...)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Registrations is how many bulk overwrites of commands arrived.
func (s *Server) Registrations() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.puts
}

// WaitRegistered waits until commands are registered in the guild ("" global).
func (s *Server) WaitRegistered(guild string, timeout time.Duration) error {
	return s.wait(timeout, func() bool { return len(s.commands[guild]) > 0 }, "command registration")
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/gateway" || r.URL.Path == "/gateway/" {
		s.gateway(w, r)
		return
	}
	if strings.HasPrefix(r.URL.Path, "/attachments/") {
		s.attachment(w, r)
		return
	}
	s.rest(w, r)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// apiError answers as Discord does: {"code": N, "message": "..."}.
func apiError(w http.ResponseWriter, status, code int, msg string) {
	writeJSON(w, status, map[string]any{"code": code, "message": msg})
}
