package fakediscord

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
)

// User is a Discord user who runs commands.
type User struct {
	ID     string
	Name   string
	Locale string // the user's client locale: "en-US", "ja", ...
	// Roles are role IDs in the guild; Permissions the member's
	// permission bits in the channel (Discord's numbering: 8
	// Administrator, 32 Manage Server).
	Roles       []string
	Permissions int64
}

// Invoke is a slash command as a user runs it from Discord's / menu.
type Invoke struct {
	User    User
	Guild   string // default: the server's first guild
	Channel string // default: DefaultChannel
	DM      bool   // sent in a direct message (no guild, no member)
	Path    string // "hex", "game new"
	// Options by name: string, int, bool, float64, or File for an
	// attachment option. Their types are checked against the registered
	// command, as Discord's client does.
	Options map[string]any
}

// DefaultChannel is the channel interactions come from unless told.
const DefaultChannel = "300000000000000001"

// Callback is the bot's first answer to an interaction.
type Callback struct {
	Type    int // ChannelMessage, DeferredChannelMessage, AutocompleteResult, Modal
	At      time.Time
	Flags   int        // message flags of a deferral or answer (64: ephemeral)
	Choices []Choice   // autocomplete
	Modal   *ModalForm // modal
}

// Choice is one autocomplete choice.
type Choice struct {
	Name  string
	Value any
}

// ModalForm is a text box the bot asked the user to fill in.
type ModalForm struct {
	CustomID   string
	Title      string
	Components json.RawMessage
}

// Message is a message the bot sent: an interaction's answer, a
// follow-up, or a post in a channel.
type Message struct {
	ID        string
	Channel   string
	Content   string
	Flags     int
	Ephemeral bool
	Files     []File
	Kind      string // "reply", "followup" or "channel"
	Thinking  bool   // a deferred answer not yet edited
	Edited    bool
	Deleted   bool
	At        time.Time // when it was sent, or last edited
	// Pings are the mention types Discord would act on in this message
	// ("everyone", "roles", "users"); see allowed_mentions. An edit
	// never notifies anyone, whatever its text.
	Pings []string
	// Pinged are the users Discord would notify: those the content
	// mentions (<@id>) that allowed_mentions lets through (press.go).
	// A post in a thread adds the users it pings to its members.
	Pinged []string
	// Pinned is true once the bot pinned the message; Edits counts the
	// bot's edits of a channel message.
	Pinned bool
	Edits  int
	// Buttons are the message's components, as a player sees them.
	Buttons []Button
}

// Button is a button under a message (a message component of type 2).
type Button struct {
	Label    string `json:"label"`
	CustomID string `json:"custom_id"`
	Style    int    `json:"style"`
	Disabled bool   `json:"disabled"`
}

// Press clicks a button of a message as in.User: an interaction of type 3
// (message component) carrying the button's custom_id, as Discord sends it.
func (s *Server) Press(in Invoke, m Message, b Button) (*Call, error) {
	if in.Channel == "" {
		in.Channel = m.Channel
	}
	if in.Path == "" {
		in.Path = "button:" + b.CustomID
	}
	return s.inject(3, in, map[string]any{"custom_id": b.CustomID, "component_type": 2}, m.ID)
}

func (m *Message) wire() map[string]any {
	var atts []map[string]any
	for k, f := range m.Files {
		atts = append(atts, map[string]any{"id": strconv.Itoa(k + 1), "filename": f.Name, "size": len(f.Data), "content_type": f.ContentType})
	}
	return map[string]any{
		"id": m.ID, "channel_id": m.Channel, "content": m.Content, "flags": m.Flags,
		"attachments": atts, "timestamp": m.At.UTC().Format(time.RFC3339Nano), "type": 0,
		"author": map[string]any{"id": "100000000000000001", "username": "rtrbot", "bot": true},
	}
}

// Call is one injected interaction and what the bot did with it.
type Call struct {
	ID, Token string
	Type      int // 2 command, 4 autocomplete, 5 modal submit
	Path      string
	Guild     string
	Channel   string
	Sent      time.Time // when the gateway dispatched it

	s        *Server
	callback *Callback
	late     bool
	messages []*Message
	original *Message
	source   *Message // a component's message, which an update edits
}

// Wait waits for the first answer (callback) to the interaction.
func (c *Call) Wait(timeout time.Duration) (Callback, error) {
	err := c.s.wait(timeout, func() bool { return c.callback != nil || c.late }, "answer to /"+c.Path)
	c.s.mu.Lock()
	defer c.s.mu.Unlock()
	if err != nil {
		return Callback{}, err
	}
	if c.callback == nil {
		return Callback{}, fmt.Errorf("/%s was answered after Discord's %v window", c.Path, c.s.AnswerWithin)
	}
	return *c.callback, nil
}

// Latency is the time from dispatch to the first answer (0 if none yet).
func (c *Call) Latency() time.Duration {
	c.s.mu.Lock()
	defer c.s.mu.Unlock()
	if c.callback == nil {
		return 0
	}
	return c.callback.At.Sub(c.Sent)
}

// Visible returns the messages a user sees now: answers and follow-ups,
// not deleted, not a "thinking…" placeholder.
func (c *Call) Visible() []Message {
	c.s.mu.Lock()
	defer c.s.mu.Unlock()
	return c.visible()
}

func (c *Call) visible() []Message {
	var out []Message
	for _, m := range c.messages {
		if !m.Deleted && !m.Thinking {
			out = append(out, *m)
		}
	}
	return out
}

// All returns every message of the interaction, deleted and placeholder too.
func (c *Call) All() []Message {
	c.s.mu.Lock()
	defer c.s.mu.Unlock()
	var out []Message
	for _, m := range c.messages {
		out = append(out, *m)
	}
	return out
}

// WaitMessages waits until at least n messages are visible and returns them.
func (c *Call) WaitMessages(n int, timeout time.Duration) ([]Message, error) {
	err := c.s.wait(timeout, func() bool { return len(c.visible()) >= n }, fmt.Sprintf("%d messages for /%s", n, c.Path))
	c.s.mu.Lock()
	defer c.s.mu.Unlock()
	return c.visible(), err
}

// ChannelMessages returns the messages posted in a channel or thread.
func (s *Server) ChannelMessages(channel string) []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Message
	for _, m := range s.channels[channel] {
		out = append(out, *m)
	}
	return out
}

// WaitChannel waits until a channel holds at least n messages.
func (s *Server) WaitChannel(channel string, n int, timeout time.Duration) ([]Message, error) {
	err := s.wait(timeout, func() bool { return len(s.channels[channel]) >= n }, fmt.Sprintf("%d messages in channel %s", n, channel))
	return s.ChannelMessages(channel), err
}

// Calls returns every interaction injected so far, in order.
func (s *Server) Calls() []*Call {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*Call
	for _, c := range s.calls {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Sent.Before(out[j].Sent) })
	return out
}

// Slash runs a registered slash command as a user.
func (s *Server) Slash(in Invoke) (*Call, error) {
	data, err := s.commandData(in, "")
	if err != nil {
		return nil, err
	}
	return s.Inject(2, in, data)
}

// Autocomplete sends an autocomplete interaction for the focused option,
// whose partial text is in.Options[focused] (a string, as Discord sends it).
func (s *Server) Autocomplete(in Invoke, focused string) (*Call, error) {
	data, err := s.commandData(in, focused)
	if err != nil {
		return nil, err
	}
	return s.Inject(4, in, data)
}

// SubmitModal sends the form the bot asked for, with text typed into each
// text input (by custom ID).
func (s *Server) SubmitModal(in Invoke, form *ModalForm, values map[string]string) (*Call, error) {
	var inputs []map[string]any
	for id, v := range values {
		inputs = append(inputs, map[string]any{"type": 4, "custom_id": id, "value": v})
	}
	data := map[string]any{"custom_id": form.CustomID, "components": []map[string]any{{"type": 1, "components": inputs}}}
	in.Path = form.Title
	return s.Inject(5, in, data)
}

// commandData builds the data of a command interaction from the
// registered definition, typing each option as Discord's client does.
func (s *Server) commandData(in Invoke, focused string) (map[string]any, error) {
	guild := in.Guild
	if guild == "" && !in.DM && len(s.Guilds) > 0 {
		guild = s.Guilds[0]
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	scope := guild
	if in.DM {
		scope = ""
	}
	top, chain, err := s.findChain(scope, in.Path)
	if err != nil {
		return nil, err
	}
	defs := top.Options
	if len(chain) > 0 {
		defs = chain[len(chain)-1].Options
	}
	var opts []map[string]any
	resolved := map[string]any{}
	names := make([]string, 0, len(in.Options))
	for n := range in.Options {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		var def *CommandOption
		for k := range defs {
			if defs[k].Name == n && defs[k].Type != SubCommand && defs[k].Type != SubCommandGroup {
				def = &defs[k]
			}
		}
		if def == nil {
			return nil, fmt.Errorf("/%s has no option %q registered: Discord's client could not send it", in.Path, n)
		}
		o := map[string]any{"name": n, "type": def.Type}
		v := in.Options[n]
		if n == focused {
			o["focused"], o["value"] = true, fmt.Sprint(v) // the partial text, always a string
			opts = append(opts, o)
			continue
		}
		val, err := s.typed(def, v, resolved)
		if err != nil {
			return nil, fmt.Errorf("/%s %s: %v", in.Path, n, err)
		}
		o["value"] = val
		opts = append(opts, o)
	}
	if focused == "" {
		for _, d := range defs {
			if _, ok := in.Options[d.Name]; d.Required && !ok {
				return nil, fmt.Errorf("/%s: required option %s missing: Discord's client would not send it", in.Path, d.Name)
			}
		}
	}
	for k := len(chain) - 1; k >= 0; k-- {
		opts = []map[string]any{{"name": chain[k].Name, "type": chain[k].Type, "options": opts}}
	}
	data := map[string]any{"id": top.ID, "name": top.Name, "type": 1, "options": opts}
	if len(resolved) > 0 {
		data["resolved"] = map[string]any{"attachments": resolved}
	}
	if guild != "" {
		data["guild_id"] = guild
	}
	return data, nil
}

func (s *Server) typed(def *CommandOption, v any, resolved map[string]any) (any, error) {
	switch def.Type {
	case String:
		if x, ok := v.(string); ok {
			return x, nil
		}
	case Integer:
		switch x := v.(type) {
		case int:
			return x, nil
		case string:
			if n, err := strconv.Atoi(x); err == nil {
				return n, nil
			}
		}
	case Number:
		switch x := v.(type) {
		case float64:
			return x, nil
		case int:
			return float64(x), nil
		}
	case Boolean:
		if x, ok := v.(bool); ok {
			return x, nil
		}
	case Attachment:
		if f, ok := v.(File); ok {
			id := s.snowflake()
			s.files[id] = f
			resolved[id] = map[string]any{
				"id": id, "filename": f.Name, "size": len(f.Data), "content_type": f.ContentType,
				"url": s.URL + "/attachments/" + id + "/" + f.Name, "proxy_url": s.URL + "/attachments/" + id + "/" + f.Name,
			}
			return id, nil
		}
	}
	return nil, fmt.Errorf("value %v (%T) does not fit option type %d", v, v, def.Type)
}

func (s *Server) findChain(scope, path string) (*Command, []*CommandOption, error) {
	words := strings.Fields(path)
	if len(words) == 0 {
		return nil, nil, fmt.Errorf("empty command path")
	}
	var top *Command
	for _, sc := range []string{scope, ""} {
		for k := range s.commands[sc] {
			if s.commands[sc][k].Name == words[0] {
				top = &s.commands[sc][k]
			}
		}
		if top != nil {
			break
		}
	}
	if top == nil {
		return nil, nil, fmt.Errorf("no command /%s is registered for guild %q: a Discord user could not run it", words[0], scope)
	}
	var chain []*CommandOption
	opts := top.Options
	for _, w := range words[1:] {
		var next *CommandOption
		for k := range opts {
			if opts[k].Name == w && (opts[k].Type == SubCommand || opts[k].Type == SubCommandGroup) {
				next = &opts[k]
			}
		}
		if next == nil {
			return nil, nil, fmt.Errorf("/%s: no subcommand %q registered", path, w)
		}
		chain = append(chain, next)
		opts = next.Options
	}
	return top, chain, nil
}

// Inject dispatches an interaction of the given type with raw data, as
// given: tests use it for input a well-behaved client never sends (a
// wrong option type, no data at all). data may be nil.
func (s *Server) Inject(typ int, in Invoke, data map[string]any) (*Call, error) {
	return s.inject(typ, in, data, "")
}

// inject is Inject; a component's interaction also carries the message
// its button is under (source: its ID), as Discord sends it, and an
// update of that message (callback 6 or 7) edits it.
func (s *Server) inject(typ int, in Invoke, data map[string]any, source string) (*Call, error) {
	guild := in.Guild
	if guild == "" && !in.DM && len(s.Guilds) > 0 {
		guild = s.Guilds[0]
	}
	channel := in.Channel
	if channel == "" {
		channel = DefaultChannel
	}
	if in.User.ID == "" {
		in.User = User{ID: "400000000000000001", Name: "player"}
	}
	locale := in.User.Locale
	if locale == "" {
		locale = "en-US"
	}
	s.mu.Lock()
	c := &Call{ID: s.snowflake(), Token: "tok" + s.snowflake(), Type: typ, Path: in.Path, Guild: guild, Channel: channel, s: s}
	var msg map[string]any
	if c.source = s.findMessage(source); c.source != nil {
		msg = c.source.wire()
	} else if source != "" {
		// a message the fake never sent (a forged press): Discord still
		// sends the message the button was on, here an empty one of the channel
		msg = map[string]any{"id": source, "channel_id": channel, "content": "", "flags": 0, "type": 0,
			"timestamp": time.Now().UTC().Format(time.RFC3339Nano), "author": map[string]any{"id": "100000000000000001", "username": "rtrbot", "bot": true}}
	}
	s.calls[c.ID] = c
	s.byToken[c.Token] = c
	s.mu.Unlock()
	user := map[string]any{"id": in.User.ID, "username": in.User.Name, "global_name": in.User.Name, "discriminator": "0"}
	ev := map[string]any{
		"id": c.ID, "application_id": s.AppID, "type": typ, "token": c.Token, "version": 1,
		"channel_id": channel, "channel": map[string]any{"id": channel, "type": 0},
		"locale": locale, "app_permissions": "0",
	}
	if data != nil {
		ev["data"] = data
	}
	if msg != nil {
		ev["message"] = msg
	}
	if in.DM {
		ev["user"] = user
		ev["context"] = 1
	} else {
		ev["guild_id"] = guild
		ev["guild_locale"] = "en-US"
		roles := in.User.Roles
		if roles == nil {
			roles = []string{}
		}
		ev["member"] = map[string]any{"user": user, "roles": roles, "joined_at": "2026-01-01T00:00:00Z",
			"permissions": strconv.FormatInt(in.User.Permissions, 10), "deaf": false, "mute": false}
	}
	s.mu.Lock()
	c.Sent = time.Now()
	s.mu.Unlock()
	if err := s.dispatch(guild, "INTERACTION_CREATE", ev); err != nil {
		s.mu.Lock()
		delete(s.calls, c.ID)
		delete(s.byToken, c.Token)
		s.mu.Unlock()
		return nil, err
	}
	return c, nil
}

// findMessage is the message the bot sent with this ID, anywhere; nil if
// none. s.mu is held.
func (s *Server) findMessage(id string) *Message {
	if id == "" {
		return nil
	}
	for _, c := range s.calls {
		for _, m := range c.messages {
			if m.ID == id {
				return m
			}
		}
	}
	for _, ms := range s.channels {
		for _, m := range ms {
			if m.ID == id {
				return m
			}
		}
	}
	return nil
}

// Public returns every message anyone in the server could see: answers and
// follow-ups without the ephemeral flag, and channel and thread posts, in
// the order they were sent. A test of hidden information scans them all.
func (s *Server) Public() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Message
	seen := map[*Message]bool{} // an updated message is also its press's
	for _, c := range s.calls {
		for _, m := range c.messages {
			if !m.Ephemeral && !m.Deleted && !m.Thinking && !seen[m] {
				seen[m] = true
				out = append(out, *m)
			}
		}
	}
	for _, ms := range s.channels {
		for _, m := range ms {
			out = append(out, *m)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].At.Before(out[j].At) })
	return out
}
