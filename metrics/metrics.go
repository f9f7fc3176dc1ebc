// Package metrics keeps the bot's counters, gauges and histograms and
// writes them in Prometheus's text exposition format (version 0.0.4), for
// the operator's scraper: a few dozen lines of the standard library in
// place of the Prometheus client and its dependencies. Each metric has its
// HELP and TYPE lines; label values are escaped; a histogram's buckets are
// cumulative and end with +Inf, followed by its _sum and _count.
// docs/operating.md lists the bot's metrics.
package metrics

import (
	"fmt"
	"io"
	"math"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// Registry is a set of metrics, written in the order they were made.
type Registry struct {
	mu      sync.Mutex
	metrics []metric
	names   map[string]bool
}

type metric interface {
	write(w *strings.Builder)
}

// New makes an empty registry.
func New() *Registry { return &Registry{names: map[string]bool{}} }

func (r *Registry) add(name string, m metric) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.names[name] {
		panic("metrics: " + name + " registered twice") // a programming error at start-up
	}
	r.names[name] = true
	r.metrics = append(r.metrics, m)
}

// WriteTo writes every metric in the text exposition format.
func (r *Registry) WriteTo(w io.Writer) (int64, error) {
	r.mu.Lock()
	ms := slices.Clone(r.metrics)
	r.mu.Unlock()
	var b strings.Builder
	for _, m := range ms {
		m.write(&b)
	}
	n, err := io.WriteString(w, b.String())
	return int64(n), err
}

// ContentType is the text exposition format's media type.
const ContentType = "text/plain; version=0.0.4; charset=utf-8"

// ServeHTTP serves the metrics (GET /metrics).
func (r *Registry) ServeHTTP(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", ContentType)
	r.WriteTo(w)
}

// header writes a metric's HELP and TYPE lines.
func header(b *strings.Builder, name, help, typ string) {
	fmt.Fprintf(b, "# HELP %s %s\n# TYPE %s %s\n", name, escapeHelp(help), name, typ)
}

// escapeHelp escapes a HELP text: backslash and line feed.
func escapeHelp(s string) string {
	return strings.NewReplacer(`\`, `\\`, "\n", `\n`).Replace(s)
}

// escapeLabel escapes a label value: backslash, double quote, line feed.
func escapeLabel(s string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`).Replace(s)
}

// labels writes {a="x",b="y"}, or nothing for no labels.
func labels(names, values []string) string {
	if len(names) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteByte('{')
	for i, n := range names {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `%s="%s"`, n, escapeLabel(values[i]))
	}
	b.WriteByte('}')
	return b.String()
}

// value writes a sample's value as the format wants it.
func value(v float64) string {
	switch {
	case math.IsInf(v, 1):
		return "+Inf"
	case math.IsInf(v, -1):
		return "-Inf"
	case math.IsNaN(v):
		return "NaN"
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// Counter is a count that only goes up, by its label values.
type Counter struct {
	name, help string
	labels     []string
	mu         sync.Mutex
	values     map[string]float64 // by label values joined with \xff
}

// Counter makes a counter with the given label names. Its name should end
// in _total.
func (r *Registry) Counter(name, help string, labelNames ...string) *Counter {
	c := &Counter{name: name, help: help, labels: labelNames, values: map[string]float64{}}
	r.add(name, c)
	return c
}

// Inc adds one for the label values (as many as the label names).
func (c *Counter) Inc(labelValues ...string) { c.Add(1, labelValues...) }

// Add adds v (not negative) for the label values.
func (c *Counter) Add(v float64, labelValues ...string) {
	if len(labelValues) != len(c.labels) {
		panic(fmt.Sprintf("metrics: %s takes %d label values, not %d", c.name, len(c.labels), len(labelValues)))
	}
	if v < 0 {
		panic("metrics: a counter never goes down: " + c.name)
	}
	c.mu.Lock()
	c.values[strings.Join(labelValues, "\xff")] += v
	c.mu.Unlock()
}

// Value is the count for the label values.
func (c *Counter) Value(labelValues ...string) float64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.values[strings.Join(labelValues, "\xff")]
}

func (c *Counter) write(b *strings.Builder) {
	header(b, c.name, c.help, "counter")
	c.mu.Lock()
	keys := make([]string, 0, len(c.values))
	for k := range c.values {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		var vals []string
		if len(c.labels) > 0 {
			vals = strings.Split(k, "\xff")
		}
		fmt.Fprintf(b, "%s%s %s\n", c.name, labels(c.labels, vals), value(c.values[k]))
	}
	if len(c.labels) == 0 && len(keys) == 0 {
		fmt.Fprintf(b, "%s 0\n", c.name)
	}
	c.mu.Unlock()
}

// Histogram counts observations into buckets (upper bounds, ascending),
// with their sum and count.
type Histogram struct {
	name, help string
	bounds     []float64
	mu         sync.Mutex
	counts     []uint64 // per bucket, not cumulative; the last is +Inf
	sum        float64
	count      uint64
}

// Histogram makes a histogram with the given bucket upper bounds.
func (r *Registry) Histogram(name, help string, bounds []float64) *Histogram {
	if !slices.IsSorted(bounds) {
		panic("metrics: " + name + ": bucket bounds not ascending")
	}
	h := &Histogram{name: name, help: help, bounds: slices.Clone(bounds), counts: make([]uint64, len(bounds)+1)}
	r.add(name, h)
	return h
}

// Observe adds one observation.
func (h *Histogram) Observe(v float64) {
	i := sort.SearchFloat64s(h.bounds, v) // the first bound >= v: le is inclusive
	h.mu.Lock()
	h.counts[i]++
	h.sum += v
	h.count++
	h.mu.Unlock()
}

func (h *Histogram) write(b *strings.Builder) {
	header(b, h.name, h.help, "histogram")
	h.mu.Lock()
	defer h.mu.Unlock()
	var cum uint64
	for i, c := range h.counts {
		cum += c
		le := "+Inf"
		if i < len(h.bounds) {
			le = value(h.bounds[i])
		}
		fmt.Fprintf(b, "%s_bucket{le=\"%s\"} %d\n", h.name, le, cum)
	}
	fmt.Fprintf(b, "%s_sum %s\n%s_count %d\n", h.name, value(h.sum), h.name, h.count)
}

// Sample is one value of a gauge read when scraped, by its label values.
type Sample struct {
	Labels []string
	Value  float64
}

// gaugeFunc is a gauge whose samples are read when scraped.
type gaugeFunc struct {
	name, help string
	labels     []string
	read       func() []Sample
}

// GaugeFunc makes a gauge read by fn at each scrape; fn gives a sample for
// each set of label values (one sample with no labels when there are no
// label names). A sample whose labels do not match is left out.
func (r *Registry) GaugeFunc(name, help string, labelNames []string, fn func() []Sample) {
	r.add(name, &gaugeFunc{name: name, help: help, labels: labelNames, read: fn})
}

func (g *gaugeFunc) write(b *strings.Builder) {
	header(b, g.name, g.help, "gauge")
	for _, s := range g.read() {
		if len(s.Labels) != len(g.labels) {
			continue
		}
		fmt.Fprintf(b, "%s%s %s\n", g.name, labels(g.labels, s.Labels), value(s.Value))
	}
}
