package game

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"rtrbot/i18n"
)

// A practice game's 8-byte key rolls exactly the dice of the seed, so
// every game stored before secrets replays as it did.
func TestDiceKeyOfASeedIsTheSeed(t *testing.T) {
	for _, seed := range []uint64{0, 1, 1914, 1<<63 + 5} {
		key := binary.BigEndian.AppendUint64(nil, seed)
		for k := 1; k <= 50; k++ {
			if DieRoll(seed, k) != DieRollKey(key, k) {
				t.Fatalf("seed %d roll %d: DieRoll %d, DieRollKey %d", seed, k, DieRoll(seed, k), DieRollKey(key, k))
			}
		}
		if Commitment(seed) != CommitKey(key) {
			t.Errorf("seed %d: commitments differ", seed)
		}
	}
}

// The commitment to a secret is SHA-256 over the domain string and the
// secret (docs/dice.md), not the bare hash of the secret.
func TestCommitmentOfASecret(t *testing.T) {
	secret := bytes.Repeat([]byte{0xA5}, SecretSize)
	sum := sha256.Sum256(append([]byte("rtrbot dice commitment v2\x00"), secret...))
	if got := CommitKey(secret); got != hex.EncodeToString(sum[:]) {
		t.Errorf("commitment %s, want SHA-256(domain || secret) %x", got, sum)
	}
	bare := sha256.Sum256(secret)
	if CommitKey(secret) == hex.EncodeToString(bare[:]) {
		t.Error("the commitment of a secret is its bare SHA-256: no domain separation")
	}
}

// A game with a secret rolls from the secret, writes it in its position
// (so that a stored game replays), and tells it only at the end.
func TestSecretGame(t *testing.T) {
	r := realRules(t, "standard")
	m := r.Map
	secret := bytes.Repeat([]byte{7, 1, 9, 4}, SecretSize/4)
	s, err := NewKey(r, secret, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(s.Key(), secret) || s.KeyText() != hex.EncodeToString(secret) || s.Commitment() != CommitKey(secret) {
		t.Fatalf("key %x, text %s, commitment %s", s.Key(), s.KeyText(), s.Commitment())
	}
	if v := s.ViewFor(PublicView); v.Key != "" || v.Commitment != CommitKey(secret) {
		t.Errorf("a running game's public view tells the key %q (commitment %s)", v.Key, v.Commitment)
	}
	back, err := ParsePosition(m, s.Position())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(back.Secret, secret) || back.Hash() != s.Hash() {
		t.Errorf("the secret did not survive the position text: %x", back.Secret)
	}
	var evs []Event
	seedOnly, _ := New(r, 0, nil)
	same := 0
	for k := 0; k < 20; k++ {
		a, b := s.roll(0, i18n.T("a test", "テスト"), &evs), seedOnly.roll(0, i18n.T("a test", "テスト"), &evs)
		if a == b {
			same++
		}
		if a != DieRollKey(secret, k+1) {
			t.Fatalf("roll %d is %d, the key gives %d", k+1, a, DieRollKey(secret, k+1))
		}
	}
	if same == 20 {
		t.Error("the secret game rolls the dice of seed 0")
	}
	for _, bad := range [][]byte{nil, make([]byte, 7), make([]byte, 31)} {
		if _, err := NewKey(r, bad, nil); RefusalCode(err) != "dice-key-size" {
			t.Errorf("a %d-byte key: %v", len(bad), err)
		}
	}
	if _, err := ParsePosition(m, "scenario standard\nsecret abcd\n"); RefusalCode(err) != "position-secret" {
		t.Errorf("a short secret in a position: %v", err)
	}
}

// The program of docs/dice.md recomputes the engine's dice and
// commitment, for a secret and for a practice seed.
func TestCheckProgramOfDiceDoc(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the Go toolchain")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	text := readText(t, "../../docs/dice.md")
	i := strings.Index(text, "**Recomputing the rolls of a finished game.**")
	if i < 0 {
		t.Fatal("docs/dice.md has no 'Recomputing the rolls' paragraph")
	}
	text = text[i:]
	a := strings.Index(text, "```go\n")
	b := strings.Index(text[a+6:], "```")
	if a < 0 || b < 0 {
		t.Fatal("docs/dice.md has no Go block after 'Recomputing the rolls'")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "check.go"), []byte(text[a+6:a+6+b]), 0o644); err != nil {
		t.Fatal(err)
	}
	secret := bytes.Repeat([]byte{0x3c, 0x91}, SecretSize/2)
	for _, c := range []struct {
		arg string
		key []byte
	}{{hex.EncodeToString(secret), secret}, {"1914", binary.BigEndian.AppendUint64(nil, 1914)}} {
		cmd := exec.Command(goBin, "run", "check.go", c.arg, "12")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GO111MODULE=off")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go run check.go %s: %v\n%s", c.arg, err, out)
		}
		want := "commitment " + CommitKey(c.key) + "\n"
		for k := 1; k <= 12; k++ {
			want += strconv.Itoa(k) + " " + strconv.Itoa(DieRollKey(c.key, k)) + "\n"
		}
		if string(out) != want {
			t.Errorf("check.go %s printed\n%s\nthe engine says\n%s", c.arg, out, want)
		}
	}
	// A game whose key changed at roll 5 (an import): rolls 1-4 from the
	// seed 1914, 5 on from the secret, as the engine's rekey order makes
	// them (TestRekeyChangesTheDiceFromTheNextRoll).
	cmd := exec.Command(goBin, "run", "check.go", "1914", "9", "5:"+hex.EncodeToString(secret))
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GO111MODULE=off")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go run check.go with a key change: %v\n%s", err, out)
	}
	seed := binary.BigEndian.AppendUint64(nil, 1914)
	want := "commitment " + CommitKey(seed) + "\nfrom roll 5 commitment " + CommitKey(secret) + "\n"
	for k := 1; k <= 9; k++ {
		key := seed
		if k >= 5 {
			key = secret
		}
		want += strconv.Itoa(k) + " " + strconv.Itoa(DieRollKey(key, k)) + "\n"
	}
	if string(out) != want {
		t.Errorf("check.go with a key change printed\n%s\nthe engine says\n%s", out, want)
	}
}
