package tournament

import (
	"fmt"
	"math/rand"
	"testing"
	"time"

	"rtrbot/actor"
	"rtrbot/i18n"
)

// TestRandomCallsNeverPanic drives the service with random calls and
// random arguments, good and bad, in every format: no call panics, and
// every tournament stays readable (pairings, standings, exports).
func TestRandomCallsNeverPanic(t *testing.T) {
	runs := 300
	if testing.Short() {
		runs = 60
	}
	rng := rand.New(rand.NewSource(99))
	started, finished, rounds := 0, 0, 0
	for run := 0; run < runs; run++ {
		st := Settings{Format: []Format{Swiss, RoundRobin, Elimination, "bogus"}[rng.Intn(4)], Rounds: rng.Intn(6), Scenario: "standard",
			Sides: []string{"", "pairing", "bid"}[rng.Intn(3)], DeadlineHours: rng.Intn(3) * 24, CheckIn: rng.Intn(2) == 0}
		if st.Format == Swiss && rng.Intn(3) == 0 {
			st.Cut = 4
		}
		s := &Service{Store: &MemStore{}}
		if _, err := s.New(ctx, NewTournament{Guild: gld, Name: name, Organiser: org, Settings: st, Now: t0}); err != nil {
			continue
		}
		users := []actor.Actor{org}
		for i := 1; i <= 3+rng.Intn(12); i++ {
			users = append(users, user(i))
		}
		now := t0
		var ops []string
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("run %d panicked: %v after %v", run, r, ops)
				}
			}()
			for step := 0; step < 300; step++ {
				now = now.Add(time.Duration(rng.Intn(10)) * time.Hour)
				u := users[rng.Intn(len(users))]
				table := rng.Intn(8) - 1
				res := randomResult(rng)
				if rng.Intn(10) == 0 {
					res.Level = "heroic"
				}
				op := rng.Intn(17)
				if rng.Intn(3) == 0 {
					op = []int{4, 5, 6}[rng.Intn(3)] // results and rounds more often
				}
				if op == 6 || op == 3 || op == 8 {
					if rng.Intn(2) == 0 {
						u = org
					}
				}
				ops = append(ops, fmt.Sprintf("%d:%s", op, u.ID))
				switch op {
				case 0:
					s.Join(ctx, gld, name, u, now)
				case 1:
					s.Withdraw(ctx, gld, name, u)
				case 2:
					s.CheckIn(ctx, gld, name, u)
				case 3:
					s.Start(ctx, gld, name, u, now)
				case 4:
					s.Report(ctx, gld, name, u, table, res)
				case 5:
					s.Confirm(ctx, gld, name, u, table)
				case 6:
					s.Next(ctx, gld, name, u, now)
				case 7:
					s.Drop(ctx, gld, name, u, users[rng.Intn(len(users))].Name)
				case 8:
					s.FixResult(ctx, gld, name, u, rng.Intn(5)-1, table, res)
				case 9:
					var pairs []Pair
					for i := 0; i < rng.Intn(5); i++ {
						pairs = append(pairs, Pair{users[rng.Intn(len(users))].ID, users[rng.Intn(len(users))].ID})
					}
					s.PairByHand(ctx, gld, name, u, pairs, rng.Intn(2) == 0)
				case 10:
					s.Extend(ctx, gld, name, u, rng.Intn(100)-10, now)
				case 11:
					s.Bid(ctx, gld, name, u, table, []string{German, Allied, "x"}[rng.Intn(3)], rng.Intn(120)-10)
				case 12:
					s.SetGame(ctx, gld, name, table, int64(rng.Intn(5)))
				case 13:
					s.GameEnded(ctx, int64(rng.Intn(5)), []string{German, Allied, Draw, ""}[rng.Intn(4)], Decisive, rng.Intn(10))
				case 14:
					s.Deadline(ctx, gld, name, now)
				case 15:
					s.Pairings(ctx, gld, name, rng.Intn(6)-1, true, i18n.JA)
				case 16:
					s.Standings(ctx, gld, name, i18n.JA)
					s.Export(ctx, gld, name, []string{"trf", "csv", "pdf"}[rng.Intn(3)])
					s.MissingResults(ctx, gld, name, i18n.EN)
					if tr, err := s.Get(ctx, gld, name); err == nil {
						tr.Bracket()
						tr.RatedGames()
						tr.Reminders(now, time.Hour)
					}
				}
			}
		}()
		if tr, err := s.Get(ctx, gld, name); err == nil {
			if tr.Status != StatusRegistration {
				started++
			}
			if tr.Status == StatusFinished {
				finished++
			}
			rounds += len(tr.Rounds)
		}
	}
	t.Logf("%d runs: %d started, %d finished, %d rounds", runs, started, finished, rounds)
	if started == 0 || rounds < runs/2 {
		t.Fatal("the random calls hardly reach a running tournament: the test tests little")
	}
}
