package dice

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"strings"
	"testing"
)

// A seed and the answers computed outside Go, with openssl and shell
// arithmetic, exactly as docs/dice.md tells a player to:
//
//	S=fac4108458f61026ab0f607cb574e7fd5a6d45271bdc5e35f3f3d4b690a1a608
//	printf %s 'table:1:1:0' | openssl dgst -sha256 -hmac "$S"   -> c3462ebc...
//	echo $(( (16#c3462ebc % 6) + 1 ))                          -> 5
const vectorSeed = "fac4108458f61026ab0f607cb574e7fd5a6d45271bdc5e35f3f3d4b690a1a608"

func TestKnownAnswers(t *testing.T) {
	if got, want := Commit(vectorSeed), "9287edfefbd0e4124153088d8691861d2721f83480fb7d5e8b05000ea43e0245"; got != want {
		t.Fatalf("Commit = %s, want %s (printf %%s SEED | sha256sum)", got, want)
	}
	if !CheckCommit(vectorSeed, "9287edfefbd0e4124153088d8691861d2721f83480fb7d5e8b05000ea43e0245") {
		t.Fatal("CheckCommit refuses the right seed")
	}
	if CheckCommit(strings.Replace(vectorSeed, "f", "e", 1), Commit(vectorSeed)) || CheckCommit(vectorSeed, "zz") {
		t.Fatal("CheckCommit accepts a wrong seed or a malformed commitment")
	}
	cases := []struct {
		players          string
		roll, die, sides int
		want             int
	}{
		{"table", 1, 1, 6, 5},  // c3462ebc
		{"table", 1, 2, 6, 1},  // 846333e4
		{"", 1, 1, 6, 4},       // 589d5bed
		{"", 2, 1, 6, 3},       // 6e2cf96a
		{"", 3, 1, 6, 4},       // 06d76b4d
		{"table", 1, 1, 20, 5}, // c3462ebc
		{"", 1, 1, 20, 14},     // 589d5bed
		{"", 2, 1, 20, 15},     // 6e2cf96a
	}
	for _, c := range cases {
		if got := Die(vectorSeed, c.players, c.roll, c.die, c.sides); got != c.want {
			t.Errorf("Die(%q, roll %d, die %d, d%d) = %d, want %d", c.players, c.roll, c.die, c.sides, got, c.want)
		}
	}
	if got := Roll(vectorSeed, "table", 1, 2, 6); len(got) != 2 || got[0] != 5 || got[1] != 1 {
		t.Errorf("Roll(table, 1, 2d6) = %v, want [5 1]", got)
	}
}

// reference recomputes a die from the documented procedure alone.
func reference(server, players string, roll, die, sides int) (face, attempts int) {
	limit := uint64(1<<32) - uint64(1<<32)%uint64(sides)
	for a := 0; ; a++ {
		m := hmac.New(sha256.New, []byte(server))
		m.Write([]byte(players + ":" + itoa(roll) + ":" + itoa(die) + ":" + itoa(a)))
		x := uint64(binary.BigEndian.Uint32(m.Sum(nil)))
		if x < limit {
			return int(x%uint64(sides)) + 1, a + 1
		}
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	s := ""
	for ; n > 0; n /= 10 {
		s = string(rune('0'+n%10)) + s
	}
	return s
}

// Rejection sampling: with 3*2^29 sides a quarter of all 32-bit numbers lie
// above the last whole multiple and must be drawn again. Those draws happen
// here and agree with the reference.
func TestRejection(t *testing.T) {
	const sides = 3 << 29
	retried := 0
	for roll := 1; roll <= 200; roll++ {
		want, attempts := reference(vectorSeed, "x", roll, 1, sides)
		if attempts > 1 {
			retried++
		}
		if got := Die(vectorSeed, "x", roll, 1, sides); got != want {
			t.Fatalf("roll %d: got %d, want %d", roll, got, want)
		}
	}
	if retried < 20 {
		t.Fatalf("only %d of 200 rolls needed a second attempt; about 50 expected", retried)
	}
}

// The dice are unbiased: 60,000 d6 from a fixed seed (and the 36 readings
// of two dice, 11..66, used by the events table 5.0) pass a chi-square test.
func TestUnbiased(t *testing.T) {
	const n = 60000
	faces := make([]int, 6)
	pairs := make([]int, 36)
	for roll := 1; roll <= n; roll++ {
		d := Roll(vectorSeed, "stats", roll, 2, 6)
		faces[d[0]-1]++
		pairs[(d[0]-1)*6+d[1]-1]++
	}
	stat, df, p := ChiSquare(faces)
	t.Logf("d6 x %d: counts %v chi2 %.2f df %d p %.3f", n, faces, stat, df, p)
	if p < 0.001 {
		t.Errorf("d6 counts %v: chi2 %.2f, p %.5f: biased", faces, stat, p)
	}
	stat, df, p = ChiSquare(pairs)
	t.Logf("two dice 11..66 x %d: chi2 %.2f df %d p %.3f", n, stat, df, p)
	if p < 0.001 {
		t.Errorf("pairs: chi2 %.2f, p %.5f: biased", stat, p)
	}
	d10 := make([]int, 10)
	for roll := 1; roll <= 20000; roll++ {
		d10[Die(vectorSeed, "", roll, 1, 10)-1]++
	}
	if _, _, p := ChiSquare(d10); p < 0.001 {
		t.Errorf("d10 counts %v: p %.5f: biased", d10, p)
	}
}

// The test above can fail: a die made by plain modulo of three bits (0..7
// mod 6, so faces 1 and 2 come up twice as often) is flagged at once.
func TestChiSquareSeesBias(t *testing.T) {
	faces := make([]int, 6)
	for roll := 1; roll <= 6000; roll++ {
		m := hmac.New(sha256.New, []byte(vectorSeed))
		m.Write([]byte(Message("", roll, 1, 0)))
		faces[int(m.Sum(nil)[0]&7)%6]++
	}
	if _, _, p := ChiSquare(faces); p > 0.001 {
		t.Errorf("a modulo-biased die %v passes: p %.4f", faces, p)
	}
	if _, _, p := ChiSquare([]int{1200, 1000, 1000, 1000, 1000, 800}); p > 0.001 {
		t.Errorf("a die with 1200 ones and 800 sixes in 6000 passes: p %.4f", p)
	}
}

// p-values against printed chi-square tables.
func TestChiSquarePValues(t *testing.T) {
	cases := []struct {
		df     int
		x2, p  float64
		within float64
	}{
		{1, 3.841, 0.05, 0.001}, {5, 11.070, 0.05, 0.001}, {10, 23.209, 0.01, 0.0005},
		{35, 49.802, 0.05, 0.001}, {5, 1.145, 0.95, 0.001}, {2, 0, 1, 0},
	}
	for _, c := range cases {
		if got := upperGamma(float64(c.df)/2, c.x2/2); got < c.p-c.within || got > c.p+c.within {
			t.Errorf("Q(df %d, chi2 %.3f) = %.4f, want %.3f", c.df, c.x2, got, c.p)
		}
	}
}

func TestParse(t *testing.T) {
	good := map[string]Spec{
		"2d6": {2, 6, 0}, "d6": {1, 6, 0}, "3d6+1": {3, 6, 1}, "1d10-2": {1, 10, -2},
		" 2D6 + 1 ": {2, 6, 1}, "100d1000": {100, 1000, 0}, "1d2": {1, 2, 0}, "2ｄ6": {2, 6, 0},
	}
	for in, want := range good {
		got, err := Parse(in)
		if err != nil || got != want {
			t.Errorf("Parse(%q) = %+v, %v; want %+v", in, got, err, want)
		}
	}
	bad := map[string]string{ // input: a word the message must contain
		"0d6": "1 to 100", "1000d1000": "1 to 100", "1d1": "2 to 1000", "1d1001": "2 to 1000",
		"garbage": "NdM", "": "NdM", "2d": "NdM", "d": "NdM", "2d6+": "NdM", "2d6+1+1": "NdM",
		"-2d6": "NdM", "2x6": "NdM", "1d6+1001": "at most 1000", "99999999999999999999d6": "1 to 100",
		"1d99999999999999999999": "2 to 1000",
	}
	for in, word := range bad {
		_, err := Parse(in)
		if err == nil {
			t.Errorf("Parse(%q): want an error", in)
			continue
		}
		if !strings.Contains(err.Error(), word) {
			t.Errorf("Parse(%q): message %q should say %q", in, err, word)
		}
	}
	if s := (Spec{3, 6, 1}).String(); s != "3d6+1" {
		t.Errorf("String = %s", s)
	}
}

// The dice parser never panics, and what it accepts is within the limits
// and prints back to an expression it reads the same.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"2d6", "3d6+1", "d20-1", "0d6", "1000d1000", "garbage", "1d6+-1", "+", "d"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		s, err := Parse(in)
		if err != nil {
			return
		}
		if s.Count < 1 || s.Count > MaxCount || s.Sides < MinSides || s.Sides > MaxSides || s.Modifier < -MaxModifier || s.Modifier > MaxModifier {
			t.Fatalf("Parse(%q) = %+v beyond the limits", in, s)
		}
		again, err := Parse(s.String())
		if err != nil || again != s {
			t.Fatalf("Parse(%q) = %+v prints as %q which reads %+v, %v", in, s, s.String(), again, err)
		}
	})
}

func BenchmarkDie(b *testing.B) {
	n := 0
	for b.Loop() {
		n++
		Die(vectorSeed, "players", n, 1, 6)
	}
}
