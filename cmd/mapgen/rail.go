package main

import (
	"container/heap"
	"math"
	"sort"

	"rtrbot/engine/board"
	"rtrbot/engine/hex"
)

// hubLine is the line id rail.tsv gives the links that join the hexes of
// one city into one station (a rail hub).
const hubLine = "hub"

// railLinks lays each railway of railways-1914.tsv on the grid: every two
// consecutive stations are joined by a shortest hex path that stays close
// to the straight line between them and never enters a sea hex. Stations
// off the map still count: the part of the path on the map is kept, so a
// line leaves the map at the edge where it really does. A station in a sea
// hex of the map (a town the map drowns) breaks the line there: no path
// runs to or from it. The hexes of a station in several hexes (Paris,
// Antwerp) are joined to each other: one city is one rail hub (railHub).
func railLinks(s *sources, hexes map[hex.Hex]*board.Hex, byName map[string]*place, rep *report) (map[hex.Hexside]bool, map[hex.Hexside][]string) {
	rail := map[hex.Hexside]bool{}
	lines := map[hex.Hexside][]string{}
	stations := map[*place]bool{}
	for _, r := range s.rails {
		var stops []*place
		for _, st := range r.stations {
			p := byName[st]
			if p == nil {
				rep.addf("railway %s: station %q is not in cities.tsv, skipped", r.id, st)
				continue
			}
			stops = append(stops, p)
			stations[p] = true
		}
		for i := 1; i < len(stops); i++ {
			if drowned(stops[i-1], hexes) || drowned(stops[i], hexes) {
				rep.addf("railway %s: %s – %s not laid: a station in a sea hex of the map", r.id, stops[i-1].name, stops[i].name)
				continue
			}
			a := stationHex(stops[i-1], stops[i])
			b := stationHex(stops[i], stops[i-1])
			path := railPath(a, b, hexes)
			if path == nil {
				rep.addf("railway %s: no land path from %s to %s", r.id, stops[i-1].name, stops[i].name)
				continue
			}
			for k := 1; k < len(path); k++ {
				_, okA := hexes[path[k-1]]
				_, okB := hexes[path[k]]
				if !okA || !okB {
					continue
				}
				sd, _ := hex.HexsideBetween(path[k-1], path[k])
				rail[sd] = true
				if l := lines[sd]; len(l) == 0 || l[len(l)-1] != r.id {
					lines[sd] = append(lines[sd], r.id)
				}
			}
		}
	}
	for _, p := range s.places {
		if stations[p] && len(p.hexes) > 1 {
			railHub(p, hexes, rail, lines, rep)
		}
	}
	for sd := range lines {
		ids := lines[sd]
		sort.Strings(ids)
		out := ids[:0]
		for i, id := range ids {
			if i == 0 || id != ids[i-1] {
				out = append(out, id)
			}
		}
		lines[sd] = out
	}
	return rail, lines
}

// drowned reports whether every hex of a station is a sea hex of the map
// (Goes, on Zuid-Beveland, in the Western Scheldt's mouth 3814).
func drowned(p *place, hexes map[hex.Hex]*board.Hex) bool {
	for _, h := range p.hexes {
		if x, ok := hexes[h]; !ok || x.Terrain != board.Sea {
			return false
		}
	}
	return true
}

// railHub joins the hexes of a city drawn in several hexes (the rules'
// Paris 1804 1805 1905, Antwerp 3517 3616) into one station: each line
// ends in the hex of the city nearest where it comes from, and without
// these links the lines would end side by side without meeting (in 1914
// the Ceinture and the city's junctions joined every terminus). Every two
// adjacent hexes of the city are linked.
func railHub(p *place, hexes map[hex.Hex]*board.Hex, rail map[hex.Hexside]bool, lines map[hex.Hexside][]string, rep *report) {
	var hs []hex.Hex
	for _, h := range p.hexes {
		if x, ok := hexes[h]; ok && x.Terrain != board.Sea {
			hs = append(hs, h)
		}
	}
	link := func(a, b hex.Hex) {
		sd, _ := hex.HexsideBetween(a, b)
		rail[sd] = true
		lines[sd] = append(lines[sd], hubLine)
	}
	for i := range hs {
		for j := i + 1; j < len(hs); j++ {
			if hex.Adjacent(hs[i], hs[j]) {
				link(hs[i], hs[j])
			}
		}
	}
	// A city whose hexes do not all touch is not one hub by itself: the
	// generator says so, and a rail override (1804/1805 rail add) joins it.
	seen := map[hex.Hex]bool{}
	if len(hs) > 0 {
		q := []hex.Hex{hs[0]}
		seen[hs[0]] = true
		for len(q) > 0 {
			h := q[0]
			q = q[1:]
			for _, n := range hs {
				if !seen[n] && hex.Adjacent(h, n) {
					seen[n] = true
					q = append(q, n)
				}
			}
		}
	}
	if len(seen) < len(hs) {
		rep.addf("rail hub %s: its hexes %v do not all touch; join them with rail overrides", p.name, hs)
	}
}

// stationHex is the hex of a station; for a place in several hexes (Paris)
// the one nearest to the other end of the hop.
func stationHex(p, toward *place) hex.Hex {
	best, bd := p.hexes[0], math.Inf(1)
	for _, h := range p.hexes {
		if d := dist(centre(h), toward.at); d < bd {
			best, bd = h, d
		}
	}
	return best
}

// railPath is Dijkstra over hexes from a to b: each step costs 1, plus a
// small penalty for straying from the straight line between the two station hexes, so the result
// is a shortest path (the penalty never outweighs a step) and, among
// shortest paths, the straightest. Sea hexes of the map are barred.
func railPath(a, b hex.Hex, hexes map[hex.Hex]*board.Hex) []hex.Hex {
	if a == b {
		return []hex.Hex{a}
	}
	minC, maxC := min(a.Col, b.Col)-4, max(a.Col, b.Col)+4
	minR, maxR := min(a.Row, b.Row)-4, max(a.Row, b.Row)+4
	pen := func(h hex.Hex) float64 {
		return 0.01 * segDist(centre(h), centre(a), centre(b))
	}
	passable := func(h hex.Hex) bool {
		if h.Col < minC || h.Col > maxC || h.Row < minR || h.Row > maxR {
			return false
		}
		x, ok := hexes[h]
		return !ok || x.Terrain != board.Sea || h == a || h == b
	}
	dist := map[hex.Hex]float64{a: 0}
	prev := map[hex.Hex]hex.Hex{}
	q := &pq{{a, 0}}
	for q.Len() > 0 {
		it := heap.Pop(q).(item)
		if it.d > dist[it.h] {
			continue
		}
		if it.h == b {
			break
		}
		for _, n := range it.h.Neighbors() {
			if !passable(n) {
				continue
			}
			nd := it.d + 1 + pen(n)
			if d, ok := dist[n]; !ok || nd < d-1e-12 {
				dist[n] = nd
				prev[n] = it.h
				heap.Push(q, item{n, nd})
			}
		}
	}
	if _, ok := dist[b]; !ok {
		return nil
	}
	var path []hex.Hex
	for h := b; h != a; h = prev[h] {
		path = append(path, h)
	}
	path = append(path, a)
	for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
	}
	return path
}

// segDist is the distance from p to the segment a-b.
func segDist(p, a, b pt) float64 {
	du, dv := b.U-a.U, b.V-a.V
	l2 := du*du + dv*dv
	if l2 == 0 {
		return dist(p, a)
	}
	t := math.Max(0, math.Min(1, ((p.U-a.U)*du+(p.V-a.V)*dv)/l2))
	return dist(p, pt{a.U + t*du, a.V + t*dv})
}

type item struct {
	h hex.Hex
	d float64
}

// pq orders by distance, then by hex, so that ties break the same way on
// every run (determinism).
type pq []item

func (q pq) Len() int { return len(q) }
func (q pq) Less(i, j int) bool {
	if q[i].d != q[j].d {
		return q[i].d < q[j].d
	}
	return hex.Less(q[i].h, q[j].h)
}
func (q pq) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *pq) Push(x any)   { *q = append(*q, x.(item)) }
func (q *pq) Pop() any     { o := *q; it := o[len(o)-1]; *q = o[:len(o)-1]; return it }
