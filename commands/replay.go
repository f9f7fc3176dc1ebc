package commands

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"rtrbot/engine/game"
	"rtrbot/engine/turn"
	"rtrbot/games"
	"rtrbot/i18n"
	"rtrbot/render"
)

// /replay steps through a game segment by segment in one message: the
// position at the end of each movement and combat segment (a picture
// cropped around what moved) and the segment's account, with ⏮ ◀ ▶ ⏭
// buttons that edit the message in place. It is not under /game, which
// has Discord's 25 subcommands already.
//
// Everything a press needs is in its button (the game's number, the
// segment, the view), so a replay steps on after a restart; and all of
// it is checked again at each press against the one who pressed, as if
// he had typed it: the game must be of this channel, the segment one of
// its own, and the view one the presser may have (games.MayReplayAs:
// while a game runs, the public view only). Anyone in the channel may
// step a public replay: the message is shared, like a board everyone
// stands around, and shows nothing its watchers may not see. A side's
// view (after the game) is answered privately, so only its asker steps
// it.

// registerReplay adds /replay.
func (b *Bot) registerReplay(r *Router) {
	views := []Choice{
		{Name: i18n.T("public", "公開"), Value: "public"},
		{Name: i18n.T("German (after the game)", "独軍 (ゲーム終了後)"), Value: "german"},
		{Name: i18n.T("Allied (after the game)", "連合軍 (ゲーム終了後)"), Value: "allied"},
	}
	steps := []Choice{
		{Name: i18n.T("first segment", "最初のセグメント"), Value: "first"},
		{Name: i18n.T("previous segment", "前のセグメント"), Value: "prev"},
		{Name: i18n.T("next segment", "次のセグメント"), Value: "next"},
		{Name: i18n.T("last segment", "最後のセグメント"), Value: "last"},
	}
	r.Add(&Command{
		Name: "replay", Slow: true, EditsPressed: true,
		Description: i18n.T("Step through this channel's game segment by segment, with buttons",
			"このチャンネルのゲームをセグメントごとにボタンで再生"),
		Options: []Option{
			{Name: "segment", Description: i18n.T("the segment to show, from 1 (default: the first)", "表示するセグメント (1 から。既定は最初)"), Type: Integer, MinInt: 1, MaxInt: 100000},
			{Name: "view", Description: i18n.T("whose view: public (while the game runs, the only one)", "視点: public (ゲーム進行中はこれのみ)"), Choices: views},
			{Name: "gif", Description: i18n.T("an animated GIF of this turn instead (1 = Aug I ... 16 = Nov IV)", "代わりにこのターンのアニメーション GIF (1 = 8月I ... 16 = 11月IV)"), Type: Integer, MinInt: int(turn.First), MaxInt: int(turn.Last)},
			{Name: "go", Description: i18n.T("from segment:, go to the first, previous, next or last", "segment: から最初・前・次・最後へ"), Choices: steps},
			{Name: "game", Description: i18n.T("an ended game of this channel, by number (default: its newest)", "このチャンネルの終了したゲームの番号 (既定は最新)"), Type: Integer, MinInt: 1, MaxInt: 1 << 30},
		},
		Handler: b.replay,
	})
}

// replayViews are the view: values and the viewers they name.
var replayViews = map[string]game.Viewer{"": game.PublicView, "public": game.PublicView, "german": game.GermanView, "allied": game.AlliedView}

func viewName(v game.Viewer) string {
	switch v {
	case game.GermanView:
		return "german"
	case game.AlliedView:
		return "allied"
	}
	return "public"
}

func (b *Bot) replay(ctx context.Context, req *Request) *Response {
	var id int64
	if req.Has("game") {
		n, err := strconv.ParseInt(req.Opt("game"), 10, 64)
		if err != nil || n < 1 {
			return Private(fmt.Sprintf(req.T("game: is a game's number, e.g. game:12; %q is not one.", "game: はゲームの番号です (例 game:12)。「%s」は番号ではありません。"), req.Opt("game")))
		}
		id = n
	}
	v, ok := replayViews[req.Opt("view")]
	if !ok {
		return Private(fmt.Sprintf(req.T("view: is public, german or allied; %q is none of them.", "view: は public、german、allied のいずれかです。「%s」はどれでもありません。"), req.Opt("view")))
	}
	g, err := b.games.ReplayGame(ctx, where(req), id)
	if errors.Is(err, games.ErrNoGame) {
		return Private(req.T("There is no game in this channel to replay: /replay shows the game running here, or the last one played here.",
			"このチャンネルには再生できるゲームがありません。/replay はここで進行中のゲーム、またはここで最後に行われたゲームを表示します。"))
	}
	if err != nil {
		return gameFail(req, err)
	}
	if g.Sandbox {
		return Private(req.T("This game was loaded from a position: it has no orders from its start to replay.",
			"このゲームは局面から読み込まれたため、最初からの命令がなく再生できません。"))
	}
	if err := g.MayReplayAs(req.Actor(), v); err != nil {
		return Fail(req, err)
	}
	frames, err := b.replays.frames(g, v)
	if err != nil {
		b.Log.Error("replay", "game", g.ID, "err", err)
		return Private(req.T("The game could not be replayed from its orders; the bot's operator should check the log.",
			"命令からゲームを再生できませんでした。運営者がログを確認してください。"))
	}
	if req.Has("gif") {
		return b.replayGIF(req, g, v, frames)
	}
	k, fail := replayIndex(req, len(frames))
	if fail != nil {
		return fail
	}
	return b.replayFrame(req, g, v, frames, k)
}

// replayIndex is the frame (from 0) that segment: and go: name; a
// segment out of the game's range is refused.
func replayIndex(req *Request, n int) (int, *Response) {
	k := 1
	if req.Has("segment") {
		k, _ = strconv.Atoi(req.Opt("segment"))
		if k < 1 || k > n {
			return 0, Private(fmt.Sprintf(req.T("This replay has %s: give segment:1 to segment:%d.",
				"このリプレイは %sです。segment:1 から segment:%d を指定してください。"), i18n.Count(n, "segment", "segments", "セグメント").In(req.Lang), n))
		}
	}
	switch req.Opt("go") {
	case "first":
		k = 1
	case "prev":
		k = max(k-1, 1)
	case "next":
		k = min(k+1, n)
	case "last":
		k = n
	case "":
	default:
		return 0, Private(fmt.Sprintf(req.T("go: is first, prev, next or last; %q is none of them.", "go: は first、prev、next、last のいずれかです。「%s」はどれでもありません。"), req.Opt("go")))
	}
	return k - 1, nil
}

// replayFrame is the message of frame k: its picture, its heading and
// account, and the buttons to step on.
func (b *Bot) replayFrame(req *Request, g *games.Game, v game.Viewer, frames []replayFrame, k int) *Response {
	f := frames[k]
	crop := replayCrop(&f.sit)
	b.waitRender()
	png, err := func() ([]byte, error) {
		defer func() { <-b.renders }()
		r, err := b.pics.renderer(b.Map, req.Lang, crop != nil)
		if err != nil {
			return nil, err
		}
		return b.maps.situation(b.Map, req.Lang, "situation", &f.sit, crop, func() ([]byte, error) { return r.DrawSituation(&f.sit, crop) })
	}()
	if err != nil {
		b.Log.Error("replay drawing", "game", g.ID, "err", err)
		return Private(req.T("The replay could not be drawn; the bot's operator should check the log.",
			"リプレイを描けませんでした。運営者がログを確認してください。"))
	}
	m := Message{Text: replayText(req, g, v, frames, k), Ephemeral: v != game.PublicView, Edit: true,
		Files:   []File{{Name: fmt.Sprintf("replay-%d-%d.png", g.ID, k+1), ContentType: "image/png", Data: png}},
		Buttons: replayButtons(req, g, v, frames, k)}
	return &Response{Messages: []Message{m}}
}

// replayText is a frame's heading and account, within a Discord message.
func replayText(req *Request, g *games.Game, v game.Viewer, frames []replayFrame, k int) string {
	f := frames[k]
	var sb strings.Builder
	name := i18n.Sprintf(i18n.T("game #%d", "ゲーム #%d"), g.ID)
	if g.ID == 0 {
		name = i18n.T("this game", "このゲーム")
	}
	fmt.Fprintf(&sb, req.T("**Replay of %s**, %s (%d/%d)\n", "**%sのリプレイ** %s (%d/%d)\n"),
		name.In(req.Lang), f.sit.Viewer.Name().In(req.Lang), k+1, len(frames))
	when := replayTurn(req, f.turn) + req.T(", ", " ") + f.step.In(req.Lang)
	switch {
	case k < len(frames)-1:
		fmt.Fprintf(&sb, req.T("%s, at its end:\n", "%s 終了時:\n"), when)
	case g.Running():
		fmt.Fprintf(&sb, req.T("%s, the position now:\n", "%s 現在の局面:\n"), when)
	default:
		fmt.Fprintf(&sb, req.T("%s, the end of the game:\n", "%s ゲーム終了:\n"), when)
	}
	if len(f.lines) == 0 {
		sb.WriteString(req.T("Nothing to report.", "報告なし。"))
	}
	const room = maxMessage - 100 // the note of the lines left out
	for i, l := range f.lines {
		line := "• " + l.In(req.Lang) + "\n"
		if utf8.RuneCountInString(sb.String())+utf8.RuneCountInString(line) > room {
			fmt.Fprintf(&sb, req.T("… and %s more.", "… ほか %s。"), i18n.Count(len(f.lines)-i, "line", "lines", "行").In(req.Lang))
			break
		}
		sb.WriteString(line)
	}
	return strings.TrimRight(sb.String(), "\n")
}

// maxMessage is Discord's length of a message's text.
const maxMessage = 2000

// replayButtons step from frame k: each carries the game, the frame it
// was pressed on and the view, and is checked again when pressed.
func replayButtons(req *Request, g *games.Game, v game.Viewer, frames []replayFrame, k int) []Button {
	opts := func(extra ...string) map[string]string {
		o := map[string]string{"view": viewName(v)}
		if g.ID != 0 {
			o["game"] = strconv.FormatInt(g.ID, 10)
		}
		for i := 0; i+1 < len(extra); i += 2 {
			o[extra[i]] = extra[i+1]
		}
		return o
	}
	seg := strconv.Itoa(k + 1)
	return []Button{
		{Label: "⏮", Path: "replay", Options: opts("segment", seg, "go", "first")},
		{Label: "◀", Path: "replay", Options: opts("segment", seg, "go", "prev"), Style: Primary},
		{Label: "▶", Path: "replay", Options: opts("segment", seg, "go", "next"), Style: Primary},
		{Label: "⏭", Path: "replay", Options: opts("segment", seg, "go", "last")},
		{Label: req.T("GIF of this turn", "このターンの GIF"), Path: "replay", Options: opts("gif", strconv.Itoa(int(frames[k].turn)))},
	}
}

// replayGIF answers gif:TURN: the turn's frames as an animated GIF.
func (b *Bot) replayGIF(req *Request, g *games.Game, v game.Viewer, frames []replayFrame) *Response {
	n, _ := strconv.Atoi(req.Opt("gif"))
	t := turn.Turn(n)
	var sits []render.Situation
	for _, f := range frames {
		if f.turn == t {
			sits = append(sits, f.sit)
		}
	}
	if !t.Valid() || len(sits) == 0 {
		first, last := frames[0].turn, frames[len(frames)-1].turn
		return Private(fmt.Sprintf(req.T("This game has no segment in turn %d: its replay runs from turn %d (%s) to turn %d (%s).",
			"このゲームにはターン %d のセグメントがありません。リプレイはターン %d (%s) から %d (%s) までです。"),
			n, int(first), replayTurn(req, first), int(last), replayTurn(req, last)))
	}
	b.waitRender()
	defer func() { <-b.renders }()
	r, err := render.New(b.Map, render.Options{Scale: replayScale, NoLegend: true, Lang: req.Lang})
	var gif []byte
	if err == nil {
		gif, err = r.Replay(sits, render.ReplayOptions{})
	}
	if err != nil {
		b.Log.Error("replay GIF", "game", g.ID, "err", err)
		return Private(req.T("The replay could not be drawn; the bot's operator should check the log.",
			"リプレイを描けませんでした。運営者がログを確認してください。"))
	}
	text := fmt.Sprintf(req.T("%s, %s, one frame a segment (%s).", "%s %s、1セグメント1コマ (%s)。"),
		replayTurn(req, t), sits[0].Viewer.Name().In(req.Lang), i18n.Count(len(sits), "frame", "frames", "コマ").In(req.Lang))
	m := Message{Text: text, Ephemeral: v != game.PublicView,
		Files: []File{{Name: fmt.Sprintf("replay-%d-turn-%d.gif", g.ID, n), ContentType: "image/gif", Data: gif}}}
	return &Response{Messages: []Message{m}}
}

// replayTurn is a turn's name in the reader's language ("Aug II", "8月II").
func replayTurn(req *Request, t turn.Turn) string {
	return i18n.T(t.String(), t.Japanese()).In(req.Lang)
}
