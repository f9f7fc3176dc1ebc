package main

import (
	"math"

	"rtrbot/engine/hex"
)

// grid is the affine transform of shared design map-grid.md, fitted by
// least squares through the 20 places the rules put in named hexes:
//
//	X = lon * 111.32 * cos(49.5°)   Y = (lat - 49.5) * 110.57   (km)
//	U = a X + b Y + u0              V = c X + d Y + v0           (hex widths)
//
// where a hex centre sits at U = XX*sqrt(3)/2, V = YY (+0.5 in even
// columns: the even-q layout). Hex space is where the generator works:
// geography is projected into it once, and every test (point in polygon,
// river across a hexside) is done there.
type grid struct {
	a, b, u0 float64
	c, d, v0 float64
	// anchors, when set, bend the affine locally so that the places the
	// rules pin land exactly in their hexes (see warp).
	anchors []anchor
}

// anchor is a place the rules pin: where the affine puts it, and where the
// rules' hexes say it is (the centroid of its hexes).
type anchor struct {
	at, want pt
}

var mapGrid = grid{
	a: -0.009127, b: 0.061627, u0: 21.7962,
	c: 0.064208, d: 0.010044, v0: -5.2828,
}

var (
	kmPerLonDeg = 111.32 * math.Cos(49.5*math.Pi/180)
	colWidth    = math.Sqrt(3) / 2
)

const kmPerLatDeg = 110.57

// toHexSpace projects a latitude/longitude into hex space: the affine,
// then the local correction towards the rules' anchors.
func (g grid) toHexSpace(lat, lon float64) pt {
	return g.warp(g.affine(lat, lon))
}

func (g grid) affine(lat, lon float64) pt {
	x := lon * kmPerLonDeg
	y := (lat - 49.5) * kmPerLatDeg
	return pt{g.a*x + g.b*y + g.u0, g.c*x + g.d*y + g.v0}
}

// warp moves a point by the inverse-distance-weighted miss of the anchors,
// fading out with distance: d(p) = Σ wᵢ mᵢ / (Σ wᵢ + w₀), wᵢ = 1/|p − aᵢ|²,
// w₀ = 1/warpRadius². At an anchor the miss is corrected exactly (Calais
// lands in 3506, Strasbourg in 1330, and the coast and the Rhine beside
// them move with them); warpRadius hexes away half of it is; far from every
// anchor nothing moves. The least-squares fit leaves misses of 0.1-1.1 hex.
func (g grid) warp(p pt) pt {
	if len(g.anchors) == 0 {
		return p
	}
	var su, sv, sw float64
	for _, a := range g.anchors {
		d2 := (p.U-a.at.U)*(p.U-a.at.U) + (p.V-a.at.V)*(p.V-a.at.V)
		if d2 < 1e-12 {
			return pt{p.U + a.want.U - a.at.U, p.V + a.want.V - a.at.V}
		}
		w := 1 / d2
		su += w * (a.want.U - a.at.U)
		sv += w * (a.want.V - a.at.V)
		sw += w
	}
	sw += 1 / (warpRadius * warpRadius)
	return pt{p.U + su/sw, p.V + sv/sw}
}

// warpRadius is the distance (hex widths) at which an anchor's correction
// has faded to half.
const warpRadius = 3.0

// withAnchors returns the grid bent towards the given places: each the
// affine image of (lat, lon) and the hexes the rules give it.
func (g grid) withAnchors(places []anchorPlace) grid {
	g.anchors = nil
	for _, p := range places {
		var want pt
		for _, h := range p.hexes {
			c := centre(h)
			want.U += c.U / float64(len(p.hexes))
			want.V += c.V / float64(len(p.hexes))
		}
		g.anchors = append(g.anchors, anchor{at: g.affine(p.lat, p.lon), want: want})
	}
	return g
}

type anchorPlace struct {
	lat, lon float64
	hexes    []hex.Hex
}

// latLon inverts the affine (without the anchors' local correction): the
// latitude/longitude of a hex-space point.
func (g grid) latLon(p pt) (lat, lon float64) {
	du, dv := p.U-g.u0, p.V-g.v0
	det := g.a*g.d - g.b*g.c
	x := (g.d*du - g.b*dv) / det
	y := (-g.c*du + g.a*dv) / det
	return y/kmPerLatDeg + 49.5, x / kmPerLonDeg
}

// centre is the hex-space centre of h.
func centre(h hex.Hex) pt {
	v := float64(h.Row)
	if h.Col%2 == 0 {
		v += 0.5
	}
	return pt{float64(h.Col) * colWidth, v}
}

// hexAt is the hex whose centre is nearest to p (columns and rows may be
// 0 or negative: off the map).
func hexAt(p pt) hex.Hex {
	c0 := int(math.Round(p.U / colWidth))
	best, bestD := hex.Hex{}, math.Inf(1)
	for c := c0 - 1; c <= c0+1; c++ {
		off := 0.0
		if c%2 == 0 {
			off = 0.5
		}
		r0 := int(math.Round(p.V - off))
		for r := r0 - 1; r <= r0+1; r++ {
			h := hex.New(c, r)
			if d := dist(centre(h), p); d < bestD {
				best, bestD = h, d
			}
		}
	}
	return best
}

func dist(a, b pt) float64 { return math.Hypot(a.U-b.U, a.V-b.V) }

// samples are the centre and the six points half-way to the corners: the
// points at which the generator asks what lies in a hex. In hex space the
// corners of a hex lie at distance 1/sqrt(3) from its centre, at 0°, 60°, ...
func samples(h hex.Hex) [7]pt {
	c := centre(h)
	var out [7]pt
	out[0] = c
	r := 0.5 / math.Sqrt(3)
	for i := 0; i < 6; i++ {
		a := float64(i) * math.Pi / 3
		out[i+1] = pt{c.U + r*math.Cos(a), c.V + r*math.Sin(a)}
	}
	return out
}

// segmentsCross reports whether segment p1-p2 properly crosses q1-q2.
func segmentsCross(p1, p2, q1, q2 pt) bool {
	d1 := cross(q1, q2, p1)
	d2 := cross(q1, q2, p2)
	d3 := cross(p1, p2, q1)
	d4 := cross(p1, p2, q2)
	return ((d1 > 0) != (d2 > 0)) && ((d3 > 0) != (d4 > 0)) && d1 != 0 && d2 != 0 && d3 != 0 && d4 != 0
}

func cross(o, a, b pt) float64 { return (a.U-o.U)*(b.V-o.V) - (a.V-o.V)*(b.U-o.U) }

// fineSamples are 19 points spread over the hex (centre, and two rings of
// six towards the corners and towards the edges) for terrain regions,
// whose small hand-drawn outlines the 7 samples would miss.
func fineSamples(h hex.Hex) []pt {
	c := centre(h)
	out := []pt{c}
	corner := 1 / math.Sqrt(3)
	for i := 0; i < 6; i++ {
		a := float64(i) * math.Pi / 3
		for _, f := range []float64{0.33, 0.72} {
			out = append(out, pt{c.U + f*corner*math.Cos(a), c.V + f*corner*math.Sin(a)})
		}
		b := a + math.Pi/6 // towards the middle of an edge, at distance 0.5
		out = append(out, pt{c.U + 0.3*math.Cos(b), c.V + 0.3*math.Sin(b)})
	}
	return out
}
