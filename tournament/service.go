package tournament

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"rtrbot/actor"
	"rtrbot/i18n"
)

// Store keeps tournaments whole. SaveTournament refuses (ErrConflict) a
// tournament whose Version is not the stored one, and on success stores
// it with Version+1 (and sets t.Version so).
type Store interface {
	CreateTournament(ctx context.Context, t *Tournament) error // sets t.ID; ErrExists on a taken name
	LoadTournament(ctx context.Context, guild, name string) (*Tournament, error)
	SaveTournament(ctx context.Context, t *Tournament) error
	TournamentByGame(ctx context.Context, gameID int64) (*Tournament, error)
}

var (
	ErrNotFound = errors.New("tournament not found")
	ErrExists   = errors.New("tournament exists")
	ErrConflict = errors.New("tournament changed meanwhile")
)

// Service runs tournaments over a Store. Every method that changes a
// tournament loads it, changes it and saves it whole, under one lock.
type Service struct {
	Store Store
	mu    sync.Mutex
}

func notFound(name string) error {
	return i18n.Errorf("There is no tournament named %q in this server: check the name, or create it with /tournament new.", "このサーバーに「%s」という大会はありません。名前を確かめるか /tournament new で作ってください。", name)
}

func (s *Service) load(ctx context.Context, guild, name string) (*Tournament, error) {
	t, err := s.Store.LoadTournament(ctx, guild, name)
	if errors.Is(err, ErrNotFound) {
		return nil, notFound(name)
	}
	return t, err
}

func (s *Service) update(ctx context.Context, guild, name string, fn func(t *Tournament) error) (*Tournament, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t, err := s.load(ctx, guild, name)
	if err != nil {
		return nil, err
	}
	if err := fn(t); err != nil {
		return nil, err
	}
	if err := s.Store.SaveTournament(ctx, t); err != nil {
		if errors.Is(err, ErrConflict) {
			return nil, i18n.Errorf("%s changed while this was being done (by another command): nothing was saved, try again", "処理中に%sが (別のコマンドで) 変更されました: 何も保存していません。もう一度試してください。", t.Name)
		}
		return nil, err
	}
	return t, nil
}

// leave takes p out of t: off the list during registration, dropped from
// the next rounds after the start.
func (t *Tournament) leave(p *Player) {
	if t.Status == StatusRegistration {
		for i, q := range t.Players {
			if q == p {
				t.Players = append(t.Players[:i], t.Players[i+1:]...)
				break
			}
		}
		return
	}
	t.drop(p)
}

// organise is update for what only the organiser may do: what is the act,
// for the refusal (organiserOnly).
func (s *Service) organise(ctx context.Context, guild, name string, by actor.Actor, what i18n.Text, fn func(t *Tournament) error) (*Tournament, error) {
	return s.update(ctx, guild, name, func(t *Tournament) error {
		if err := t.organiserOnly(by, what); err != nil {
			return err
		}
		return fn(t)
	})
}

// organiserOnly refuses what u asks unless u organises t. what says the
// act: a verb phrase in English, a noun in Japanese ("start it", "開始").
func (t *Tournament) organiserOnly(u actor.Actor, what i18n.Text) error {
	if u.ID != t.Organiser {
		return i18n.Errorf("Only the organiser of %s may %s.", "%sの%sは主催者だけができます。", t.Name, what)
	}
	return nil
}

// NewTournament is what /tournament new gives.
type NewTournament struct {
	Guild, Name string
	Channel     string // where notices are posted
	Organiser   actor.Actor
	Settings    Settings
	Now         time.Time
}

// New creates a tournament in registration.
func (s *Service) New(ctx context.Context, req NewTournament) (*Tournament, error) {
	st := req.Settings
	name := strings.TrimSpace(req.Name)
	if name == "" || len(name) > 60 {
		return nil, i18n.Errorf("A tournament needs a name of 1 to 60 characters.", "大会名は1〜60文字にしてください。")
	}
	if i := strings.IndexFunc(name, Invisible); i >= 0 {
		r := []rune(name[i:])[0]
		seen := strings.Map(func(r rune) rune {
			if Invisible(r) {
				return -1
			}
			return r
		}, name)
		return nil, i18n.Errorf("The name holds an invisible character (U+%04X), which would make it look like %q: write it without.", "大会名に不可視文字 (U+%04X) が含まれており、「%s」と見分けがつきません。取り除いてください。", r, seen)
	}
	switch st.Format {
	case Swiss, RoundRobin, Elimination:
	default:
		return nil, i18n.Errorf("Format %q is not known: use swiss, roundrobin or elimination.", "形式「%s」は使えません。swiss、roundrobin、elimination のいずれかを指定してください。", st.Format)
	}
	st.Scenario = strings.TrimSpace(st.Scenario)
	if st.Scenario == "" {
		return nil, i18n.Errorf("A tournament needs the scenario its games are played in: scenario:standard or scenario:extended.", "大会には対局のシナリオが必要です。scenario:standard か scenario:extended")
	}
	if st.Format == Swiss && (st.Rounds < 1 || st.Rounds > 30) {
		return nil, i18n.Errorf("A Swiss tournament needs rounds:1 to rounds:30 (got %d).", "スイス式のラウンド数は1〜30です (%d)", st.Rounds)
	}
	if st.Cut != 0 && (st.Format != Swiss || (st.Cut != 4 && st.Cut != 8)) {
		return nil, i18n.Errorf("cut:%d is not possible: a top cut of 4 or 8 follows Swiss rounds only", "cut:%d はできません。上位4人か8人のカットはスイス式の後だけです。", st.Cut)
	}
	if st.Sides == "" {
		st.Sides = "pairing"
	}
	if st.Sides != "pairing" && st.Sides != "bid" {
		return nil, i18n.Errorf("sides:%s is not known: use pairing or bid", "sides:%s は使えません。pairing か bid を指定してください。", st.Sides)
	}
	if st.Play == "" {
		st.Play = PlayBot
	}
	switch st.ByeGame {
	case "", "random", "heuristic", "search":
	default:
		return nil, i18n.Errorf("byegame:%s is not known: use none, random, heuristic or search (the computer's level)", "byegame:%s は使えません。none、random、heuristic、search (コンピュータの強さ) のいずれかを指定してください。", st.ByeGame)
	}
	if st.Play != PlayBot && st.Play != PlayTable {
		return nil, i18n.Errorf("play:%s is not known: use bot (the referee plays every game) or table (a physical table, results reported)", "play:%s は使えません。bot (ボットが審判する対局) か table (実物の盤、結果を報告) を指定してください。", st.Play)
	}
	if st.MinReliability < 0 || st.MinReliability > 100 {
		return nil, i18n.Errorf("reliability:%d is not a share: give a percentage from 0 to 100.", "reliability:%d は割合ではありません。0〜100 の百分率を指定してください。", st.MinReliability)
	}
	if st.DeadlineHours < 0 || st.Cap < 0 {
		return nil, i18n.Errorf("Deadline and cap cannot be negative.", "期限と定員は負にできません。")
	}
	if st.Points.Win == nil {
		bye := st.Points.Bye
		st.Points = DefaultPoints()
		if bye > 0 {
			st.Points.Bye = bye
		}
	}
	if len(st.Tiebreaks) == 0 {
		st.Tiebreaks = append([]string(nil), DefaultTiebreaks...)
	}
	seen := map[string]bool{}
	for _, tb := range st.Tiebreaks {
		switch tb {
		case TBBuchholz, TBBuchholzCut1, TBSonneborn, TBHeadToHead, TBMargin:
		default:
			return nil, i18n.Errorf("Tiebreak %q is not known: use buchholz, buchholz-cut1, sonneborn-berger, head-to-head or vp-margin.", "タイブレーク「%s」は使えません。buchholz、buchholz-cut1、sonneborn-berger、head-to-head、vp-margin のいずれかを指定してください。", tb)
		}
		if seen[tb] {
			return nil, i18n.Errorf("Tiebreak %s is named twice.", "タイブレーク %s が二度指定されています。", tb)
		}
		seen[tb] = true
	}
	t := &Tournament{Guild: req.Guild, Name: name, Organiser: req.Organiser.ID, Channel: req.Channel, Created: req.Now.UTC(), Status: StatusRegistration, Settings: st}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.Store.CreateTournament(ctx, t); err != nil {
		var nt NameTaken
		if errors.As(err, &nt) && nt.Name != name {
			return nil, i18n.Errorf("%q looks like the name of the tournament %q, which this server has (names are compared without case, width or invisible characters): choose another name", "「%s」はこのサーバーにある大会「%s」と見分けがつきません (大文字小文字・全角半角・不可視文字を区別せずに比べます)。別の名前にしてください。", name, nt.Name)
		}
		if errors.Is(err, ErrExists) {
			return nil, i18n.Errorf("A tournament named %q already exists in this server: choose another name.", "「%s」という大会はすでにあります。別の名前にしてください。", name)
		}
		return nil, err
	}
	return t, nil
}

// Get returns a tournament.
func (s *Service) Get(ctx context.Context, guild, name string) (*Tournament, error) {
	return s.load(ctx, guild, name)
}

// Join registers u; while a Swiss tournament runs, u enters late and is
// paired from the next round (the rounds missed score nothing).
func (s *Service) Join(ctx context.Context, guild, name string, u actor.Actor, now time.Time) (*Tournament, error) {
	rel, err := s.reliabilityOf(ctx, guild, u.ID)
	if err != nil {
		return nil, err
	}
	return s.update(ctx, guild, name, func(t *Tournament) error {
		if t.Player(u.ID) != nil {
			return i18n.Errorf("You are already registered in %s.", "すでに%sに登録済みです。", t.Name)
		}
		rd := t.Settings.RegistrationDeadline
		switch {
		case t.Status == StatusFinished:
			return i18n.Errorf("%s has finished", "%sは終了しています。", t.Name)
		case !rd.IsZero() && now.After(rd):
			return i18n.Errorf("Registration for %s closed at %s.", "%sの登録は%sに締め切られました。", t.Name, rd.UTC().Format("2006-01-02 15:04 UTC"))
		case t.Status == StatusRunning && (t.Settings.Format != Swiss || t.stage() != string(Swiss)):
			return i18n.Errorf("%s has started: only a Swiss tournament takes late entries, during its Swiss rounds", "%sは始まっています。途中参加できるのはスイス式のラウンド中だけです。", t.Name)
		case rel.Games() > 0 && rel.Percent() < float64(t.Settings.MinReliability):
			return i18n.Errorf("%s asks players to have finished at least %d%% of their ended games; yours: %s. Seeing your next games through raises it (/ladder player:NAME shows it).",
				"%sの参加には、終了した対局の %d%% 以上を完遂していることが必要です。あなたは %s。次の対局を最後まで指すと上がります (/ladder player:名前 で確認)。",
				t.Name, t.Settings.MinReliability, rel.Text())
		case t.Settings.Cap > 0 && t.activeCount() >= t.Settings.Cap:
			return i18n.Errorf("%s is full (%s)", "%sは満員です (%s)", t.Name, i18n.Count(t.Settings.Cap, "player", "players", "人"))
		}
		p := &Player{ID: u.ID, Name: u.Name, Joined: now.UTC()}
		if t.Status == StatusRunning {
			p.FromRound = len(t.Rounds) + 1
			if c := t.Current(); c != nil && c.Closed {
				p.FromRound = c.Number + 1
			}
			p.CheckedIn = true
		}
		t.Players = append(t.Players, p)
		return nil
	})
}

func (t *Tournament) stage() string {
	if c := t.Current(); c != nil {
		return c.Stage
	}
	return string(t.Settings.Format)
}

func (t *Tournament) activeCount() int {
	n := 0
	for _, p := range t.Players {
		if !p.Dropped {
			n++
		}
	}
	return n
}

// Withdraw takes u out: before the start the entry is removed, after it u
// is dropped (the current game stands; no later pairing).
func (s *Service) Withdraw(ctx context.Context, guild, name string, u actor.Actor) (*Tournament, error) {
	return s.update(ctx, guild, name, func(t *Tournament) error {
		p := t.Player(u.ID)
		if p == nil || p.Dropped {
			return i18n.Errorf("You are not registered in %s.", "%sに登録していません。", t.Name)
		}
		t.leave(p)
		return nil
	})
}

func (t *Tournament) drop(p *Player) {
	p.Dropped = true
	p.DroppedAt = len(t.Rounds)
}

// CheckIn marks u present for the start.
func (s *Service) CheckIn(ctx context.Context, guild, name string, u actor.Actor) (*Tournament, error) {
	return s.update(ctx, guild, name, func(t *Tournament) error {
		p := t.Player(u.ID)
		if p == nil {
			return i18n.Errorf("You are not registered in %s: /tournament join first.", "%sに登録していません。先に /tournament join してください。", t.Name)
		}
		if t.Status != StatusRegistration {
			return i18n.Errorf("%s has started: check-in is before the start", "%sは始まっています。チェックインは開始前です。", t.Name)
		}
		p.CheckedIn = true
		return nil
	})
}

// Start closes registration (dropping players who did not check in, when
// check-in is required), fixes the pairing numbers (rating, then
// registration time) and pairs round 1.
func (s *Service) Start(ctx context.Context, guild, name string, by actor.Actor, now time.Time) (*Tournament, error) {
	return s.organise(ctx, guild, name, by, i18n.T("start it", "開始"), func(t *Tournament) error {
		if t.Status != StatusRegistration {
			return i18n.Errorf("%s has already started", "%sはすでに始まっています。", t.Name)
		}
		var ps []*Player
		for _, p := range t.Players {
			if !t.Settings.CheckIn || p.CheckedIn {
				ps = append(ps, p)
			}
		}
		need := 2
		if t.Settings.Format == Swiss && t.Settings.Cut > 0 {
			need = t.Settings.Cut
		}
		if len(ps) < need {
			return i18n.Errorf("%s needs at least %d players to start; %d are registered and checked in", "%sの開始には%d人以上必要です (登録・チェックイン済み%d人)", t.Name, need, len(ps))
		}
		sort.SliceStable(ps, func(i, j int) bool {
			if ps[i].Rating != ps[j].Rating {
				return ps[i].Rating > ps[j].Rating
			}
			return ps[i].Joined.Before(ps[j].Joined)
		})
		t.Players = ps
		if t.Settings.Format == RoundRobin {
			t.Settings.Rounds = rrRounds(len(ps))
		}
		t.Status = StatusRunning
		return t.pairNext(now)
	})
}

// pairNext pairs the next round and appends it.
func (t *Tournament) pairNext(now time.Time) error {
	r := len(t.Rounds) + 1
	var rd *Round
	var err error
	switch {
	case t.Settings.Format == RoundRobin:
		rd = t.pairRoundRobin(r)
	case t.Settings.Format == Elimination || r > t.Settings.Rounds:
		rd, err = t.pairElimination(r)
	default:
		rd, err = t.pairSwiss(r)
	}
	if err != nil {
		return err
	}
	if t.Settings.DeadlineHours > 0 {
		rd.Deadline = now.UTC().Add(time.Duration(t.Settings.DeadlineHours) * time.Hour)
	}
	t.Rounds = append(t.Rounds, rd)
	return nil
}

// finished reports whether the round just closed was the last.
func (t *Tournament) finished() bool {
	c := t.Current()
	switch {
	case c == nil:
		return false
	case c.Stage == string(Elimination):
		return len(c.Games) <= 1
	case t.Settings.Format == Swiss && t.Settings.Cut > 0:
		return false
	}
	return c.Number >= t.Settings.Rounds
}

// Round returns round r (0: the current one).
func (t *Tournament) Round(r int) (*Round, error) {
	if len(t.Rounds) == 0 {
		return nil, i18n.Errorf("%s has not started: no pairings yet", "%sは始まっていないので組み合わせはまだありません。", t.Name)
	}
	if r == 0 {
		return t.Current(), nil
	}
	if r < 1 || r > len(t.Rounds) {
		return nil, i18n.Errorf("Round %d does not exist: %s has rounds 1 to %d.", "第%dラウンドはありません。%sは1〜%dラウンドです。", r, t.Name, len(t.Rounds))
	}
	return t.Rounds[r-1], nil
}

func (t *Tournament) nameOf(id string) string {
	if p := t.Player(id); p != nil && p.Name != "" {
		return p.Name
	}
	return id
}

// PairingsText lists a round's tables in English; with explain, why each
// was made.
func (t *Tournament) PairingsText(r int, explain bool) (string, error) {
	return t.PairingsTextIn(r, explain, i18n.EN)
}

// PairingsTextIn lists a round's tables in lang; with explain, why each
// was made (the explanations are the pairing program's, in English).
func (t *Tournament) PairingsTextIn(r int, explain bool, lang i18n.Lang) (string, error) {
	rd, err := t.Round(r)
	if err != nil {
		return "", err
	}
	tr := func(en, ja string) string { return i18n.T(en, ja).In(lang) }
	var sb strings.Builder
	fmt.Fprintf(&sb, tr("%s, round %d (%s)", "%s 第%dラウンド (%s)"), t.Name, rd.Number, stageName(rd.Stage, lang))
	if !rd.Deadline.IsZero() {
		fmt.Fprintf(&sb, tr(", deadline %s", "、期限 %s"), rd.Deadline.UTC().Format("2006-01-02 15:04 UTC"))
	}
	sb.WriteString("\n")
	for _, g := range rd.Games {
		if g.Bye() {
			fmt.Fprintf(&sb, tr("table %d: %s has a bye", "卓 %d: %s はバイ"), g.Table, t.nameOf(g.German))
			if g.GameID != 0 {
				fmt.Fprintf(&sb, tr(" (a practice game against the computer: #%d, not counted)", " (コンピュータとの練習対局 #%d、得点に数えません)"), g.GameID)
			}
			sb.WriteString("\n")
		} else {
			fmt.Fprintf(&sb, tr("table %d: %s (German) – %s (Allied)", "卓 %d: %s (独軍) – %s (連合軍)"), g.Table, t.nameOf(g.German), t.nameOf(g.Allied))
			switch {
			case g.Result != nil:
				sb.WriteString(": " + resultTextIn(g, lang) + AdjudicationNoteIn(g, lang))
			case g.Disputed:
				sb.WriteString(tr(": disputed", ": 異議あり"))
			case g.Reported != nil:
				sb.WriteString(tr(": reported, awaiting confirmation", ": 報告済み、確認待ち"))
			case g.GameID != 0:
				fmt.Fprintf(&sb, tr(": bot game #%d in play", ": ボット対局 #%d 進行中"), g.GameID)
			}
			if g.BidVP != 0 && (len(g.Bids) == 2) {
				side := tr("German", "独軍")
				if g.BidVP > 0 {
					side = tr("Allied", "連合軍")
				}
				fmt.Fprintf(&sb, tr(" [bid: %d VP to the %s side]", " [入札: %[2]s側に %[1]d VP]"), abs(g.BidVP), side)
			}
			sb.WriteString("\n")
		}
		if explain && g.Explain != "" {
			why := g.Explain
			if lang == i18n.JA && g.ExplainJA != "" {
				why = g.ExplainJA
			}
			fmt.Fprintf(&sb, tr("    why: %s\n", "    理由: %s\n"), why)
		}
	}
	return sb.String(), nil
}

// stageNames, sideNames and levelNames name a round's format, a side and
// a victory level for readers.
var (
	stageNames = map[string]i18n.Text{
		string(Swiss):       i18n.T("Swiss", "スイス式"),
		string(RoundRobin):  i18n.T("round robin", "総当たり"),
		string(Elimination): i18n.T("elimination", "ノックアウト"),
	}
	sideNames = map[string]i18n.Text{
		German: i18n.T("German", "独軍"),
		Allied: i18n.T("Allied", "連合軍"),
	}
	levelNames = map[string]i18n.Text{
		Marginal:  i18n.T("marginal", "限定的"),
		Strategic: i18n.T("strategic", "戦略的"),
		Decisive:  i18n.T("decisive", "決定的"),
	}
)

// nameIn is the name names gives key, in lang; a key it does not name
// stands as it is.
func nameIn(names map[string]i18n.Text, key string, lang i18n.Lang) string {
	if t, ok := names[key]; ok {
		return t.In(lang)
	}
	return key
}

func stageName(stage string, lang i18n.Lang) string { return nameIn(stageNames, stage, lang) }

// resultText is a table's result in both languages.
func resultText(g *Game) i18n.Text {
	return i18n.Text{EN: resultTextIn(g, i18n.EN), JA: resultTextIn(g, i18n.JA)}
}

func resultTextIn(g *Game, lang i18n.Lang) string {
	r := g.Result
	side := func(s string) string { return nameIn(sideNames, s, lang) }
	switch {
	case r.Double:
		return i18n.T("double forfeit", "両者不戦敗").In(lang)
	case r.Forfeit:
		return fmt.Sprintf(i18n.T("%s wins by forfeit", "%sの不戦勝").In(lang), side(r.Winner))
	case r.Winner == Draw:
		return i18n.T("draw", "引き分け").In(lang)
	}
	if r.Margin == 0 { // reported without a margin
		return fmt.Sprintf(i18n.T("%s %s victory", "%sの%s勝利").In(lang), side(r.Winner), nameIn(levelNames, r.Level, lang))
	}
	return fmt.Sprintf(i18n.T("%s %s victory by %d VP", "%sの%s勝利 (%d VP差)").In(lang), side(r.Winner), nameIn(levelNames, r.Level, lang), r.Margin)
}

// validResult checks a reported result.
func validResult(r Result) (Result, error) {
	r.Winner = strings.ToLower(strings.TrimSpace(r.Winner))
	r.Level = strings.ToLower(strings.TrimSpace(r.Level))
	switch r.Winner {
	case German, Allied:
		if r.Level == "" {
			r.Level = Marginal
		}
		if r.Level != Marginal && r.Level != Strategic && r.Level != Decisive {
			return r, i18n.Errorf("level:%s is not a victory level: use marginal, strategic or decisive", "level:%s は勝利レベルではありません。marginal、strategic、decisive のいずれかを指定してください。", r.Level)
		}
	case Draw:
		if r.Level != "" {
			return r, i18n.Errorf("A draw has no victory level: leave level out.", "引き分けに勝利レベルはありません。level を外してください。")
		}
	default:
		return r, i18n.Errorf("result:%s is not a result: use german, allied or draw", "result:%s は結果ではありません。german、allied、draw のいずれかを指定してください。", r.Winner)
	}
	if r.Margin < 0 || r.Margin > 1000 {
		return r, i18n.Errorf("margin:%d is not possible: the VP margin is 0 to 1000", "margin:%d はありえません。VP差は0〜1000です。", r.Margin)
	}
	return r, nil
}

func (t *Tournament) table(n int) (*Game, error) {
	c := t.Current()
	if c == nil || t.Status != StatusRunning {
		return nil, i18n.Errorf("%s has no round in play", "%sに進行中のラウンドはありません。", t.Name)
	}
	for _, g := range c.Games {
		if g.Table == n {
			if g.Bye() {
				return nil, i18n.Errorf("Table %d is a bye: there is no result to give.", "%d番卓はバイです。結果はありません。", n)
			}
			return g, nil
		}
	}
	return nil, i18n.Errorf("Round %d has no table %d: its tables are 1 to %d.", "第%dラウンドに%d番卓はありません (1〜%d)", c.Number, n, len(c.Games))
}

// byeTable is the bye numbered n of the round in play, or nil.
func (t *Tournament) byeTable(n int) *Game {
	if c := t.Current(); c != nil && t.Status == StatusRunning {
		for _, g := range c.Games {
			if g.Table == n && g.Bye() {
				return g
			}
		}
	}
	return nil
}

// Report records a result for a table of the current round. The
// organiser's report stands at once; a player's waits for the opponent's
// confirmation; a different report from the opponent is a dispute for
// the organiser.
func (s *Service) Report(ctx context.Context, guild, name string, by actor.Actor, table int, res Result) (*Tournament, error) {
	return s.update(ctx, guild, name, func(t *Tournament) error {
		r, err := validResult(res)
		if err != nil {
			return err
		}
		g, err := t.table(table)
		if err != nil {
			return err
		}
		if t.neutralAt(by, g) {
			g.Result, g.Reported, g.Disputed, g.ReportBy = &r, nil, false, by.ID
			g.Source = SourceOrganiser
			return nil
		}
		if err := g.inPlay(table); err != nil {
			return err
		}
		if by.ID != g.German && by.ID != g.Allied {
			return i18n.Errorf("You do not play at table %d: only its players or the organiser report its result.", "%d番卓の対局者ではありません。結果を報告できるのは対局者か主催者だけです。", table)
		}
		if g.Result != nil {
			return i18n.Errorf("Table %d already has a result (%s): ask the organiser to fix it if it is wrong.", "%d番卓の結果はすでにあります (%s): 誤りなら主催者に訂正を頼んでください。", table, resultText(g))
		}
		if g.Reported != nil {
			if g.ReportBy == by.ID {
				return i18n.Errorf("You have already reported table %d: your opponent confirms it with /tournament confirm.", "%d番卓はすでに報告済みです。相手が /tournament confirm で確認します。", table)
			}
			if *g.Reported == r { // both players say the same
				g.Result, g.Reported, g.Source = &r, nil, SourceConfirmed
				return nil
			}
			g.Disputed = true
			return nil
		}
		g.Reported, g.ReportBy = &r, by.ID
		return nil
	})
}

// neutralAt says whether by decides table g's result as its organiser:
// the organiser, and not one of its players (a player's word about his
// own game needs his opponent's).
func (t *Tournament) neutralAt(by actor.Actor, g *Game) bool {
	return by.ID == t.Organiser && by.ID != g.German && by.ID != g.Allied
}

// inPlay refuses a player's report or confirmation for a table whose bot
// game is still in play: the game gives the table its result when it
// ends (RecordGame), and no player's word comes before it. If the game
// cannot finish, the organiser decides (Report, FixResult).
func (g *Game) inPlay(table int) error {
	if g.GameID == 0 || g.Result != nil {
		return nil
	}
	return i18n.Errorf("table %d is played as bot game #%d, which is still in play: its result is recorded by itself when the game ends, and no report comes before it. If the game cannot finish, ask the organiser, who decides the table's result.",
		"%d番卓はボット対局 #%d で、まだ対局中です。結果は対局が終わると自動で記録され、それより先に報告はできません。対局が終われない場合は主催者に頼んでください。主催者が卓の結果を決めます。", table, g.GameID)
}

// Confirm confirms the reported result of a table: by the opponent of
// the reporter, or the organiser.
func (s *Service) Confirm(ctx context.Context, guild, name string, by actor.Actor, table int) (*Tournament, error) {
	return s.update(ctx, guild, name, func(t *Tournament) error {
		g, err := t.table(table)
		if err != nil {
			return err
		}
		if g.Result != nil {
			return i18n.Errorf("Table %d already has a confirmed result.", "%d番卓の結果はすでに確定しています。", table)
		}
		if g.Reported == nil {
			return i18n.Errorf("Table %d has no reported result to confirm: report it with /tournament report.", "%d番卓に確認する報告はありません。/tournament report で報告してください。", table)
		}
		neutral := t.neutralAt(by, g)
		if !neutral {
			if err := g.inPlay(table); err != nil {
				return err
			}
		}
		if g.Disputed && !neutral {
			return i18n.Errorf("Table %d is disputed: the organiser decides.", "%d番卓は異議があります。主催者が決めます。", table)
		}
		if !neutral {
			if by.ID != g.German && by.ID != g.Allied {
				return i18n.Errorf("You do not play at table %d.", "%d番卓の対局者ではありません。", table)
			}
			if by.ID == g.ReportBy {
				return i18n.Errorf("You reported table %d yourself: your opponent or the organiser confirms it.", "%d番卓はあなたの報告です。相手か主催者が確認します。", table)
			}
		}
		g.Result, g.Reported, g.Disputed = g.Reported, nil, false
		g.Source = SourceConfirmed
		if by.ID == t.Organiser && by.ID != g.German && by.ID != g.Allied {
			g.Source = SourceOrganiser // one player's word, and the organiser's
		}
		return nil
	})
}

// SetGame links the bot game played for a table of the current round.
func (s *Service) SetGame(ctx context.Context, guild, name string, table int, gameID int64) (*Tournament, error) {
	return s.SetGameAt(ctx, guild, name, table, gameID, "")
}

// SetGameAt links the bot game played for a table of the current round,
// and the thread it is played in.
func (s *Service) SetGameAt(ctx context.Context, guild, name string, table int, gameID int64, thread string) (*Tournament, error) {
	return s.update(ctx, guild, name, func(t *Tournament) error {
		g, err := t.table(table)
		if err != nil {
			// a bye's practice game against the computer (ByeGame)
			g = t.byeTable(table)
			if g == nil || t.Settings.ByeGame == "" {
				return err
			}
		}
		g.GameID, g.Thread = gameID, thread
		return nil
	})
}

// GameEnded is the callback of a finished bot game: its result goes to
// the table it was played for, confirmed (the referee saw it).
func (s *Service) GameEnded(ctx context.Context, gameID int64, winner, level string, margin int) (*Tournament, error) {
	t, _, _, err := s.RecordGame(ctx, gameID, winner, level, margin)
	return t, err
}

// ByGame returns the tournament and the table a bot game is played for.
func (s *Service) ByGame(ctx context.Context, gameID int64) (*Tournament, *Game, error) {
	t, err := s.Store.TournamentByGame(ctx, gameID)
	if err != nil {
		if errors.Is(err, ErrNotFound) {
			return nil, nil, i18n.Errorf("Game %d belongs to no tournament.", "対局%dはどの大会にも属していません。", gameID)
		}
		return nil, nil, err
	}
	for _, rd := range t.Rounds {
		for _, g := range rd.Games {
			if g.GameID == gameID {
				return t, g, nil
			}
		}
	}
	return nil, nil, i18n.Errorf("Game %d is not a table of %s.", "対局%dは%sの卓ではありません。", gameID, t.Name)
}

// AdjustVP adds a table's bid to the final VP of its game (German,
// Allied): the bid's VP go to the side that did not get its wish.
func (g *Game) AdjustVP(vp [2]int) [2]int {
	switch {
	case g.BidVP > 0:
		vp[1] += g.BidVP
	case g.BidVP < 0:
		vp[0] -= g.BidVP
	}
	return vp
}

// gameAndResult is the tournament of a bot game and a result checked for
// its table (s.mu held).
func (s *Service) gameAndResult(ctx context.Context, gameID int64, winner, level string, margin int) (*Tournament, Result, error) {
	t, err := s.Store.TournamentByGame(ctx, gameID)
	if err != nil {
		if errors.Is(err, ErrNotFound) {
			return nil, Result{}, i18n.Errorf("Game %d belongs to no tournament.", "対局%dはどの大会にも属していません。", gameID)
		}
		return nil, Result{}, err
	}
	r, err := validResult(Result{Winner: winner, Level: level, Margin: margin})
	return t, r, err
}

// RecordGame gives a finished bot game's result to its table, confirmed
// (the referee saw it). changed is false when the table already had this
// very result (the game's end seen twice).
func (s *Service) RecordGame(ctx context.Context, gameID int64, winner, level string, margin int) (t *Tournament, table *Game, changed bool, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t, r, err := s.gameAndResult(ctx, gameID, winner, level, margin)
	if err != nil {
		return nil, nil, false, err
	}
	for _, rd := range t.Rounds {
		for _, g := range rd.Games {
			if g.GameID != gameID {
				continue
			}
			if g.Bye() {
				return nil, nil, false, i18n.Errorf("Game %d is a bye's practice game against the computer: its result does not count.", "対局%dはバイの選手のコンピュータとの練習対局で、結果は数えません。", gameID)
			}
			if g.Result != nil && *g.Result == r {
				return t, g, false, nil
			}
			if rd.Closed {
				return nil, nil, false, i18n.Errorf("Game %d belongs to round %d of %s, which is closed.", "対局%[1]dは%[3]sの終了した第%[2]dラウンドのものです。", gameID, rd.Number, t.Name)
			}
			g.Result, g.Reported, g.Disputed = &r, nil, false
			g.Source = SourceGame
			table = g
		}
	}
	if table == nil {
		return nil, nil, false, i18n.Errorf("Game %d is not a table of %s.", "対局%dは%sの卓ではありません。", gameID, t.Name)
	}
	return t, table, true, s.Store.SaveTournament(ctx, t)
}

// Bid records a player's secret bid for a side (sides:bid). When both
// players of the table have bid, the sides are settled: different wishes
// are both granted; the same wish goes to the higher bid, whose VP are
// added to the other side; equal bids leave the sides the pairing gave.
func (s *Service) Bid(ctx context.Context, guild, name string, by actor.Actor, table int, side string, vp int) (*Tournament, error) {
	return s.update(ctx, guild, name, func(t *Tournament) error {
		if t.Settings.Sides != "bid" {
			return i18n.Errorf("%s gives sides by the pairing, not by bids", "%sの陣営は入札ではなく組み合わせで決まります。", t.Name)
		}
		g, err := t.table(table)
		if err != nil {
			return err
		}
		if by.ID != g.German && by.ID != g.Allied {
			return i18n.Errorf("You do not play at table %d.", "%d番卓の対局者ではありません。", table)
		}
		if side != German && side != Allied {
			return i18n.Errorf("side:%s is not a side: use german or allied", "side:%s は陣営ではありません。german か allied を指定してください。", side)
		}
		if vp < 0 || vp > 100 {
			return i18n.Errorf("A bid is 0 to 100 VP (got %d).", "入札は0〜100VPです (%d)", vp)
		}
		if len(g.Bids) == 2 || g.Result != nil || g.Reported != nil {
			return i18n.Errorf("The sides of table %d are settled.", "%d番卓の陣営は決まっています。", table)
		}
		if g.Bids == nil {
			g.Bids = map[string]Bid{}
		}
		g.Bids[by.ID] = Bid{side, vp}
		if len(g.Bids) < 2 {
			return nil
		}
		a, b := g.Bids[g.German], g.Bids[g.Allied]
		switch {
		case a.Side != b.Side:
			if a.Side == Allied {
				g.German, g.Allied = g.Allied, g.German
			}
		case a.VP == b.VP:
		default:
			winner, bid := g.German, a
			if b.VP > a.VP {
				winner, bid = g.Allied, b
			}
			loser := g.German
			if winner == g.German {
				loser = g.Allied
			}
			if bid.Side == German {
				g.German, g.Allied = winner, loser
				g.BidVP = bid.VP
			} else {
				g.German, g.Allied = loser, winner
				g.BidVP = -bid.VP
			}
		}
		return nil
	})
}

// applyDeadline applies the forfeit rule to the current round when its
// deadline has passed: a reported, undisputed result stands as if
// confirmed; a table with no report is a double forfeit (both lose, the
// game counts as not played); a disputed table, and a bot game still in
// play with no report, wait for the organiser (/tournament fix).
func (t *Tournament) applyDeadline(now time.Time) []int {
	c := t.Current()
	if c == nil || c.Closed || c.Deadline.IsZero() || now.Before(c.Deadline) {
		return nil
	}
	var changed []int
	for _, g := range c.Games {
		if g.Bye() || g.Result != nil || g.Disputed {
			continue
		}
		if g.GameID != 0 {
			// a bot game still in play: its end gives the result, or
			// the organiser decides; a report never settles it
			continue
		}
		if g.Reported != nil {
			g.Result, g.Reported = g.Reported, nil
		} else {
			g.Result = &Result{Winner: Draw, Double: true, Forfeit: true}
		}
		g.Source = SourceDeadline
		changed = append(changed, g.Table)
	}
	return changed
}

// Deadline applies the forfeit rule if the round's deadline has passed
// (the caller passes the time) and says which tables it decided.
func (s *Service) Deadline(ctx context.Context, guild, name string, now time.Time) ([]int, error) {
	var changed []int
	_, err := s.update(ctx, guild, name, func(t *Tournament) error {
		changed = t.applyDeadline(now)
		return nil
	})
	return changed, err
}

// Missing lists the tables of the current round without a confirmed result.
func (t *Tournament) Missing() []*Game {
	c := t.Current()
	if c == nil {
		return nil
	}
	var out []*Game
	for _, g := range c.Games {
		if !g.Bye() && g.Result == nil {
			out = append(out, g)
		}
	}
	return out
}

// Next closes the current round (the organiser; every table needs its
// result, or the deadline has passed) and pairs the next, or finishes.
func (s *Service) Next(ctx context.Context, guild, name string, by actor.Actor, now time.Time) (*Tournament, error) {
	return s.organise(ctx, guild, name, by, i18n.T("close a round", "ラウンドの締め"), func(t *Tournament) error {
		if t.Status != StatusRunning {
			return i18n.Errorf("%s is not running", "%sは進行中ではありません。", t.Name)
		}
		t.applyDeadline(now)
		if m := t.Missing(); len(m) > 0 {
			var tabs []string
			for _, g := range m {
				tabs = append(tabs, fmt.Sprint(g.Table))
			}
			open := i18n.T("Round %d is not over: tables %s have no confirmed result (report, confirm or fix them; or wait for the deadline).",
				"第%dラウンドは終わっていません。%s番卓の結果が確定していません (報告・確認・訂正するか、期限を待ってください)。")
			if len(tabs) == 1 {
				open.EN = "Round %d is not over: table %s has no confirmed result (report, confirm or fix it; or wait for the deadline)."
			}
			return &i18n.Error{Text: i18n.Sprintf(open, t.Current().Number, i18n.T(strings.Join(tabs, ", "), strings.Join(tabs, "、")))}
		}
		t.Current().Closed = true
		t.Current().ClosedAt = now.UTC()
		if t.finished() || (t.Settings.Format == Swiss && t.Settings.Cut == 0 && t.Current().Number >= t.Settings.Rounds) {
			t.Status = StatusFinished
			return nil
		}
		return t.pairNext(now)
	})
}

// Drop takes a player out (the organiser): no later pairing.
func (s *Service) Drop(ctx context.Context, guild, name string, by actor.Actor, player string) (*Tournament, error) {
	return s.organise(ctx, guild, name, by, i18n.T("drop a player", "プレイヤーの除外"), func(t *Tournament) error {
		p := t.findPlayer(player)
		if p == nil {
			return i18n.Errorf("%s has no player %q: give the name or ID shown in the standings", "%sに「%s」という参加者はいません。順位表の名前かIDを指定してください。", t.Name, player)
		}
		if p.Dropped {
			return i18n.Errorf("%s is already dropped", "%sはすでに棄権扱いです。", p.Name)
		}
		t.leave(p)
		return nil
	})
}

func (t *Tournament) findPlayer(s string) *Player {
	for _, p := range t.Players {
		if p.ID == s {
			return p
		}
	}
	for _, p := range t.Players {
		if NameKey(p.Name) == NameKey(s) {
			return p
		}
	}
	return nil
}

// FixResult sets the result of any table of any round (the organiser).
// A fixed result of a closed round changes the standings, not the
// pairings already made.
func (s *Service) FixResult(ctx context.Context, guild, name string, by actor.Actor, round, table int, res Result) (*Tournament, error) {
	return s.organise(ctx, guild, name, by, i18n.T("fix a result", "結果の修正"), func(t *Tournament) error {
		r, err := validResult(res)
		if err != nil {
			return err
		}
		r.Forfeit, r.Double = res.Forfeit, res.Double
		rd, err := t.Round(round)
		if err != nil {
			return err
		}
		for _, g := range rd.Games {
			if g.Table == table && !g.Bye() {
				if !t.neutralAt(by, g) {
					return i18n.Errorf("You play at table %d of round %d: your own table's result is reported by you and confirmed by your opponent (/tournament report, /tournament confirm), not fixed by you as organiser.",
						"第%[2]dラウンドの%[1]d番卓はあなた自身の対局です。自分の卓の結果は主催者として修正できません。/tournament report で報告し、相手が /tournament confirm で確認します。", table, rd.Number)
				}
				g.Result, g.Reported, g.Disputed = &r, nil, false
				g.Source = SourceOrganiser
				return nil
			}
		}
		return i18n.Errorf("Round %d has no game at table %d.", "第%dラウンドに%d番卓の対局はありません。", rd.Number, table)
	})
}

// Pair is a table given by hand: German and Allied player names or IDs
// (Allied empty: a bye).
type Pair struct{ German, Allied string }

// PairByHand replaces the current round's pairings (the organiser),
// before any result of it is in. A rematch is refused unless confirmed.
func (s *Service) PairByHand(ctx context.Context, guild, name string, by actor.Actor, pairs []Pair, confirmRematch bool) (*Tournament, error) {
	return s.organise(ctx, guild, name, by, i18n.T("pair by hand", "手での組み合わせ"), func(t *Tournament) error {
		c := t.Current()
		if c == nil || c.Closed || t.Status != StatusRunning {
			return i18n.Errorf("%s has no round in play to pair", "%sに組み合わせるラウンドはありません。", t.Name)
		}
		for _, g := range c.Games {
			if g.Result != nil || g.Reported != nil {
				return i18n.Errorf("Table %d of round %d already has a result: fix results instead of re-pairing.", "第%dラウンドの%d番卓には結果があります。組み直さず結果を訂正してください。", c.Number, g.Table)
			}
		}
		hs := t.histories(c.Number)
		used := map[string]bool{}
		var games []*Game
		for i, pr := range pairs {
			a := t.findPlayer(pr.German)
			if a == nil || !a.active(c.Number) {
				return i18n.Errorf("%q is not a player of this round", "「%s」はこのラウンドの参加者ではありません。", pr.German)
			}
			g := explained(&Game{Table: i + 1, German: a.ID, Manual: true}, i18n.T("paired by the organiser", "主催者が組みました"))
			if used[a.ID] {
				return i18n.Errorf("%s is paired twice", "%sが二度組まれています。", a.Name)
			}
			used[a.ID] = true
			if pr.Allied != "" {
				b := t.findPlayer(pr.Allied)
				if b == nil || !b.active(c.Number) {
					return i18n.Errorf("%q is not a player of this round", "「%s」はこのラウンドの参加者ではありません。", pr.Allied)
				}
				if used[b.ID] {
					return i18n.Errorf("%s is paired twice", "%sが二度組まれています。", b.Name)
				}
				used[b.ID] = true
				if hs[a.ID].opps[b.ID] && !confirmRematch {
					return i18n.Errorf("%s and %s have already played each other: confirm the rematch to pair them again", "%sと%sはすでに対戦しています。再戦を確認すれば組めます。", a.Name, b.Name)
				}
				g.Allied = b.ID
			}
			games = append(games, g)
		}
		c.Games = games
		return nil
	})
}

// Extend moves the current round's deadline later (the organiser).
func (s *Service) Extend(ctx context.Context, guild, name string, by actor.Actor, hours int, now time.Time) (*Tournament, error) {
	return s.organise(ctx, guild, name, by, i18n.T("extend a deadline", "期限の延長"), func(t *Tournament) error {
		c := t.Current()
		if c == nil || c.Closed {
			return i18n.Errorf("%s has no round in play", "%sに進行中のラウンドはありません。", t.Name)
		}
		if hours < 1 || hours > 24*30 {
			return i18n.Errorf("Extend by 1 to 720 hours (got %d).", "延長は1〜720時間です (%d)", hours)
		}
		base := c.Deadline
		if base.IsZero() || base.Before(now) {
			base = now.UTC()
		}
		c.Deadline = base.Add(time.Duration(hours) * time.Hour)
		return nil
	})
}

// ReliabilityReader is a store that knows how the guild's players' games
// ended (the games database does; in memory nothing is known).
type ReliabilityReader interface {
	Reliability(ctx context.Context, guild string) (map[string]Reliability, error)
}

// reliabilityOf is one player's reliability in the guild (none known: a
// new player's, which every minimum admits).
func (s *Service) reliabilityOf(ctx context.Context, guild, user string) (Reliability, error) {
	rr, ok := s.Store.(ReliabilityReader)
	if !ok {
		return Reliability{}, nil
	}
	all, err := rr.Reliability(ctx, guild)
	return all[user], err
}
