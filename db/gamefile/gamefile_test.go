package gamefile

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"time"
)

func TestRoundTrip(t *testing.T) {
	at := time.Date(2026, 11, 22, 18, 0, 0, 0, time.UTC)
	f := &File{Scenario: "extended", Options: `{"italy":true}`, Seed: []byte{1, 2, 3}, Status: "finished",
		Created: at, CreatedBy: "500", Game: 7, Guild: "100", Channel: "200",
		Players: []Player{{UserID: "500", Name: "Helmuth von Moltke", Side: "german"}},
		Log: []Order{
			{Seq: 1, Kind: KindOrder, Author: "500", Side: "german", At: at, Text: "move 1st-army 2014 → Liège"},
			{Seq: 2, Kind: KindUndo, Undoes: 1, Author: "500", Side: "german", At: at, Text: "undo 1"},
			{Seq: 3, Kind: KindOrder, Author: "console:John Smith", Side: "allied 100%", At: at, Text: "end"},
		},
		Checks: []Check{{Seq: 0, Hash: "h0"}, {Seq: 3, Hash: "h3", Label: "GT 1 German movement"}},
	}
	got, err := Parse(f.Encode("a note"))
	if err != nil {
		t.Fatal(err)
	}
	got.Commitment = ""
	if string(got.Encode("a note")) != string(f.Encode("a note")) || got.Log[2].Side != "allied 100%" || got.Log[2].Author != "console:John Smith" || got.Players[0].Name != "Helmuth von Moltke" || got.Log[0].Text != f.Log[0].Text {
		t.Errorf("round trip:\n%s\n---\n%s", f.Encode(), got.Encode())
	}
}

func TestParseErrors(t *testing.T) {
	base := Header + "\nscenario standard\nseed 0a0b\n"
	for _, tc := range []struct{ file, want string }{
		{"", "empty"},
		{"rtrbot-game 2\n", "must begin with"},
		{base, "no end line"},
		{base + "end 1\n", "counts \"1\" orders but the file has 0"},
		{base + "order 2 2026-11-22T18:00:00Z a b move\nend 1\n", "line 4 of the game file: the next order must be number 1"},
		{base + "order 1 yesterday a b move\nend 1\n", `"yesterday" is not a time`},
		{base + "order 1 2026-11-22T18:00:00Z a b  \nend 1\n", "write order SEQ TIME AUTHOR SIDE TEXT"},
		{base + "order 1 2026-11-22T18:00:00Z a\nend 1\n", "write order SEQ TIME AUTHOR SIDE TEXT"},
		{base + "undo 1 2026-11-22T18:00:00Z a b 1\nend 1\n", "an undo must name an earlier order"},
		{base + "check 5 abc\nend 0\n", "a check follows the order it checks (0 here)"},
		{base + "status paused\nend 0\n", `not "paused"`},
		{base + "seed zz\nend 0\n", "seed is given twice"},
		{base + "order 1 2026-11-22T18:00:00Z a%zz b move\nend 1\n", `"a%zz" is not a well-formed field`},
		{base + "order 1 2026-11-22T18:00:00Z a b move\tx\nend 1\n", "one line of plain text"},
		{base + "created 2026-11-22T18:00:00Z a\ncreated 2026-11-22T18:00:00Z b\nend 0\n", "created is given twice"},
		{Header + "\nscenario s\nseed xyz\nend 0\n", "hexadecimal"},
		{Header + "\nscenario s\nseed 00\ncommitment 1234\nend 0\n", "not the one its players were promised"},
		{base + "options [1]\nend 0\n", "options are not a JSON object"},
		{base + "end 0\nscenario again\n", "nothing may follow the end line"},
		{Header + "\nend 0\n", "must give the scenario and the seed"},
		{Header + "\nscenario  \x00\nseed 00\nend 0\n", "line 2 of the game file: the line is not plain text"},
		{Header + "\nscenario \t \nseed 00\nend 0\n", "scenario needs a value"},
	} {
		_, err := Parse([]byte(tc.file))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.file, err, tc.want)
		}
	}
}

// FuzzParse: no input makes the parser panic, and whatever it accepts
// encodes to a file that parses back to the same encoding.
func FuzzParse(f *testing.F) {
	if b, err := os.ReadFile("../testdata/export.golden"); err == nil {
		f.Add(b)
	}
	f.Add([]byte(Header + "\nscenario x\nseed 00\nend 0\n"))
	f.Add([]byte(Header + "\nscenario x\nseed 00\nplayer german 1 A B\norder 1 2026-11-22T18:00:00Z a b c d\nundo 2 2026-11-22T18:00:00Z a b 1\ncheck 2 h l\nend 2\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		gf, err := Parse(data)
		if err != nil {
			return
		}
		enc := gf.Encode()
		gf2, err := Parse(enc)
		if err != nil {
			t.Fatalf("re-parse of an encoded file: %v\n%s", err, enc)
		}
		if enc2 := gf2.Encode(); !bytes.Equal(enc, enc2) {
			t.Fatalf("encoding is not stable:\n%s\n---\n%s", enc, enc2)
		}
	})
}
