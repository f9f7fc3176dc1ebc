package commands

import (
	"bytes"
	"context"
	"log/slog"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"rtrbot/actor"
	"rtrbot/db"
	"rtrbot/engine/board"
	"rtrbot/games/sqlstore"
	"rtrbot/i18n"
)

// syncBuffer is a log's output shared by goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// A game damaged by a hidden order (one that no longer replays, as when
// two processes wrote one file): its players and spectators are told that
// it is damaged and who can mend it, and nothing of the order, its unit
// or its hex (14.1); a referee who plays neither side reads the fault and
// how to mend it; the operator's log has the fault.
func TestDamagedGameNamesNothingHidden(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.db")
	b, clock := openedAt(t, path)
	u, h := legalMove(t, b, "C1", 0)
	expect(t, txt(act(t, b, clock, bob, "C1", "/move unit:"+u+" to:"+h)), u+" moved")
	// The German move is made one that does not replay: the unit moves
	// to a hex it cannot reach.
	st := dbOf(b)
	var seq int64
	var text string
	if err := st.DB.QueryRow(`SELECT seq, text FROM orders WHERE game_id = 1 AND kind = 'order' ORDER BY seq DESC LIMIT 1`).Scan(&seq, &text); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, u) || !strings.Contains(text, h) {
		t.Fatalf("the last order is %q, not the move of %s to %s", text, u, h)
	}
	bad := strings.Replace(text, h, "0101", 1)
	for _, q := range []string{`DROP TRIGGER orders_no_update`, `UPDATE orders SET text = '` + bad + `' WHERE game_id = 1 AND seq = ` + itoa(seq)} {
		if _, err := st.DB.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()

	m, err := board.Default()
	if err != nil {
		t.Skipf("map: %v", err)
	}
	st2, err := db.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer st2.Close()
	var logged syncBuffer
	b2 := New(Deps{Map: m, Store: sqlstore.New(st2), Now: clock.Now, Log: slog.New(slog.NewTextHandler(&logged, nil))})
	b2.noMaps = true
	hidden := []string{u, "0101", text[:strings.Index(text, u)], "order " + itoa(seq), "by 222"}
	say := func(who actor.Actor, manager bool, line string, lang i18n.Lang) string {
		t.Helper()
		who.Manager = manager
		r := actIn(t, b2, clock, who, "C1", line, lang)
		for _, m := range r.Messages {
			if !m.Ephemeral {
				t.Errorf("%s to %s: a public answer about a damaged game:\n%s", line, who.Name, m.Text)
			}
		}
		return txt(r)
	}
	for _, who := range []actor.Actor{bob, alice, carol} {
		for _, line := range []string{"/game status", "/move unit:" + u + " to:" + h, "/end"} {
			got := say(who, false, line, i18n.EN)
			expect(t, got, "Game #1 in this channel is damaged", "A referee who plays neither side")
			for _, w := range hidden {
				if strings.Contains(got, w) {
					t.Errorf("%s to %s names %q:\n%s", line, who.Name, w, got)
				}
			}
		}
		ja := say(who, false, "/game status", i18n.JA)
		expect(t, ja, "ゲーム #1 は破損しています", "どちらの陣営もプレイしていない審判")
		for _, w := range hidden {
			if strings.Contains(ja, w) {
				t.Errorf("the Japanese answer to %s names %q:\n%s", who.Name, w, ja)
			}
		}
	}
	// A server manager who plays neither side referees it: he reads the
	// fault, and how to mend it.
	dave := actor.Actor{ID: "444", Name: "Dave"}
	expect(t, say(dave, true, "/game status", i18n.EN), "does not replay", u, "To mend it: /game export", "/admin repair game:1")
	expect(t, say(dave, true, "/game status", i18n.JA), "修復するには", u)
	// The operator's log has it too.
	expect(t, logged.String(), "does not replay", u)
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
