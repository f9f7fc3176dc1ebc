package main

import (
	"sort"

	"rtrbot/engine/board"
	"rtrbot/engine/hex"
)

// riverSides puts rivers on hexsides. A hexside carries river R when the
// lines of R cross the segment joining the two hex centres an odd number
// of times (a river that crosses and crosses back does not part the two
// hexes). Because every crossing of a centre-to-centre segment is a
// crossing of the hexside dual to it, the hexsides of one river form a
// connected chain from its first hex to its last. Rank 1 rivers always;
// rank 2 ones when they follow at least minorRiverSides hexsides; rank 3
// never. Where two rivers share a hexside the higher rank wins, then the
// longer river, then the name.
//
// A hex is stood for by its centre, except a hex whose city or fortress
// lies in it (at): it is stood for by the town, so a town on a river is on
// its own bank (Cologne and Mainz west of the Rhine, Koblenz south of the
// Moselle) even where the river runs between the town and the hex's
// centre. The town lies inside its hex, so the chains stay unbroken.
func riverSides(s *sources, hexes map[hex.Hex]*board.Hex, order []hex.Hex, sides map[hex.Hexside]board.Hexside, at map[hex.Hex]pt, rep *report) {
	point := func(h hex.Hex) pt {
		if p, ok := at[h]; ok {
			return p
		}
		return centre(h)
	}
	rank := map[string]int{}
	for _, l := range s.rivers {
		if r, ok := rank[l.name]; !ok || l.rank < r {
			rank[l.name] = l.rank
		}
	}
	for name, r := range s.rankOverride {
		rank[name] = r
	}
	crossed := map[string]map[hex.Hexside]bool{}
	land := func(h hex.Hex) bool { x, ok := hexes[h]; return ok && x.Terrain != board.Sea }
	for _, l := range s.rivers {
		if rank[l.name] > 2 || l.name == "" {
			continue
		}
		// Parity per line, then the union over the lines of one river:
		// features that overlap where they join must not cancel out.
		par := map[hex.Hexside]bool{}
		for i := 1; i < len(l.pts); i++ {
			p1, p2 := l.pts[i-1], l.pts[i]
			a, b := hexAt(p1), hexAt(p2)
			tested := map[hex.Hexside]bool{}
			for _, h := range hex.Line(a, b) {
				for _, x := range append([]hex.Hex{h}, neighbours(h)...) {
					if !land(x) {
						continue
					}
					for _, n := range x.Neighbors() {
						sd, _ := hex.HexsideBetween(x, n)
						if tested[sd] || !land(n) {
							continue
						}
						tested[sd] = true
						if segmentsCross(p1, p2, point(sd.A), point(sd.B)) {
							par[sd] = !par[sd]
						}
					}
				}
			}
		}
		if crossed[l.name] == nil {
			crossed[l.name] = map[hex.Hexside]bool{}
		}
		for sd, odd := range par {
			if odd {
				crossed[l.name][sd] = true
			}
		}
	}
	length := map[string]int{}
	names := make([]string, 0, len(crossed))
	for name, par := range crossed {
		length[name] = len(par)
		names = append(names, name)
	}
	sort.Strings(names)
	better := func(a, b string) bool { // is river a preferred to b on a shared side?
		if rank[a] != rank[b] {
			return rank[a] < rank[b]
		}
		if length[a] != length[b] {
			return length[a] > length[b]
		}
		return a < b
	}
	for _, name := range names {
		if rank[name] == 2 && length[name] < minorRiverSides {
			if length[name] > 0 {
				rep.addf("river %s (rank 2): %d hexsides, fewer than %d, left out", name, length[name], minorRiverSides)
			}
			continue
		}
		for sd := range crossed[name] {
			v := sides[sd]
			if v.River == "" || better(name, v.River) {
				v.River = name
			}
			sides[sd] = v
		}
	}
}

func neighbours(h hex.Hex) []hex.Hex {
	n := h.Neighbors()
	return n[:]
}
