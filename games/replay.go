package games

import (
	"context"
	"errors"

	"rtrbot/actor"
	"rtrbot/engine/game"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// What a replay (/replay) may show, and of which game: the games of the
// place it is asked in, and, while a game runs, its public view only.

// replayScan bounds how many of a guild's ended games are looked at for
// the newest one of a place.
const replayScan = 50

// errNotHere refuses a game of another place (a forged or stale button).
func errNotHere(id int64) error {
	return i18n.Errorf("Game #%d was not played here: a replay shows the games of the channel it is asked in (/replay alone shows this channel's game).",
		"ゲーム #%d はこの場所で行われたゲームではありません。リプレイは尋ねたチャンネルのゲームだけを表示します (/replay だけでこのチャンネルのゲームを表示)。", id)
}

// ReplayGame is the game a replay at a place shows, as a copy: game id
// when it was played there (its channel or one of its threads), or with
// id 0 the place's running game, else its newest ended one. ErrNoGame
// when there is none; a game of another place, a damaged one or one that
// runs elsewhere is refused.
func (t *Service) ReplayGame(ctx context.Context, at Where, id int64) (*Game, error) {
	live, err := t.lookup(ctx, at.Guild, at.Channel)
	if err == nil && live != nil && (id == 0 || live.ID == id) {
		lk := t.lockOf(live)
		lk.Lock()
		defer lk.Unlock()
		return live.copy(), nil
	}
	if t.store == nil {
		if id != 0 {
			return nil, errNotHere(id)
		}
		return nil, ErrNoGame
	}
	if id == 0 {
		if id, _ = t.newestEnded(ctx, at); id == 0 {
			return nil, ErrNoGame
		}
	}
	row, err := t.store.Game(ctx, id)
	if err != nil || row == nil || row.Guild != at.Guild || (row.Status != Finished && row.Status != Abandoned) {
		return nil, errNotHere(id)
	}
	g, err := t.load(ctx, id)
	if err != nil {
		return nil, t.loadError(ctx, at, err)
	}
	if !g.playedAt(at.Channel) {
		return nil, errNotHere(id)
	}
	return g, nil
}

// newestEnded is the newest finished or abandoned game of a place and
// how it stands (0: none among the guild's latest). The one lookup of a
// place's ended game: ReplayGame (/replay, /computer analysis, /ladder
// rate), and through find (EndedError) /game status, /computer explain
// and the refusal of an order.
func (t *Service) newestEnded(ctx context.Context, at Where) (int64, Status) {
	if t.store == nil {
		return 0, ""
	}
	list, err := t.store.Records(ctx, Filter{Guild: at.Guild})
	if err != nil {
		return 0, ""
	}
	seen := 0
	for _, l := range list {
		if l.Problem != nil || (l.Status != Finished && l.Status != Abandoned) {
			continue
		}
		if seen++; seen > replayScan {
			return 0, ""
		}
		g := &Game{Channel: l.Channel}
		if g.Meta, err = t.store.Meta(ctx, l.ID); err == nil && g.playedAt(at.Channel) {
			return l.ID, l.Status
		}
	}
	return 0, ""
}

// EndedError answers a request at a place where no game runs and whose
// newest game has ended (finished: by 15.1, a resignation or an
// adjudication; or abandoned): that game takes no orders and no changes,
// and a new one starts with /game new. It is an ErrNoGame, so whatever
// asks for the running game treats it as none; the readers of a finished
// game (Latest) read that one.
type EndedError struct {
	ID int64
	i18n.Text
}

func (e *EndedError) Error() string        { return e.EN }
func (e *EndedError) Is(target error) bool { return target == ErrNoGame }

// errEnded is the refusal of an order or a change to game id, which
// ended as st says.
func errEnded(id int64, st Status) *EndedError {
	return &EndedError{ID: id, Text: i18n.Sprintf(i18n.T(
		"Game #%d of this channel is over (%s): it takes no more orders or changes. /game status shows how it ended; /game new starts a new game here.",
		"このチャンネルのゲーム #%d は終了しています (%s)。命令や変更はもう受け付けません。結果は /game status で確認でき、新しいゲームは /game new で始められます。"),
		id, st.Text())}
}

// Latest is the game of a place as its readers find it, a copy: the
// game running there, else the newest that ended there (ReplayGame's),
// so that a finished game's channel still tells how it ended. ErrNoGame
// when there is neither.
func (t *Service) Latest(ctx context.Context, at Where) (*Game, error) {
	g, unlock, err := t.acquire(ctx, at)
	if err == nil {
		defer unlock()
		return g.copy(), nil
	}
	var ended *EndedError
	if !errors.As(err, &ended) {
		return nil, err
	}
	return t.ReplayGame(ctx, at, ended.ID)
}

// playedAt says whether the game was played in channel: its own, its
// parent channel, or one of its sides' threads.
func (g *Game) playedAt(channel string) bool {
	return channel != "" && (g.Channel == channel || g.Meta["thread:parent"] == channel ||
		g.Thread(units.German) == channel || g.Thread(units.Allied) == channel)
}

// Running says whether the game is still being played: its hidden
// information is still hidden (14.1).
func (g *Game) Running() bool {
	return g.Status != Finished && g.Status != Abandoned && g.State.Step != game.GameOver
}

// MayReplayAs refuses a replay of g in viewer v's eyes to a who may not
// have it. The public view is everyone's. While the game runs a replay
// shows the public view only, to everyone, the side's own players too
// (a side's picture of the past would be its present knowledge, which
// belongs to /map view:mine). Once it is over (Over, as for /game
// export, which then gives anyone the whole log), 14.1 no longer hides
// anything: anyone may step through either side's view.
func (g *Game) MayReplayAs(a actor.Actor, v game.Viewer) error {
	if v == game.PublicView || g.Over() {
		return nil
	}
	return i18n.Errorf("While the game runs, its replay shows the public view only (14.1); once the game is over, anyone may step through either side's view. /map view:mine shows your side's units now.",
		"ゲーム進行中のリプレイは公開視点のみです (14.1)。ゲーム終了後は誰でも両陣営の視点で見られます。現在の自軍ユニットは /map view:mine で表示できます。")
}
