package metrics

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// The exposition output: HELP and TYPE lines, escaped label values and
// HELP texts, a counter with no samples yet, a histogram's cumulative
// buckets (le inclusive) ending with +Inf, its _sum and _count, a gauge
// read at the scrape; and Parse reads it all back.
func TestExposition(t *testing.T) {
	r := New()
	c := r.Counter("x_requests_total", "Requests, by path\nand \\ outcome.", "path", "outcome")
	h := r.Histogram("x_seconds", "Latency.", []float64{0.1, 1})
	r.Counter("x_errors_total", "Errors.")
	level := 3.0
	r.GaugeFunc("x_level", "A level.", []string{"kind"}, func() []Sample {
		return []Sample{{Labels: []string{"a"}, Value: level}, {Labels: []string{"b"}, Value: 0.5}}
	})
	c.Inc("game new", "ok")
	c.Inc("game new", "ok")
	c.Inc("a \"quoted\"\\path\n", "panic")
	for _, v := range []float64{0.05, 0.1, 0.5, 7} {
		h.Observe(v)
	}
	srv := httptest.NewServer(r)
	defer srv.Close()
	scrape := func() (string, map[string]float64) {
		t.Helper()
		resp, err := http.Get(srv.URL)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if ct := resp.Header.Get("Content-Type"); ct != ContentType {
			t.Errorf("content type %q", ct)
		}
		var b strings.Builder
		buf := make([]byte, 4096)
		for {
			n, err := resp.Body.Read(buf)
			b.Write(buf[:n])
			if err != nil {
				break
			}
		}
		got, err := Parse(b.String())
		if err != nil {
			t.Fatalf("%v\n%s", err, b.String())
		}
		return b.String(), got
	}
	text, got := scrape()
	for _, line := range []string{
		"# HELP x_requests_total Requests, by path\\nand \\\\ outcome.\n# TYPE x_requests_total counter\n",
		`x_requests_total{path="a \"quoted\"\\path\n",outcome="panic"} 1` + "\n",
		`x_requests_total{path="game new",outcome="ok"} 2` + "\n",
		"# TYPE x_seconds histogram\n" + `x_seconds_bucket{le="0.1"} 2` + "\n" + `x_seconds_bucket{le="1"} 3` + "\n" + `x_seconds_bucket{le="+Inf"} 4` + "\nx_seconds_sum 7.65\nx_seconds_count 4\n",
		"# TYPE x_errors_total counter\nx_errors_total 0\n",
		"# TYPE x_level gauge\n" + `x_level{kind="a"} 3` + "\n" + `x_level{kind="b"} 0.5` + "\n",
	} {
		if !strings.Contains(text, line) {
			t.Errorf("the output lacks\n%s\nin\n%s", line, text)
		}
	}
	want := map[string]float64{
		Key("x_requests_total", "path", "a \"quoted\"\\path\n", "outcome", "panic"): 1,
		Key("x_requests_total", "path", "game new", "outcome", "ok"):                2,
		Key("x_seconds_bucket", "le", "+Inf"):                                       4,
		Key("x_level", "kind", "a"):                                                 3,
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %v, want %v", k, got[k], v)
		}
	}
	// The values move.
	c.Inc("game new", "ok")
	level = 4
	if _, got = scrape(); got[Key("x_requests_total", "path", "game new", "outcome", "ok")] != 3 || got[Key("x_level", "kind", "a")] != 4 {
		t.Errorf("after more: %v", got)
	}
}

// Parse refuses what a scraper would: samples without HELP and TYPE,
// buckets that are not cumulative, a histogram without +Inf or whose +Inf
// differs from its count, broken escapes.
func TestParseRefuses(t *testing.T) {
	for name, text := range map[string]string{
		"no type":        "x 1\n",
		"not cumulative": "# HELP h h\n# TYPE h histogram\nh_bucket{le=\"1\"} 3\nh_bucket{le=\"+Inf\"} 2\nh_sum 1\nh_count 2\n",
		"no +Inf":        "# HELP h h\n# TYPE h histogram\nh_bucket{le=\"1\"} 3\nh_sum 1\nh_count 3\n",
		"+Inf not count": "# HELP h h\n# TYPE h histogram\nh_bucket{le=\"+Inf\"} 3\nh_sum 1\nh_count 4\n",
		"bad escape":     "# HELP x x\n# TYPE x gauge\nx{a=\"\\q\"} 1\n",
		"negative count": "# HELP x_total x\n# TYPE x_total counter\nx_total -1\n",
	} {
		if _, err := Parse(text); err == nil {
			t.Errorf("%s: parsed", name)
		}
	}
}
