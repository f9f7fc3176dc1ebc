package render

import (
	"bytes"
	"image/png"
	"testing"
)

func TestStandingsAndBracketPNG(t *testing.T) {
	p, err := StandingsPNG(StandingsTable{Title: "Autumn: standings after round 4",
		Header: []string{"#", "Player", "Pts", "Bh"},
		Rows:   [][]string{{"1", "山田 太郎", "3", "10"}, {"2", "Alice", "2.5", "9"}, {"3", "Bob (dropped)", "0", "7"}}})
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(p))
	if err != nil || img.Bounds().Dx() < 200 || img.Bounds().Dy() != 162 {
		t.Fatalf("standings picture: %v %v", img.Bounds(), err)
	}
	q, err := BracketPNG(Bracket{Title: "Autumn: top 4", Rounds: [][]BracketMatch{
		{{"A", "D", 0}, {"B", "C", 1}}, {{"A", "C", -1}}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := png.Decode(bytes.NewReader(q)); err != nil {
		t.Fatal(err)
	}
	if _, err := StandingsPNG(StandingsTable{}); err == nil {
		t.Fatal("a table without columns")
	}
	if _, err := BracketPNG(Bracket{}); err == nil {
		t.Fatal("a bracket without rounds")
	}
}
