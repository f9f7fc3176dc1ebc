package commands_test

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/csv"
	"encoding/hex"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"rtrbot/actor"
	"rtrbot/commands"
	"rtrbot/engine/dice"
	"rtrbot/i18n"
	"rtrbot/rolls"
)

// standaloneDie is the procedure of docs/dice.md written out with nothing
// but the standard library, as a player would in any language: HMAC-SHA256
// keyed by the server seed's text over "players' seed:roll:die:attempt",
// the first four bytes big-endian, redrawn (attempt+1) when at or above the
// largest multiple of the sides that fits in 32 bits, then mod sides + 1.
func standaloneDie(serverSeed, playersSeed string, roll, die, sides int) int {
	limit := uint64(1<<32) / uint64(sides) * uint64(sides)
	for attempt := 0; ; attempt++ {
		mac := hmac.New(sha256.New, []byte(serverSeed))
		fmt.Fprintf(mac, "%s:%d:%d:%d", playersSeed, roll, die, attempt)
		x := uint64(binary.BigEndian.Uint32(mac.Sum(nil)[:4]))
		if x < limit {
			return int(x%uint64(sides)) + 1
		}
	}
}

var rollTotalRE = regexp.MustCompile(`🎲 (\S+): \[([\d, ]+)\](?: ([+-]\d+))? = \*\*(-?\d+)\*\*`)

// A session's rolls are recomputed from the revealed seed: through /log
// verify, through engine/dice, and through the standalone procedure; the
// published commitment is the seed's SHA-256; what the players were shown
// is what the seeds give. Then a tampered log is caught.
func TestSessionRecomputedFromRevealedSeed(t *testing.T) {
	c := newCompanion(t)
	first := c.public(i18n.EN, "roll", "dice:3d6+1")
	m := commitmentRE.FindStringSubmatch(first)
	if m == nil {
		t.Fatalf("the first roll of a session must publish the commitment: %q", first)
	}
	commitment := m[1]
	shown := map[int]string{1: first} // roll number -> reply
	steps := [][]string{
		{"combat", "table:assault", "odds:3:1"},
		{"combat", "table:recon", "attack:14", "defense:5", "die:4"},
		{"event", "month:sep"},
		{"russia", "box:20"},
		{"siege", "fortress:3"},
		{"log seed", "value:bob's lucky seed"},
		{"roll", "dice:2d20"},
		{"event", "roll:26", "violated:no"},
		{"log seed", "value:中村"},
		{"roll", "dice:10d1000-5"},
		{"combat", "table:mobile", "odds:1:2", "shift:-1"},
	}
	for _, s := range steps {
		out := c.public(i18n.EN, s[0], s[1:]...)
		if strings.Contains(out, "New dice session") {
			t.Fatalf("/%s started a second session inside the first: %q", s[0], out)
		}
		if m := rollRE.FindStringSubmatch(out); m != nil {
			shown[atoi(t, m[1])] = out
		}
	}
	reveal := c.public(i18n.EN, "log reveal")
	m = seedRE.FindStringSubmatch(reveal)
	if m == nil {
		t.Fatalf("reveal shows no seed: %q", reveal)
	}
	seed := m[1]
	if sum := sha256.Sum256([]byte(seed)); hex.EncodeToString(sum[:]) != commitment {
		t.Fatalf("SHA-256 of the revealed seed is %x, the commitment published was %s", sum, commitment)
	}

	sess, err := c.store.LatestRevealedSession(t.Context(), "guild", "table-1")
	if err != nil {
		t.Fatal(err)
	}
	logged, err := c.store.SessionRolls(t.Context(), sess.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(logged) != 10 {
		t.Fatalf("%d rolls logged, want 10", len(logged))
	}
	drawn := 0
	for _, r := range logged {
		wantSeed := ""
		switch {
		case r.Number >= 9:
			wantSeed = "bob's lucky seed|中村"
		case r.Number >= 7:
			wantSeed = "bob's lucky seed"
		}
		if r.PlayersSeed != wantSeed {
			t.Errorf("roll #%d drawn with players' seed %q, want %q", r.Number, r.PlayersSeed, wantSeed)
		}
		if r.Source != rolls.ByBot {
			continue
		}
		drawn++
		if got := dice.Roll(seed, r.PlayersSeed, r.Number, len(r.Faces), r.Sides); !slices.Equal(got, r.Faces) {
			t.Errorf("roll #%d: engine/dice gives %v, logged %v", r.Number, got, r.Faces)
		}
		for i, f := range r.Faces {
			if got := standaloneDie(seed, r.PlayersSeed, r.Number, i+1, r.Sides); got != f {
				t.Errorf("roll #%d die %d: the standalone procedure gives %d, logged %d", r.Number, i+1, got, f)
			}
		}
		// What the players read is what the seeds give.
		if r.Command == "roll" {
			mm := rollTotalRE.FindStringSubmatch(shown[r.Number])
			if mm == nil {
				t.Fatalf("roll #%d: cannot read the reply %q", r.Number, shown[r.Number])
			}
			var faces []int
			for _, f := range strings.Split(mm[2], ", ") {
				faces = append(faces, atoi(t, f))
			}
			total := 0
			for i := range faces {
				total += standaloneDie(seed, r.PlayersSeed, r.Number, i+1, r.Sides)
			}
			if mm[3] != "" {
				total += atoi(t, mm[3])
			}
			if !slices.Equal(faces, r.Faces) || strconv.Itoa(total) != mm[4] {
				t.Errorf("roll #%d: shown %v = %s, recomputed %v = %d", r.Number, faces, mm[4], r.Faces, total)
			}
		}
	}
	if drawn != 8 {
		t.Errorf("%d rolls drawn by the bot, want 8", drawn)
	}
	ok := c.public(i18n.EN, "log verify")
	if !strings.Contains(ok, "✅ Dice session 1") || !strings.Contains(ok, "✅ 8 rolls drawn by the bot,") || strings.Contains(ok, "❌") {
		t.Fatalf("/log verify on an honest log: %q", ok)
	}
	if ja := c.public(i18n.JA, "log verify"); !strings.Contains(ja, "一致") || strings.Contains(ja, "❌") {
		t.Errorf("/log verify (ja): %q", ja)
	}
	if ja := c.public(i18n.JA, "log verify"); !strings.Contains(ja, "ボットが振ったロール 8 件は、") || !strings.Contains(ja, "卓で振ったダイス 2 件は、") {
		t.Errorf("/log verify (ja) counts: %q", ja)
	}

	// Tampering is caught: a changed die, a changed table result, a changed
	// players' seed, a changed server seed.
	tamper := []struct {
		sql, want string
	}{
		{`UPDATE rolls SET faces = '6,6,6' WHERE number = 1 AND faces <> '6,6,6'`, "roll #1: logged dice"},
		{`UPDATE rolls SET result = '4:1 DZ' WHERE number = 3`, "roll #3: logged result"},
		{`UPDATE rolls SET players_seed = 'x' WHERE number = 8`, "roll #8 was drawn with players' seed"},
		{`UPDATE roll_sessions SET server_seed = '` + strings.Repeat("0", 64) + `'`, "does NOT match the commitment"},
	}
	for _, k := range tamper {
		if _, err := c.store.DB.Exec(k.sql); err != nil {
			t.Fatal(err)
		}
		out := c.public(i18n.EN, "log verify")
		if !strings.Contains(out, k.want) || !strings.Contains(out, "❌") {
			t.Errorf("after %s: want %q in %q", k.sql, k.want, out)
		}
	}
}

// Sessions: one per channel, started by the first roll or seed, ended by
// reveal; the next roll starts a new one with a new commitment; verify
// waits for the reveal.
func TestSessionLifecycle(t *testing.T) {
	c := newCompanion(t)
	if out := c.public(i18n.EN, "log"); !strings.Contains(out, "No rolls in this channel yet") {
		t.Errorf("/log before any roll: %q", out)
	}
	for _, p := range []string{"log reveal", "log verify"} {
		r := c.run(i18n.EN, "table-1", "anna", p)
		if !r.Messages[0].Ephemeral || !strings.Contains(r.Messages[0].Text, "session") {
			t.Errorf("/%s with no session: %+v", p, r.Messages)
		}
	}
	// A seed before any roll starts the session and publishes its commitment.
	out := c.public(i18n.EN, "log seed", "value:first")
	c1 := commitmentRE.FindStringSubmatch(out)
	if c1 == nil || !strings.Contains(out, "roll #1 onwards") {
		t.Fatalf("/log seed first: %q", out)
	}
	if out := c.public(i18n.EN, "roll", "dice:2d6"); strings.Contains(out, "New dice session") || !strings.Contains(out, "Roll #1 of dice session 1") {
		t.Errorf("first roll after the seed: %q", out)
	}
	r := c.run(i18n.EN, "table-1", "anna", "log verify", "session:1")
	if !r.Messages[0].Ephemeral || !strings.Contains(r.Messages[0].Text, "still open") {
		t.Errorf("verify of an open session: %+v", r.Messages)
	}
	// Another channel has its own session.
	other := c.run(i18n.EN, "table-2", "ben", "roll", "dice:1d6")
	if !strings.Contains(other.Messages[0].Text, "Roll #1 of dice session 2") || commitmentRE.FindString(other.Messages[0].Text) == "" {
		t.Errorf("roll in another channel: %q", other.Messages[0].Text)
	}
	c.public(i18n.EN, "log reveal")
	out = c.public(i18n.EN, "roll", "dice:2d6")
	c3 := commitmentRE.FindStringSubmatch(out)
	if c3 == nil || c3[1] == c1[1] || !strings.Contains(out, "Roll #1 of dice session 3") {
		t.Errorf("the roll after a reveal starts a new session with a new commitment: %q", out)
	}
	if out := c.public(i18n.EN, "log verify"); !strings.Contains(out, "✅ Dice session 1") {
		t.Errorf("verify picks the latest revealed session: %q", out)
	}
	if out := c.public(i18n.EN, "log"); !strings.Contains(out, "Dice session 3 (open)") || !strings.Contains(out, "#1 (s1)") || !strings.Contains(out, "#1 (s3)") {
		t.Errorf("/log: %q", out)
	}
	if out := c.public(i18n.EN, "log recent", "count:1"); strings.Contains(out, "(s1)") || !strings.Contains(out, "#1 (s3)") {
		t.Errorf("/log recent count:1: %q", out)
	}
	if out := c.public(i18n.JA, "log reveal"); !strings.Contains(out, "サーバーシード") {
		t.Errorf("/log reveal (ja): %q", out)
	}
}

// Rolls made at once in one channel get distinct numbers in one session:
// each roll is one transaction.
func TestConcurrentRolls(t *testing.T) {
	c := newCompanion(t)
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 25; i++ {
				r := c.bot.Router.Run(context.Background(), &commands.Request{
					Path: "roll", Options: map[string]string{"dice": "2d6"}, User: actor.Actor{ID: fmt.Sprint(g), Name: fmt.Sprint("player", g)},
					Guild: "guild", Channel: "busy", Lang: i18n.EN, Now: c.clock,
				})
				if len(r.Messages) != 1 || r.Messages[0].Ephemeral {
					t.Errorf("concurrent roll failed: %+v", r.Messages)
					return
				}
			}
		}(g)
	}
	wg.Wait()
	sessions, err := c.store.ChannelSessions(t.Context(), "guild", "busy")
	if err != nil || len(sessions) != 1 {
		t.Fatalf("sessions: %v %v", sessions, err)
	}
	rolls, err := c.store.SessionRolls(t.Context(), sessions[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(rolls) != 200 {
		t.Fatalf("%d rolls, want 200", len(rolls))
	}
	for i, r := range rolls {
		if r.Number != i+1 {
			t.Fatalf("roll numbers not 1..200: %d at %d", r.Number, i)
		}
	}
	if v := c.public2("busy", "log reveal"); !strings.Contains(v, "200 rolls") {
		t.Errorf("reveal: %q", v)
	}
	// No die was rolled at the table here: the answer says so in words,
	// not as "0, every one …".
	if v := c.public2("busy", "log verify"); !strings.Contains(v, "✅ 200 rolls drawn by the bot,") || !strings.Contains(v, "No dice rolled at the table yet.") || strings.Contains(v, ": 0,") {
		t.Errorf("verify: %q", v)
	}
	if r := c.run(i18n.JA, "busy", "anna", "log verify"); !strings.Contains(r.Messages[0].Text, "卓で振ったダイスはまだありません。") || strings.Contains(r.Messages[0].Text, " 0 件") {
		t.Errorf("verify (ja): %q", r.Messages[0].Text)
	}
}

// /log export is a CSV of every roll, with the server seed only once the
// session is revealed.
func TestExportCSV(t *testing.T) {
	c := newCompanion(t)
	c.public(i18n.EN, "roll", "dice:2d6")
	c.public(i18n.EN, "combat", "table:assault", "odds:3:1", "die:4")
	read := func() [][]string {
		r := c.run(i18n.EN, "table-1", "anna", "log export")
		if len(r.Messages) != 1 || len(r.Messages[0].Files) != 1 || r.Messages[0].Files[0].ContentType != "text/csv" {
			t.Fatalf("export: %+v", r.Messages)
		}
		rows, err := csv.NewReader(bytes.NewReader(r.Messages[0].Files[0].Data)).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		return rows
	}
	rows := read()
	if len(rows) != 3 || rows[0][2] != "server_seed" || rows[1][2] != "" || rows[2][10] != "table" || rows[2][13] != "3:1 DA" {
		t.Fatalf("CSV while open: %v", rows)
	}
	seed := seedRE.FindStringSubmatch(c.public(i18n.EN, "log reveal"))[1]
	rows = read()
	if rows[1][2] != seed || rows[1][1] != dice.Commit(seed) {
		t.Fatalf("CSV after reveal: %v", rows[1])
	}
	faces := strings.Fields(rows[1][12])
	for i, f := range faces {
		if strconv.Itoa(standaloneDie(seed, rows[1][9], 1, i+1, 6)) != f {
			t.Errorf("CSV die %d = %s does not recompute", i+1, f)
		}
	}
	c.public(i18n.EN, "roll", "dice:1d6") // session 2
	r := c.run(i18n.EN, "table-1", "anna", "log export", "session:2")
	if len(r.Messages[0].Files) != 1 || r.Messages[0].Files[0].Name != "rolls-table-1-session-2.csv" {
		t.Fatalf("export of one session: %+v", r.Messages)
	}
	if rows, _ := csv.NewReader(bytes.NewReader(r.Messages[0].Files[0].Data)).ReadAll(); len(rows) != 2 || rows[1][0] != "2" || rows[1][2] != "" {
		t.Errorf("CSV of session 2 (open): %v", rows)
	}
	if r := c.run(i18n.EN, "empty", "anna", "log export"); !r.Messages[0].Ephemeral {
		t.Errorf("export of an empty channel: %+v", r.Messages)
	}
}

// The dice are unbiased through the whole command path: 60,000 d6 rolled
// by /roll from fixed seeds pass a chi-square test, computed here and by
// /log stats.
func TestDiceUnbiasedThroughCommands(t *testing.T) {
	c := newCompanion(t)
	for i := 0; i < 600; i++ {
		c.public(i18n.EN, "roll", "dice:100d6")
	}
	sess, err := c.store.LatestSession(t.Context(), "guild", "table-1")
	if err != nil {
		t.Fatal(err)
	}
	rolls, err := c.store.SessionRolls(t.Context(), sess.ID)
	if err != nil {
		t.Fatal(err)
	}
	counts := make([]int, 6)
	for _, r := range rolls {
		for _, f := range r.Faces {
			counts[f-1]++
		}
	}
	stat, df, p := dice.ChiSquare(counts)
	t.Logf("60,000 d6 through /roll: %v chi2 %.2f df %d p %.3f", counts, stat, df, p)
	if p < 0.001 {
		t.Errorf("d6 counts %v: chi2 %.2f p %.5f", counts, stat, p)
	}
	out := c.public(i18n.EN, "log stats")
	want := fmt.Sprintf("d6: 60000 dice — 1:%d 2:%d 3:%d 4:%d 5:%d 6:%d", counts[0], counts[1], counts[2], counts[3], counts[4], counts[5])
	if !strings.Contains(out, want) || !strings.Contains(out, "consistent with fair dice") {
		t.Errorf("/log stats: want %q, got %q", want, out)
	}
	if ja := c.public(i18n.JA, "log stats"); !strings.Contains(ja, "公正なダイスと矛盾しない") {
		t.Errorf("/log stats (ja): %q", ja)
	}
}

// /log stats flags dice that are not fair: here a log doctored to all sixes.
func TestStatsFlagsBias(t *testing.T) {
	c := newCompanion(t)
	for i := 0; i < 10; i++ {
		c.public(i18n.EN, "roll", "dice:10d6")
	}
	if _, err := c.store.DB.Exec(`UPDATE rolls SET faces = '6,6,6,6,6,6,6,6,6,6'`); err != nil {
		t.Fatal(err)
	}
	if out := c.public(i18n.EN, "log stats"); !strings.Contains(out, "less than once in a thousand") {
		t.Errorf("all sixes: %q", out)
	}
}

func (c *companion) public2(channel, path string, opts ...string) string {
	c.t.Helper()
	r := c.run(i18n.EN, channel, "anna", path, opts...)
	return r.Messages[0].Text
}

// A corrupt row in the roll log gets a message that names it; rolling goes
// on and nothing is lost.
func TestCorruptRollRow(t *testing.T) {
	c := newCompanion(t)
	for i := 0; i < 3; i++ {
		c.public(i18n.EN, "roll", "dice:2d6")
	}
	if _, err := c.store.DB.Exec(`UPDATE rolls SET faces = 'x,9' WHERE number = 2`); err != nil {
		t.Fatal(err)
	}
	r := c.run(i18n.EN, "table-1", "anna", "log")
	if !r.Messages[0].Ephemeral || !strings.Contains(r.Messages[0].Text, "roll 2 of session 1") || !strings.Contains(r.Messages[0].Text, "Nothing was changed") {
		t.Errorf("/log over a corrupt row: %+v", r.Messages)
	}
	if out := c.public(i18n.EN, "roll", "dice:2d6"); !strings.Contains(out, "Roll #4 of dice session 1") {
		t.Errorf("rolling after a corrupt row: %q", out)
	}
	c.public(i18n.EN, "log reveal")
	r = c.run(i18n.EN, "table-1", "anna", "log verify")
	if !r.Messages[0].Ephemeral || !strings.Contains(r.Messages[0].Text, "roll 2 of session 1") {
		t.Errorf("/log verify over a corrupt row: %+v", r.Messages)
	}
	var n int
	if err := c.store.DB.QueryRow(`SELECT COUNT(*) FROM rolls`).Scan(&n); err != nil || n != 4 {
		t.Errorf("rolls kept: %d %v", n, err)
	}
}
