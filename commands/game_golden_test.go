package commands_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"rtrbot/actor"
	"rtrbot/commands"
	"rtrbot/console"
	"rtrbot/engine/board"
	"rtrbot/engine/hex"
	"rtrbot/i18n"
)

// A hot-seat game typed into the console as players would, in English and
// Japanese: setup, a turn's steps, moves, rail, reorganisation and refusals.
// The transcript is compared with a golden file (go test ./commands -run
// TestGameTranscript -update rewrites it after a deliberate change).
const gameScript = `/game load file:testdata/game-sandbox.txt
/game status
/units
/reinforce unit:G-ER1 hex:0505
/reinforce unit:G-ER1 hex:1010
/reinforce unit:F-DR1 hex:1010
/reinforce
/end
/reorg split unit:G-III
/reorg merge unit:G-5 with:G-6
/reorg entrench unit:G-IV
/end
/moves unit:G-GKD
/move unit:G-GKD to:0703
/move unit:G-GKD to:0702
/move unit:G-LW1 to:0907
/move unit:G-LW1 to:0906
/rail unit:G-V to:0310
/rail unit:G-33R to:0210
/rail unit:G-ER1 to:0110
/game check order:german end
/end
/remove unit:G-1A
/remove unit:G-LW1
/end
/attack
/end
/units side:german
/end until:movement-2 confirm:true
/move unit:G-GKD to:0701
/move unit:G-III to:0807
/end until:reinforcement confirm:true
/game status
`

// A hot-seat session typed into the console as players would, in English
// and Japanese, on a small map of its own (so that it does not change when
// the real map is edited): reinforcements, reorganisation, movement, rail,
// stacking, command and refusals. The transcript is compared with a golden
// file (go test ./commands -run TestGameTranscript -update rewrites it after
// a deliberate change).
func TestGameTranscript(t *testing.T) {
	m := sandboxMap()
	for _, lang := range []i18n.Lang{i18n.EN, i18n.JA} {
		t.Run(string(lang), func(t *testing.T) {
			bot := commands.New(commands.Deps{Map: m, Now: func() time.Time { return time.Unix(0, 0) },
				Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
			var buf bytes.Buffer
			out := t.TempDir()
			con := &console.Console{Router: bot.Router, Out: &buf, OutDir: out, Lang: lang,
				User: actor.Actor{ID: "console:player", Name: "player"}, Guild: "console", Chan: "console",
				Now: func() time.Time { return time.Unix(0, 0) }}
			if err := con.Run(context.Background(), strings.NewReader(gameScript)); err != nil {
				t.Fatal(err)
			}
			golden(t, strings.ReplaceAll(buf.String(), out, "OUT"), "game-"+string(lang)+".golden")
		})
	}
}

// sandboxMap is 12 x 12 hexes: France in rows 1-5, Germany beyond; German
// logistics in 0910, 1010 and 1110; a railway along row 10 from 0110 to 1110; a
// river between 0805 and 0806; rough in 0704; a French fortress city in
// 0402 with French logistics.
func sandboxMap() *board.Map {
	var hs []*board.Hex
	for c := 1; c <= 12; c++ {
		for r := 1; r <= 12; r++ {
			x := &board.Hex{At: hex.New(c, r), Terrain: board.Clear, Country: board.France}
			if r >= 6 {
				x.Country = board.Germany
			}
			hs = append(hs, x)
		}
	}
	find := func(s string) *board.Hex {
		h := hex.MustParse(s)
		for _, x := range hs {
			if x.At == h {
				return x
			}
		}
		panic(s)
	}
	find("0910").Logistic = []board.Nation{board.German}
	find("1010").Logistic = []board.Nation{board.German}
	find("1110").Logistic = []board.Nation{board.German}
	find("0402").Logistic = []board.Nation{board.French}
	find("0402").City, find("0402").Fortress, find("0402").Name = true, 6, "Testville"
	find("0704").Terrain = board.Rough
	rail := map[hex.Hexside]bool{}
	line := []string{"0110", "0210", "0310", "0410", "0510", "0610", "0710", "0810", "0910", "1010", "1110"}
	for i := 1; i < len(line); i++ {
		s, _ := hex.HexsideBetween(hex.MustParse(line[i-1]), hex.MustParse(line[i]))
		rail[s] = true
	}
	for _, pair := range [][2]string{{"0608", "0609"}, {"0609", "0610"}} {
		s, _ := hex.HexsideBetween(hex.MustParse(pair[0]), hex.MustParse(pair[1]))
		rail[s] = true
	}
	sides := map[hex.Hexside]board.Hexside{}
	s, _ := hex.HexsideBetween(hex.MustParse("0805"), hex.MustParse("0806"))
	sides[s] = board.Hexside{River: "Testbach"}
	return board.NewMap(12, 12, hs, sides, rail)
}
