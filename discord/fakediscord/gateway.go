package fakediscord

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// conn is one bot session on the gateway.
type conn struct {
	ws      *websocket.Conn
	wmu     sync.Mutex // one writer at a time
	seq     int64
	shard   [2]int
	ready   bool
	session string
}

// payload is a gateway message: op code, data, sequence and event name.
type payload struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d,omitempty"`
	S  *int64          `json:"s,omitempty"`
	T  string          `json:"t,omitempty"`
}

// Gateway op codes.
const (
	opDispatch     = 0
	opHeartbeat    = 1
	opIdentify     = 2
	opResume       = 6
	opInvalid      = 9
	opHello        = 10
	opHeartbeatAck = 11
)

var upgrader = websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }}

func (c *conn) send(op int, t string, d any) error {
	raw, err := json.Marshal(d)
	if err != nil {
		return err
	}
	c.wmu.Lock()
	defer c.wmu.Unlock()
	p := payload{Op: op, D: raw, T: t}
	if op == opDispatch {
		c.seq++
		seq := c.seq
		p.S = &seq
	}
	return c.ws.WriteJSON(p)
}

// gateway speaks the gateway protocol: HELLO, then IDENTIFY (a RESUME is
// told the session is invalid, so the bot identifies afresh), READY,
// heartbeats answered with ACKs, and dispatches of INTERACTION_CREATE.
func (s *Server) gateway(w http.ResponseWriter, r *http.Request) {
	ws, err := upgrader.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	c := &conn{ws: ws}
	ws.SetCloseHandler(func(code int, text string) error {
		// The bot is leaving: dispatch nothing more to this gateway session.
		s.mu.Lock()
		c.ready = false
		s.changed.Broadcast()
		s.mu.Unlock()
		ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, ""), time.Now().Add(time.Second))
		return nil
	})
	defer func() {
		ws.Close()
		s.mu.Lock()
		for k, x := range s.conns {
			if x == c {
				s.conns = append(s.conns[:k], s.conns[k+1:]...)
				break
			}
		}
		s.changed.Broadcast()
		s.mu.Unlock()
	}()
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.conns = append(s.conns, c)
	s.mu.Unlock()
	if err := c.send(opHello, "", map[string]any{"heartbeat_interval": s.Heartbeat.Milliseconds()}); err != nil {
		return
	}
	go func() { // closing the server ends the read loop below
		<-s.gone
		ws.Close()
	}()
	for {
		_, msg, err := ws.ReadMessage()
		if err != nil {
			return
		}
		var p payload
		if err := json.Unmarshal(msg, &p); err != nil {
			s.mu.Lock()
			s.problem("gateway: undecodable message %q", msg)
			s.mu.Unlock()
			return
		}
		switch p.Op {
		case opHeartbeat:
			s.mu.Lock()
			s.heartbeat++
			s.changed.Broadcast()
			s.mu.Unlock()
			c.send(opHeartbeatAck, "", nil)
		case opIdentify:
			if !s.identify(c, p.D) {
				return
			}
		case opResume:
			s.mu.Lock()
			s.resumes++
			s.mu.Unlock()
			c.send(opInvalid, "", false)
		}
	}
}

func (s *Server) identify(c *conn, raw json.RawMessage) bool {
	var id struct {
		Token   string  `json:"token"`
		Intents int     `json:"intents"`
		Shard   *[2]int `json:"shard"`
	}
	if err := json.Unmarshal(raw, &id); err != nil {
		return false
	}
	shard := [2]int{0, 1}
	if id.Shard != nil {
		shard = *id.Shard
	}
	s.mu.Lock()
	s.idents = append(s.idents, Identify{Token: id.Token, Intents: id.Intents, Shard: shard})
	if id.Token != "Bot "+s.Token {
		s.problem("gateway: IDENTIFY with token %q, want %q", id.Token, "Bot "+s.Token)
		s.mu.Unlock()
		c.wmu.Lock()
		c.ws.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(4004, "Authentication failed."))
		c.wmu.Unlock()
		return false
	}
	if shard[1] < 1 || shard[0] < 0 || shard[0] >= shard[1] {
		s.problem("gateway: invalid shard %v", shard)
		s.mu.Unlock()
		c.wmu.Lock()
		c.ws.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(4010, "Invalid shard."))
		c.wmu.Unlock()
		return false
	}
	c.shard = shard
	c.session = s.snowflake()
	var guilds []map[string]any
	for _, g := range s.Guilds {
		if shardOf(g, shard[1]) == shard[0] {
			guilds = append(guilds, map[string]any{"id": g, "unavailable": true})
		}
	}
	s.mu.Unlock()
	ready := map[string]any{
		"v":                  10,
		"user":               map[string]any{"id": s.AppID, "username": "rtrbot", "discriminator": "0", "bot": true},
		"session_id":         c.session,
		"resume_gateway_url": "ws" + s.URL[len("http"):] + "/gateway",
		"guilds":             guilds,
		"shard":              shard,
		"application":        map[string]any{"id": s.AppID, "flags": 0},
	}
	// The session counts as connected from the moment READY is on its
	// way; holding the writer lock keeps any dispatch behind READY.
	c.wmu.Lock()
	s.mu.Lock()
	c.ready = true
	s.changed.Broadcast()
	s.mu.Unlock()
	data, _ := json.Marshal(ready)
	c.seq++
	seq := c.seq
	err := c.ws.WriteJSON(payload{Op: opDispatch, D: data, S: &seq, T: "READY"})
	c.wmu.Unlock()
	if err != nil {
		return false
	}
	return true
}

// shardOf is Discord's routing of a guild to a shard.
func shardOf(guild string, shards int) int {
	id, err := strconv.ParseUint(guild, 10, 64)
	if err != nil || shards < 1 {
		return 0
	}
	return int((id >> 22) % uint64(shards))
}

// dispatch sends an event to the session serving the guild's shard.
func (s *Server) dispatch(guild, event string, d any) error {
	s.mu.Lock()
	var target *conn
	for _, c := range s.conns {
		if c.ready && (guild == "" && c.shard[0] == 0 || guild != "" && shardOf(guild, c.shard[1]) == c.shard[0]) {
			target = c
			break
		}
	}
	s.mu.Unlock()
	if target == nil {
		return fmt.Errorf("fakediscord: no bot session on the gateway serves guild %s", guild)
	}
	return target.send(opDispatch, event, d)
}

// WaitHeartbeats waits until n heartbeats have arrived.
func (s *Server) WaitHeartbeats(n int, timeout time.Duration) error {
	return s.wait(timeout, func() bool { return s.heartbeat >= n }, fmt.Sprintf("%d heartbeats", n))
}

// connsNow copies the gateway connections under s.mu, so that each can then
// be acted on without holding the lock across its network call.
func (s *Server) connsNow() []*conn {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*conn(nil), s.conns...)
}

// DropConnections cuts every gateway connection without a close frame, as
// a network failure would; the bot is expected to reconnect.
func (s *Server) DropConnections() {
	for _, c := range s.connsNow() {
		s.mu.Lock()
		c.ready = false
		s.mu.Unlock()
		c.ws.UnderlyingConn().Close()
	}
}

// Resumes is how many RESUMEs arrived (each answered "invalid session",
// after which the bot identifies afresh).
func (s *Server) Resumes() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.resumes
}

// RequestReconnect sends op 7 (reconnect) on every gateway connection, as
// Discord does before moving a session to another server.
func (s *Server) RequestReconnect() {
	for _, c := range s.connsNow() {
		s.mu.Lock()
		c.ready = false // Discord holds events for the resumed session
		s.changed.Broadcast()
		s.mu.Unlock()
		c.send(7, "", nil)
	}
}
