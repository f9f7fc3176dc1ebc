package games

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"rtrbot/actor"
	"rtrbot/ai"
	"rtrbot/engine/game"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// Adjudication (判定) ends a game that cannot be finished: the referee
// plays the position on to the end K times with dice of its own
// (ai.Adjudicate) and takes the median result by 15.1. In a casual game
// both sides must ask for it at the same position (a computer's side
// agrees to it; in a hot-seat game whoever sits at the keyboard plays both
// sides and asks for both); the result ends the game, marked adjudicated.

// MetaAdjudicated is the adjudication of a game that ended by one
// (EncodeAdjudication), stored with its end.
const MetaAdjudicated = "adjudicated"

// metaAdjudicateAsk(side) is the position (its hash) at which side asked
// for adjudication: the other side's ask at the same position agrees.
func metaAdjudicateAsk(side units.Side) string { return "adjudicate:" + side.String() }

// SetAdjudication sets how the service adjudicates (zero fields: ai's
// defaults); tests and the playtest lower the play-outs.
func (t *Service) SetAdjudication(cfg ai.AdjudicateConfig) {
	t.mu.Lock()
	t.adjudication = cfg
	t.mu.Unlock()
}

// AdjudicationConfig is how the service adjudicates.
func (t *Service) AdjudicationConfig() ai.AdjudicateConfig {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.adjudication
}

// AdjudicationAsk is what an ask for adjudication did: Agreed when both
// sides have asked at this position (then Result is the adjudication and
// the game is over), else the side that asked waits for Other.
type AdjudicationAsk struct {
	Game   *Game
	Side   units.Side
	Other  units.Side
	Agreed bool
	// Alone says the asker's ask is both sides' (against the computer, or
	// at one seat): his first ask only asks; a second at the same position
	// ends the game, so that one mistyped command never does.
	Alone  bool
	Result ai.Adjudication
}

// AskAdjudication: a's side asks for adjudication of the game at at. The
// first side's ask is stored with the position; the second side's ask at
// the same position ends the game by adjudication (played outside the
// game's lock: the game and every other go on meanwhile; if the position
// changed by then, nothing ends and they ask again). Only a player asks,
// for his own side; against the computer the human's ask is enough.
// allowed refuses a game the caller knows is not for this (a tournament's).
func (t *Service) AskAdjudication(ctx context.Context, a actor.Actor, at Where, allowed func(*Game) error) (*AdjudicationAsk, error) {
	return t.AskAdjudicationTold(ctx, a, at, allowed, nil)
}

// AskAdjudicationTold is AskAdjudication that calls started, if not nil,
// with the play-outs' count when they begin (both sides agreed), before
// they run, so that the asker is told at once that the work has begun.
func (t *Service) AskAdjudicationTold(ctx context.Context, a actor.Actor, at Where, allowed func(*Game) error, started func(playOuts int)) (*AdjudicationAsk, error) {
	g, unlock, err := t.acquire(ctx, at)
	if err != nil {
		return nil, err
	}
	side, both, err := adjudicationSide(g, a)
	if err == nil && allowed != nil {
		err = allowed(g)
	}
	if err != nil {
		unlock()
		return nil, err
	}
	hash := g.State.Hash()
	other := 1 - side
	again := g.Meta[metaAdjudicateAsk(side)] == hash
	if err := t.update(ctx, g, func(tx Tx) error { return tx.SetMeta(metaAdjudicateAsk(side), hash) }); err != nil {
		unlock()
		return nil, err
	}
	g.Meta = cloneMeta(g.Meta)
	g.Meta[metaAdjudicateAsk(side)] = hash
	agreed := (both && again) || g.Meta[metaAdjudicateAsk(other)] == hash
	x := &AdjudicationAsk{Game: g.copy(), Side: side, Other: other, Agreed: agreed, Alone: both}
	state, id := g.State, g.ID
	unlock()
	if !agreed {
		return x, nil
	}
	select {
	case t.adjudications <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	cfg := t.AdjudicationConfig()
	if started != nil {
		k := cfg.PlayOuts
		if k == 0 {
			k = ai.DefaultPlayOuts
		}
		started(k)
	}
	res, err := t.adjudicator()(state, cfg)
	<-t.adjudications
	if err != nil {
		return nil, err
	}
	g, unlock, err = t.acquire(ctx, at)
	if err != nil {
		return nil, err
	}
	defer unlock()
	if g.ID != id || g.State.Hash() != hash || (!both && (g.Meta[metaAdjudicateAsk(side)] != hash || g.Meta[metaAdjudicateAsk(other)] != hash)) {
		return nil, i18n.Errorf("The game went on while it was being adjudicated: nothing ended. Both sides ask again (/computer adjudicate) at the position where they want the game adjudicated.",
			"判定の間にゲームが進んだため、何も終了していません。判定したい局面で両陣営がもう一度 /computer adjudicate を実行してください。")
	}
	if err := t.setStatus(ctx, g, Finished, MetaAdjudicated, EncodeAdjudication(res)); err != nil {
		return nil, err
	}
	x.Game, x.Result = g.copy(), res
	return x, nil
}

// adjudicationSide is the side a asks for, and whether his ask is both
// sides' (a hot-seat game, or a game against the computer).
func adjudicationSide(g *Game, a actor.Actor) (side units.Side, both bool, err error) {
	if g.Status != "" && g.Status != Active || g.State == nil || g.State.Step == game.GameOver {
		return 0, false, i18n.Errorf("This game is over: there is nothing to adjudicate.", "このゲームは終了しているため、判定するものはありません。")
	}
	if p := g.PendingChoice(); p.EN != "" {
		return 0, false, &i18n.Error{Text: p}
	}
	if g.HotSeat() {
		return g.State.ToMove(), true, nil
	}
	side, ok := g.SideOf(a.ID)
	if !ok || IsBot(a.ID) {
		return 0, false, i18n.Errorf("Only a player of this game asks for its adjudication, for his own side; spectators and referees read only.",
			"判定を求められるのはこのゲームのプレイヤーが自軍についてのみです。観戦者と審判は閲覧のみです。")
	}
	if bot, _, ok := g.Bot(); ok && bot != side {
		return side, true, nil
	}
	return side, false, nil
}

// EncodeAdjudication is an adjudication as stored: "winner level margin
// q1 q3 germanwins alliedwins draws playouts iterations".
func EncodeAdjudication(a ai.Adjudication) string {
	return fmt.Sprintf("%s %d %d %d %d %d %d %d %d %d", a.Winner, a.Level, a.Margin, a.Q1, a.Q3, a.Wins[0], a.Wins[1], a.Draws, a.PlayOuts, a.Iterations)
}

// DecodeAdjudication reads a stored adjudication.
func DecodeAdjudication(s string) (ai.Adjudication, bool) {
	f := strings.Fields(s)
	if len(f) != 10 {
		return ai.Adjudication{}, false
	}
	w, err := units.ParseSide(f[0])
	if err != nil {
		return ai.Adjudication{}, false
	}
	n := make([]int, 9)
	for i := range n {
		if n[i], err = strconv.Atoi(f[i+1]); err != nil {
			return ai.Adjudication{}, false
		}
	}
	return ai.Adjudication{Winner: w, Level: game.Level(n[0]), Margin: n[1], Q1: n[2], Q3: n[3], Wins: [2]int{n[4], n[5]}, Draws: n[6], PlayOuts: n[7], Iterations: n[8]}, true
}

// Adjudicated is the adjudication that ended g, if one did.
func (g *Game) Adjudicated() (ai.Adjudication, bool) {
	v := g.Meta[MetaAdjudicated]
	if v == "" {
		return ai.Adjudication{}, false
	}
	return DecodeAdjudication(v)
}

// AdjudicationAsked is the side that asked for adjudication at the
// current position and waits for the other, if one does.
func (g *Game) AdjudicationAsked() (units.Side, bool) {
	if g.State == nil {
		return 0, false
	}
	h := ""
	for _, side := range []units.Side{units.German, units.Allied} {
		if v := g.Meta[metaAdjudicateAsk(side)]; v != "" {
			if h == "" {
				h = g.State.Hash()
			}
			if v == h {
				return side, true
			}
		}
	}
	return 0, false
}

// AdjudicationText is an adjudication for players: the result by 15.1,
// the median margin, its quartiles and what the play-outs gave.
func AdjudicationText(a ai.Adjudication) i18n.Text {
	res := a.Level.Name()
	if a.Level != game.Draw {
		res = i18n.Sprintf(i18n.T("%s %s", "%sの%s"), a.Winner.Name(), a.Level.Name())
	}
	if a.PlayOuts == 0 {
		return i18n.Sprintf(i18n.T("Adjudicated: %s (the game was already over: VP difference %+d, Germans minus Allies).",
			"判定: %s (ゲームは既に終了: VP 差 %+d、独軍 − 連合軍)。"), res, a.Margin)
	}
	return i18n.Sprintf(i18n.T("Adjudicated: %s (15.1), by the median of %s to the end: VP difference %+d (Germans minus Allies; a side wins by more than 50; middle half %+d to %+d). The play-outs: Germans won %d, Allies %d, draws %d.",
		"判定: %s (15.1)。終了までのプレイアウト %sの中央値による: VP 差 %+d (独軍 − 連合軍。50 を超えればその側の勝利。中央の半数は %+d ～ %+d)。プレイアウトの内訳: 独軍勝利 %d、連合軍勝利 %d、引分け %d。"),
		res, i18n.Count(a.PlayOuts, "play-out", "play-outs", "回"), a.Margin, a.Q1, a.Q3, a.Wins[0], a.Wins[1], a.Draws)
}

// AdjudicateAtLimit ends the game played at at (it must be game id) by
// adjudication, waiting for the play-outs: a tournament round's hard
// limit (the clock's, no one's request; the caller decides it is due).
// The bot's clock queues it instead (QueueAdjudicationAtLimit). The
// play-outs run off the game's lock; if the game moved on meanwhile,
// nothing ends. Nothing is done to a game that is over or is another.
func (t *Service) AdjudicateAtLimit(ctx context.Context, at Where, id int64) (*Game, ai.Adjudication, error) {
	g, unlock, err := t.acquire(ctx, at)
	if err != nil {
		return nil, ai.Adjudication{}, err
	}
	if g.ID != id || !limitLive(g) {
		unlock()
		return nil, ai.Adjudication{}, i18n.Errorf("Game #%d is not running here.", "ゲーム #%d はここで進行中ではありません。", id)
	}
	state, hash := g.State, g.State.Hash()
	unlock()
	select {
	case t.adjudications <- struct{}{}:
	case <-ctx.Done():
		return nil, ai.Adjudication{}, ctx.Err()
	}
	res, err := t.adjudicator()(state, t.AdjudicationConfig())
	<-t.adjudications
	if err != nil {
		return nil, ai.Adjudication{}, err
	}
	g, unlock, err = t.acquire(ctx, at)
	if err != nil {
		return nil, ai.Adjudication{}, err
	}
	defer unlock()
	if g.ID != id || !limitLive(g) || g.State.Hash() != hash {
		return nil, ai.Adjudication{}, errMovedOn
	}
	if err := t.finishAdjudicated(ctx, g, res, -1); err != nil {
		return nil, ai.Adjudication{}, err
	}
	return g.copy(), res, nil
}
