// Package enginereplay is the rules engine (engine/game) as storage sees
// it: a db.Replayer, so that package db can rebuild, check and import games
// with the real rules. Storage depends on the engine here, never the
// reverse.
//
// Conventions it fixes for the game commands:
//   - a game's seed (the engine's uint64) is stored as its 8 bytes, big-endian;
//   - its options are the JSON object {"options": ["18.1(5)", ...]};
//   - an order's text is game.Order's text form ("german move G-III 3024");
//   - a snapshot's state is the engine's position text (docs/positions.md);
//   - a sandbox game (Setup.Position set) starts from that position text
//     instead of its scenario's setup;
//   - an "end" order ends a segment: a snapshot is due after it.
package enginereplay

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"strings"

	"rtrbot/db"
	"rtrbot/engine/board"
	"rtrbot/engine/game"
)

// Replayer rebuilds games over a map.
type Replayer struct {
	Map *board.Map
}

// SeedBytes is how a seed is stored.
func SeedBytes(seed uint64) []byte { return binary.BigEndian.AppendUint64(nil, seed) }

// Seed reads a stored seed.
func Seed(b []byte) (uint64, error) {
	if len(b) != 8 {
		return 0, fmt.Errorf("the seed is %d bytes; the engine's seed is 8", len(b))
	}
	return binary.BigEndian.Uint64(b), nil
}

// Key reads a stored dice key: a game's 32-byte secret, or the 8-byte
// seed of a practice game or of a game stored before secrets; then, for
// a game that came in through a file, the new secret of each import
// (game.SplitKeys).
func Key(b []byte) ([]byte, error) {
	if _, err := game.SplitKeys(b); err != nil {
		return nil, fmt.Errorf("the dice key is %d bytes; a game's is 8 (a seed) or %d (a secret), and %d more for each import", len(b), game.SecretSize, game.SecretSize)
	}
	return b, nil
}

type options struct {
	Options []string `json:"options"`
}

// Options encodes scenario options (18.x) as stored.
func Options(codes []string) string {
	b, _ := json.Marshal(options{Options: append([]string{}, codes...)})
	return string(b)
}

// ParseOptions reads stored options.
func ParseOptions(s string) ([]string, error) {
	var o options
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	if err := json.Unmarshal([]byte(s), &o); err != nil {
		return nil, fmt.Errorf("options %s: %v", s, err)
	}
	return o.Options, nil
}

// Start implements db.Replayer.
func (r Replayer) Start(setup db.Setup, state []byte) (db.Replay, error) {
	if r.Map == nil {
		return nil, fmt.Errorf("no map to play on")
	}
	if state != nil {
		s, err := game.ParsePosition(r.Map, string(state))
		if err != nil {
			return nil, err
		}
		if setup.Position == "" { // the keys still to come (a rekey after the snapshot)
			if err := s.SetKeys(setup.Seed); err != nil {
				return nil, err
			}
		}
		return &Replay{Game: s}, nil
	}
	if setup.Position != "" { // a sandbox game starts from its loaded position
		s, err := game.ParsePosition(r.Map, setup.Position)
		if err != nil {
			return nil, fmt.Errorf("the position the sandbox game started from: %v", err)
		}
		return &Replay{Game: s}, nil
	}
	rules, err := game.NewRules(r.Map, setup.Scenario)
	if err != nil {
		return nil, err
	}
	key, err := Key(setup.Seed)
	if err != nil {
		return nil, err
	}
	opts, err := ParseOptions(setup.Options)
	if err != nil {
		return nil, err
	}
	s, err := game.NewKey(rules, key, opts)
	if err != nil {
		return nil, err
	}
	return &Replay{Game: s}, nil
}

// Replay is a game being rebuilt; Game is the engine's state, for the
// commands to go on from.
type Replay struct {
	Game *game.State
}

// Apply implements db.Replay.
func (r *Replay) Apply(o db.Order) (db.Applied, error) {
	ord, err := game.ParseOrder(o.Text)
	if err != nil {
		return db.Applied{}, err
	}
	n, evs, err := game.Apply(r.Game, ord)
	if err != nil {
		return db.Applied{}, err
	}
	r.Game = n
	return Applied(ord, n, evs), nil
}

// Applied is what storage keeps of an applied order: its events, and a
// snapshot point when it ended a segment. The commands use it when they
// apply orders live, so that the live path and replay store the same.
func Applied(o game.Order, after *game.State, evs []game.Event) db.Applied {
	out := db.Applied{SegmentEnd: o.Verb == game.VerbEnd}
	for _, e := range evs {
		out.Events = append(out.Events, db.Event{Kind: string(e.Kind), Text: e.String()})
	}
	if out.SegmentEnd {
		out.Label = Label(after)
	}
	return out
}

// Label names a position for people: "GT 3 German movement-1".
func Label(s *game.State) string {
	return fmt.Sprintf("GT %d %s %s", int(s.Turn), s.ToMove(), s.Step)
}

// Rekey implements db.Rekeyer: the game goes on with key, a new secret,
// from its next roll (the order "SIDE rekey"). A finished game rolls no
// more and keeps its key (ok false).
func (r *Replay) Rekey(key []byte) (text string, a db.Applied, ok bool, err error) {
	if r.Game.PendingKeys() > 0 {
		return "", db.Applied{}, false, fmt.Errorf("the file's seed holds %d key(s) that its orders never use", r.Game.PendingKeys())
	}
	if r.Game.Step == game.GameOver {
		return "", db.Applied{}, false, nil
	}
	s, err := r.Game.WithNextKey(key)
	if err != nil {
		return "", db.Applied{}, false, err
	}
	o := game.Rekey().By(s.ToMove())
	n, evs, err := game.Apply(s, o)
	if err != nil {
		return "", db.Applied{}, false, err
	}
	r.Game = n
	return o.String(), Applied(o, n, evs), true, nil
}

// Hash implements db.Replay.
func (r *Replay) Hash() string { return r.Game.Hash() }

// State implements db.Replay: the position text.
func (r *Replay) State() ([]byte, error) { return []byte(r.Game.Position()), nil }

var _ db.Replayer = Replayer{}
