package wmatch

import (
	"math/rand"
	"testing"
)

// TestCertifiedTriangleAgainstBruteForce: matchCertified with its weights
// in a triangle by position (pos, bw, as the Dutch pairing keeps a
// bracket's), positions a random order of the rows, solved on a sparse
// graph (a window of 1 to 3, some rows whole) and certified pair by pair,
// weighs as much as the best matching (brute force), from scratch and
// warm. Certification must have added pairs in some graphs, or the pairs
// it reads would not matter.
func TestCertifiedTriangleAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewSource(51))
	grew := 0
	for iter := 0; iter < 1500; iter++ {
		n := 2 + rng.Intn(10)
		ws := &Warm{}
		for round := 0; round < 2; round++ {
			pos := rng.Perm(n)
			bw := make([][]Weight, n)
			for q := range bw {
				bw[q] = make([]Weight, q)
			}
			var edges []smallEdge
			shift := uint(rng.Intn(400))
			for r := 0; r < n; r++ {
				for s := r + 1; s < n; s++ {
					if rng.Intn(4) == 0 {
						continue
					}
					w := int64(1 + rng.Intn(30))
					edges = append(edges, smallEdge{r, s, w})
					p, q := pos[r], pos[s]
					if p > q {
						p, q = q, p
					}
					bw[q][p] = At(uint64(w), shift)
				}
			}
			var whole []bool
			if rng.Intn(2) == 0 {
				whole = make([]bool, n)
				for i := range whole {
					whole[i] = rng.Intn(3) == 0
				}
			}
			g := Graph{N: n, Pos: pos, BW: bw, Window: 1 + rng.Intn(3), Whole: whole}
			mate, es := matchCertified(g, nil, ws)
			got := matchWeight(t, "triangle", mate, edges)
			if _, want := bruteForce(n, edges, false); got != want {
				t.Fatalf("iter %d round %d (n %d): weight %d, the best is %d", iter, round, n, got, want)
			}
			// es: the pairs certification added to the sparse graph
			if len(es) > 0 {
				grew++
			}
		}
	}
	if grew == 0 {
		t.Fatal("certification never added a pair")
	}
	t.Logf("certification added pairs in %d graphs", grew)
}
