package games

import (
	"slices"
	"strings"
	"time"

	"rtrbot/engine/game"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// Game is one running game.
type Game struct {
	State *game.State
	// Key is the game's dice key (game.State.Key): a 256-bit secret drawn
	// by the bot, or the public seed of a practice game.
	Key     []byte
	Options []string
	Orders  []game.Order // the effective orders (undone ones left out)
	Sandbox bool         // loaded from a position: its log starts there, not at a scenario's setup

	ID             int64 // the stored game's number; 0: memory only
	Guild, Channel string
	Creator        string
	Players        []Player
	Meta           map[string]string // db/play.go keys: threads, pause, secret choices
	Status         Status
	Deadline       time.Time
	DeadlineAction string
	SegmentHours   int

	// SegStart is the state when the current segment began; Seg the
	// orders given since, with what they caused (for undo and the account).
	SegStart *game.State
	Seg      []SegOrder
}

// SegOrder is one order of the current segment.
type SegOrder struct {
	Order  game.Order
	Seq    int64 // its row in the stored log (0: memory only)
	Author string
	Events []game.Event
	after  *game.State // the state it left (while it is being stored)
}

func (g *Game) copy() *Game { c := *g; return &c }

func fromRow(r *Record) *Game {
	return &Game{ID: r.ID, Guild: r.Guild, Channel: r.Channel, Creator: r.CreatedBy, Players: r.Players, Status: r.Status,
		Deadline: r.Deadline, DeadlineAction: r.DeadlineAction, SegmentHours: r.SegmentHours}
}

// Practice says whether g is a practice game: its dice come from a seed a
// player chose (/game new seed:) or from a loaded position, so they are
// known from the start; it is shown as such and is never rated.
func (g *Game) Practice() bool { return g.Sandbox || g.Meta[MetaPractice] != "" }

// PracticeSeed is a practice game's dice key as players read it (public
// from the start), or "" for a game whose dice are secret.
func (g *Game) PracticeSeed() string {
	if !g.Practice() {
		return ""
	}
	return g.State.KeyText()
}

// MetaPractice marks a practice game; its value is the public seed.
const MetaPractice = "practice"

// MetaImported marks a game that came in by /game import; its value names
// the game of the file. Every import sets it, whatever the file says, and
// it is stored with the game, so no file and no restart washes it off.
const MetaImported = "imported"

// Imported says whether g came in by import. Its start and its moves
// are whatever the file held, which anyone may have written: it is never
// rated, on the ladder or in a tournament.
func (g *Game) Imported() bool { return g.Meta[MetaImported] != "" }

// SideOf is the side a user plays in g, if any.
func (g *Game) SideOf(user string) (units.Side, bool) {
	for _, p := range g.Players {
		if p.UserID == user {
			s, err := units.ParseSide(p.Side)
			return s, err == nil
		}
	}
	return 0, false
}

// HotSeat: nobody has joined a side, so whoever is at the keyboard plays
// both (the console, a sandbox, a quick try in a channel). A game whose
// file proposed players is nobody's until they confirm their seats.
func (g *Game) HotSeat() bool { return len(g.Players) == 0 && !g.HasProposals() }

// metaProposed+side holds the users a game's file named for a side (one
// a line): an import seats nobody; each confirms his seat with /game join.
const metaProposed = "proposed:"

// Proposals are the users a game's file named for side, still to confirm.
func (g *Game) Proposals(side units.Side) []string {
	v := g.Meta[metaProposed+side.String()]
	if v == "" {
		return nil
	}
	return strings.Split(v, "\n")
}

// HasProposals says whether a seat the game's file proposed is still to
// be confirmed.
func (g *Game) HasProposals() bool {
	return len(g.Proposals(units.German)) > 0 || len(g.Proposals(units.Allied)) > 0
}

// Proposed says whether the game's file proposed user for side.
func (g *Game) Proposed(side units.Side, user string) bool {
	return slices.Contains(g.Proposals(side), user)
}

func (g *Game) proposalsBut(side units.Side, user string) string {
	return strings.Join(slices.DeleteFunc(g.Proposals(side), func(u string) bool { return u == user }), "\n")
}

// PlayersOf lists the players of a side.
func (g *Game) PlayersOf(side units.Side) []Player {
	var out []Player
	for _, p := range g.Players {
		if p.Side == side.String() {
			out = append(out, p)
		}
	}
	return out
}

// Paused says a referee has paused the game.
func (g *Game) Paused() bool { return g.Meta["paused"] != "" }

// Thread is a side's private thread ("" if none).
func (g *Game) Thread(side units.Side) string { return g.Meta["thread:"+side.String()] }

// Mention names a side's players so that Discord notifies them (<@id>);
// console users (not Discord IDs) are named with an @.
func (g *Game) Mention(side units.Side) string {
	var out []string
	for _, p := range g.PlayersOf(side) {
		out = append(out, MentionOf(p.UserID, p.Name))
	}
	return strings.Join(out, " ")
}

// MentionOf names one user so that Discord notifies him.
func MentionOf(id, name string) string {
	if id != "" && strings.Trim(id, "0123456789") == "" {
		return "<@" + id + ">"
	}
	if name == "" {
		name = strings.TrimPrefix(id, "console:") // the console's user, named as typed
	}
	return "@" + name
}

// PendingChoice says why orders wait: a secret choice of options has
// begun and is not revealed yet (empty if none).
func (g *Game) PendingChoice() i18n.Text {
	if g.Meta["revealed"] != "" {
		return i18n.Text{}
	}
	for k := range g.Meta {
		if strings.HasPrefix(k, "choice:") || strings.HasPrefix(k, "confirmed:") {
			return i18n.T("The sides are choosing their options in secret (18.0): orders wait until both have confirmed (/game confirm).",
				"両軍がオプションを秘密に選択中です (18.0)。両軍が確定 (/game confirm) するまで命令はできません。")
		}
	}
	return i18n.Text{}
}

func cloneMeta(m map[string]string) map[string]string {
	out := make(map[string]string, len(m)+1)
	for k, v := range m {
		out[k] = v
	}
	return out
}
