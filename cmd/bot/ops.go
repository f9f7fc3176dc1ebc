package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"time"

	"rtrbot/commands"
	"rtrbot/db"
	"rtrbot/metrics"
)

// ops is what the operator sees of the running bot (RTRBOT_METRICS,
// docs/operating.md): /metrics in Prometheus's text format and /healthz.
type ops struct {
	reg          *metrics.Registry
	interactions *metrics.Counter
	answers      *metrics.Histogram
	errors       *metrics.Counter
	store        *db.Store
	// gateway says whether Discord's gateway is connected; nil in
	// console mode (no gateway), and before the adapter exists.
	gateway atomic.Pointer[func() bool]
	console bool
}

// answerBuckets are the answer latency histogram's bounds, in seconds:
// Discord wants an answer (or a deferral) within 3 s.
var answerBuckets = []float64{0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30}

func newOps(console bool) *ops {
	reg := metrics.New()
	return &ops{
		reg:     reg,
		console: console,
		interactions: reg.Counter("rtrbot_interactions_total",
			"Commands run (slash commands, buttons, console lines), by command and outcome (ok, unknown, invalid, panic).", "command", "outcome"),
		answers: reg.Histogram("rtrbot_answer_seconds",
			"Time from a command's arrival to its answer, in seconds.", answerBuckets),
		errors: reg.Counter("rtrbot_errors_total",
			"Errors written to the operator's log (level ERROR): failed loads, failed writes, panics."),
	}
}

// observe is the router's observer.
func (o *ops) observe(command, outcome string, took time.Duration) {
	o.interactions.Inc(command, outcome)
	o.answers.Observe(took.Seconds())
}

// watch adds the gauges read at each scrape: the games by status, the map
// drawing queue, the database's size, the gateway.
func (o *ops) watch(store *db.Store, bot *commands.Bot, log *slog.Logger) {
	o.store = store
	o.reg.GaugeFunc("rtrbot_games", "Games in the database, by status (active, damaged, finished, abandoned).", []string{"status"}, func() []metrics.Sample {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		n, err := store.CountGames(ctx)
		if err != nil {
			log.Error("metrics: counting the games", "err", err)
			return nil
		}
		var out []metrics.Sample
		for _, st := range []db.Status{db.Active, db.Damaged, db.Finished, db.Abandoned} {
			out = append(out, metrics.Sample{Labels: []string{string(st)}, Value: float64(n[st])})
		}
		return out
	})
	o.reg.GaugeFunc("rtrbot_map_drawings", "Maps being drawn and maps waiting for their turn.", []string{"state"}, func() []metrics.Sample {
		waiting, drawing, _ := bot.MapQueue()
		return []metrics.Sample{{Labels: []string{"waiting"}, Value: float64(waiting)}, {Labels: []string{"drawing"}, Value: float64(drawing)}}
	})
	o.reg.GaugeFunc("rtrbot_map_drawing_slots", "How many maps may be drawn at once.", nil, func() []metrics.Sample {
		_, _, slots := bot.MapQueue()
		return []metrics.Sample{{Value: float64(slots)}}
	})
	o.reg.GaugeFunc("rtrbot_database_bytes", "Size of the database file and its write-ahead log, in bytes.", nil, func() []metrics.Sample {
		n, err := store.Size()
		if err != nil {
			return nil
		}
		return []metrics.Sample{{Value: float64(n)}}
	})
	o.reg.GaugeFunc("rtrbot_gateway_connected", "1 while Discord's gateway is connected, else 0; no sample in console mode.", nil, func() []metrics.Sample {
		if o.console {
			return nil
		}
		v := 0.0
		if g := o.gateway.Load(); g != nil && (*g)() {
			v = 1
		}
		return []metrics.Sample{{Value: v}}
	})
}

// ServeHTTP answers /healthz: 200 when the gateway is connected (in
// console mode there is none, and it says so) and the database takes
// writes, else 503; each line says one thing.
func (o *ops) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ok := true
	var lines []string
	switch g := o.gateway.Load(); {
	case o.console:
		lines = append(lines, "gateway: none, console mode (no DISCORD_TOKEN)")
	case g == nil:
		ok = false
		lines = append(lines, "gateway: not connected yet (starting)")
	case (*g)():
		lines = append(lines, "gateway: connected")
	default:
		ok = false
		lines = append(lines, "gateway: not connected (reconnecting)")
	}
	ctx, cancel := context.WithTimeout(r.Context(), 5*time.Second)
	defer cancel()
	if o.store == nil {
		ok = false
		lines = append(lines, "database: not open")
	} else if err := o.store.Writable(ctx); err != nil {
		ok = false
		lines = append(lines, fmt.Sprintf("database: not writable: %v", err))
	} else {
		lines = append(lines, "database: writable")
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	if ok {
		w.WriteHeader(http.StatusOK)
		lines = append([]string{"ok"}, lines...)
	} else {
		w.WriteHeader(http.StatusServiceUnavailable)
		lines = append([]string{"unhealthy"}, lines...)
	}
	fmt.Fprintln(w, strings.Join(lines, "\n"))
}

// serve listens on addr (RTRBOT_METRICS) and serves /metrics and /healthz
// until ctx ends. It returns once listening, with the address listened on.
func (o *ops) serve(ctx context.Context, addr string, log *slog.Logger) (net.Addr, func(), error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, nil, fmt.Errorf("RTRBOT_METRICS/-metrics: cannot listen on %s: %w", addr, err)
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", o.reg)
	mux.Handle("GET /healthz", o)
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	done := make(chan struct{})
	go func() {
		defer close(done)
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("metrics server", "err", err)
		}
	}()
	stop := func() {
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(sctx)
		<-done
	}
	return ln.Addr(), stop, nil
}

// countErrors is a log handler that counts the records at level ERROR.
type countErrors struct {
	slog.Handler
	n *metrics.Counter
}

func (h countErrors) Handle(ctx context.Context, r slog.Record) error {
	if r.Level >= slog.LevelError {
		h.n.Inc()
	}
	return h.Handler.Handle(ctx, r)
}

func (h countErrors) WithAttrs(as []slog.Attr) slog.Handler {
	return countErrors{h.Handler.WithAttrs(as), h.n}
}

func (h countErrors) WithGroup(name string) slog.Handler {
	return countErrors{h.Handler.WithGroup(name), h.n}
}
