package commands_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"rtrbot/actor"
	"rtrbot/commands"
	"rtrbot/db"
	"rtrbot/db/enginereplay"
	"rtrbot/engine/board"
	"rtrbot/engine/game"
	"rtrbot/games/sqlstore"
	"rtrbot/i18n"
)

func TestAdminBackup(t *testing.T) {
	ctx := context.Background()
	store, err := db.Open(ctx, filepath.Join(t.TempDir(), "rtrbot.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	if _, err := store.CreateGame(ctx, db.NewGame{Guild: "G", Channel: "C", Scenario: "standard", Seed: []byte{1}, CreatedBy: "u"}); err != nil {
		t.Fatal(err)
	}
	bot := commands.New(commands.Deps{Store: sqlstore.New(store)})
	req := func(guild, user string, lang i18n.Lang) *commands.Request {
		return &commands.Request{Path: "admin backup", Options: map[string]string{}, User: actor.Actor{ID: user, Name: "x"},
			Guild: guild, Channel: "c", Lang: lang, Now: time.Now()}
	}
	// A Discord user, even in a guild, is not the operator.
	for _, r := range []*commands.Request{req("123", "456", i18n.EN), req("console", "456", i18n.EN)} {
		resp := bot.Router.Run(ctx, r)
		if m := resp.Messages[0]; !m.Ephemeral || !strings.Contains(m.Text, "Only the bot's operator") {
			t.Errorf("guild %s user %s: %+v", r.Guild, r.User.ID, resp)
		}
	}
	resp := bot.Router.Run(ctx, req("console", "console:player", i18n.EN))
	text := resp.Messages[0].Text
	m := regexp.MustCompile(`Backup written: (\S+) \(([\d.]+ KiB)\)`).FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("answer: %q", text)
	}
	st, err := os.Stat(m[1])
	if err != nil {
		t.Fatal(err)
	}
	kib, _ := strconv.ParseFloat(strings.TrimSuffix(m[2], " KiB"), 64)
	if d := float64(st.Size())/1024 - kib; d > 0.05 || d < -0.05 {
		t.Errorf("answer says %s, file is %d bytes", m[2], st.Size())
	}
	b, err := db.Open(ctx, m[1])
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if games, _ := b.ListGames(ctx, db.Filter{}); len(games) != 1 {
		t.Errorf("backup holds %d games, want 1", len(games))
	}
	// A Discord user the adapter marks as operator (RTRBOT_OPERATORS) may.
	op := req("123", "456", i18n.EN)
	op.User.Operator = true
	if text := bot.Router.Run(ctx, op).Messages[0].Text; !strings.Contains(text, "Backup written") {
		t.Errorf("operator on Discord refused: %q", text)
	}
	ja := bot.Router.Run(ctx, req("console", "console:player", i18n.JA)).Messages[0].Text
	if !strings.Contains(ja, "バックアップを書き出しました") {
		t.Errorf("Japanese answer: %q", ja)
	}
}

// TestAdminCheck (and /admin repair) stores a real game (setup by the engine's defaults) and a
// second one whose log is then broken, and checks both through /admin check.
func TestAdminCheck(t *testing.T) {
	ctx := context.Background()
	m, err := board.Default()
	if err != nil {
		t.Skipf("no map yet: %v", err)
	}
	store, err := db.Open(ctx, filepath.Join(t.TempDir(), "rtrbot.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	r := enginereplay.Replayer{Map: m}
	var ids []int64
	for i, ch := range []string{"C1", "C2"} {
		g, err := store.CreateGame(ctx, db.NewGame{Guild: "G", Channel: ch, Scenario: "standard", Options: enginereplay.Options(nil),
			Seed: enginereplay.SeedBytes(uint64(1914 + i)), CreatedBy: "ref"})
		if err != nil {
			t.Fatal(err)
		}
		rp, err := r.Start(db.Setup{Scenario: g.Scenario, Options: g.Options, Seed: g.Seed}, nil)
		if err != nil {
			t.Fatal(err)
		}
		st := rp.(*enginereplay.Replay).Game
		for _, o := range []game.Order{game.AutoSetup().By(st.ToMove()), game.End().By(st.ToMove())} {
			a, err := rp.Apply(db.Order{Text: o.String()})
			if err != nil {
				t.Fatal(err)
			}
			var snap *db.Snapshot
			if a.SegmentEnd {
				state, _ := rp.State()
				snap = &db.Snapshot{Label: a.Label, Hash: rp.Hash(), State: state}
			}
			if _, err := store.AppendOrder(ctx, g.ID, db.NewOrder{Author: "ref", Side: o.Side.String(), Text: o.String()}, a.Events, snap); err != nil {
				t.Fatal(err)
			}
		}
		ids = append(ids, g.ID)
	}
	bot := commands.New(commands.Deps{Store: sqlstore.New(store), Map: m})
	run := func(opts map[string]string) string {
		return bot.Router.Run(ctx, &commands.Request{Path: "admin check", Options: opts, User: actor.Actor{ID: "console:op"},
			Guild: "console", Lang: i18n.EN}).Messages[0].Text
	}
	if got := run(map[string]string{"full": "true"}); !strings.Contains(got, "Checked 2 active games (from their start, every saved state checked): every one replays. No game is damaged.") {
		t.Fatalf("sound games: %q", got)
	}
	// A snapshot hash that no replay gives: the full check must say so.
	if _, err := store.DB.Exec(`UPDATE snapshots SET hash = 'f00d' WHERE game_id = ?`, ids[1]); err != nil {
		t.Fatal(err)
	}
	got := run(map[string]string{"full": "true"})
	if !strings.Contains(got, "1 do not") || !strings.Contains(got, "Damaged games: 1.") || !strings.Contains(got, fmt.Sprintf("Game #%d (guild G, channel C2) is damaged at order 2", ids[1])) {
		t.Errorf("broken game: %q", got)
	}
	if g, _ := store.Game(ctx, ids[0]); g.Status != db.Active {
		t.Errorf("the sound game is %s", g.Status)
	}
	// Checked again, the damaged game is no longer active, but it is still
	// counted and named, with how to mend it: never "every one replays".
	got = run(map[string]string{})
	for _, want := range []string{"Checked 1 active games", "1 replay, 0 do not", "Damaged games: 1.",
		fmt.Sprintf("- Game #%d (guild G, channel C2) is damaged at order 2", ids[1]), "(marked earlier)", "/admin repair game:N", "/game export"} {
		if !strings.Contains(got, want) {
			t.Errorf("the check after the damage lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "every one replays") {
		t.Errorf("a damaged game is left unsaid:\n%s", got)
	}
	if got := run(map[string]string{}); !strings.Contains(got, "Damaged games: 1.") {
		t.Errorf("a second check forgot the damaged game:\n%s", got)
	}
	// Its orders are sound but a stored hash is wrong: nobody can tell which
	// is right, so repair refuses and says what to do.
	rep := func(id int64) string {
		return bot.Router.Run(ctx, &commands.Request{Path: "admin repair", Options: map[string]string{"game": fmt.Sprint(id)},
			User: actor.Actor{ID: "console:op"}, Guild: "console", Lang: i18n.EN}).Messages[0].Text
	}
	if got := rep(ids[1]); !strings.Contains(got, fmt.Sprintf("Game #%d was not repaired", ids[1])) || !strings.Contains(got, "export it, mend the file") {
		t.Errorf("repair of a wrong hash: %q", got)
	}
	if got := rep(ids[0]); !strings.Contains(got, "is not damaged") {
		t.Errorf("repair of a sound game: %q", got)
	}
	// A state blob that does not decode, under a right hash: repaired.
	if _, err := store.DB.Exec(`UPDATE snapshots SET state = x'00' WHERE game_id = ?`, ids[0]); err != nil {
		t.Fatal(err)
	}
	if _, err := store.Load(ctx, ids[0], r); err == nil {
		t.Fatal("a broken state blob loaded")
	}
	if got := rep(ids[0]); !strings.Contains(got, fmt.Sprintf("Game #%d is active again", ids[0])) || !strings.Contains(got, "1 saved state rebuilt") {
		t.Errorf("repair of a broken blob: %q", got)
	}
	if _, err := store.Load(ctx, ids[0], r); err != nil {
		t.Errorf("load after repair: %v", err)
	}
	if resp := bot.Router.Run(ctx, &commands.Request{Path: "admin check", Options: map[string]string{}, User: actor.Actor{ID: "42"}, Guild: "123"}); !strings.Contains(resp.Messages[0].Text, "Only the bot's operator") {
		t.Errorf("a Discord user ran the check: %q", resp.Messages[0].Text)
	}
}

func TestAdminGames(t *testing.T) {
	ctx := context.Background()
	store, err := db.Open(ctx, filepath.Join(t.TempDir(), "rtrbot.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	for i := 0; i < 23; i++ {
		if _, err := store.CreateGame(ctx, db.NewGame{Guild: fmt.Sprint("G", i%2), Channel: fmt.Sprint("C", i), Scenario: "standard", Seed: []byte{byte(i + 1)}, CreatedBy: "u"}); err != nil {
			t.Fatal(err)
		}
	}
	store.Update(ctx, 5, func(tx *db.GameTx) error { return tx.SetStatus(db.Finished, "") })
	bot := commands.New(commands.Deps{Store: sqlstore.New(store)})
	run := func(opts map[string]string, lang i18n.Lang) string {
		return bot.Router.Run(ctx, &commands.Request{Path: "admin games", Options: opts, User: actor.Actor{ID: "console:op"}, Guild: "console", Lang: lang}).Messages[0].Text
	}
	all := run(map[string]string{}, i18n.EN)
	if !strings.HasPrefix(all, "23 games, newest first:\n#23 standard · G0/C22 · in progress · 0 orders") || !strings.Contains(all, "… and 3 more") {
		t.Errorf("all games:\n%s", all)
	}
	fin := run(map[string]string{"status": "finished"}, i18n.JA)
	if !strings.Contains(fin, "1 件 (新しい順):\n#5 standard · G0/C4 · 終了 · 命令 0") {
		t.Errorf("finished games:\n%s", fin)
	}
	if got := run(map[string]string{"guild": "G1", "status": "damaged"}, i18n.EN); got != "No game matches." {
		t.Errorf("no match: %q", got)
	}
}
