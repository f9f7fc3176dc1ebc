package tables

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite docs/tables.md from the embedded tables")

const docPath = "../../docs/tables.md"

// docs/tables.md shows the tables exactly as the bot reads them: it is
// written from the embedded data, and this test fails when the two differ.
// After editing a data file run: go test ./engine/tables -run TestTablesDoc -update
func TestTablesDoc(t *testing.T) {
	got := tablesMarkdown(Default())
	if *update {
		if err := os.WriteFile(docPath, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatalf("%v (run with -update to write it)", err)
	}
	if string(want) != got {
		t.Fatalf("docs/tables.md is not what the embedded tables say: run go test ./engine/tables -run TestTablesDoc -update")
	}
}

func tablesMarkdown(s *Set) string {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	p(`# The game's tables as the bot uses them

This file is written from the data the bot embeds (`+"`engine/tables/data/*.txt`"+`)
by `+"`go test ./engine/tables -run TestTablesDoc -update`"+`; a test fails when the
two differ. The tables are transcribed from the rules (`+"`rules-ja.txt`"+`); the
texts are our own wording of them in English and Japanese. A club whose
printed charts differ edits the data files, runs the command above, and the
companion commands and the rules engine both follow.

The companion commands that read each table are named in its section;
`+"`die:N`"+` (or `+"`roll:NN`"+` for events) looks up a die rolled at the table instead of
rolling. See [dice.md](dice.md) for how the bot rolls.

## Combat results tables (9.0, 9.7) — `+"`/combat`"+`

The attacker chooses the table before seeing the defending stack (9.7).
Odds are total attack strength against total defence strength, rounded in
the defender's favour: 14:5 is 2:1, 5:12 is 1:3 (the defence is divided by
the attack and rounded up). Odds below the first column are read as it and
odds above the last as the last (9.0). Column shifts (options, naval
gunfire) move from that column afterwards, to the right in the attacker's
favour, and stop at the ends of the table. `+"`/combat`"+` takes `+"`attack:`"+` and
`+"`defense:`"+` (strengths 1–%d, doublings already included) or `+"`odds:A:D`"+`, and
`+"`shift:`"+` from -%d to +%d.

`, MaxStrength, MaxShift, MaxShift)
	for _, t := range s.CRTs() {
		p("### %s (%s) — `table:%s`\n\n", t.Name.EN, t.Name.JA, t.ID)
		if t.Note.EN != "" {
			p("%s\n\n", t.Note.EN)
		}
		var heads []string
		for _, c := range s.Columns() {
			heads = append(heads, fmt.Sprint(c))
		}
		dieRows(p, heads, func(col, die int) string {
			code, _ := t.Lookup(col, die)
			return fmt.Sprint(code)
		})
		p("\n")
	}
	p("### Results (9.0)\n\n| code | result | 結果 | what happens |\n|---|---|---|---|\n")
	for _, c := range s.Codes() {
		e, _ := s.Result(c)
		p("| %s | %s | %s | %s |\n", c, e.Name.EN, e.Name.JA, e.Text.EN)
	}
	p(`
Against a fortress (12.5) the mobile table may not be chosen; an
occupied fortress is destroyed only by DZ, an empty one by DA or DZ, and
other results do not affect the fortress itself (the units inside still
suffer them). ` + "`/combat fortress:occupied|empty`" + ` applies this and refuses the
mobile table.

## Siege table (12.6) — ` + "`/siege fortress:3|6|12`" + `

Each siege gun attacks one adjacent fortress under attack once per combat
segment; rivers do not matter; only the fortress is affected. One die plus
the modifier for the fortress's strength (a fortress without a number is a
3, 12.0):

| fortress | modifier |
|---|---|
`)
	for _, st := range s.FortressStrengths() {
		r, _ := s.Siege(st, 1)
		p("| %d | %+d |\n", st, r.Modifier)
	}
	p("\n| modified roll | result | 結果 |\n|---|---|---|\n")
	for _, r := range s.siege {
		p("| %s | %s | %s |\n", rangeText(r.lo, r.hi), r.row.Name.EN, r.row.Name.JA)
	}
	p("\nEvery fortress and die:\n\n")
	var strengths []string
	for _, st := range s.FortressStrengths() {
		strengths = append(strengths, fmt.Sprint(st))
	}
	dieRows(p, strengths, func(col, die int) string {
		r, _ := s.Siege(s.FortressStrengths()[col], die)
		return fmt.Sprintf("%d: %s", r.Total, r.Row.Name.EN)
	})
	p(`
**%s**: %s

## Random events (5.0) — `+"`/event [month:aug|sep|oct|nov] [violated:yes|no]`"+`

From game turn 2 the Allied player rolls two dice read as tens and units
(11–66). Unless a row says otherwise, an event may happen more than once.
`+"`month:`"+` settles autumn weather (from September only; in August it is no
event) and `+"`violated:`"+` settles Italy (only if Germany has violated neither
Belgium nor the Netherlands; otherwise no event), and `+"`settled:`"+` the Russian
Front (once a Russian Front roll gave stalemate or a victory in the East, the
event is no event, 14.3). Without them the reply states the condition.

| roll | event | イベント | what happens |
|---|---|---|---|
`, s.siege[len(s.siege)-1].row.Name.EN, s.siege[len(s.siege)-1].row.Text.EN)
	for _, r := range s.events {
		p("| %s | %s | %s | %s |\n", r.row.Rolls, r.row.Name.EN, r.row.Name.JA, r.row.Text.EN)
	}
	p(`
## Russian Front table (14.3) — `+"`/russia [box:N] [maxoffensive:true] [alternative:true]`"+`

The German player rolls one die when the Russian Front event happens.
Cumulative modifiers: +1 for each 10 attack strength in the Russian Front
box (`+"`box:`"+`, 0–%d; at most +%d), and -1 when the German option 18.1(2),
the Western Front maximum offensive, is in play (`+"`maxoffensive:true`"+`). The
modified roll is read from 0 to 10 (with these modifiers it cannot leave
that range; the bot would hold it there). The rules say "+1 for each
additional 10 attack strength in the box"; the box is empty at the start
(17.5), so the bot counts every full 10 in it: 0-9 +0, 10-19 +1, 20-29 +2,
30-39 +3, 40 or more +4. Option 18.1(1) puts 10, 20, 30 or 40 attack
strength there.

| modified roll | result | 結果 | what happens |
|---|---|---|---|
`, MaxBoxStrength, MaxBoxModifier)
	for _, r := range s.russia {
		p("| %s | %s | %s | %s |\n", r.row.Rolls, r.row.Name.EN, r.row.Name.JA, r.row.Text.EN)
	}
	p(`
With ` + "`alternative:true`" + ` the bot uses instead the box modifier printed as an
alternative in MOVES #91 (not part of the published rules; players agree to
it), by the attack strength in the box:

| attack strength in the box | modifier |
|---|---|
`)
	for _, a := range s.russiaAlt {
		p("| %s | %+d |\n", rangeText(a.lo, a.hi), a.row)
	}
	p(`
Option 18.1(2) still adds -1; a total below 0 is read as 0.
`)
	return b.String()
}

func rangeText(lo, hi int) string {
	if lo == hi {
		return fmt.Sprint(lo)
	}
	return fmt.Sprintf("%d-%d", lo, hi)
}

// dieRows writes a table of one row a die: the columns' heads, then each
// die's cells.
func dieRows(p func(string, ...any), heads []string, cell func(col, die int) string) {
	p("| die |")
	for _, h := range heads {
		p(" %s |", h)
	}
	p("\n|---|")
	for range heads {
		p("---|")
	}
	p("\n")
	for die := 1; die <= 6; die++ {
		p("| %d |", die)
		for col := range heads {
			p(" %s |", cell(col, die))
		}
		p("\n")
	}
}
