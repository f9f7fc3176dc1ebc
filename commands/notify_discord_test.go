package commands_test

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"rtrbot/commands"
	"rtrbot/db"
	"rtrbot/discord"
	"rtrbot/discord/discordtest"
	"rtrbot/discord/fakediscord"
	"rtrbot/engine/board"
	"rtrbot/games/sqlstore"
)

// turnFigures are what reached Discord for one game turn.
type turnFigures struct {
	Posts, Maps, Crops, Bytes, Mentions, OwedMentions int
	Silent                                            int  // account posts with nothing public in them (want 0)
	EventMap                                          bool // the event changed the map: its own map, allowed beside the 2
	ThreadMaps                                        map[string]int
}

var (
	endedRe  = regexp.MustCompile(`(?:Segment ended: ([A-Z][a-z]{2} [IVX]+),|セグメント終了: (\d+)月([IVX]+)、)`)
	beginsRe = regexp.MustCompile(`(?:Your player turn begins \(|あなたのプレイヤーターンです \()(?:([A-Z][a-z]{2} [IVX]+)|(\d+)月([IVX]+))`)
	mention  = regexp.MustCompile(`<@\d+>`)
)

// playThroughDiscord plays the scripted standard game (engine/game/testdata)
// through a fake Discord that real discordgo talks to, two players on
// opposite sides (Alice reads English, Kenji Japanese), until the game
// turn stop begins, then counts what reached each channel, by game turn.
// every asks the table for a map after every segment (/game settings
// maps:segment), against which the default's fewer posts are counted.
func playThroughDiscord(t *testing.T, stop string, every bool) (map[string]*turnFigures, []fakediscord.Message) {
	m, err := board.Default()
	if err != nil {
		t.Skip("map:", err)
	}
	data, err := os.ReadFile("../engine/game/testdata/standard-game.orders")
	if err != nil {
		t.Skip(err)
	}
	store, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "rtrbot.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	bot := commands.New(commands.Deps{Map: m, Store: sqlstore.New(store)})
	// A script gives its orders faster than a person: the slow commands
	// of one user are not capped here (their posts are counted by content).
	h := discordtest.New(t, bot.Router, func(c *discord.Config) { c.MaxSlowPerUser = 1 << 20 })
	alice, kenji := discordtest.Alice, discordtest.Kenji
	say := func(u fakediscord.User, ch, path string, opts map[string]any) string {
		t.Helper()
		c, _ := h.Run(fakediscord.Invoke{User: u, Channel: ch, Path: path, Options: opts})
		ms, err := c.WaitMessages(1, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		return discordtest.Text(ms)
	}
	say(alice, "", "game new", map[string]any{"scenario": "standard", "seed": 1914})
	game := h.Srv.Threads()[0].ID
	say(alice, game, "game join", map[string]any{"side": "allied"})
	say(kenji, game, "game join", map[string]any{"side": "german"})
	threads := h.Srv.Threads()
	if len(threads) != 3 {
		t.Fatalf("threads: %+v", threads)
	}
	if every {
		say(alice, game, "game settings", map[string]any{"maps": "segment"})
	}
	status := func() string {
		for _, m := range h.Srv.ChannelMessages(game) {
			if m.Pinned {
				return m.Content
			}
		}
		return ""
	}
	n := 0
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "seed ") {
			continue
		}
		if strings.Contains(status(), "**"+stop+"**") {
			break
		}
		who := kenji
		if strings.HasPrefix(line, "allied") {
			who = alice
		}
		if got := say(who, game, "orders", map[string]any{"text": line}); !strings.Contains(got, "1 of 1 order applied") && !strings.Contains(got, "命令 1/1 件を適用") {
			t.Fatalf("order %d %q: %s", n+1, line, got)
		}
		n++
	}
	if !strings.Contains(status(), "**"+stop+"**") {
		t.Fatalf("the script ended before %s; status: %s", stop, status())
	}
	// Let the last posts land: nothing new for half a second.
	total := func() int {
		k := 0
		for _, th := range threads {
			k += len(h.Srv.ChannelMessages(th.ID))
		}
		return k
	}
	for last := -1; last != total(); {
		last = total()
		time.Sleep(500 * time.Millisecond)
	}
	t.Logf("%d orders through the fake Discord", n)

	figs := map[string]*turnFigures{}
	fig := func(turn string) *turnFigures {
		if figs[turn] == nil {
			figs[turn] = &turnFigures{ThreadMaps: map[string]int{}}
		}
		return figs[turn]
	}
	months := map[string]string{"8": "Aug", "9": "Sep", "10": "Oct", "11": "Nov"}
	var pinned []fakediscord.Message
	for _, th := range threads {
		for _, msg := range h.Srv.ChannelMessages(th.ID) {
			if msg.Pinned {
				pinned = append(pinned, msg)
				continue
			}
			// A message is counted in the game turn its first heading
			// names (a long account is split in two messages on Discord,
			// the second starting with the Japanese heading); the setup
			// before the first game turn is counted apart.
			turn := ""
			if m := endedRe.FindStringSubmatch(msg.Content); m != nil {
				turn = m[1]
				if turn == "" {
					turn = months[m[2]] + " " + m[3]
				}
			} else if m := beginsRe.FindStringSubmatch(msg.Content); m != nil {
				turn = m[1]
				if turn == "" {
					turn = months[m[2]] + " " + m[3]
				}
			}
			if turn != "" && regexp.MustCompile(`(?:Segment ended: [A-Z][a-z]{2} [IVX]+, (?:German|Allied) setup|setup\)|初期配置\)|セグメント終了: [^、]+、[^の]+の初期配置)`).MatchString(msg.Content) {
				turn = "setup"
			}
			owed := strings.Contains(msg.Content, "you owe a retreat") || strings.Contains(msg.Content, "退却が必要です")
			if turn == "" {
				if !owed && th.ID == game && len(msg.Files) > 0 {
					t.Errorf("a public post with a picture that names no segment: %.200q", msg.Content)
				}
				if owed {
					fig("owed").OwedMentions += mentions(msg.Content)
				}
				continue // welcomes and the game's opening
			}
			f := fig(turn)
			for _, file := range msg.Files {
				f.Bytes += len(file.Data)
				switch {
				case th.ID == game && file.Name == "map.png":
					f.Maps++
					if strings.Contains(msg.Content, "event phase,") || strings.Contains(msg.Content, "event phase**") {
						f.EventMap = true
					}
				case strings.HasPrefix(file.Name, "combat-"):
					f.Crops++
				case strings.HasPrefix(file.Name, "map-"):
					f.ThreadMaps[th.ID]++
				}
			}
			if th.ID == game {
				f.Posts++
				f.Mentions += mentions(msg.Content)
				if len(msg.Files) == 0 && !saysSomething(msg.Content) {
					f.Silent++
					t.Logf("silent post: %q", msg.Content)
				}
			} else {
				f.Mentions += mentions(msg.Content)
			}
		}
	}
	return figs, pinned
}

// mentions counts the users a message notifies (once each, however often
// it names them).
func mentions(text string) int {
	seen := map[string]bool{}
	for _, m := range mention.FindAllString(text, -1) {
		seen[m] = true
	}
	return len(seen)
}

// saysSomething: an account with a line beyond its heading, the practice
// note and the VP line.
func saysSomething(text string) bool {
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimSpace(l)
		switch {
		case l == "", strings.HasPrefix(l, "**"), strings.HasPrefix(l, "🎲"), strings.HasPrefix(l, "VP:"), strings.HasPrefix(l, "▶"):
			continue
		}
		return true
	}
	return false
}

// The posting figures, through a fake Discord, for whole game turns of
// the scripted standard game: per game turn at most 2 public map images
// besides the crops of combats, at most 2 mentions besides those for owed
// decisions, no post after a segment in which nothing public happened,
// each side's private thread its own map when its player turn begins,
// and one status message, pinned and edited in place. The same game
// with /game settings maps:segment is the "before" (a map after every
// segment) and must post more.
func TestNotificationFiguresPerTurn(t *testing.T) {
	if testing.Short() {
		t.Skip("two game turns through a fake Discord")
	}
	const stop = "Aug IV" // two whole game turns: Aug II and Aug III
	figs, pinned := playThroughDiscord(t, stop, false)
	var turns []string
	for k := range figs {
		if k != "owed" && k != "setup" && k != stop {
			turns = append(turns, k) // whole game turns only
		}
	}
	sort.Strings(turns)
	if s := figs["setup"]; s != nil {
		t.Logf("setup: %d posts, %d public maps, %d bytes, %d mentions; private maps %v", s.Posts, s.Maps, s.Bytes, s.Mentions, s.ThreadMaps)
	}
	if len(turns) < 2 {
		t.Fatalf("figures for %v only", turns)
	}
	for _, turn := range turns {
		f := figs[turn]
		t.Logf("%s: %d posts, %d public maps, %d combat crops, %d bytes, %d mentions; private maps %v", turn, f.Posts, f.Maps, f.Crops, f.Bytes, f.Mentions, f.ThreadMaps)
		if allowed := 2; f.Maps > allowed && !(f.EventMap && f.Maps == allowed+1) {
			t.Errorf("%s: %d public map images, want at most 2 (3 when the event changed the map)", turn, f.Maps)
		}
		if f.Maps == 0 {
			t.Errorf("%s: no public map at all", turn)
		}
		if f.Mentions > 2 {
			t.Errorf("%s: %d mentions besides owed decisions, want at most 2", turn, f.Mentions)
		}
		if f.Silent > 0 {
			t.Errorf("%s: %d posts after segments in which nothing public happened", turn, f.Silent)
		}
		if len(f.ThreadMaps) != 2 {
			t.Errorf("%s: private maps %v, want one in each side's thread", turn, f.ThreadMaps)
		}
		for th, k := range f.ThreadMaps {
			if k != 1 {
				t.Errorf("%s: %d maps in thread %s, want 1 (when its player turn begins)", turn, k, th)
			}
		}
	}
	if o := figs["owed"]; o != nil {
		t.Logf("owed decisions: %d mentions", o.OwedMentions)
	}
	if len(pinned) != 1 || pinned[0].Edits < 10 || len(pinned[0].Pings) != 0 {
		t.Errorf("status messages: %d pinned (want 1), edits %d", len(pinned), func() int {
			if len(pinned) == 0 {
				return 0
			}
			return pinned[0].Edits
		}())
	}

	before, _ := playThroughDiscord(t, stop, true)
	for _, turn := range turns {
		b, a := before[turn], figs[turn]
		if b == nil {
			t.Fatalf("no figures for %s with a map after every segment", turn)
		}
		t.Logf("%s with maps:segment: %d posts, %d public maps, %d combat crops, %d bytes, %d mentions; private maps %v", turn, b.Posts, b.Maps, b.Crops, b.Bytes, b.Mentions, b.ThreadMaps)
		if b.Maps <= a.Maps || b.Bytes <= a.Bytes {
			t.Errorf("%s: maps:segment posted %d maps (%d bytes), the default %d (%d bytes): the setting does nothing", turn, b.Maps, b.Bytes, a.Maps, a.Bytes)
		}
	}
}
