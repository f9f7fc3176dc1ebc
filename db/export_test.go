package db

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

// exampleGame is a short game with two segments, an undo and a
// half-played third segment.
func exampleGame(t testing.TB, s *Store) (*Game, Replay) {
	t.Helper()
	ctx := context.Background()
	g, rp := newGame(t, s, "G1", "C1")
	play(t, s, rp, g.ID, "u1", "german", "move 1st-army 2014", "move 2nd-army 2215", "end german movement")
	play(t, s, rp, g.ID, "u1", "german", "attack 2113 assault", "end german combat")
	play(t, s, rp, g.ID, "u2", "allied", "move 5th-army 1812")
	// An order taken back: in the log, not in the game.
	err := s.Update(ctx, g.ID, func(tx *GameTx) error {
		o, err := tx.Append(NewOrder{Author: "u2", Side: "allied", Text: "move bef 1910"})
		if err != nil {
			return err
		}
		_, err = tx.Undo(o.Seq, "u2", "allied")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	play(t, s, rp, g.ID, "u2", "allied", "move bef 1911")
	return g, rp
}

func TestExportGolden(t *testing.T) {
	s := openTest(t)
	g, _ := exampleGame(t, s)
	got, err := s.Export(context.Background(), g.ID)
	if err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "export.golden")
	if *update {
		os.WriteFile(golden, got, 0o644)
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("export differs from %s (run go test ./db -run ExportGolden -update to accept):\n%s", golden, got)
	}
}

func TestExportImportReplaysToTheSameState(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	g, rp := exampleGame(t, s)
	// A console user's ID has a space in it: it must stay one field.
	play(t, s, rp, g.ID, "console:John Smith", "allied", "move x 0101")
	file, err := s.Export(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(file), " console:John%20Smith allied move x 0101\n") {
		t.Errorf("export:\n%s", file)
	}
	// Another server: another file.
	other := openTest(t)
	ng, err := other.Import(ctx, fakeEngine{}, file, ImportTo{Guild: "G9", Channel: "C9", By: "u9"})
	if err != nil {
		t.Fatal(err)
	}
	l := verifyFake(t, other, ng.ID)
	if l.Replay.Hash() != rp.Hash() {
		t.Errorf("imported game: hash %s, want %s", l.Replay.Hash(), rp.Hash())
	}
	if ng.Guild != "G9" || ng.Channel != "C9" || ng.CreatedBy != "u9" || ng.Status != Active || len(ng.Players) != 2 || ng.Side("u2") != "allied" {
		t.Errorf("imported game row: %+v", ng)
	}
	// The import keeps the effective orders, in order, numbered anew: the
	// undone ones and their undos are left out.
	og, _ := s.Game(ctx, g.ID)
	a, _ := s.Log(ctx, og, 1)
	b, _ := other.Log(ctx, ng, 1)
	eff := Effective(a)
	if len(b) != len(eff) || len(eff) == len(a) {
		t.Fatalf("log of %d rows (%d effective) imported as %d", len(a), len(eff), len(b))
	}
	for i := range eff {
		if b[i].Seq != int64(i+1) || b[i].Text != eff[i].Text || b[i].Kind != KindOrder || b[i].Author != eff[i].Author {
			t.Errorf("row %d: %+v imported as %+v", i+1, eff[i], b[i])
		}
	}
	sa, _ := s.Snapshots(ctx, g.ID)
	sb, _ := other.Snapshots(ctx, ng.ID)
	if len(sa) != len(sb) || sa[1].Hash != sb[1].Hash {
		t.Errorf("snapshots %+v imported as %+v", sa, sb)
	}
	ea, _ := s.Events(ctx, g.ID, 1, 0)
	eb, _ := other.Events(ctx, ng.ID, 1, 0)
	if len(ea) != len(eb) {
		t.Errorf("%d events imported as %d", len(ea), len(eb))
	}
	// The imported game goes on from where it was.
	play(t, other, l.Replay, ng.ID, "u2", "allied", "end allied movement")
	if _, err := other.Load(ctx, ng.ID, fakeEngine{}); err != nil {
		t.Error(err)
	}
	// Exporting the imported game gives the same game again.
	file2, _ := other.Export(ctx, ng.ID)
	if strings.Contains(string(file2), "\nundo ") || !strings.Contains(string(file2), "end allied movement") {
		t.Errorf("re-export:\n%s", file2)
	}
}

func TestImportRefusesBadFiles(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	g, _ := exampleGame(t, s)
	file, _ := s.Export(ctx, g.ID)
	other := openTest(t)
	for _, tc := range []struct {
		name     string
		edit     func(string) string
		wantText string
	}{
		{"changed order", func(f string) string { return strings.Replace(f, "move 2nd-army 2215", "move 2nd-army 2216", 1) },
			"Replaying the file's orders up to 3 gives state hash"},
		{"order the engine refuses", func(f string) string { return strings.Replace(f, "attack 2113", "charge 2113", 1) },
			"Order 4 of the file (\"charge 2113 assault\") does not replay"},
		{"other seed", func(f string) string {
			return strings.Replace(f, "seed 736565642d47312d4331", "seed 736565642d47312d4332", 1)
		}, "not the one its players were promised"},
		{"cut short", func(f string) string { return f[:strings.Index(f, "order 6 ")] }, "no end line"},
		{"missing order", func(f string) string {
			i := strings.Index(f, "order 2 ")
			j := i + strings.Index(f[i:], "\n") + 1
			return f[:i] + f[j:]
		}, "the next order must be number 2"},
		{"undo past a segment's end", func(f string) string { // without the check lines, which would catch it first
			var keep []string
			for _, line := range strings.Split(f, "\n") {
				if !strings.HasPrefix(line, "check ") {
					keep = append(keep, line)
				}
			}
			return strings.Replace(strings.Join(keep, "\n"), "end 9\n", "undo 10 2026-11-22T18:00:09.000000Z u2 allied 2\nend 10\n", 1)
		}, "takes back order 2, but the segment ended after order 3"},
		{"unknown keyword", func(f string) string { return strings.Replace(f, "status active", "state active", 1) }, `unknown keyword "state"`},
		{"not a game file", func(string) string { return "hello\n" }, "must begin with"},
	} {
		_, err := other.Import(ctx, fakeEngine{}, []byte(tc.edit(string(file))), ImportTo{Guild: "G", Channel: "C", By: "u"})
		if err == nil || !strings.Contains(err.Error(), tc.wantText) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.wantText)
		}
	}
	if games, _ := other.ListGames(ctx, Filter{}); len(games) != 0 {
		t.Errorf("refused imports left %d games", len(games))
	}
	// The channel is taken: refused too.
	if _, err := s.Import(ctx, fakeEngine{}, file, ImportTo{Guild: "G1", Channel: "C1", By: "u"}); !errors.As(err, new(*ErrChannelBusy)) {
		t.Errorf("import into a busy channel: %v", err)
	}
}

func TestExportDamagedGame(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	g, _ := exampleGame(t, s)
	s.DB.Exec(`UPDATE snapshots SET hash = 'nonsense' WHERE game_id = ? AND seq = 3`, g.ID)
	if _, err := s.Verify(ctx, g.ID, fakeEngine{}); err == nil {
		t.Fatal("want damage")
	}
	file, err := s.Export(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(file), "# damaged: Game #1") || !strings.Contains(string(file), "status damaged") {
		t.Errorf("damaged export:\n%s", file)
	}
	// The referee mends the file (here: drops the wrong check line); the
	// import replays it and the game goes on as active.
	var mended []string
	for _, line := range strings.Split(string(file), "\n") {
		if !strings.HasPrefix(line, "check 3 ") {
			mended = append(mended, line)
		}
	}
	// The damaged game holds its channel until the referee abandons it.
	if _, err := s.Import(ctx, fakeEngine{}, []byte(strings.Join(mended, "\n")), ImportTo{Guild: "G1", Channel: "C1", By: "ref"}); !errors.As(err, new(*ErrChannelBusy)) {
		t.Fatalf("import into the damaged game's channel: %v", err)
	}
	if err := s.Update(ctx, g.ID, func(tx *GameTx) error { return tx.SetStatus(Abandoned, "") }); err != nil {
		t.Fatal(err)
	}
	ng, err := s.Import(ctx, fakeEngine{}, []byte(strings.Join(mended, "\n")), ImportTo{Guild: "G1", Channel: "C1", By: "ref"})
	if err != nil || ng.Status != Active {
		t.Fatalf("import of the mended file: %v", err)
	}
	if _, err := s.Load(ctx, ng.ID, fakeEngine{}); err != nil {
		t.Error(err)
	}
	// The old game is still there, abandoned, with all its rows.
	if old, _ := s.Game(ctx, g.ID); old.Status != Abandoned || old.LastSeq != 9 {
		t.Errorf("the old game: %+v", old)
	}
}
