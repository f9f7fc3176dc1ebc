// Package tournament runs club tournaments of Reinforce the Right!: Swiss
// by the FIDE Dutch system (the German side stands for white), round robin
// by Berger tables, single elimination (optionally a top cut after Swiss
// rounds), standings with tiebreaks, TRF and CSV export, and a Glicko-2
// club ladder. It is pure: no I/O and no clock; the caller passes the time
// in, and a Store keeps the tournaments.
package tournament

import (
	"time"
)

// Format is how players are paired.
type Format string

const (
	Swiss       Format = "swiss"
	RoundRobin  Format = "roundrobin"
	Elimination Format = "elimination"
)

// Side is a side of the game, or a result.
const (
	German = "german"
	Allied = "allied"
	Draw   = "draw"
)

// Victory levels.
const (
	Marginal  = "marginal"
	Strategic = "strategic"
	Decisive  = "decisive"
)

// Where games are played (Settings.Play).
const (
	PlayBot   = "bot"
	PlayTable = "table"
)

// Status of a tournament.
const (
	StatusRegistration = "registration"
	StatusRunning      = "running"
	StatusFinished     = "finished"
)

// Tiebreak names.
const (
	TBBuchholz     = "buchholz"
	TBBuchholzCut1 = "buchholz-cut1"
	TBSonneborn    = "sonneborn-berger"
	TBHeadToHead   = "head-to-head"
	TBMargin       = "vp-margin"
)

// DefaultTiebreaks is the order used when the organiser names none.
var DefaultTiebreaks = []string{TBBuchholzCut1, TBBuchholz, TBSonneborn, TBHeadToHead, TBMargin}

// Points is the table of tournament points, in half points (2 = one
// point), for the winner and the loser of each victory level, a draw and a
// pairing-allocated bye.
type Points struct {
	Win  map[string][2]int `json:"win"` // level -> {winner, loser}
	Draw int               `json:"draw"`
	Bye  int               `json:"bye"`
}

// DefaultPoints: a win is one point and a draw half a point whatever the
// level, so that scores are the chess scores a TRF and any Dutch pairing
// program read; the level and VP margin count in the tiebreaks.
func DefaultPoints() Points {
	return Points{Win: map[string][2]int{Marginal: {2, 0}, Strategic: {2, 0}, Decisive: {2, 0}}, Draw: 1, Bye: 2}
}

// LevelPoints is the table that weighs the level itself: decisive 3–0,
// strategic 2½–½, marginal 2–1, draw 1½–1½ (bye 3).
func LevelPoints() Points {
	return Points{Win: map[string][2]int{Marginal: {4, 2}, Strategic: {5, 1}, Decisive: {6, 0}}, Draw: 3, Bye: 6}
}

// Settings are fixed at creation.
type Settings struct {
	Format               Format    `json:"format"`
	Rounds               int       `json:"rounds"` // Swiss rounds; round robin: 0 = one cycle
	Scenario             string    `json:"scenario"`
	Options              []string  `json:"options,omitempty"` // a fixed set of option codes
	OptionsChosen        bool      `json:"options_chosen"`    // each game chooses its options by 18.0
	Sides                string    `json:"sides"`             // "pairing" or "bid"
	Cut                  int       `json:"cut"`               // Swiss then a top cut of 4 or 8 (0: none)
	DeadlineHours        int       `json:"deadline_hours"`    // a round's length; 0: none
	Cap                  int       `json:"cap"`               // most players; 0: no cap
	RegistrationDeadline time.Time `json:"registration_deadline,omitzero"`
	// MinReliability is the least share of ended games finished
	// (reliability.go, 0–100) a player needs to register; 0: none.
	MinReliability int      `json:"reliability,omitempty"`
	CheckIn        bool     `json:"checkin"` // players must check in before the start
	Points         Points   `json:"points"`
	Tiebreaks      []string `json:"tiebreaks"`
	// Play is where the games are played: "bot" (each table opens a bot
	// game in its own thread, whose end gives the result) or "table" (a
	// physical table: results are reported and confirmed). Empty is bot.
	Play string `json:"play,omitempty"`
	// ByeGame is the level of the computer player (ai.Levels: random,
	// heuristic, search) a player with a pairing-allocated bye may play
	// in the round, in a thread of its own; "" is no game. The game is
	// practice: the bye's points stand whatever its result.
	ByeGame string `json:"bye_game,omitempty"`
	// Adjudicate: at a round's deadline every bot game still unfinished
	// is adjudicated (adjudicate.go) instead of left to the organiser.
	Adjudicate bool `json:"adjudicate,omitempty"`
}

// Player is an entrant. Pairing numbers are the order of Players (1-based),
// fixed at the start by rating then registration.
type Player struct {
	ID        string    `json:"id"`
	Name      string    `json:"name"`
	Rating    int       `json:"rating,omitempty"`
	Joined    time.Time `json:"joined"`
	CheckedIn bool      `json:"checked_in,omitempty"`
	FromRound int       `json:"from_round,omitempty"` // a late entry plays from this round
	Dropped   bool      `json:"dropped,omitempty"`
	DroppedAt int       `json:"dropped_at,omitempty"` // the last round played before the drop
}

// Result of one game.
type Result struct {
	Winner  string `json:"winner"` // german, allied or draw
	Level   string `json:"level,omitempty"`
	Margin  int    `json:"margin"`            // VP margin, the winner's side positive
	Forfeit bool   `json:"forfeit,omitempty"` // not played: the loser did not play
	Double  bool   `json:"double,omitempty"`  // a double forfeit: both lose, not played
}

// Where a table's result came from (Game.Source).
const (
	SourceGame      = "game"
	SourceConfirmed = "confirmed"
	SourceOrganiser = "organiser"
	SourceDeadline  = "deadline"
)

// Rated says whether the table's result is a rated game: played, and
// decided by the bot's game or by both players.
func (g *Game) Rated() bool {
	return g.played() && (g.Source == SourceGame || g.Source == SourceConfirmed || g.Source == "")
}

// Game is one table of a round. A pairing-allocated bye has Allied == ""
// (the player is in German).
type Game struct {
	Table  int     `json:"table"`
	German string  `json:"german"`
	Allied string  `json:"allied"`
	GameID int64   `json:"game_id,omitempty"` // the bot game played for it
	Thread string  `json:"thread,omitempty"`  // the channel or thread it is played in
	Result *Result `json:"result,omitempty"`  // confirmed
	// Source is where the result came from: SourceGame (the bot's game
	// for the table ended), SourceConfirmed (a player reported it, the
	// other confirmed), SourceOrganiser (the organiser's report or fix),
	// SourceDeadline (the round's deadline: an unconfirmed report or a
	// forfeit). Only the first two are rated games (the ladder); every
	// result counts for the tournament's standings. Results stored
	// before sources were kept have none and are rated as they were.
	Source    string         `json:"source,omitempty"`
	Reported  *Result        `json:"reported,omitempty"`
	ReportBy  string         `json:"report_by,omitempty"`
	Disputed  bool           `json:"disputed,omitempty"`
	Bids      map[string]Bid `json:"bids,omitempty"`   // player -> secret bid
	BidVP     int            `json:"bid_vp,omitempty"` // VP added to the Allied (>0) or German (<0) side by the bid
	Manual    bool           `json:"manual,omitempty"`
	Explain   string         `json:"explain,omitempty"`    // why the pairing was made (English)
	ExplainJA string         `json:"explain_ja,omitempty"` // the same in Japanese
	// Adjudication is the spread of the round limit's adjudication of
	// the table's game (SourceAdjudicated; adjudicate.go).
	Adjudication *Adjudication `json:"adjudication,omitempty"`
}

// Bid is a player's secret bid for a side.
type Bid struct {
	Side string `json:"side"`
	VP   int    `json:"vp"`
}

// Bye reports whether the game is a pairing-allocated bye.
func (g *Game) Bye() bool { return g.Allied == "" }

// Round is one round's pairings.
type Round struct {
	Number   int       `json:"number"`
	Stage    string    `json:"stage"` // swiss, roundrobin, elimination
	Deadline time.Time `json:"deadline,omitzero"`
	Games    []*Game   `json:"games"`
	Closed   bool      `json:"closed,omitempty"`
	ClosedAt time.Time `json:"closed_at,omitzero"`
	// Reminded: the players of late tables have been reminded once.
	Reminded bool `json:"reminded,omitempty"`
	// Forfeited: the deadline passed and the forfeit rule was applied.
	Forfeited bool `json:"forfeited,omitempty"`
}

// Tournament is everything about one tournament; a Store keeps it whole.
type Tournament struct {
	ID        int64     `json:"id"`
	Guild     string    `json:"guild"`
	Name      string    `json:"name"`
	Organiser string    `json:"organiser"`
	Channel   string    `json:"channel,omitempty"` // where it was created: notices go there
	Created   time.Time `json:"created"`
	Status    string    `json:"status"`
	Settings  Settings  `json:"settings"`
	Players   []*Player `json:"players"`
	Rounds    []*Round  `json:"rounds"`
	// Version counts saves: a Store refuses a save over a newer version.
	Version int64 `json:"version"`
}

// Player returns the entrant with the given ID, or nil.
func (t *Tournament) Player(id string) *Player {
	for _, p := range t.Players {
		if p.ID == id {
			return p
		}
	}
	return nil
}

// Current is the newest round, or nil before the start.
func (t *Tournament) Current() *Round {
	if len(t.Rounds) == 0 {
		return nil
	}
	return t.Rounds[len(t.Rounds)-1]
}

// ScoreOf returns the half points of player id from game g ("" not in it).
func (t *Tournament) scoreOf(g *Game, id string) (int, bool) {
	pts := t.Settings.Points
	if g.Bye() {
		if g.German == id {
			return pts.Bye, true
		}
		return 0, false
	}
	if g.German != id && g.Allied != id {
		return 0, false
	}
	r := g.Result
	if r == nil {
		return 0, false
	}
	if r.Double {
		return 0, true
	}
	side := German
	if g.Allied == id {
		side = Allied
	}
	if r.Winner == Draw {
		return pts.Draw, true
	}
	wl, ok := pts.Win[r.Level]
	if !ok || r.Forfeit {
		wl = [2]int{2, 0}
		if w, ok := pts.Win[Decisive]; ok {
			wl = w
		}
	}
	if r.Winner == side {
		return wl[0], true
	}
	return wl[1], true
}
