package tournament

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"
	"time"

	"rtrbot/i18n"
)

// The reference values in these tests come from a separate Glicko-2
// calculation (Glickman's steps 1 to 8 written out again, tau 0.5), not
// from Update.

// monday is a Monday: the first day of a rating period.
var monday = time.Date(2026, time.January, 5, 12, 0, 0, 0, time.UTC)

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("%s = %.4f, want %.4f", what, got, want)
	}
}

func lineOf(t *testing.T, lines []LadderLine, id string) LadderLine {
	t.Helper()
	for _, l := range lines {
		if l.ID == id {
			return l
		}
	}
	t.Fatalf("%s is not on the ladder: %+v", id, lines)
	return LadderLine{}
}

// One game between two new players: the winner 1662.31 ± 290.32, the
// loser 1337.69; each idle week after it widens the deviation by the
// volatility (step 6: RD² + (173.7178 σ)² a period), so ten idle weeks
// give 292.18, the rating unchanged.
func TestLadderIdleWeeksWidenTheDeviation(t *testing.T) {
	casual := []CasualGame{{At: monday, A: "ann", B: "bea", ScoreA: 1}}
	lines := BuildLadder(nil, casual, nil, monday)
	ann, bea := lineOf(t, lines, "ann"), lineOf(t, lines, "bea")
	near(t, "winner's rating", ann.Rating.R, 1662.31, 0.01)
	near(t, "winner's deviation", ann.Rating.RD, 290.32, 0.01)
	near(t, "loser's rating", bea.Rating.R, 1337.69, 0.01)
	later := BuildLadder(nil, casual, nil, monday.Add(10*RatingPeriod))
	ann = lineOf(t, later, "ann")
	near(t, "rating after ten idle weeks", ann.Rating.R, 1662.31, 0.01)
	near(t, "deviation after ten idle weeks", ann.Rating.RD, 292.18, 0.01)
	if ann.Inactive {
		t.Error("ten weeks off is not yet inactive")
	}
}

// Games of one week are rated together from the ratings at its start:
// two wins over new players in one week give 1747.32 ± 253.40; the same
// wins a week apart give 1750.54 ± 256.35 (the second opponent is met
// with the first win already counted).
func TestLadderWeekIsOnePeriod(t *testing.T) {
	oneWeek := []CasualGame{{At: monday, A: "ann", B: "bea", ScoreA: 1}, {At: monday.Add(48 * time.Hour), A: "ann", B: "cat", ScoreA: 1}}
	ann := lineOf(t, BuildLadder(nil, oneWeek, nil, time.Time{}), "ann")
	near(t, "two wins in one week", ann.Rating.R, 1747.32, 0.01)
	near(t, "their deviation", ann.Rating.RD, 253.40, 0.01)
	twoWeeks := []CasualGame{oneWeek[0], {At: monday.Add(RatingPeriod), A: "ann", B: "cat", ScoreA: 1}}
	ann = lineOf(t, BuildLadder(nil, twoWeeks, nil, time.Time{}), "ann")
	near(t, "two wins a week apart", ann.Rating.R, 1750.54, 0.01)
	near(t, "their deviation", ann.Rating.RD, 256.35, 0.01)
	// Sunday 23:59 and Monday 00:00 UTC fall in different periods.
	sunday := time.Date(2026, time.January, 11, 23, 59, 0, 0, time.UTC)
	if periodOf(sunday)+1 != periodOf(sunday.Add(time.Minute)) {
		t.Error("a period should end on Sunday at midnight UTC")
	}
}

// readSides reads testdata/ladder_sides.txt as casual games.
func readSides(t *testing.T) []CasualGame {
	f, err := os.Open("testdata/ladder_sides.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []CasualGame
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		w := strings.Fields(sc.Text())
		if len(w) == 0 || strings.HasPrefix(w[0], "#") {
			continue
		}
		at, err := time.Parse("2006-01-02", w[0])
		if err != nil || len(w) != 4 {
			t.Fatalf("bad line %q", sc.Text())
		}
		score := map[string]float64{"G": 1, "A": 0, "D": 0.5}[w[3]]
		out = append(out, CasualGame{At: at, A: w[1], B: w[2], ScoreA: score})
	}
	return out
}

// Side ratings: Alice won her three German games and lost her three
// Allied ones, so her German rating is high and her Allied one low while
// her overall rating sits between; the records count each side's games.
// Her first German game (new against new) alone gives 1662.31, the
// same as any first win: a side rating starts from scratch.
func TestLadderSideRatings(t *testing.T) {
	games := readSides(t)
	lines := BuildLadder(nil, games, nil, time.Time{})
	alice := lineOf(t, lines, "alice")
	if alice.German.Games != 3 || alice.German.Wins != 3 || alice.Allied.Games != 3 || alice.Allied.Losses != 3 || alice.Games != 6 {
		t.Fatalf("Alice's records: %+v", alice)
	}
	if !(alice.German.Rating.R > alice.Rating.R+100 && alice.Rating.R+100 > alice.Allied.Rating.R+100) {
		t.Errorf("German %.0f, overall %.0f, Allied %.0f: want German well above Allied", alice.German.Rating.R, alice.Rating.R, alice.Allied.Rating.R)
	}
	bob := lineOf(t, lines, "bob")
	if bob.German.Games != 2 || bob.German.Wins != 1 || bob.German.Draws != 1 || bob.Allied.Games != 2 || bob.Allied.Losses != 2 {
		t.Errorf("Bob's records: %+v", bob)
	}
	first := lineOf(t, BuildLadder(nil, games[:1], nil, time.Time{}), "alice")
	near(t, "Alice's German rating after her first game", first.German.Rating.R, 1662.31, 0.01)
	if first.Allied.Games != 0 || first.Allied.Rating != (Rating{}) {
		t.Errorf("no Allied game, yet an Allied rating: %+v", first.Allied)
	}
	// The side ladders rank by the side's rating among those who played it.
	ger := Visible(lines, "german")
	if len(ger) != 3 || ger[0].ID != "alice" {
		t.Errorf("German ladder: %+v", ger)
	}
	all := Visible(lines, "allied")
	if all[len(all)-1].ID != "alice" {
		t.Errorf("Allied ladder: Alice should be last: %+v", all)
	}
	text := LadderText(lines, "allied", i18n.EN)
	if !strings.HasPrefix(text, "Club ladder as the Allies") || !strings.Contains(text, "alice  ") || !strings.Contains(text, "(3: 0-0-3)") {
		t.Errorf("Allied ladder text:\n%s", text)
	}
	ja := LadderText(lines, "german", i18n.JA)
	if !strings.Contains(ja, "独軍としてのクラブラダー") || !strings.Contains(ja, "(3: 3-0-0)") {
		t.Errorf("German ladder in Japanese:\n%s", ja)
	}
}

// A player without a rated game in InactiveAfter weeks leaves the visible
// ladder but keeps the rating, shown by name; the ladder says how many
// are hidden.
func TestLadderInactivePlayersHidden(t *testing.T) {
	games := []CasualGame{{At: monday, A: "ann", B: "bea", ScoreA: 1}, {At: monday.Add(30 * RatingPeriod), A: "cat", B: "bea", ScoreA: 0}}
	asOf := monday.Add(30 * RatingPeriod)
	lines := BuildLadder(nil, games, nil, asOf)
	shown := Visible(lines, "")
	if len(shown) != 2 || lineOf(t, lines, "ann").Inactive == false {
		t.Fatalf("Ann (30 weeks idle) should be hidden: %+v", shown)
	}
	text := LadderText(lines, "", i18n.EN)
	if strings.Contains(text, "ann") || !strings.Contains(text, "1 more without a rated game in the last 26 weeks") {
		t.Errorf("ladder text:\n%s", text)
	}
	me, _, ok := PlayerGames(nil, games, nil, "ann", asOf)
	if !ok || !strings.Contains(PlayerGamesText(me, nil, i18n.EN), "Off the ladder for now") {
		t.Errorf("Ann's own line: %+v", me)
	}
	// Her next game brings her back.
	back := append(games, CasualGame{At: asOf.Add(time.Hour), A: "ann", B: "cat", ScoreA: 0.5})
	if lineOf(t, BuildLadder(nil, back, nil, asOf.Add(time.Hour)), "ann").Inactive {
		t.Error("a new game should bring Ann back")
	}
}

// A computer level is a ladder player like any other: rated from its
// games against people and marked as a computer. Beating a level that
// loses to everyone is worth little: eight players beat the random level
// and lose to the search in the first week; in the second a new player
// who beats the random level gains far less than one who beats the
// search, and the random level sits far below the search.
func TestLadderComputerLevelsRatedAsPlayers(t *testing.T) {
	var games []CasualGame
	for i := 0; i < 8; i++ {
		p := fmt.Sprintf("p%d", i)
		games = append(games, CasualGame{At: monday, A: p, B: "bot:random", ScoreA: 1},
			CasualGame{At: monday, A: p, B: "bot:search", ScoreA: 0})
	}
	next := monday.Add(RatingPeriod)
	games = append(games, CasualGame{At: next, A: "x", B: "bot:random", ScoreA: 1},
		CasualGame{At: next, A: "y", B: "bot:search", ScoreA: 1})
	byID := map[string]LadderLine{}
	for _, ln := range BuildLadder(nil, games, nil, next) {
		byID[ln.ID] = ln
	}
	random, search, x, y := byID["bot:random"], byID["bot:search"], byID["x"], byID["y"]
	if !random.Computer || !search.Computer || x.Computer {
		t.Errorf("computer marks: random %v, search %v, x %v", random.Computer, search.Computer, x.Computer)
	}
	if random.Rating.R > 1300 || search.Rating.R < 1700 {
		t.Errorf("random %.0f, search %.0f: eight games each should put them far apart", random.Rating.R, search.Rating.R)
	}
	gainX, gainY := x.Rating.R-1500, y.Rating.R-1500
	if gainX <= 0 || gainX*3 > gainY {
		t.Errorf("beating random gains %.0f, beating search %.0f: the weak level should be worth far less", gainX, gainY)
	}
	t.Logf("random %.0f ± %.0f, search %.0f ± %.0f; x beat random: +%.0f, y beat search: +%.0f",
		random.Rating.R, random.Rating.RD, search.Rating.R, search.Rating.RD, gainX, gainY)
	if text := LadderText(BuildLadder(nil, games, map[string]string{"bot:search": "Computer (search)"}, next), "", i18n.EN); !strings.Contains(text, "Computer (search) [computer]") {
		t.Errorf("the computer is not marked:\n%s", text)
	}
}
