package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// pt is a point in hex space (see grid.go): U along the columns, V along
// the rows, one unit = the distance between adjacent hex centres.
type pt struct{ U, V float64 }

// ring is a closed polygon ring; poly is a set of rings tested even-odd,
// so holes and multipolygons need no special case.
type ring []pt

type poly struct {
	rings            []ring
	minU, minV       float64
	maxU, maxV       float64
	props            map[string]any
	name, kind, code string
}

func (p *poly) contains(q pt) bool {
	if q.U < p.minU || q.U > p.maxU || q.V < p.minV || q.V > p.maxV {
		return false
	}
	in := false
	for _, r := range p.rings {
		n := len(r)
		for i, j := 0, n-1; i < n; j, i = i, i+1 {
			a, b := r[i], r[j]
			if (a.V > q.V) != (b.V > q.V) && q.U < (b.U-a.U)*(q.V-a.V)/(b.V-a.V)+a.U {
				in = !in
			}
		}
	}
	return in
}

// line is a river polyline in hex space.
type line struct {
	pts  []pt
	name string
	rank int
}

type feature struct {
	Properties map[string]any `json:"properties"`
	Geometry   struct {
		Type        string          `json:"type"`
		Coordinates json.RawMessage `json:"coordinates"`
	} `json:"geometry"`
}

func readFeatures(path string) ([]feature, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var fc struct {
		Type     string    `json:"type"`
		Features []feature `json:"features"`
	}
	if err := json.Unmarshal(b, &fc); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if fc.Type != "FeatureCollection" {
		return nil, fmt.Errorf("%s: not a GeoJSON FeatureCollection", path)
	}
	return fc.Features, nil
}

func str(props map[string]any, k string) string {
	if v, ok := props[k].(string); ok {
		return v
	}
	return ""
}

func num(props map[string]any, k string) float64 {
	if v, ok := props[k].(float64); ok {
		return v
	}
	return 0
}

// polygons reads (Multi)Polygon features into hex space.
func polygons(path string, g grid) ([]*poly, error) {
	fs, err := readFeatures(path)
	if err != nil {
		return nil, err
	}
	var out []*poly
	for i, f := range fs {
		var rings [][][2]float64
		switch f.Geometry.Type {
		case "Polygon":
			if err := json.Unmarshal(f.Geometry.Coordinates, &rings); err != nil {
				return nil, fmt.Errorf("%s feature %d: %w", path, i, err)
			}
		case "MultiPolygon":
			var mp [][][][2]float64
			if err := json.Unmarshal(f.Geometry.Coordinates, &mp); err != nil {
				return nil, fmt.Errorf("%s feature %d: %w", path, i, err)
			}
			for _, p := range mp {
				rings = append(rings, p...)
			}
		default:
			continue
		}
		p := &poly{props: f.Properties, minU: math.Inf(1), minV: math.Inf(1), maxU: math.Inf(-1), maxV: math.Inf(-1)}
		p.name, p.kind = str(f.Properties, "name"), str(f.Properties, "kind")
		p.code = str(f.Properties, "country")
		for _, r := range rings {
			rr := make(ring, len(r))
			for k, c := range r {
				q := g.toHexSpace(c[1], c[0])
				rr[k] = q
				p.minU, p.maxU = math.Min(p.minU, q.U), math.Max(p.maxU, q.U)
				p.minV, p.maxV = math.Min(p.minV, q.V), math.Max(p.maxV, q.V)
			}
			p.rings = append(p.rings, rr)
		}
		out = append(out, p)
	}
	return out, nil
}

// lines reads (Multi)LineString features into hex space.
func lines(path string, g grid) ([]line, error) {
	fs, err := readFeatures(path)
	if err != nil {
		return nil, err
	}
	var out []line
	for i, f := range fs {
		var parts [][][2]float64
		switch f.Geometry.Type {
		case "LineString":
			var l [][2]float64
			if err := json.Unmarshal(f.Geometry.Coordinates, &l); err != nil {
				return nil, fmt.Errorf("%s feature %d: %w", path, i, err)
			}
			parts = [][][2]float64{l}
		case "MultiLineString":
			if err := json.Unmarshal(f.Geometry.Coordinates, &parts); err != nil {
				return nil, fmt.Errorf("%s feature %d: %w", path, i, err)
			}
		default:
			continue
		}
		for _, l := range parts {
			ln := line{name: str(f.Properties, "name"), rank: int(num(f.Properties, "rank"))}
			for _, c := range l {
				ln.pts = append(ln.pts, g.toHexSpace(c[1], c[0]))
			}
			out = append(out, ln)
		}
	}
	return out, nil
}

// readTSV reads a tab-separated file with a header into maps by column.
func readTSV(path string) ([]map[string]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	var head []string
	var out []map[string]string
	n := 0
	for sc.Scan() {
		n++
		l := strings.TrimRight(sc.Text(), "\r")
		if l == "" {
			continue
		}
		fields := strings.Split(l, "\t")
		if head == nil {
			head = fields
			continue
		}
		if len(fields) > len(head) {
			return nil, fmt.Errorf("%s line %d: %d fields, header has %d", filepath.Base(path), n, len(fields), len(head))
		}
		row := map[string]string{}
		for i, h := range head {
			if i < len(fields) {
				row[h] = fields[i]
			}
		}
		out = append(out, row)
	}
	return out, sc.Err()
}

func atof(s string) float64 {
	v, _ := strconv.ParseFloat(strings.TrimSpace(s), 64)
	return v
}
