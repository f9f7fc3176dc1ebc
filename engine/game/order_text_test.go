package game

import (
	"testing"
)

// Every verb has its name in both languages, and an order reads the same
// units and hexes in each.
func TestOrderTextInBothLanguages(t *testing.T) {
	for _, v := range verbs {
		n, ok := verbNames[v]
		if !ok || n.EN == "" || n.JA == "" || n.JA == n.EN {
			t.Errorf("verb %s: names %+v", v, n)
		}
	}
	o, err := ParseOrder("german move G-III 3024 3023")
	if err != nil {
		t.Fatal(err)
	}
	if got := o.Text(); got.EN != "German: move G-III → 3024 3023" || got.JA != "独軍: 移動 G-III → 3024 3023" {
		t.Errorf("move: %+v", got)
	}
	o, _ = ParseOrder("allied end")
	if got := o.Text(); got.JA != "連合軍: 手順終了" {
		t.Errorf("end: %+v", got)
	}
	o, _ = ParseOrder("allied attack RECON F-36 1623")
	if got := o.Text(); got.EN != "Allied: attack (reconnaissance in force) F-36 → 1623" || got.JA != "連合軍: 攻撃 (威力偵察) F-36 → 1623" {
		t.Errorf("attack: %+v", got)
	}
}
