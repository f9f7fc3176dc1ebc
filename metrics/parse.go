package metrics

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// Parse reads the text exposition format strictly, as a check of what
// WriteTo writes (the tests scrape the bot with it): every sample belongs
// to a metric with one HELP and one TYPE line before it; label values are
// unescaped; a histogram's buckets are cumulative, end with le="+Inf", and
// that bucket equals its _count. It gives each sample's value by its key,
// the metric's name and its labels sorted: name{a="x",b="y"}.
func Parse(text string) (map[string]float64, error) {
	p := parser{out: map[string]float64{}, types: map[string]string{}, helps: map[string]bool{}, hists: map[string]*hist{}}
	for n, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		if line == "" {
			continue
		}
		var err error
		if rest, ok := strings.CutPrefix(line, "# "); ok {
			err = p.comment(rest)
		} else {
			err = p.sample(line)
		}
		if err != nil {
			return nil, fmt.Errorf("line %d %q: %v", n+1, line, err)
		}
	}
	for k, h := range p.hists {
		if !h.hasInf || !h.hasCount || h.inf != h.count {
			return nil, fmt.Errorf("histogram %s: le=\"+Inf\" bucket %v (present %v), _count %v (present %v)", k, h.inf, h.hasInf, h.count, h.hasCount)
		}
	}
	return p.out, nil
}

// parser is what Parse has read so far.
type parser struct {
	out   map[string]float64
	types map[string]string
	helps map[string]bool
	hists map[string]*hist // by name and labels other than le
}

// hist is what one histogram's samples have said.
type hist struct {
	last     float64
	inf      float64
	hasInf   bool
	count    float64
	hasCount bool
}

// comment reads a HELP or TYPE line (the text after "# ").
func (p *parser) comment(rest string) error {
	kind, rest, _ := strings.Cut(rest, " ")
	name, arg, _ := strings.Cut(rest, " ")
	switch kind {
	case "HELP":
		if p.helps[name] {
			return fmt.Errorf("a second HELP for %s", name)
		}
		p.helps[name] = true
	case "TYPE":
		if p.types[name] != "" {
			return fmt.Errorf("a second TYPE for %s", name)
		}
		switch arg {
		case "counter", "gauge", "histogram", "summary", "untyped":
		default:
			return fmt.Errorf("unknown type %q", arg)
		}
		p.types[name] = arg
	}
	return nil
}

// sample reads a sample line, which must follow its family's HELP and TYPE.
func (p *parser) sample(line string) error {
	name, labels, val, err := sample(line)
	if err != nil {
		return err
	}
	family, typ := name, p.types[name]
	if typ == "" {
		for _, suf := range []string{"_bucket", "_sum", "_count"} {
			if base, ok := strings.CutSuffix(name, suf); ok && p.types[base] == "histogram" {
				family, typ = base, "histogram"
			}
		}
	}
	if typ == "" || !p.helps[family] {
		return fmt.Errorf("no HELP and TYPE before the sample of %s", name)
	}
	if typ == "counter" && val < 0 {
		return fmt.Errorf("a negative counter")
	}
	key := name + render(labels)
	if _, dup := p.out[key]; dup {
		return fmt.Errorf("a second sample %s", key)
	}
	p.out[key] = val
	if typ == "histogram" {
		return p.histogram(family, name, labels, val)
	}
	return nil
}

// histogram checks one histogram sample: buckets cumulative up to
// le="+Inf", which must equal _count.
func (p *parser) histogram(family, name string, labels map[string]string, val float64) error {
	le, isBucket := labels["le"]
	rest := map[string]string{}
	for k, v := range labels {
		if k != "le" {
			rest[k] = v
		}
	}
	hk := family + render(rest)
	h := p.hists[hk]
	if h == nil {
		h = &hist{last: math.Inf(-1)}
		p.hists[hk] = h
	}
	switch {
	case strings.HasSuffix(name, "_bucket") && isBucket:
		if h.hasInf {
			return fmt.Errorf("a bucket after le=\"+Inf\"")
		}
		if val < h.last {
			return fmt.Errorf("buckets not cumulative")
		}
		h.last = val
		if le == "+Inf" {
			h.inf, h.hasInf = val, true
		}
	case strings.HasSuffix(name, "_count"):
		h.count, h.hasCount = val, true
	case strings.HasSuffix(name, "_sum"):
	default:
		return fmt.Errorf("not a histogram's sample")
	}
	return nil
}

// sample reads name{labels} value.
func sample(line string) (string, map[string]string, float64, error) {
	labels := map[string]string{}
	i := strings.IndexAny(line, "{ ")
	if i <= 0 {
		return "", nil, 0, fmt.Errorf("no name")
	}
	name, rest := line[:i], line[i:]
	if rest[0] == '{' {
		rest = rest[1:]
		for {
			if strings.HasPrefix(rest, "}") {
				rest = rest[1:]
				break
			}
			eq := strings.Index(rest, `="`)
			if eq <= 0 {
				return "", nil, 0, fmt.Errorf("a label without =\"")
			}
			k := rest[:eq]
			rest = rest[eq+2:]
			var v strings.Builder
			closed := false
			for j := 0; j < len(rest); j++ {
				c := rest[j]
				if c == '\\' && j+1 < len(rest) {
					j++
					switch rest[j] {
					case 'n':
						v.WriteByte('\n')
					case '\\', '"':
						v.WriteByte(rest[j])
					default:
						return "", nil, 0, fmt.Errorf("bad escape \\%c", rest[j])
					}
					continue
				}
				if c == '"' {
					rest, closed = rest[j+1:], true
					break
				}
				if c == '\n' {
					return "", nil, 0, fmt.Errorf("an unescaped line feed")
				}
				v.WriteByte(c)
			}
			if !closed {
				return "", nil, 0, fmt.Errorf("an unclosed label value")
			}
			if _, dup := labels[k]; dup {
				return "", nil, 0, fmt.Errorf("label %s twice", k)
			}
			labels[k] = v.String()
			rest = strings.TrimPrefix(rest, ",")
		}
	}
	f := strings.Fields(rest)
	if len(f) < 1 || len(f) > 2 {
		return "", nil, 0, fmt.Errorf("want a value (and a time stamp)")
	}
	v, err := strconv.ParseFloat(f[0], 64)
	if err != nil {
		return "", nil, 0, err
	}
	return name, labels, v, nil
}

// render writes labels as a key: sorted, escaped as in the format.
func render(labels map[string]string) string {
	if len(labels) == 0 {
		return ""
	}
	keys := make([]string, 0, len(labels))
	for k := range labels {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf(`%s="%s"`, k, escapeLabel(labels[k])))
	}
	return "{" + strings.Join(parts, ",") + "}"
}

// Key is the key Parse gives a sample: the name, and the labels as pairs
// of name and value.
func Key(name string, pairs ...string) string {
	m := map[string]string{}
	for i := 0; i+1 < len(pairs); i += 2 {
		m[pairs[i]] = pairs[i+1]
	}
	return name + render(m)
}
