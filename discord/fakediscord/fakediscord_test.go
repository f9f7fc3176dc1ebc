package fakediscord

import (
	"bytes"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// A hand-written bot, without discordgo, so that the fake is checked
// against Discord's documented protocol rather than against the client
// the bot uses.
type rawBot struct {
	t  *testing.T
	s  *Server
	ws *websocket.Conn
}

func connect(t *testing.T, s *Server, token string) (*rawBot, payload) {
	t.Helper()
	ws, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(s.URL, "http")+"/gateway/?v=10&encoding=json", nil)
	if err != nil {
		t.Fatal(err)
	}
	b := &rawBot{t: t, s: s, ws: ws}
	hello := b.read()
	if hello.Op != opHello || !strings.Contains(string(hello.D), `"heartbeat_interval":5000`) {
		t.Fatalf("HELLO: %+v %s", hello, hello.D)
	}
	ws.WriteJSON(map[string]any{"op": 2, "d": map[string]any{"token": token, "intents": 1, "properties": map[string]string{}}})
	return b, b.read()
}

func (b *rawBot) read() payload {
	b.t.Helper()
	b.ws.SetReadDeadline(time.Now().Add(5 * time.Second))
	_, msg, err := b.ws.ReadMessage()
	if err != nil {
		b.t.Fatal(err)
	}
	var p payload
	if err := json.Unmarshal(msg, &p); err != nil {
		b.t.Fatal(err)
	}
	return p
}

func (b *rawBot) do(method, path, contentType string, body []byte, auth bool) (int, map[string]any) {
	b.t.Helper()
	req, _ := http.NewRequest(method, b.s.API+"/v10/"+path, bytes.NewReader(body))
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if auth {
		req.Header.Set("Authorization", "Bot "+b.s.Token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	var v map[string]any
	json.Unmarshal(data, &v)
	return resp.StatusCode, v
}

func (b *rawBot) json(method, path string, v any) (int, map[string]any) {
	data, _ := json.Marshal(v)
	return b.do(method, path, "application/json", data, true)
}

func TestGatewayHandshake(t *testing.T) {
	s := New()
	defer s.Close()
	b, ready := connect(t, s, "Bot "+s.Token)
	if ready.T != "READY" || ready.S == nil || *ready.S != 1 {
		t.Fatalf("READY: %+v", ready)
	}
	var r struct {
		User struct {
			ID string `json:"id"`
		} `json:"user"`
		Guilds []struct {
			ID string `json:"id"`
		} `json:"guilds"`
		Shard [2]int `json:"shard"`
	}
	json.Unmarshal(ready.D, &r)
	if r.User.ID != s.AppID || len(r.Guilds) != 1 || r.Guilds[0].ID != s.Guilds[0] || r.Shard != [2]int{0, 1} {
		t.Errorf("READY data: %s", ready.D)
	}
	b.ws.WriteJSON(map[string]any{"op": 1, "d": 1})
	if ack := b.read(); ack.Op != opHeartbeatAck {
		t.Errorf("heartbeat answered with %+v", ack)
	}
	if s.Heartbeats() != 1 || s.Connected() != 1 {
		t.Errorf("heartbeats %d, connected %d", s.Heartbeats(), s.Connected())
	}
}

func TestGatewayRefusesWrongToken(t *testing.T) {
	s := New()
	defer s.Close()
	ws, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(s.URL, "http")+"/gateway", nil)
	if err != nil {
		t.Fatal(err)
	}
	ws.ReadMessage() // HELLO
	ws.WriteJSON(map[string]any{"op": 2, "d": map[string]any{"token": "Bot wrong"}})
	ws.SetReadDeadline(time.Now().Add(5 * time.Second))
	_, _, err = ws.ReadMessage()
	if ce, ok := err.(*websocket.CloseError); !ok || ce.Code != 4004 {
		t.Errorf("want close 4004, got %v", err)
	}
	if len(s.Problems()) != 1 {
		t.Errorf("problems: %v", s.Problems())
	}
}

func TestRefusesWhatDiscordRefuses(t *testing.T) {
	s := New()
	defer s.Close()
	b, _ := connect(t, s, "Bot "+s.Token)

	// Commands: a required option after an optional one is refused.
	code, _ := b.json("PUT", "applications/"+s.AppID+"/guilds/"+s.Guilds[0]+"/commands", []map[string]any{{
		"name": "x", "description": "d", "options": []map[string]any{
			{"type": 3, "name": "a", "description": "d"}, {"type": 3, "name": "b", "description": "d", "required": true}}}})
	if code != 400 {
		t.Errorf("required after optional: HTTP %d", code)
	}
	code, _ = b.json("PUT", "applications/"+s.AppID+"/guilds/"+s.Guilds[0]+"/commands", []map[string]any{{
		"name": "x", "description": "d", "options": []map[string]any{{"type": 4, "name": "n", "description": "d", "choices": []map[string]any{{"name": "one", "value": "1"}}}}}})
	if code != 400 {
		t.Errorf("text choice on an integer option: HTTP %d", code)
	}
	code, _ = b.json("PUT", "applications/"+s.AppID+"/guilds/"+s.Guilds[0]+"/commands", []map[string]any{{"name": "x", "description": "d"}})
	if code != 200 || len(s.Commands(s.Guilds[0])) != 1 {
		t.Fatalf("valid registration: HTTP %d", code)
	}
	if code, _ := b.do("GET", "users/@me", "", nil, false); code != 401 {
		t.Errorf("REST without the token: HTTP %d", code)
	}

	c, err := s.Slash(Invoke{Path: "x"})
	if err != nil {
		t.Fatal(err)
	}
	ev := b.read()
	if ev.T != "INTERACTION_CREATE" || !strings.Contains(string(ev.D), c.Token) {
		t.Fatalf("dispatch: %+v", ev)
	}
	cbPath := "interactions/" + c.ID + "/" + c.Token + "/callback"
	if code, v := b.json("POST", cbPath, map[string]any{"type": 4, "data": map[string]any{"content": ""}}); code != 400 || v["code"] != float64(50006) {
		t.Errorf("empty message: HTTP %d %v", code, v)
	}
	if code, _ := b.json("POST", cbPath, map[string]any{"type": 4, "data": map[string]any{"content": strings.Repeat("x", 2001)}}); code != 400 {
		t.Errorf("2001 characters: HTTP %d", code)
	}
	if code, _ := b.json("POST", "webhooks/"+s.AppID+"/"+c.Token, map[string]any{"content": "early"}); code != 404 {
		t.Errorf("follow-up before any answer: HTTP %d", code)
	}
	if code, _ := b.json("POST", cbPath, map[string]any{"type": 5}); code != 204 {
		t.Fatalf("deferral: HTTP %d", code)
	}
	if code, v := b.json("POST", cbPath, map[string]any{"type": 4, "data": map[string]any{"content": "again"}}); code != 400 || v["code"] != float64(40060) {
		t.Errorf("second callback: HTTP %d %v", code, v)
	}
	if vis := c.Visible(); len(vis) != 0 {
		t.Errorf("a deferral shows nothing yet: %+v", vis)
	}
	// A follow-up with a file, as multipart: it replaces "thinking…".
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	pj, _ := mw.CreateFormField("payload_json")
	pj.Write([]byte(`{"content":"here","flags":64}`))
	fw, _ := mw.CreateFormFile("files[0]", "map.png")
	fw.Write([]byte("\x89PNG data"))
	mw.Close()
	if code, _ := b.do("POST", "webhooks/"+s.AppID+"/"+c.Token+"?wait=true", mw.FormDataContentType(), body.Bytes(), false); code != 200 {
		t.Fatalf("follow-up: HTTP %d", code)
	}
	vis := c.Visible()
	if len(vis) != 1 || vis[0].Content != "here" || vis[0].Ephemeral || string(vis[0].Files[0].Data) != "\x89PNG data" || vis[0].Files[0].Name != "map.png" {
		t.Errorf("after follow-up: %+v", vis)
	}
	if len(s.Problems()) != 7 {
		t.Errorf("want 7 problems recorded, got %d:\n%s", len(s.Problems()), strings.Join(s.Problems(), "\n"))
	}
}

func TestLateAnswerIsDropped(t *testing.T) {
	s := New()
	s.AnswerWithin = 50 * time.Millisecond
	defer s.Close()
	b, _ := connect(t, s, "Bot "+s.Token)
	b.json("PUT", "applications/"+s.AppID+"/commands", []map[string]any{{"name": "x", "description": "d"}})
	c, err := s.Slash(Invoke{Path: "x"})
	if err != nil {
		t.Fatal(err)
	}
	b.read()
	time.Sleep(80 * time.Millisecond)
	if code, v := b.json("POST", "interactions/"+c.ID+"/"+c.Token+"/callback", map[string]any{"type": 4, "data": map[string]any{"content": "late"}}); code != 404 || v["code"] != float64(10062) {
		t.Errorf("late answer: HTTP %d %v", code, v)
	}
	if _, err := c.Wait(time.Second); err == nil || !strings.Contains(err.Error(), "after Discord's") {
		t.Errorf("Wait: %v", err)
	}
}

func TestSlashChecksRegisteredCommand(t *testing.T) {
	s := New()
	defer s.Close()
	b, _ := connect(t, s, "Bot "+s.Token)
	b.json("PUT", "applications/"+s.AppID+"/guilds/"+s.Guilds[0]+"/commands", []map[string]any{{
		"name": "game", "description": "d", "options": []map[string]any{{"type": 1, "name": "new", "description": "d",
			"options": []map[string]any{{"type": 4, "name": "seed", "description": "d", "required": true}}}}}})
	for _, in := range []Invoke{
		{Path: "nosuch"},
		{Path: "game old"},
		{Path: "game new"}, // required seed missing
		{Path: "game new", Options: map[string]any{"seed": "x"}},        // not a number
		{Path: "game new", Options: map[string]any{"seed": 1, "z": ""}}, // unknown option
	} {
		if _, err := s.Slash(in); err == nil {
			t.Errorf("%+v: accepted", in)
		}
	}
	c, err := s.Slash(Invoke{Path: "game new", Options: map[string]any{"seed": 7}})
	if err != nil {
		t.Fatal(err)
	}
	ev := b.read()
	if !strings.Contains(string(ev.D), `"options":[{"name":"new","options":[{"name":"seed","type":4,"value":7}],"type":1}]`) || c.Path != "game new" {
		t.Errorf("interaction data: %s", ev.D)
	}
}
