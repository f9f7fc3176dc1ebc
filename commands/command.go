// Package commands holds every slash command of the bot, written once and
// driven alike by Discord (package discord) and by the local console
// (package console). A handler sees a Request (who, where, which command,
// its options as text) and returns a Response (messages, public or private,
// with attachments); it never talks to Discord or a terminal itself.
package commands

import (
	"context"
	"sort"
	"time"

	"rtrbot/actor"
	"rtrbot/i18n"
)

// OptionType is the Discord type an option is registered with. Values
// always reach handlers as text; the router checks the type first.
type OptionType int

const (
	String OptionType = iota
	Integer
	Boolean
	Attachment
)

// Choice is one fixed value offered for an option.
type Choice struct {
	Name  i18n.Text
	Value string
}

// Option is one option of a command, as Discord shows it.
type Option struct {
	Name         string
	Description  i18n.Text
	Type         OptionType
	Required     bool
	Choices      []Choice
	Autocomplete bool
	// MinInt and MaxInt bound Integer options when MaxInt > MinInt.
	MinInt, MaxInt int
	// Text marks free text (a batch of orders): in the console it takes
	// the rest of the line, colons and all.
	Text bool
}

// Command is a slash command, or a subcommand when it sits in Sub.
// A command has either a Handler and Options, or Sub commands.
type Command struct {
	Name        string
	Description i18n.Text
	Options     []Option
	Sub         []*Command
	Handler     Handler
	// Complete answers autocomplete for the option being typed.
	Complete Completer
	// Slow commands are deferred on Discord before they run (map drawing,
	// exports); fast ones are answered directly.
	Slow bool
	// EditsPressed says that a press of one of its buttons may be
	// answered by editing the pressed message (Message.Edit): on Discord
	// the press is deferred as an update of that message, not as a new one.
	EditsPressed bool
	// Private decides, before the command runs, whether its answer is
	// private (Router.Private). The bot's own commands are decided in
	// commands/privacy.go; nil is private.
	Private func(req *Request) bool
}

// Handler runs one command.
type Handler func(ctx context.Context, req *Request) *Response

// Completer offers at most 25 choices for the focused option.
type Completer func(ctx context.Context, req *Request, focused string) []Choice

// Request is one invocation of a command.
type Request struct {
	Path    string            // "hex", "game new", "log export"
	Options map[string]string // option name to value, as typed
	// User is who asks, as the chat knows him: his ID and name, his
	// role IDs in the guild and whether he may manage it (Discord's Manage
	// Server or Administrator permission: what a referee role set by the
	// guild's admin is checked against; none in the console), and whether
	// he runs the bot itself (Discord: his user ID is in
	// RTRBOT_OPERATORS; the console sets it for its own user if it
	// wants). Actor completes it with the request's language.
	User    actor.Actor
	Guild   string // guild ID; "console" in the console
	Channel string // channel or thread ID
	Lang    i18n.Lang
	Now     time.Time
	// Files holds attachment options' contents, by option name.
	Files map[string][]byte
	// Bound is the binding of the button pressed (Button.Bound), "" for
	// a typed command: the service refuses a game it does not match.
	Bound string
	// Plain is a console user who referees nothing (/as role:player or
	// role:spectator): he has only the rights his seat gives, as on
	// Discord, so that what players and spectators may do and read can be
	// tried at the console.
	Plain bool
	// Chat lets a command act in the chat beyond its answer: open a
	// game's thread or a side's private thread, post there. Nil where
	// there is no chat (tests, and the console unless it provides one).
	Chat Chat
	// Progress, if set, shows the asker a message at once while a long
	// command goes on (the console prints it); its answer comes after.
	Progress func(Message)
}

// Chat is what the chat platform does for commands besides answering.
// The Discord adapter implements it; commands must work when it is nil.
type Chat interface {
	// CreateThread opens a thread under a channel and returns its ID.
	// A private thread is seen only by the members added (and
	// moderators); members are user IDs.
	CreateThread(ctx context.Context, parent, name string, private bool, members []string) (id string, err error)
	// Post sends a message to a channel or thread, outside any
	// interaction (deadline reminders, turn reports).
	Post(ctx context.Context, channel string, m Message) error
}

// Actor is who asks, as the services (games, tournaments) know him: the
// request's user in the request's language, at the local console when the
// request comes from it.
func (r *Request) Actor() actor.Actor {
	a := r.User
	a.Lang = r.Lang
	a.Console = r.Guild == "console" && !r.Plain
	return a
}

// Opt returns the value of an option ("" if not given).
func (r *Request) Opt(name string) string { return r.Options[name] }

// Has reports whether an option was given.
func (r *Request) Has(name string) bool { _, ok := r.Options[name]; return ok }

// T picks the request's language from a two-language text.
func (r *Request) T(en, ja string) string { return i18n.T(en, ja).In(r.Lang) }

// File is an attachment: a PNG map, a CSV log, an export.
type File struct {
	Name        string
	ContentType string
	Data        []byte
}

// Message is one message a command sends.
type Message struct {
	Text      string
	Ephemeral bool // only the user who asked sees it
	Files     []File
	// Target is where the message goes: "" answers the interaction; other
	// values name a channel or thread the adapter knows (e.g. a game's
	// thread), so that a command can post to a game's thread too.
	Target string
	// Pin marks the message that stands for a game's status in Target:
	// the adapter edits in place the pinned message of Target whose text
	// starts with Pin, or posts the message and pins it when there is none
	// (a dashboard: one message per game, never a new post).
	Pin string
	// Buttons are offered under the message (Discord message components);
	// pressing one runs its command as the one who pressed it, with the
	// same checks as typing it. The console prints them as commands to type.
	Buttons []Button
	// Edit answers a press of a button of the command's own message by
	// editing that message in place (its text, picture and buttons: a
	// replay stepping on) instead of posting a new one. It is kept only
	// when the pressed message has the answer's visibility; anywhere
	// else (a typed command, the console) the message is sent as usual.
	Edit bool
}

// ButtonStyle is how a button looks.
type ButtonStyle int

const (
	Secondary ButtonStyle = iota // grey
	Primary                      // blurple: the expected next step
	Danger                       // red: ends or gives up something
)

// Button runs a command when pressed: Path and Options as a slash command
// would carry them.
type Button struct {
	Label   string
	Path    string
	Options map[string]string
	Style   ButtonStyle
	// Bound is what the button was made for (games.Binding's String: the
	// game, side and segment); a press that no longer matches it does
	// nothing and says so. Typed commands are bound to nothing.
	Bound string
}

// Line is the button's command as typed in the console ("/end until:segment").
func (b Button) Line() string {
	line := "/" + b.Path
	keys := make([]string, 0, len(b.Options))
	for k := range b.Options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		line += " " + k + ":" + b.Options[k]
	}
	return line
}

// Response is what a command answers: its messages, in order.
type Response struct {
	Messages []Message
}

// Reply is a public answer with text.
func Reply(text string) *Response { return &Response{Messages: []Message{{Text: text}}} }

// Private is an answer only the asking user sees.
func Private(text string) *Response {
	return &Response{Messages: []Message{{Text: text, Ephemeral: true}}}
}

// Fail is a private answer that explains what is wrong with the input.
func Fail(req *Request, err error) *Response { return Private(i18n.Message(err, req.Lang)) }

// WithFile adds an attachment to the first message.
func (r *Response) WithFile(f File) *Response {
	if len(r.Messages) == 0 {
		r.Messages = append(r.Messages, Message{})
	}
	r.Messages[0].Files = append(r.Messages[0].Files, f)
	return r
}

// Add appends a message.
func (r *Response) Add(m Message) *Response { r.Messages = append(r.Messages, m); return r }
