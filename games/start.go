package games

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"rtrbot/actor"
	"rtrbot/db/enginereplay"
	"rtrbot/db/gamefile"
	"rtrbot/engine/game"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// NewGame is what /game new asks for.
type NewGame struct {
	Scenario  string
	Seed      uint64
	SeedGiven bool // Seed was chosen by the asker; otherwise a secret one is drawn
	Options   []string
	Replace   bool       // abandon the game running here (a referee's right)
	Open      OpenThread // opens the game's thread; nil where there are no threads
}

// Started is a new game, and the scenario it plays.
type Started struct {
	Game     *Game
	Scenario string
}

// newSecret draws a game's dice secret: 256 bits from crypto/rand, which
// nobody can guess or choose. Without it no game is started.
func newSecret() ([]byte, error) {
	b := make([]byte, game.SecretSize)
	if _, err := rand.Read(b); err != nil {
		return nil, i18n.Errorf("No secret dice seed could be drawn (%v); no game was started. Try again.", "秘密のダイスシードを生成できず (%v)、ゲームは開始されませんでした。もう一度お試しください。", err)
	}
	return b, nil
}

var errNoMap = i18n.Errorf("The map is not loaded, so no game can be played.", "マップが読み込まれていないため、ゲームはできません。")

// busy refuses to start a game over a running one unless replace, which
// only a referee of the running game may ask (it abandons it).
func (t *Service) busy(ctx context.Context, a actor.Actor, at Where, replace, threads bool) error {
	g := t.Peek(ctx, at.Channel)
	if g == nil || g.State.Step == game.GameOver {
		return nil
	}
	if threads && g.Channel != at.Channel && g.Meta["thread:parent"] == at.Channel {
		return nil // the running game has a thread of its own: the new one gets another
	}
	if !replace {
		return i18n.Errorf("A game is running in this channel (%s, %s); add replace:true to abandon it and start another.",
			"このチャンネルでゲームが進行中です (%s、命令 %s)。破棄して新しく始めるには replace:true を付けてください。", g.State.Turn, i18n.Count(len(g.Orders), "order", "orders", "件"))
	}
	if err := t.refereeOnly(ctx, a, at.Guild, g, i18n.T("replace the running game", "進行中のゲームの置き換え")); err != nil {
		return err
	}
	if side, resigns := g.AbandonResigns(a.ID); resigns {
		// replacing abandons the game: a player may not escape his game so
		return i18n.Errorf("You play the %s side of the game running here, against a person, and its setup is over: replacing it would abandon it without a result. Resign it first (/game resign), or ask a referee who plays neither side to replace it.",
			"ここで進行中のゲームであなたは人間を相手に%s側をプレイしており、配置も終わっています。置き換えると結果なしで放棄されます。先に投了する (/game resign) か、どちらの陣営もプレイしていない審判に置き換えを依頼してください。", side.Name())
	}
	return nil
}

// retire abandons the place's running game, if any, once its replacement
// is ready (busy has checked that the asker may).
func (t *Service) retire(ctx context.Context, at Where) error {
	g, unlock, err := t.acquire(ctx, at)
	if err != nil {
		return nil
	}
	defer unlock()
	if g.State.Step == game.GameOver || g.Status != Active {
		t.drop(g)
		return nil
	}
	if g.Channel != at.Channel && g.Meta["thread:parent"] == at.Channel {
		return nil // it goes on in its own thread
	}
	return t.setStatus(ctx, g, Abandoned)
}

// NewGame starts a game at a place (on Discord in a thread of its own).
func (t *Service) NewGame(ctx context.Context, a actor.Actor, at Where, n NewGame) (*Started, error) {
	threads := n.Open != nil
	if err := t.busy(ctx, a, at, n.Replace, threads); err != nil {
		return nil, err
	}
	name := n.Scenario
	if name == "" {
		name = "standard"
	}
	if t.m == nil {
		return nil, errNoMap
	}
	r, err := game.NewRules(t.m, name)
	if err != nil {
		return nil, err
	}
	// The dice key: a secret only the bot knows, committed to in public
	// (docs/dice.md); a seed the asker chose makes a practice game, its
	// seed public from the start.
	var key []byte
	if n.SeedGiven {
		key = seedKey(n.Seed)
	} else if key, err = newSecret(); err != nil {
		return nil, err
	}
	s, err := game.NewKey(r, key, n.Options)
	if err != nil {
		return nil, err
	}
	g := &Game{State: s, Key: key, Options: n.Options, Guild: at.Guild, Channel: at.Channel, Creator: a.ID,
		Status: Active, SegStart: s, Meta: map[string]string{}}
	if n.SeedGiven {
		g.Meta[MetaPractice] = s.KeyText()
	}
	// Threads hang under a channel, never under another thread: a game
	// started in a game's thread opens its thread beside it.
	parent := at.Channel
	if old := t.Peek(ctx, at.Channel); old != nil && threads {
		switch {
		case old.Meta["thread:german"] == at.Channel || old.Meta["thread:allied"] == at.Channel:
			return nil, i18n.Errorf("This is a side's private thread: start a game in the channel or in a game's thread.", "ここは陣営の非公開スレッドです。ゲームはチャンネルかゲームのスレッドで開始してください。")
		case old.Channel == at.Channel && old.Meta["thread:parent"] != "":
			parent = old.Meta["thread:parent"]
		}
	}
	if err := t.retire(ctx, at); err != nil {
		return nil, err
	}
	if t.store != nil {
		// On Discord each game gets a thread of its own under the channel.
		if threads {
			th, err := n.Open(ctx, parent, 0)
			if err != nil {
				t.log.Error("creating a game thread", "channel", at.Channel, "err", err)
				return nil, i18n.Errorf("The game's thread could not be opened (%v): check that the bot may create threads here.",
					"ゲーム用スレッドを作成できませんでした (%v)。ボットにスレッド作成権限があるか確認してください。", err)
			}
			g.Channel, g.Meta["thread:parent"] = th, parent
		}
		row, err := t.store.CreateGame(ctx, NewRecord{Guild: at.Guild, Channel: g.Channel, Scenario: name,
			Options: enginereplay.Options(n.Options), Seed: key, CreatedBy: a.ID})
		if err != nil {
			return nil, err
		}
		g.ID = row.ID
		for k, v := range g.Meta {
			if err := t.store.SetMeta(ctx, g.ID, k, v); err != nil {
				return nil, err
			}
		}
	}
	t.put(at.Channel, g)
	return &Started{Game: g.copy(), Scenario: name}, nil
}

// LoadPosition starts a sandbox game from a position's text (read, once
// the place is known to be free).
func (t *Service) LoadPosition(ctx context.Context, a actor.Actor, at Where, replace, threads bool, read func() ([]byte, error)) (*Game, error) {
	if err := t.busy(ctx, a, at, replace, threads); err != nil {
		return nil, err
	}
	text, err := read()
	if err != nil {
		return nil, err
	}
	if t.m == nil {
		return nil, errNoMap
	}
	s, err := game.ParsePosition(t.m, string(text))
	if err != nil {
		return nil, err
	}
	if err := t.retire(ctx, at); err != nil {
		return nil, err
	}
	g := &Game{State: s, Key: s.Key(), Options: s.Options, Sandbox: true, Guild: at.Guild, Channel: at.Channel,
		Creator: a.ID, Status: Active, SegStart: s, Meta: map[string]string{}}
	if t.store != nil {
		// Stored like a scenario game, its start being the position as
		// loaded (and a snapshot of it at seq 0), so that it survives a
		// restart.
		row, err := t.store.CreateGame(ctx, NewRecord{Guild: at.Guild, Channel: at.Channel,
			Scenario: s.Rules().Scenario.Name, Options: enginereplay.Options(s.Options), Seed: s.Key(),
			CreatedBy: a.ID, Position: string(text),
			Start: &Snapshot{Label: enginereplay.Label(s), Hash: s.Hash(), State: []byte(s.Position())}})
		if err != nil {
			return nil, err
		}
		g.ID = row.ID
	}
	t.put(at.Channel, g)
	return g.copy(), nil
}

// ImportsPerHour is how many games one user may import in an hour (the
// bot's operator is not counted): each import replays a whole game.
const ImportsPerHour = 5

// Exported is a game as a file.
type Exported struct {
	ID     int64
	Data   []byte
	Status Status
	// Damaged: the place's damaged game, for its referee to mend;
	// Finished: the place's newest finished game (no game runs there).
	Damaged, Finished bool
}

// Export gives the place's game as a file (db/gamefile). The seed
// predicts every die, so while a game runs its file goes only to a
// referee who does not play in it; after the game anyone may have it.
func (t *Service) Export(ctx context.Context, a actor.Actor, at Where) (*Exported, error) {
	g, unlock, fail := t.acquire(ctx, at)
	var d *Game
	if fail != nil {
		d = t.damaged(ctx, at)
	} else {
		g = g.copy() // read below without the lock
		unlock()
	}
	if d != nil { // a damaged game: its referee exports it to mend it
		if err := t.neutralReferee(ctx, a, at.Guild, d, i18n.T("export a damaged game (its file holds the seed, which predicts every die)", "破損したゲームのエクスポート (ファイルには全ダイスを予言できるシードが含まれます)")); err != nil {
			return nil, err
		}
		data, err := t.store.Export(ctx, d.ID)
		if err != nil {
			return nil, err
		}
		return &Exported{ID: d.ID, Data: data, Status: d.Status, Damaged: true}, nil
	}
	if fail != nil {
		return t.exportFinished(ctx, at, fail)
	}
	if g.ID == 0 {
		return nil, i18n.Errorf("This game is not stored (the bot runs without a database): /game orders and /game position give what it has.",
			"このゲームは保存されていません (ボットがデータベースなしで動作中)。/game orders と /game position を使ってください。")
	}
	if g.State.Step != game.GameOver && g.Status == Active {
		if err := t.refereeOnly(ctx, a, at.Guild, g, i18n.T("export a running game (its file holds the seed, which predicts every die)", "進行中のゲームのエクスポート (ファイルには全ダイスを予言できるシードが含まれます)")); err != nil {
			return nil, err
		}
		if err := g.leftErr(a.ID, i18n.T("export the running game", "進行中のゲームのエクスポート")); err != nil {
			return nil, err
		}
		if _, plays := g.SideOf(a.ID); plays {
			return nil, i18n.Errorf("You play in this game, and its file holds the seed, which would tell you every die to come: a running game is exported by a referee who does not play, and by anyone once it is over.",
				"あなたはこのゲームのプレイヤーです。ファイルには今後の全ダイスがわかるシードが含まれるため、進行中のゲームをエクスポートできるのはプレイしていない審判だけです (終了後は誰でも可)。")
		}
	}
	data, err := t.store.Export(ctx, g.ID)
	if err != nil {
		return nil, err
	}
	return &Exported{ID: g.ID, Data: data, Status: g.Status}, nil
}

// exportFinished exports the newest finished game of the place, which
// anyone may have (the seed no longer predicts anything); fail when none.
func (t *Service) exportFinished(ctx context.Context, at Where, fail error) (*Exported, error) {
	if t.store == nil {
		return nil, fail
	}
	list, err := t.store.Records(ctx, Filter{Guild: at.Guild})
	if err != nil {
		return nil, fail
	}
	for _, l := range list {
		if l.Problem == nil && l.Channel == at.Channel && (l.Status == Finished || l.Status == Abandoned) {
			data, err := t.store.Export(ctx, l.ID)
			if err != nil {
				return nil, err
			}
			return &Exported{ID: l.ID, Data: data, Status: l.Status, Finished: true}, nil
		}
	}
	return nil, fail
}

// Import restores a game from an export file (read once the service knows
// it can import) at a place where none runs: it is replayed order by order
// and must reach the same hashes before anything is stored.
func (t *Service) Import(ctx context.Context, a actor.Actor, at Where, now time.Time, read func() ([]byte, error)) (*Game, error) {
	if t.store == nil || t.m == nil {
		return nil, i18n.Errorf("Importing needs the database and the map.", "取り込みにはデータベースとマップが必要です。")
	}
	// The place is asked first (a cold load runs outside the table's
	// lock), then the user's imports are counted under it.
	g, _ := t.lookup(ctx, at.Guild, at.Channel)
	t.mu.Lock()
	var recent []time.Time
	for _, at := range t.imports[a.ID] {
		if now.Sub(at) < time.Hour {
			recent = append(recent, at)
		}
	}
	t.imports[a.ID] = recent
	if len(recent) >= ImportsPerHour && !a.Operator {
		t.mu.Unlock()
		return nil, i18n.Errorf("You have imported %s in the last hour, the most one user may (a replay is heavy work for the bot): try again after %s.",
			"過去1時間に %sのゲームを取り込みました。1人あたりの上限です (再生はボットに重い処理です)。%s 以降にもう一度お試しください。",
			i18n.Count(len(recent), "game", "games", "件"), recent[0].Add(time.Hour).UTC().Format("15:04 UTC"))
	}
	if g == nil {
		t.imports[a.ID] = append(t.imports[a.ID], now)
	}
	t.mu.Unlock()
	if g != nil {
		return nil, i18n.Errorf("A game is running in this channel: import into another channel or thread, or abandon it first.",
			"このチャンネルではゲームが進行中です。別のチャンネルかスレッドに取り込むか、先に放棄してください。")
	}
	data, err := read()
	if err != nil {
		return nil, err
	}
	gf, err := gamefile.Parse(data)
	if err != nil {
		return nil, err
	}
	// A file a person held may have been read or written by anyone: its
	// key never decides a die again. The game goes on with a new secret
	// from its next roll (docs/dice.md), unless it is a practice game,
	// whose seed is public anyway and which stays one. And the file seats
	// nobody: the players it names confirm their seats themselves.
	// A practice mark is believed only when the file's key is the very
	// key /game new seed: makes of that public seed; any other key is a
	// secret that mark would keep (docs/dice.md).
	to := ImportTo{Guild: at.Guild, Channel: at.Channel, By: a.ID, Players: []Player{}, Meta: map[string]string{
		MetaImported: fmt.Sprintf("game #%d", gf.Game)}}
	if gf.Practice != "" {
		if !bytes.Equal(practiceKey(gf.Practice), gf.Seed) {
			return nil, i18n.Errorf("The file says it is a practice game with the public seed %q, but its dice key is not that seed's key: a practice mark cannot keep the key of a game whose dice were secret. Remove its line practice to import it as a normal game (its dice go on with a new secret key).",
				"ファイルには公開シード %q の練習対局とありますが、ダイスの鍵はそのシードの鍵ではありません。ダイスが秘密だった対局の鍵を練習の印で残すことはできません。practice の行を消せば通常の対局として取り込めます (ダイスは新しい秘密の鍵で続きます)。", gf.Practice)
		}
		to.Meta[MetaPractice] = gf.Practice
	} else if to.Rekey, err = newSecret(); err != nil {
		return nil, err
	}
	proposed := map[string][]string{}
	for _, p := range gf.Players {
		if side, err := units.ParseSide(p.Side); err == nil && !slices.Contains(proposed[side.String()], p.UserID) {
			proposed[side.String()] = append(proposed[side.String()], p.UserID)
		}
	}
	for side, ids := range proposed {
		to.Meta[metaProposed+side] = strings.Join(ids, "\n")
	}
	// The file is replayed and stored without the table's lock: every
	// other game goes on meanwhile (a whole game's replay takes a while).
	row, err := t.store.Import(ctx, t.m, data, to)
	if err != nil {
		return nil, err
	}
	// Loaded outside every lock, then cached (unless a command for the
	// place loaded it meanwhile).
	g, err = t.load(ctx, row.ID)
	if err != nil {
		return nil, &LoadError{Err: err}
	}
	t.mu.Lock()
	if old := t.cachedAs(at.Channel, g); old != nil {
		g = old
	}
	t.cache(at.Channel, g)
	t.mu.Unlock()
	lk := t.lockOf(g)
	lk.Lock()
	defer lk.Unlock()
	return g.copy(), nil
}

// seedKey is the dice key of a practice game started with /game new
// seed:N.
func seedKey(seed uint64) []byte { return binary.BigEndian.AppendUint64(nil, seed) }

// practiceKey is the key of the practice game whose mark reads text
// (its seed as players read it, State.KeyText: the decimal number given
// to /game new seed:), or nil if text is no such seed.
func practiceKey(text string) []byte {
	n, err := strconv.ParseUint(text, 10, 64)
	if err != nil || strconv.FormatUint(n, 10) != text {
		return nil
	}
	return seedKey(n)
}
