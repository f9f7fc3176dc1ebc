// Package discord connects the command router to Discord: it registers the
// router's commands as slash commands, turns each interaction into a
// commands.Request, runs it, and carries the commands.Response back,
// within Discord's 3-second window. It is the only package that imports
// discordgo; the commands never see Discord.
package discord

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"rtrbot/commands"
)

// Config is how the bot reaches Discord.
type Config struct {
	Token string
	// API stands for https://discord.com/api (RTRBOT_DISCORD_API), so
	// that the same binary runs against a fake or compatible server.
	API string
	// Guilds are the guilds to register commands in (RTRBOT_GUILDS):
	// they appear at once there. Empty registers them globally, which
	// Discord may take a while to show everywhere.
	Guilds []string
	// ShardID and ShardCount split the guilds between processes
	// (SHARD_ID, SHARD_COUNT); see docs/scaling.md.
	ShardID, ShardCount int
	// DeferAfter is how long a fast command may run before the adapter
	// defers it anyway. Discord drops an interaction not acknowledged
	// within 3 s; the rest of the budget is for the network.
	DeferAfter time.Duration
	// Grace is how long shutdown waits for commands still running.
	Grace time.Duration
	// MaxUpload caps the size of an attachment a user gives a command.
	MaxUpload int64
	// MaxSlow is how many Slow commands (map pictures, exports) run at
	// once; more wait their turn, already deferred, so that a burst
	// cannot exhaust memory. Default: the number of CPUs.
	MaxSlow int
	// MaxSlowPerUser is how many Slow commands one user may have under
	// way; more are refused politely, so one impatient player cannot
	// queue the club behind him. Default 2.
	MaxSlowPerUser int
	// Operators are the user IDs of the people who run the bot
	// (RTRBOT_OPERATORS): their requests carry Operator, for commands
	// over every guild such as backups.
	Operators []string
	// Now is the clock requests carry (default time.Now): the bot's own,
	// so that deadlines set by a command and checked by a timer agree.
	Now func() time.Time
	// Dial replaces the network dialer (tests: loopback only).
	Dial Dialer
	Log  *slog.Logger
}

// Adapter serves one router on one Discord session (one shard).
type Adapter struct {
	cfg    Config
	router *commands.Router
	log    *slog.Logger
	s      *discordgo.Session

	ready   chan *discordgo.Ready
	slow    chan struct{}  // one token per Slow command running
	slowBy  map[string]int // user ID: Slow commands under way
	appID   string
	work    sync.WaitGroup // interactions being answered
	ctx     context.Context
	cancel  context.CancelFunc
	mu      sync.Mutex
	closing bool
	userID  string            // the bot's own user, author of its posts
	pins    map[string]string // channel and marker to the status message's ID (components.go)
}

// New prepares an adapter; Open connects it. The commands it runs get a
// context made from ctx without its cancellation: the adapter's life ends
// with Close, which lets the commands under way finish first (up to
// Grace) and only then cancels them.
func New(ctx context.Context, cfg Config, r *commands.Router) (*Adapter, error) {
	if cfg.Token == "" {
		return nil, errors.New("discord: no token (DISCORD_TOKEN)")
	}
	api, err := parseAPI(cfg.API)
	if err != nil {
		return nil, err
	}
	if cfg.ShardCount < 1 {
		cfg.ShardCount = 1
	}
	if cfg.ShardID < 0 || cfg.ShardID >= cfg.ShardCount {
		return nil, fmt.Errorf("SHARD_ID must be from 0 to SHARD_COUNT-1 (%d), not %d", cfg.ShardCount-1, cfg.ShardID)
	}
	if cfg.DeferAfter <= 0 {
		cfg.DeferAfter = 1500 * time.Millisecond
	}
	if cfg.Grace <= 0 {
		cfg.Grace = 20 * time.Second
	}
	if cfg.MaxUpload <= 0 {
		cfg.MaxUpload = 10 << 20
	}
	if cfg.MaxSlow <= 0 {
		cfg.MaxSlow = runtime.GOMAXPROCS(0)
	}
	if cfg.MaxSlowPerUser <= 0 {
		cfg.MaxSlowPerUser = 2
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	token := cfg.Token
	if !strings.HasPrefix(token, "Bot ") {
		token = "Bot " + token
	}
	s, err := discordgo.New(token)
	if err != nil {
		return nil, err
	}
	s.Client = httpClient(api, cfg.Dial)
	s.Dialer = wsDialer(cfg.Dial)
	// Slash commands arrive whatever the intents; guilds is the least the
	// gateway needs. No privileged intent (message content, members).
	s.Identify.Intents = discordgo.IntentsGuilds
	s.ShardID, s.ShardCount = cfg.ShardID, cfg.ShardCount
	s.StateEnabled = false
	s.LogLevel = discordgo.LogError
	a := &Adapter{
		cfg: cfg, router: r, log: cfg.Log.With("shard", cfg.ShardID), s: s,
		ready:  make(chan *discordgo.Ready, 1),
		slow:   make(chan struct{}, cfg.MaxSlow),
		slowBy: map[string]int{},
	}
	a.ctx, a.cancel = context.WithCancel(context.WithoutCancel(ctx))
	s.AddHandler(func(_ *discordgo.Session, ev *discordgo.Ready) {
		select {
		case a.ready <- ev:
		default:
		}
	})
	s.AddHandler(func(_ *discordgo.Session, ev *discordgo.InteractionCreate) { a.dispatch(ev.Interaction) })
	return a, nil
}

// Run connects, serves until ctx ends, then shuts down gracefully.
func (a *Adapter) Run(ctx context.Context) error {
	if err := a.Open(ctx); err != nil {
		if ctx.Err() != nil {
			return nil // asked to stop while starting: not a failure
		}
		return err
	}
	<-ctx.Done()
	return a.Close()
}

// Open connects to the gateway, waits for READY and registers the
// commands (shard 0 only: every shard serves the same commands, and one
// registration is enough).
func (a *Adapter) Open(ctx context.Context) error {
	if err := a.s.Open(); err != nil {
		return fmt.Errorf("connecting to Discord: %w", err)
	}
	var r *discordgo.Ready
	select {
	case r = <-a.ready:
	case <-ctx.Done():
		a.s.Close()
		return ctx.Err()
	case <-time.After(30 * time.Second):
		a.s.Close()
		return errors.New("connecting to Discord: no READY within 30 s")
	}
	a.appID = r.User.ID
	a.userID = r.User.ID
	if r.Application != nil && r.Application.ID != "" {
		a.appID = r.Application.ID
	}
	a.log.Info("connected to Discord", "user", r.User.Username, "guilds", len(r.Guilds), "shards", a.cfg.ShardCount)
	if a.cfg.ShardID == 0 {
		if err := a.Register(ctx); err != nil {
			a.s.Close()
			return err
		}
	}
	return nil
}

// Register overwrites the application's slash commands with the router's,
// in each configured guild, or globally when none is configured.
func (a *Adapter) Register(ctx context.Context) error {
	defs, err := ApplicationCommands(a.router.Commands())
	if err != nil {
		return fmt.Errorf("commands Discord would refuse: %w", err)
	}
	targets := a.cfg.Guilds
	if len(targets) == 0 {
		targets = []string{""} // global
	}
	for _, g := range targets {
		if _, err := a.s.ApplicationCommandBulkOverwrite(a.appID, g, defs, discordgo.WithContext(ctx)); err != nil {
			where := "globally"
			if g != "" {
				where = "in guild " + g
			}
			return fmt.Errorf("registering %d commands %s: %w", len(defs), where, err)
		}
	}
	a.log.Info("registered commands", "count", len(defs), "guilds", a.cfg.Guilds)
	return nil
}

// Close stops taking interactions, lets those under way finish (up to
// Grace), then returns. REST calls still work after the gateway closes,
// so follow-ups of running commands are delivered.
func (a *Adapter) Close() error {
	a.mu.Lock()
	a.closing = true
	a.mu.Unlock()
	err := a.s.Close()
	done := make(chan struct{})
	go func() { a.work.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(a.cfg.Grace):
		a.log.Warn("shutdown: commands still running after the grace period; cancelling them")
		a.cancel()
		<-done
	}
	a.cancel()
	return err
}

// dispatch answers one interaction in its own goroutine (discordgo calls
// handlers concurrently unless SyncEvents is set).
func (a *Adapter) dispatch(i *discordgo.Interaction) {
	a.mu.Lock()
	if a.closing {
		a.mu.Unlock()
		if i.Type != discordgo.InteractionApplicationCommandAutocomplete {
			a.s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: none,
					Content: tr(i, "The bot is restarting; please try again in a minute. Nothing was done.", "ボットを再起動中です。1分ほどしてからもう一度お試しください。何も実行されていません。")}})
		}
		return
	}
	a.work.Add(1)
	a.mu.Unlock()
	defer a.work.Done()
	defer func() {
		if p := recover(); p != nil { // never let one interaction stop the bot
			a.log.Error("interaction panicked", "id", i.ID, "panic", p)
		}
	}()
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		a.command(i)
	case discordgo.InteractionApplicationCommandAutocomplete:
		a.autocomplete(i)
	case discordgo.InteractionModalSubmit:
		a.modal(i)
	case discordgo.InteractionMessageComponent:
		a.component(i)
	default:
		a.respond(i, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: none,
				Content: tr(i, "This bot answers slash commands only.", "このボットはスラッシュコマンドにのみ応答します。")},
		})
	}
}

func (a *Adapter) respond(i *discordgo.Interaction, r *discordgo.InteractionResponse) error {
	err := a.s.InteractionRespond(i, r, discordgo.WithContext(a.ctx))
	if err != nil {
		a.log.Error("answering interaction", "id", i.ID, "type", r.Type, "err", err)
	}
	return err
}

// LogTo sends discordgo's own log lines (gateway trouble, reconnects) to
// log, with the bot's other logs, instead of the standard logger. It sets
// a variable of discordgo shared by the whole process: call it once, from
// main, whose context the lines are logged with.
func LogTo(ctx context.Context, log *slog.Logger) {
	ctx = context.WithoutCancel(ctx)
	discordgo.Logger = func(level, caller int, format string, args ...any) {
		l := slog.LevelDebug
		switch level {
		case discordgo.LogError:
			l = slog.LevelError
		case discordgo.LogWarning:
			l = slog.LevelWarn
		case discordgo.LogInformational:
			l = slog.LevelInfo
		}
		log.Log(ctx, l, fmt.Sprintf(format, args...), "from", "discordgo")
	}
}
