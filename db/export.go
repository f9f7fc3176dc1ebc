package db

import (
	"context"
	"database/sql"
	"fmt"

	"rtrbot/db/gamefile"
	"rtrbot/i18n"
)

// Export writes a game as a readable text file (package gamefile,
// docs/storage.md). It reads the rows as they are, so that a damaged game
// can be exported too, for a referee to inspect and mend by hand. The file
// holds the seed: while the game runs it must go to its referee only.
func (s *Store) Export(ctx context.Context, id int64) ([]byte, error) {
	var g *Game
	var log []Order
	var snaps []SnapshotInfo
	var practice string
	var gerr, lerr error
	err := s.read(ctx, func(q querier) error { // the row, log and snapshots of one moment
		if g, gerr = getGame(ctx, q, id); g == nil {
			return gerr
		}
		log, lerr = getLog(ctx, q, g, 1)
		var err error
		if snaps, err = getSnapshots(ctx, q, id); err != nil {
			return err
		}
		// A practice game stays one through its file (its seed is public).
		if err := q.QueryRowContext(ctx, `SELECT value FROM game_meta WHERE game_id = ? AND key = 'practice'`, id).Scan(&practice); err != nil && err != sql.ErrNoRows {
			return err
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if g.Position != "" {
		// The file format starts a game from a scenario and a seed; a
		// sandbox game's start is a position, which it cannot carry.
		return nil, i18n.Errorf("Game #%d is a sandbox game loaded from a position, and a game file can only start from a scenario: it cannot be exported. /game position gives its current position, which /game load starts again.",
			"ゲーム #%d は局面から読み込んだサンドボックスゲームで、ゲームファイルはシナリオからの開始しか表せないため、エクスポートできません。/game position で現局面を取得し、/game load で再開できます。", g.ID)
	}
	gf := &gamefile.File{Scenario: g.Scenario, Options: g.Options, Seed: g.Seed, Commitment: g.SeedCommitment, Practice: practice, Status: string(g.Status),
		Created: g.Created, CreatedBy: g.CreatedBy, Game: g.ID, Guild: g.Guild, Channel: g.Channel}
	for _, p := range g.Players {
		gf.Players = append(gf.Players, gamefile.Player(p))
	}
	for _, o := range log {
		gf.Log = append(gf.Log, gamefile.Order(o))
	}
	for _, c := range snaps {
		gf.Checks = append(gf.Checks, gamefile.Check(c))
	}
	notes := []string{
		fmt.Sprintf("Reinforce the Right! game #%d of guild %s, channel %s, exported by rtrbot at %s.", g.ID, g.Guild, g.Channel, ts(s.now())),
		"One fact a line: a keyword, then its value. The orders are the game; import replays them.",
	}
	if g.Status == Active {
		notes = append(notes, "The game is running: the seed below lets its reader predict every die. Give this file to the referee only.")
	}
	for _, e := range []error{gerr, lerr} {
		if e != nil {
			notes = append(notes, "damaged: "+e.Error())
		}
	}
	if g.Damage != "" {
		notes = append(notes, "damaged: "+g.Damage)
	}
	return gf.Encode(notes...), nil
}

// ImportTo says where an imported game goes.
type ImportTo struct {
	Guild, Channel string
	By             string   // the user importing it: the game's creator here
	Players        []Player // nil: the file's players
	// Rekey, if set, is a new secret dice key (32 bytes): the game goes
	// on with it from its next roll (Rekeyer), its keys stored one after
	// the other. Nil: the file's key goes on (a practice game, whose seed
	// is public anyway).
	Rekey []byte
	// Meta is stored with the game (a practice game's mark).
	Meta map[string]string
}

// Import rebuilds a game from an export file in another place: it replays
// every order with the engine, checks the state hash at every check line
// of the file, and only then stores the game (log, events, snapshots at
// each segment's end) in one transaction. A file that does not replay is
// refused with the order that fails; nothing is stored.
func (s *Store) Import(ctx context.Context, r Replayer, data []byte, to ImportTo) (*Game, error) {
	gf, err := gamefile.Parse(data)
	if err != nil {
		return nil, err
	}
	if to.Guild == "" || to.Channel == "" || to.By == "" {
		return nil, fmt.Errorf("an import needs a guild, a channel and the importing user")
	}
	rp, err := r.Start(Setup{Scenario: gf.Scenario, Options: gf.Options, Seed: gf.Seed}, nil)
	if err != nil {
		return nil, i18n.Errorf("The game cannot be started from the file's scenario, options and seed: %v",
			"ファイルのシナリオ・オプション・シードからゲームを開始できません: %v", err)
	}
	im, err := replayFile(gf, rp)
	if err != nil {
		return nil, err
	}
	status := Status(gf.Status)
	if status == Damaged { // mended by hand, and it replays: it can go on
		status = Active
	}
	var players []Player
	for _, p := range gf.Players {
		players = append(players, Player(p))
	}
	if to.Players != nil {
		players = to.Players
	}
	im.keepEffective()
	seed := gf.Seed
	if to.Rekey != nil {
		rk, ok := rp.(Rekeyer)
		if !ok {
			return nil, fmt.Errorf("the replayer cannot change a game's dice key")
		}
		text, a, ok, err := rk.Rekey(to.Rekey)
		if err != nil {
			return nil, i18n.Errorf("The game cannot go on with a new dice key: %v. Nothing was imported.",
				"新しいダイスの鍵でゲームを続けられません: %v。何も取り込んでいません。", err)
		}
		if ok {
			n := int64(len(im.log) + 1)
			im.log = append(im.log, Order{Seq: n, Kind: KindOrder, Author: to.By, At: s.now(), Text: text})
			im.events[n] = a.Events
			seed = append(append([]byte(nil), gf.Seed...), to.Rekey...)
		}
	}
	now := ts(s.now())
	var id int64
	err = s.Write(ctx, func(tx *sql.Tx) error {
		var err error
		id, err = insertGame(ctx, tx, NewGame{Guild: to.Guild, Channel: to.Channel, Scenario: gf.Scenario, Seed: seed,
			CreatedBy: to.By, Players: players, StartEvents: []Event{{Kind: "import", Text: fmt.Sprintf(
				"imported by %s from game #%d (guild %s, channel %s), created by %s at %s", to.By, gf.Game, gf.Guild, gf.Channel, gf.CreatedBy, ts(gf.Created))}},
		}, gf.Options, "remind", now)
		if err != nil {
			return err
		}
		if err := im.store(ctx, tx, id, now); err != nil {
			return err
		}
		for k, v := range to.Meta {
			if err := setMeta(ctx, tx, id, k, v); err != nil {
				return err
			}
		}
		_, err = tx.ExecContext(ctx, `UPDATE games SET status = ?, log_length = ? WHERE id = ?`, string(status), len(im.log), id)
		return err
	})
	if err != nil {
		return nil, err
	}
	return s.Game(ctx, id)
}

// imported is a game file's log as replayed: its orders, the events of
// each order and the snapshots of the segments' ends, by order number.
type imported struct {
	log    []Order
	undone map[int64]bool // the orders an undo took back
	events map[int64][]Event
	snaps  []Snapshot
}

// replayFile replays the file's orders on rp, checking every state hash
// the file gives, and that each undo takes back an order of its own
// segment.
func replayFile(gf *gamefile.File, rp Replay) (*imported, error) {
	im := &imported{undone: map[int64]bool{}, events: map[int64][]Event{}, log: make([]Order, len(gf.Log))}
	for i, o := range gf.Log {
		im.log[i] = Order(o)
		if o.Kind == KindUndo {
			im.undone[o.Undoes] = true
		}
	}
	ci := 0
	check := func(seq int64) error {
		for ci < len(gf.Checks) && gf.Checks[ci].Seq == seq {
			if h := rp.Hash(); h != gf.Checks[ci].Hash {
				return i18n.Errorf("Replaying the file's orders up to %d gives state hash %s, but the file says %s: the game does not replay to the same state, so it was not imported.",
					"ファイルの命令を %d まで再生すると状態ハッシュは %s ですが、ファイルには %s とあります。同じ状態にならないため取り込みませんでした。", seq, h, gf.Checks[ci].Hash)
			}
			ci++
		}
		return nil
	}
	if err := check(0); err != nil {
		return nil, err
	}
	for _, o := range im.log {
		if o.Kind == KindOrder && !im.undone[o.Seq] {
			a, err := rp.Apply(o)
			if err != nil {
				return nil, i18n.Errorf("Order %d of the file (%q) does not replay: %v. Nothing was imported.",
					"ファイルの命令 %d (%q) を再生できません: %v。何も取り込んでいません。", o.Seq, o.Text, err)
			}
			im.events[o.Seq] = a.Events
			if a.SegmentEnd {
				st, err := rp.State()
				if err != nil {
					return nil, err
				}
				im.snaps = append(im.snaps, Snapshot{Seq: o.Seq, Label: a.Label, Hash: rp.Hash(), State: st})
			}
		}
		if err := check(o.Seq); err != nil {
			return nil, err
		}
	}
	// An undo takes back an order of the current segment only (as Undo
	// and a full replay require).
	for _, o := range im.log {
		if o.Kind != KindUndo {
			continue
		}
		for _, sn := range im.snaps {
			if sn.Seq >= o.Undoes && sn.Seq < o.Seq {
				return nil, i18n.Errorf("Line undo %d of the file takes back order %d, but the segment ended after order %d: only orders of the current segment can be taken back. Nothing was imported.",
					"ファイルの undo %d は命令 %d を取り消していますが、セグメントは命令 %d の後に終わっています。取り消せるのは現在のセグメントの命令だけです。何も取り込んでいません。", o.Seq, o.Undoes, sn.Seq)
			}
		}
	}
	return im, nil
}

// keepEffective drops the undone orders, and the undos: they changed
// nothing, and a file of them must not be a way to fill the database. The
// effective orders are numbered anew, and their events and snapshots with
// them (the file's hashes were checked by replayFile).
func (im *imported) keepEffective() {
	renum := map[int64]int64{}
	var kept []Order
	for _, o := range im.log {
		if o.Kind == KindOrder && !im.undone[o.Seq] {
			n := int64(len(kept) + 1)
			renum[o.Seq] = n
			o.Seq = n
			kept = append(kept, o)
		}
	}
	newEvents := map[int64][]Event{}
	for seq, evs := range im.events {
		if n, ok := renum[seq]; ok {
			newEvents[n] = evs
		}
	}
	for i := range im.snaps {
		im.snaps[i].Seq = renum[im.snaps[i].Seq]
	}
	im.log, im.events = kept, newEvents
}

// store writes the orders, their events and the snapshots of game id.
func (im *imported) store(ctx context.Context, tx *sql.Tx, id int64, now string) error {
	for _, o := range im.log {
		var u any
		if o.Kind == KindUndo {
			u = o.Undoes
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO orders(game_id, seq, kind, undoes, author, side, at, text) VALUES (?,?,?,?,?,?,?,?)`,
			id, o.Seq, o.Kind, u, o.Author, o.Side, ts(o.At), o.Text); err != nil {
			return err
		}
		if err := addEvents(ctx, tx, id, o.Seq, im.events[o.Seq]); err != nil {
			return err
		}
	}
	for i := range im.snaps {
		if err := putSnapshot(ctx, tx, id, im.snaps[i].Seq, &im.snaps[i], now); err != nil {
			return err
		}
	}
	return nil
}
