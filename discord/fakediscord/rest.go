package fakediscord

import (
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// route is one REST endpoint: method and path pattern after /api/vN.
type route struct {
	method string
	path   *regexp.Regexp
	handle func(s *Server, w http.ResponseWriter, r *http.Request, m []string)
}

var routes = []route{
	{"GET", regexp.MustCompile(`^gateway$`), (*Server).getGateway},
	{"GET", regexp.MustCompile(`^gateway/bot$`), (*Server).getGateway},
	{"GET", regexp.MustCompile(`^users/@me$`), (*Server).getMe},
	{"PUT", regexp.MustCompile(`^applications/(\d+)/commands$`), (*Server).putCommands},
	{"PUT", regexp.MustCompile(`^applications/(\d+)/guilds/(\d+)/commands$`), (*Server).putCommands},
	{"GET", regexp.MustCompile(`^applications/(\d+)/commands$`), (*Server).getCommands},
	{"GET", regexp.MustCompile(`^applications/(\d+)/guilds/(\d+)/commands$`), (*Server).getCommands},
	{"POST", regexp.MustCompile(`^interactions/(\d+)/([^/]+)/callback$`), (*Server).callback},
	{"POST", regexp.MustCompile(`^webhooks/(\d+)/([^/]+)$`), messageRoute("follow-up", (*Server).followUp)},
	{"PATCH", regexp.MustCompile(`^webhooks/(\d+)/([^/]+)/messages/(@original|\d+)$`), messageRoute("edit", (*Server).editMessage)},
	{"DELETE", regexp.MustCompile(`^webhooks/(\d+)/([^/]+)/messages/(@original|\d+)$`), (*Server).deleteMessage},
	{"GET", regexp.MustCompile(`^webhooks/(\d+)/([^/]+)/messages/(@original|\d+)$`), (*Server).getMessage},
	{"POST", regexp.MustCompile(`^channels/(\d+)/messages$`), messageRoute("channel message", (*Server).channelMessage)},
	{"POST", regexp.MustCompile(`^channels/(\d+)/threads$`), (*Server).createThread},
	{"PUT", regexp.MustCompile(`^channels/(\d+)/thread-members/(\d+)$`), (*Server).addThreadMember},
	{"PATCH", regexp.MustCompile(`^channels/(\d+)/messages/(\d+)$`), messageRoute("edit channel message", (*Server).editChannelMessage)},
	{"GET", regexp.MustCompile(`^channels/(\d+)/pins$`), (*Server).getPins},
	{"PUT", regexp.MustCompile(`^channels/(\d+)/pins/(\d+)$`), (*Server).pin},
}

var apiPrefix = regexp.MustCompile(`^/api/v\d+/`)

func (s *Server) rest(w http.ResponseWriter, r *http.Request) {
	loc := apiPrefix.FindStringIndex(r.URL.Path)
	if loc == nil {
		s.unhandled(w, r)
		return
	}
	path := r.URL.Path[loc[1]:]
	for _, rt := range routes {
		m := rt.path.FindStringSubmatch(path)
		if m == nil || rt.method != r.Method {
			continue
		}
		// Interaction callbacks and webhooks authenticate by their token
		// in the URL; everything else needs the bot token.
		if !strings.HasPrefix(path, "interactions/") && !strings.HasPrefix(path, "webhooks/") &&
			r.Header.Get("Authorization") != "Bot "+s.Token {
			s.mu.Lock()
			s.problem("%s %s: Authorization %q", r.Method, path, r.Header.Get("Authorization"))
			s.mu.Unlock()
			apiError(w, http.StatusUnauthorized, 0, "401: Unauthorized")
			return
		}
		s.mu.Lock()
		limited := s.limit > 0 && strings.HasPrefix(path, "webhooks/")
		if limited {
			s.limit--
			s.limited++
		}
		s.mu.Unlock()
		if limited {
			// Discord's answer when a bucket is empty; clients wait
			// retry_after seconds and send again.
			w.Header().Set("X-RateLimit-Limit", "5")
			w.Header().Set("X-RateLimit-Remaining", "0")
			w.Header().Set("X-RateLimit-Reset-After", "0.05")
			w.Header().Set("Retry-After", "1")
			writeJSON(w, http.StatusTooManyRequests, map[string]any{"message": "You are being rate limited.", "retry_after": 0.05, "global": false})
			return
		}
		rt.handle(s, w, r, m)
		return
	}
	s.unhandled(w, r)
}

func (s *Server) unhandled(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.problem("no such endpoint in the fake: %s %s", r.Method, r.URL.Path)
	s.mu.Unlock()
	apiError(w, http.StatusNotFound, 0, "404: Not Found")
}

func (s *Server) getGateway(w http.ResponseWriter, r *http.Request, _ []string) {
	writeJSON(w, http.StatusOK, map[string]any{
		"url":    "ws" + s.URL[len("http"):] + "/gateway",
		"shards": 1,
		"session_start_limit": map[string]any{
			"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1,
		},
	})
}

func (s *Server) getMe(w http.ResponseWriter, r *http.Request, _ []string) {
	writeJSON(w, http.StatusOK, map[string]any{"id": s.AppID, "username": "rtrbot", "discriminator": "0", "bot": true})
}

var nameRule = regexp.MustCompile(`^[-_\p{Ll}\p{Lo}\p{N}]{1,32}$`)

// putCommands is the bulk overwrite: the list replaces the scope's commands.
func (s *Server) putCommands(w http.ResponseWriter, r *http.Request, m []string) {
	guild := ""
	if len(m) > 2 {
		guild = m[2]
	}
	if m[1] != s.AppID {
		apiError(w, http.StatusNotFound, 10002, "Unknown Application")
		return
	}
	var cmds []Command
	if err := json.NewDecoder(r.Body).Decode(&cmds); err != nil {
		apiError(w, http.StatusBadRequest, 50109, "The request body contains invalid JSON.")
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(cmds) > 100 {
		apiError(w, http.StatusBadRequest, 30032, s.problem("more than 100 commands"))
		return
	}
	for k := range cmds {
		if msg := checkCommand(&cmds[k]); msg != "" {
			apiError(w, http.StatusBadRequest, 50035, s.problem("Invalid Form Body: %s", msg))
			return
		}
		cmds[k].ID = s.snowflake()
		if cmds[k].Type == 0 {
			cmds[k].Type = 1
		}
	}
	s.commands[guild] = cmds
	s.puts++
	s.changed.Broadcast()
	writeJSON(w, http.StatusOK, cmds)
}

func (s *Server) getCommands(w http.ResponseWriter, r *http.Request, m []string) {
	guild := ""
	if len(m) > 2 {
		guild = m[2]
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	writeJSON(w, http.StatusOK, append([]Command{}, s.commands[guild]...))
}

// checkCommand applies Discord's limits on a command definition.
func checkCommand(c *Command) string {
	if !nameRule.MatchString(c.Name) {
		return fmt.Sprintf("command name %q", c.Name)
	}
	if n := utf8.RuneCountInString(c.Description); n < 1 || n > 100 {
		return fmt.Sprintf("/%s: description length %d", c.Name, n)
	}
	return checkOptions("/"+c.Name, c.Options, 0)
}

func checkOptions(path string, opts []CommandOption, depth int) string {
	if len(opts) > 25 {
		return fmt.Sprintf("%s: %d options", path, len(opts))
	}
	optional := false
	for _, o := range opts {
		p := path + " " + o.Name
		if !nameRule.MatchString(o.Name) {
			return fmt.Sprintf("%s: option name %q", path, o.Name)
		}
		if n := utf8.RuneCountInString(o.Description); n < 1 || n > 100 {
			return fmt.Sprintf("%s: description length %d", p, n)
		}
		for l, d := range o.DescriptionLocalizations {
			if n := utf8.RuneCountInString(d); n < 1 || n > 100 {
				return fmt.Sprintf("%s: %s description length %d", p, l, n)
			}
		}
		switch o.Type {
		case SubCommand, SubCommandGroup:
			if depth >= 2 || o.Type == SubCommandGroup && depth >= 1 {
				return fmt.Sprintf("%s: nested too deep", p)
			}
			if msg := checkOptions(p, o.Options, depth+1); msg != "" {
				return msg
			}
			continue
		case String, Integer, Boolean, Number, Attachment, 6, 7, 8, 9:
		default:
			return fmt.Sprintf("%s: unknown option type %d", p, o.Type)
		}
		if o.Required && optional {
			return fmt.Sprintf("%s: required options must be placed before non-required options", p)
		}
		optional = optional || !o.Required
		if o.Autocomplete && len(o.Choices) > 0 {
			return fmt.Sprintf("%s: autocomplete and choices together", p)
		}
		if len(o.Choices) > 25 {
			return fmt.Sprintf("%s: %d choices", p, len(o.Choices))
		}
		for _, ch := range o.Choices {
			switch ch.Value.(type) {
			case string:
				if o.Type != String {
					return fmt.Sprintf("%s: choice %q is text, option type %d", p, ch.Name, o.Type)
				}
			case float64:
				if o.Type != Integer && o.Type != Number {
					return fmt.Sprintf("%s: choice %q is a number, option type %d", p, ch.Name, o.Type)
				}
			default:
				return fmt.Sprintf("%s: choice %q has value %v", p, ch.Name, ch.Value)
			}
		}
	}
	return ""
}

// body is a message as the bot sent it, JSON or multipart with files.
type body struct {
	Type  int `json:"type"` // callbacks only
	Data  *msgData
	Files []File
}

type msgData struct {
	Content string `json:"content"`
	Flags   int    `json:"flags"`
	Choices []struct {
		Name  string `json:"name"`
		Value any    `json:"value"`
	} `json:"choices"`
	CustomID string `json:"custom_id"`
	// AllowedMentions is nil when the bot did not say, which on Discord
	// lets the message ping everyone its text names.
	AllowedMentions *struct {
		Parse []string `json:"parse"`
		Users []string `json:"users"`
		Roles []string `json:"roles"`
	} `json:"allowed_mentions"`
	Title      string          `json:"title"`
	Components json.RawMessage `json:"components"`
}

// File is an attachment, sent by the bot or given to it.
type File struct {
	Name        string
	ContentType string
	Data        []byte
}

// readBody decodes a JSON body or a multipart one (payload_json plus
// files[n]), as discordgo sends messages with attachments. wrapped says
// the JSON has the message under "data" (interaction callbacks).
func readBody(r *http.Request, wrapped bool) (*body, error) {
	b := &body{}
	var payload []byte
	mt, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mt == "multipart/form-data" {
		mr := multipart.NewReader(r.Body, params["boundary"])
		for {
			p, err := mr.NextPart()
			if err == io.EOF {
				break
			}
			if err != nil {
				return nil, err
			}
			data, err := io.ReadAll(p)
			if err != nil {
				return nil, err
			}
			switch name := p.FormName(); {
			case name == "payload_json":
				payload = data
			case strings.HasPrefix(name, "files["):
				b.Files = append(b.Files, File{Name: p.FileName(), ContentType: p.Header.Get("Content-Type"), Data: data})
			default:
				return nil, fmt.Errorf("unexpected multipart field %q", name)
			}
		}
	} else {
		var err error
		if payload, err = io.ReadAll(r.Body); err != nil {
			return nil, err
		}
	}
	if len(payload) == 0 {
		return b, nil
	}
	if wrapped {
		var v struct {
			Type int      `json:"type"`
			Data *msgData `json:"data"`
		}
		if err := json.Unmarshal(payload, &v); err != nil {
			return nil, err
		}
		b.Type, b.Data = v.Type, v.Data
	} else {
		b.Data = &msgData{}
		if err := json.Unmarshal(payload, b.Data); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// MaxUpload is Discord's limit on the files of one message in a server
// without boosts (10 MiB).
const MaxUpload = 10 << 20

// refuseMessage answers a message Discord would refuse, as Discord does:
// 413 for files over the limit, 400 otherwise; s.mu is held.
func (s *Server) refuseMessage(w http.ResponseWriter, where, why string) {
	s.problem("%s: %s", where, why)
	if strings.HasPrefix(why, "Request entity too large") {
		apiError(w, http.StatusRequestEntityTooLarge, 40005, "Request entity too large")
		return
	}
	apiError(w, http.StatusBadRequest, 50006, why)
}

// checkMessage applies Discord's rules on a message's content.
func checkMessage(d *msgData, files []File) string {
	content := ""
	if d != nil {
		content = d.Content
	}
	if content == "" && len(files) == 0 {
		return "Cannot send an empty message"
	}
	if n := utf8.RuneCountInString(content); n > 2000 {
		return fmt.Sprintf("content has %d characters, Discord allows 2000", n)
	}
	if len(files) > 10 {
		return fmt.Sprintf("%d files, Discord allows 10", len(files))
	}
	total := 0
	for _, f := range files {
		total += len(f.Data)
	}
	if total > MaxUpload {
		return fmt.Sprintf("Request entity too large: %d bytes of files, Discord allows %d", total, MaxUpload)
	}
	return ""
}

// Interaction callback types.
const (
	Pong                   = 1
	ChannelMessage         = 4
	DeferredChannelMessage = 5
	DeferredUpdateMessage  = 6
	UpdateMessage          = 7
	AutocompleteResult     = 8
	Modal                  = 9
	ephemeralFlag          = 64
	maxCallbackWindow      = Window
)

func (s *Server) callback(w http.ResponseWriter, r *http.Request, m []string) {
	b, err := readBody(r, true)
	now := time.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil {
		apiError(w, http.StatusBadRequest, 50109, s.problem("callback: %v", err))
		return
	}
	c := s.calls[m[1]]
	if c == nil || c.Token != m[2] {
		apiError(w, http.StatusNotFound, 10062, s.problem("callback for unknown interaction %s", m[1]))
		return
	}
	if c.callback != nil {
		apiError(w, http.StatusBadRequest, 40060, s.problem("interaction %s (/%s) has already been acknowledged", c.ID, c.Path))
		return
	}
	if now.Sub(c.Sent) > s.AnswerWithin {
		c.late = true
		apiError(w, http.StatusNotFound, 10062, s.problem("callback for /%s after %v: Discord has dropped the interaction", c.Path, now.Sub(c.Sent)))
		s.changed.Broadcast()
		return
	}
	if c.Type == 4 && b.Type != AutocompleteResult {
		apiError(w, http.StatusBadRequest, 50035, s.problem("autocomplete interaction answered with type %d", b.Type))
		return
	}
	cb := &Callback{Type: b.Type, At: now}
	if b.Data != nil {
		cb.Flags = b.Data.Flags
	}
	switch b.Type {
	case ChannelMessage:
		if msg := checkMessage(b.Data, b.Files); msg != "" {
			s.refuseMessage(w, "/"+c.Path, msg)
			return
		}
		c.original = s.newMessage(c.Channel, b.Data, b.Files, "reply")
		c.messages = append(c.messages, c.original)
	case DeferredChannelMessage:
		flags := 0
		if b.Data != nil {
			flags = b.Data.Flags
		}
		c.original = &Message{ID: s.snowflake(), Channel: c.Channel, Flags: flags, Ephemeral: flags&ephemeralFlag != 0, Kind: "reply", Thinking: true, At: now}
		c.messages = append(c.messages, c.original)
	case UpdateMessage, DeferredUpdateMessage:
		if c.Type != 3 || c.source == nil || c.source.Deleted {
			apiError(w, http.StatusBadRequest, 50035, s.problem("/%s: update of a message (callback %d) answering no button of a message", c.Path, b.Type))
			return
		}
		if b.Type == UpdateMessage {
			if why := s.updateMessage(c.source, b.Data, b.Files); why != "" {
				s.refuseMessage(w, "/"+c.Path+" update", why)
				return
			}
		}
		// @original names it from now on; it is the press's once edited
		c.original = c.source
		if b.Type == UpdateMessage {
			c.messages = append(c.messages, c.source)
		}
	case AutocompleteResult:
		if c.Type != 4 {
			apiError(w, http.StatusBadRequest, 50035, s.problem("autocomplete result for a non-autocomplete interaction"))
			return
		}
		cb.Choices = []Choice{}
		if b.Data != nil {
			if len(b.Data.Choices) > 25 {
				apiError(w, http.StatusBadRequest, 50035, s.problem("%d autocomplete choices, Discord allows 25", len(b.Data.Choices)))
				return
			}
			for _, ch := range b.Data.Choices {
				v, _ := ch.Value.(string)
				if n := utf8.RuneCountInString(ch.Name); n < 1 || n > 100 || utf8.RuneCountInString(v) > 100 {
					apiError(w, http.StatusBadRequest, 50035, s.problem("autocomplete choice %q = %q: name 1-100 characters, value at most 100", ch.Name, v))
					return
				}
				cb.Choices = append(cb.Choices, Choice{Name: ch.Name, Value: ch.Value})
			}
		}
	case Modal:
		if b.Data == nil || b.Data.CustomID == "" || b.Data.Title == "" {
			apiError(w, http.StatusBadRequest, 50035, s.problem("modal without custom_id or title"))
			return
		}
		cb.Modal = &ModalForm{CustomID: b.Data.CustomID, Title: b.Data.Title, Components: b.Data.Components}
	default:
		apiError(w, http.StatusBadRequest, 50035, s.problem("callback type %d not served by the fake", b.Type))
		return
	}
	c.callback = cb
	s.answerChangedNoContent(w)
}

// updateMessage edits a message in place, as an update callback (7) does:
// its text, and its files and buttons when given (files replace the
// old ones: the bot sends attachments:[]); "" or why Discord refuses it.
// An edit notifies nobody. s.mu is held.
func (s *Server) updateMessage(m *Message, d *msgData, files []File) string {
	content := m.Content
	if d != nil {
		content = d.Content
	}
	if len(files) == 0 {
		files = m.Files
	}
	if why := checkMessage(&msgData{Content: content}, files); why != "" {
		return why
	}
	m.Content, m.Files = content, files
	if d != nil && d.Components != nil {
		m.Buttons = s.buttons(d.Components)
	}
	if d != nil {
		m.Pings = pings(d)
	}
	m.Edited, m.Edits, m.At = true, m.Edits+1, time.Now()
	return ""
}

func (s *Server) newMessage(channel string, d *msgData, files []File, kind string) *Message {
	m := &Message{ID: s.snowflake(), Channel: channel, Kind: kind, Files: files, At: time.Now()}
	if d != nil {
		m.Content, m.Flags = d.Content, d.Flags
		m.Ephemeral = d.Flags&ephemeralFlag != 0
		m.Pings, m.Pinged = pings(d), pinged(d)
		m.Buttons = s.buttons(d.Components)
	}
	return m
}

// buttons reads a message's action rows; a component Discord would
// refuse (a custom_id over 100 characters, more than 5 buttons a row or 5
// rows) is noted as a problem. s.mu is held.
func (s *Server) buttons(raw json.RawMessage) []Button {
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	var rows []struct {
		Type       int      `json:"type"`
		Components []Button `json:"components"`
	}
	if err := json.Unmarshal(raw, &rows); err != nil {
		s.problem("components: %v", err)
		return nil
	}
	if len(rows) > 5 {
		s.problem("%d action rows, Discord allows 5", len(rows))
	}
	var out []Button
	for _, r := range rows {
		if r.Type != 1 || len(r.Components) > 5 {
			s.problem("action row of type %d with %d components", r.Type, len(r.Components))
		}
		for _, b := range r.Components {
			if n := len(b.CustomID); n == 0 || n > 100 {
				s.problem("button %q: custom_id of %d characters (1 to 100)", b.Label, n)
			}
			if n := utf8.RuneCountInString(b.Label); n > 80 {
				s.problem("button label of %d characters, Discord allows 80", n)
			}
			out = append(out, b)
		}
	}
	return out
}

// messageBody reads the body of a message request (not wrapped); a body
// it cannot decode is answered 400 and recorded as a problem, and false
// is returned. s.mu is not held; it is taken to record the problem.
func (s *Server) messageBody(w http.ResponseWriter, r *http.Request, what string) (*body, bool) {
	b, err := readBody(r, false)
	if err != nil {
		s.mu.Lock()
		defer s.mu.Unlock()
		apiError(w, http.StatusBadRequest, 50109, s.problem("%s: %v", what, err))
		return nil, false
	}
	return b, true
}

// answerChanged wakes the tests waiting for a change and answers the bot
// with the message it created or changed; s.mu is held.
func (s *Server) answerChanged(w http.ResponseWriter, msg *Message) {
	s.changed.Broadcast()
	writeJSON(w, http.StatusOK, msg.wire())
}

// answerChangedNoContent wakes the tests waiting for a change and answers
// the bot 204, as Discord answers a change with nothing to return; s.mu
// is held.
func (s *Server) answerChangedNoContent(w http.ResponseWriter) {
	s.changed.Broadcast()
	w.WriteHeader(http.StatusNoContent)
}

// messageRoute is the handler of a route whose request carries a message
// (what names it in a problem): its body is read first (messageBody, which
// answers a bad one), then h runs with s.mu held.
func messageRoute(what string, h func(s *Server, w http.ResponseWriter, b *body, m []string)) func(*Server, http.ResponseWriter, *http.Request, []string) {
	return func(s *Server, w http.ResponseWriter, r *http.Request, m []string) {
		b, ok := s.messageBody(w, r, what)
		if !ok {
			return
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		h(s, w, b, m)
	}
}

// channelMsg finds a channel message by ID; s.mu is held.
func (s *Server) channelMsg(channel, id string) *Message {
	for _, m := range s.channels[channel] {
		if m.ID == id {
			return m
		}
	}
	return nil
}

// editChannelMessage is PATCH /channels/{c}/messages/{m}: the bot edits
// its own post (the pinned status of a game).
func (s *Server) editChannelMessage(w http.ResponseWriter, b *body, m []string) {
	msg := s.channelMsg(m[1], m[2])
	if msg == nil || msg.Deleted {
		apiError(w, http.StatusNotFound, 10008, "Unknown Message")
		return
	}
	if b.Data != nil {
		if why := checkMessage(b.Data, msg.Files); why != "" {
			s.refuseMessage(w, "edit of "+m[2], why)
			return
		}
		msg.Content = b.Data.Content
		if b.Data.Components != nil {
			msg.Buttons = s.buttons(b.Data.Components)
		}
	}
	msg.Edited, msg.Edits, msg.At = true, msg.Edits+1, time.Now()
	s.answerChanged(w, msg)
}

func (s *Server) getPins(w http.ResponseWriter, r *http.Request, m []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := []map[string]any{}
	for _, msg := range s.channels[m[1]] {
		if msg.Pinned && !msg.Deleted {
			out = append(out, msg.wire())
		}
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) pin(w http.ResponseWriter, r *http.Request, m []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	msg := s.channelMsg(m[1], m[2])
	if msg == nil {
		apiError(w, http.StatusNotFound, 10008, "Unknown Message")
		return
	}
	msg.Pinned = true
	s.answerChangedNoContent(w)
}

// Forget deletes a channel message as a moderator would (a test of a
// status message deleted under the bot).
func (s *Server) Forget(channel, id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if msg := s.channelMsg(channel, id); msg != nil {
		msg.Deleted, msg.Pinned = true, false
	}
}

func (s *Server) webhookCall(w http.ResponseWriter, app, token string) *Call {
	c := s.byToken[token]
	if app != s.AppID || c == nil || c.callback == nil {
		apiError(w, http.StatusNotFound, 10015, s.problem("webhook for unknown or unacknowledged interaction (token %.8s…)", token))
		return nil
	}
	return c
}

func (s *Server) followUp(w http.ResponseWriter, b *body, m []string) {
	c := s.webhookCall(w, m[1], m[2])
	if c == nil {
		return
	}
	if msg := checkMessage(b.Data, b.Files); msg != "" {
		s.refuseMessage(w, "/"+c.Path+" follow-up", msg)
		return
	}
	// Discord documents that the first follow-up after a deferral takes
	// the place of the "thinking…" message and keeps the deferral's
	// visibility, whatever flags it asks for. What happens when the
	// deferral was deleted first is not documented: this server assumes
	// the worst, the follow-up still takes the deferral's visibility.
	var takesPlace *Message // a deleted deferral whose place this follow-up takes
	if o := c.original; o != nil && o.Thinking {
		if !o.Deleted {
			o.Content, o.Files, o.Thinking, o.Edited, o.At = "", b.Files, false, true, time.Now()
			if b.Data != nil {
				o.Content, o.Pings, o.Pinged = b.Data.Content, pings(b.Data), nil // an edit notifies nobody
			}
			s.answerChanged(w, o)
			return
		}
		o.Thinking, takesPlace = false, o
	}
	msg := s.newMessage(c.Channel, b.Data, b.Files, "followup")
	if o := takesPlace; o != nil { // the deferral's visibility, not the one asked for
		msg.Flags = msg.Flags&^ephemeralFlag | o.Flags&ephemeralFlag
		msg.Ephemeral = o.Ephemeral
	}
	c.messages = append(c.messages, msg)
	s.answerChanged(w, msg)
}

func (s *Server) message(w http.ResponseWriter, c *Call, id string) *Message {
	if id == "@original" && c.original != nil && c.original == c.source && !c.source.Deleted {
		return c.source // a deferred update edits the pressed message
	}
	for _, msg := range c.messages {
		if id == "@original" && msg == c.original || msg.ID == id {
			if !msg.Deleted {
				return msg
			}
		}
	}
	apiError(w, http.StatusNotFound, 10008, s.problem("/%s: unknown message %s", c.Path, id))
	return nil
}

// webhookMessage finds the message of webhooks/{app}/{token}/messages/{id}
// (m[1], m[2], m[3]) for the edit, delete and get routes, answering 404
// when either is unknown (msg is nil then); s.mu is held.
func (s *Server) webhookMessage(w http.ResponseWriter, m []string) (*Call, *Message) {
	c := s.webhookCall(w, m[1], m[2])
	if c == nil {
		return nil, nil
	}
	return c, s.message(w, c, m[3])
}

func (s *Server) editMessage(w http.ResponseWriter, b *body, m []string) {
	c, msg := s.webhookMessage(w, m)
	if msg == nil {
		return
	}
	content := msg.Content
	if b.Data != nil {
		content = b.Data.Content
	}
	files := msg.Files
	if len(b.Files) > 0 {
		files = b.Files
	}
	if problem := checkMessage(&msgData{Content: content}, files); problem != "" {
		s.refuseMessage(w, "/"+c.Path+" edit", problem)
		return
	}
	first := msg.Thinking // a deferral's first content notifies like a new message
	if msg == c.source && !slices.Contains(c.messages, msg) {
		c.messages = append(c.messages, msg) // the press's answer is this edit
		msg.Edits++
	}
	msg.Content, msg.Files, msg.Thinking, msg.Edited, msg.At = content, files, false, true, time.Now()
	if b.Data != nil && b.Data.Components != nil {
		msg.Buttons = s.buttons(b.Data.Components)
	}
	if b.Data != nil {
		msg.Pings = pings(b.Data)
		if first {
			msg.Pinged = pinged(b.Data)
		}
	}
	s.answerChanged(w, msg)
}

func (s *Server) deleteMessage(w http.ResponseWriter, r *http.Request, m []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, msg := s.webhookMessage(w, m)
	if msg == nil {
		return
	}
	msg.Deleted = true
	s.answerChangedNoContent(w)
}

func (s *Server) getMessage(w http.ResponseWriter, r *http.Request, m []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, msg := s.webhookMessage(w, m); msg != nil {
		writeJSON(w, http.StatusOK, msg.wire())
	}
}

func (s *Server) channelMessage(w http.ResponseWriter, b *body, m []string) {
	if b.Data != nil && b.Data.Flags&ephemeralFlag != 0 {
		apiError(w, http.StatusBadRequest, 50035, s.problem("channel message with the ephemeral flag"))
		return
	}
	if msg := checkMessage(b.Data, b.Files); msg != "" {
		s.refuseMessage(w, "channel "+m[1], msg)
		return
	}
	msg := s.newMessage(m[1], b.Data, b.Files, "channel")
	s.addPinged(m[1], msg.Pinged) // press.go: a mention in a thread adds its user
	s.channels[m[1]] = append(s.channels[m[1]], msg)
	s.answerChanged(w, msg)
}

// attachment serves a file a test gave the bot as an attachment option.
func (s *Server) attachment(w http.ResponseWriter, r *http.Request) {
	parts := strings.Split(strings.TrimPrefix(r.URL.Path, "/attachments/"), "/")
	s.mu.Lock()
	f, ok := s.files[parts[0]]
	s.mu.Unlock()
	if !ok {
		http.NotFound(w, r)
		return
	}
	if f.ContentType != "" {
		w.Header().Set("Content-Type", f.ContentType)
	}
	w.Write(f.Data)
}

// Thread is a thread the bot opened.
type Thread struct {
	ID, Parent, Name string
	Private          bool
	Invitable        bool
	ArchiveMinutes   int
	Members          []string
	Removed          []string // members the bot removed, in order (members.go)
}

func (s *Server) createThread(w http.ResponseWriter, r *http.Request, m []string) {
	var req struct {
		Name      string `json:"name"`
		Type      int    `json:"type"`
		Archive   int    `json:"auto_archive_duration"`
		Invitable bool   `json:"invitable"`
	}
	err := json.NewDecoder(r.Body).Decode(&req)
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil {
		apiError(w, http.StatusBadRequest, 50109, s.problem("thread: %v", err))
		return
	}
	if n := utf8.RuneCountInString(req.Name); n < 1 || n > 100 || (req.Type != 11 && req.Type != 12) {
		apiError(w, http.StatusBadRequest, 50035, s.problem("thread %q of type %d", req.Name, req.Type))
		return
	}
	switch req.Archive {
	case 0, 60, 1440, 4320, 10080:
	default:
		apiError(w, http.StatusBadRequest, 50035, s.problem("thread auto_archive_duration %d", req.Archive))
		return
	}
	t := &Thread{ID: s.snowflake(), Parent: m[1], Name: req.Name, Private: req.Type == 12, Invitable: req.Invitable, ArchiveMinutes: req.Archive}
	s.threads = append(s.threads, t)
	s.changed.Broadcast()
	writeJSON(w, http.StatusCreated, map[string]any{
		"id": t.ID, "type": req.Type, "parent_id": t.Parent, "name": t.Name, "guild_id": s.Guilds[0],
		"thread_metadata": map[string]any{"archived": false, "auto_archive_duration": req.Archive, "locked": false, "invitable": req.Invitable},
	})
}

func (s *Server) addThreadMember(w http.ResponseWriter, r *http.Request, m []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, t := range s.threads {
		if t.ID == m[1] {
			t.Members = append(t.Members, m[2])
			s.answerChangedNoContent(w)
			return
		}
	}
	apiError(w, http.StatusNotFound, 10003, s.problem("thread member for unknown thread %s", m[1]))
}

// Threads returns the threads the bot opened, in order.
func (s *Server) Threads() []Thread {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Thread
	for _, t := range s.threads {
		x := *t
		x.Members = append([]string(nil), t.Members...)
		x.Removed = append([]string(nil), t.Removed...)
		out = append(out, x)
	}
	return out
}

// pings says whom a message may ping: the mention types Discord parses
// in it ("everyone", "roles", "users"), all three when the bot left
// allowed_mentions out.
func pings(d *msgData) []string {
	if d.AllowedMentions == nil {
		return []string{"everyone", "roles", "users"}
	}
	return append([]string{}, d.AllowedMentions.Parse...)
}
