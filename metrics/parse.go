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
	out := map[string]float64{}
	types := map[string]string{}
	helps := map[string]bool{}
	type hist struct {
		last     float64
		inf      float64
		hasInf   bool
		count    float64
		hasCount bool
	}
	hists := map[string]*hist{} // by name and labels other than le
	for n, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		fail := func(format string, args ...any) error {
			return fmt.Errorf("line %d %q: %s", n+1, line, fmt.Sprintf(format, args...))
		}
		if line == "" {
			continue
		}
		if rest, ok := strings.CutPrefix(line, "# "); ok {
			kind, rest, _ := strings.Cut(rest, " ")
			name, arg, _ := strings.Cut(rest, " ")
			switch kind {
			case "HELP":
				if helps[name] {
					return nil, fail("a second HELP for %s", name)
				}
				helps[name] = true
			case "TYPE":
				if types[name] != "" {
					return nil, fail("a second TYPE for %s", name)
				}
				switch arg {
				case "counter", "gauge", "histogram", "summary", "untyped":
				default:
					return nil, fail("unknown type %q", arg)
				}
				types[name] = arg
			}
			continue
		}
		name, labels, val, err := sample(line)
		if err != nil {
			return nil, fail("%v", err)
		}
		family, typ := name, types[name]
		if typ == "" {
			for _, suf := range []string{"_bucket", "_sum", "_count"} {
				if base, ok := strings.CutSuffix(name, suf); ok && types[base] == "histogram" {
					family, typ = base, "histogram"
				}
			}
		}
		if typ == "" || !helps[family] {
			return nil, fail("no HELP and TYPE before the sample of %s", name)
		}
		if typ == "counter" && val < 0 {
			return nil, fail("a negative counter")
		}
		key := name + render(labels)
		if _, dup := out[key]; dup {
			return nil, fail("a second sample %s", key)
		}
		out[key] = val
		if typ == "histogram" {
			le, isBucket := labels["le"]
			rest := map[string]string{}
			for k, v := range labels {
				if k != "le" {
					rest[k] = v
				}
			}
			hk := family + render(rest)
			h := hists[hk]
			if h == nil {
				h = &hist{last: math.Inf(-1)}
				hists[hk] = h
			}
			switch {
			case strings.HasSuffix(name, "_bucket") && isBucket:
				if h.hasInf {
					return nil, fail("a bucket after le=\"+Inf\"")
				}
				if val < h.last {
					return nil, fail("buckets not cumulative")
				}
				h.last = val
				if le == "+Inf" {
					h.inf, h.hasInf = val, true
				}
			case strings.HasSuffix(name, "_count"):
				h.count, h.hasCount = val, true
			case strings.HasSuffix(name, "_sum"):
			default:
				return nil, fail("not a histogram's sample")
			}
		}
	}
	for k, h := range hists {
		if !h.hasInf || !h.hasCount || h.inf != h.count {
			return nil, fmt.Errorf("histogram %s: le=\"+Inf\" bucket %v (present %v), _count %v (present %v)", k, h.inf, h.hasInf, h.count, h.hasCount)
		}
	}
	return out, nil
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
