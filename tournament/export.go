package tournament

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"strings"

	"rtrbot/i18n"
)

// Export writes the tournament as "trf" (FIDE Tournament Report File) or
// "csv" (the standings, one player a row).
func (t *Tournament) Export(format string) ([]byte, error) {
	switch strings.ToLower(format) {
	case "trf":
		return t.TRF(), nil
	case "csv":
		return t.CSV()
	}
	return nil, i18n.Errorf("format:%s is not an export format: use trf or csv", "format:%s は書き出し形式ではありません。trf か csv を指定してください。", format)
}

// CSV is the standings (as of the round they are after, closedRounds) with
// every tiebreak, then one column per round they count: the opponent's
// pairing number, the side (G or A) and the points.
func (t *Tournament) CSV() ([]byte, error) {
	n := t.closedRounds()
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	head := []string{"rank", "pairing_number", "id", "name", "points"}
	for _, tb := range t.Settings.Tiebreaks {
		head = append(head, tb)
	}
	head = append(head, "games", "dropped")
	for _, r := range t.Rounds[:n] {
		head = append(head, fmt.Sprintf("round_%d", r.Number))
	}
	if err := w.Write(head); err != nil {
		return nil, err
	}
	for _, s := range t.StandingsAfter(n) {
		row := []string{fmt.Sprint(s.Rank), fmt.Sprint(s.PN), s.ID, s.Name, num(s.Score)}
		for _, v := range s.Tiebreaks {
			row = append(row, num(v))
		}
		row = append(row, fmt.Sprint(s.Games), fmt.Sprint(s.Dropped))
		for _, r := range t.Rounds[:n] {
			cell := ""
			for _, g := range r.Games {
				pts, ok := t.scoreOf(g, s.ID)
				switch {
				case g.Bye() && g.German == s.ID:
					cell = "bye " + half2(pts)
				case g.German == s.ID:
					cell = fmt.Sprintf("%d G %s", t.pn(g.Allied), resCell(ok, pts))
				case g.Allied == s.ID:
					cell = fmt.Sprintf("%d A %s", t.pn(g.German), resCell(ok, pts))
				}
			}
			row = append(row, cell)
		}
		if err := w.Write(row); err != nil {
			return nil, err
		}
	}
	w.Flush()
	return buf.Bytes(), w.Error()
}

func resCell(ok bool, pts int) string {
	if !ok {
		return "?"
	}
	return half2(pts)
}

// TRF writes the FIDE Tournament Report File: TRF-16 with the tags of
// TRF-2026 (applied from September 2025) that pairing checks need (142 the
// number of rounds, 152 the initial colour, 162 the points when they are
// not 1, ½, 0 and 1 for the bye) and the JaVaFo extensions that pairing
// programs read (XXR the number of rounds, XXC the initial colour of
// pairing number 1). German is white ("w"), Allied black ("b"). A
// pairing-allocated bye is "0000 - U"; a round a player was not paired
// in (late entry, dropped) "0000 - Z"; a forfeit "+" / "-"; a result
// not yet in leaves the round's result blank, so that the file of a round
// being played gives its pairings.
func (t *Tournament) TRF() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "012 %s\n", trfText(t.Name))
	fmt.Fprintf(&b, "022 %s\n", trfText(t.Guild))
	fmt.Fprintf(&b, "032 Discord\n")
	fmt.Fprintf(&b, "042 %s\n", t.Created.UTC().Format("2006/01/02"))
	fmt.Fprintf(&b, "062 %d\n", len(t.Players))
	fmt.Fprintf(&b, "092 %s\n", map[Format]string{Swiss: "Swiss Dutch (FIDE C.04.3)", RoundRobin: "Round robin (Berger)", Elimination: "Single elimination"}[t.Settings.Format])
	fmt.Fprintf(&b, "102 %s\n", trfText(t.Organiser))
	rounds := t.Settings.Rounds
	if rounds < len(t.Rounds) {
		rounds = len(t.Rounds)
	}
	fmt.Fprintf(&b, "142 %d\n", rounds)
	fmt.Fprintf(&b, "152 W\n")
	if p := t.Settings.Points; p.Draw != 1 || p.Bye != 2 || !plainWins(p) {
		win := 0
		for _, w := range p.Win {
			win = max(win, w[0])
		}
		fmt.Fprintf(&b, "162  W%4s    D%4s    L%4s    P%4s\n", trfPoints(win), trfPoints(p.Draw), trfPoints(0), trfPoints(p.Bye))
	}
	fmt.Fprintf(&b, "XXR %d\n", rounds)
	fmt.Fprintf(&b, "XXC white1\n")
	// The points and rank are those of the results the file holds, the
	// round being played's included, as a pairing program adds them up.
	rs := t.records(len(t.Rounds))
	ranks := map[string]int{}
	for _, s := range t.standingsOf(rs) {
		ranks[s.ID] = s.Rank
	}
	for i, p := range t.Players {
		line := []byte(strings.Repeat(" ", 91))
		put := func(col int, s string) { // col is 1-based
			for len(line) < col-1+len(s) {
				line = append(line, ' ')
			}
			copy(line[col-1:], s)
		}
		put(1, "001")
		put(5, fmt.Sprintf("%4d", i+1))
		name := []rune(trfText(p.Name))
		for len(string(name)) > 33 { // columns are bytes
			name = name[:len(name)-1]
		}
		put(15, string(name))
		if p.Rating > 0 {
			put(49, fmt.Sprintf("%4d", p.Rating))
		}
		put(81, fmt.Sprintf("%4s", trfPoints(rs[p.ID].score)))
		put(86, fmt.Sprintf("%4d", ranks[p.ID]))
		for k, r := range t.Rounds {
			cell := "0000 - Z" // not paired
			for _, g := range r.Games {
				switch {
				case g.Bye() && g.German == p.ID:
					cell = "0000 - U"
				case g.German == p.ID || g.Allied == p.ID:
					opp, col := g.Allied, "w"
					if g.Allied == p.ID {
						opp, col = g.German, "b"
					}
					cell = fmt.Sprintf("%4d %s %s", t.pn(opp), col, trfResult(g, p.ID == g.German))
				}
			}
			put(92+10*k, cell)
		}
		b.WriteString(strings.TrimRight(string(line), " "))
		b.WriteString("\n")
	}
	return b.Bytes()
}

// plainWins: every victory level gives 1–0.
func plainWins(p Points) bool {
	for _, w := range p.Win {
		if w != [2]int{2, 0} {
			return false
		}
	}
	return true
}

func trfResult(g *Game, german bool) string {
	r := g.Result
	if r == nil {
		return " "
	}
	mine := Allied
	if german {
		mine = German
	}
	switch {
	case r.Double:
		return "-"
	case r.Forfeit && r.Winner == mine:
		return "+"
	case r.Forfeit:
		return "-"
	case r.Winner == Draw:
		return "="
	case r.Winner == mine:
		return "1"
	}
	return "0"
}

func trfPoints(h int) string {
	return fmt.Sprintf("%d.%d", h/2, (h%2)*5)
}

// trfText keeps a field on its line.
func trfText(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 32 || r == 127 {
			return ' '
		}
		return r
	}, s)
}
