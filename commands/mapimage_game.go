package commands

import (
	"context"
	"image/color"
	"slices"
	"sort"
	"strings"

	"rtrbot/engine/game"
	"rtrbot/engine/hex"
	"rtrbot/engine/units"
	"rtrbot/games"
	"rtrbot/i18n"
	"rtrbot/render"
	"rtrbot/render/fromgame"
)

// gameMap draws /map when a game runs in the channel: its units over the
// map, as the public sees them (view:public, the default, posted to the
// channel) or as the asker's side sees them (view:mine or unit:, an
// ephemeral reply: 14.1). The picture is drawn from the situation
// fromgame.For filters for that viewer; the renderer never sees the game.
//
// "mine" is the side the asker plays (/game join); in a hot-seat game,
// where nobody has joined, the side to move, and the caption says so.
// A spectator has no private map.
func (b *Bot) gameMap(req *Request, pics *mapPictures, g *games.Game, centre hex.Hex, focus []hex.Hex, radius int, what i18n.Text) *Response {
	s := g.State
	if req.Opt("replay") == "true" {
		return b.gameReplay(req, g)
	}
	private := req.Opt("view") == "mine" || req.Has("unit")
	viewer := render.Public
	side, plays := g.OwnSide(req.Actor())
	if private {
		if !plays {
			return Private(req.T("You play no side in this game, so you have no private map: /map shows the public one (players join with /game join side:german or side:allied).",
				"あなたはこのゲームのどちらの陣営でもないため、非公開マップはありません。/map で公開マップを表示します (参加は /game join side:german か side:allied)。"))
		}
		viewer = render.ViewerOf(side)
	}
	sit := fromgame.For(s, nil, viewer)
	fromgame.WithScenario(&sit, s.Rules().Scenario) // the turn track ends where the scenario does (17.1)
	var crop *render.Crop
	if req.Has("area") || req.Has("around") {
		crop = &render.Crop{Center: centre, Radius: radius}
	}
	if req.Opt("front") == "true" {
		if crop = render.FrontCrop(&sit, maxRadius); crop == nil {
			return Private(req.T("No unit is on the map yet, so there is no front to show; /map shows the whole map.",
				"マップ上にユニットがまだないため、前線を表示できません。/map で地図全体を表示します。"))
		}
		what = i18n.Sprintf(i18n.T("The front, around %s, %s out", "前線 (%s の周囲 %s)"), label(b.Map, crop.Center), i18n.Count(crop.Radius, "hex", "hexes", "ヘクス"))
	}
	if req.Has("unit") {
		var fail *Response
		if crop, what, fail = b.unitMap(req, s, side, &sit, crop); fail != nil {
			return fail
		}
	}
	// A render slot, shared with the maps posted after segments.
	b.waitRender()
	defer func() { <-b.renders }()
	r, err := pics.renderer(b.Map, req.Lang, crop != nil)
	if err != nil {
		b.Log.Error("map renderer", "err", err)
		return Private(req.T("The map could not be drawn; the bot's operator should check the log.",
			"地図を描けませんでした。運営者がログを確認してください。"))
	}
	var extra []render.Layer
	if len(focus) > 0 && crop != nil && !req.Has("unit") {
		extra = append(extra, render.Focus(focus...))
	}
	// During setup a side's own map shades where its units still to be
	// set up may go (17.1-17.5): the setup areas their instructions name.
	if private && s.Step == game.SetupStep && s.ToMove() == side {
		if hexes, areas := setupHexes(s, side); len(hexes) > 0 {
			extra = append(extra, render.Highlight{Hexes: hexes, Fill: color.NRGBA{255, 196, 0, 70}, Outline: color.NRGBA{200, 120, 0, 255}},
				setupAreaLabels(s, areas))
			what = i18n.Sprintf(i18n.T("%s; shaded: the setup areas of your units still to set up (%s)",
				"%s。網掛け: 未配置ユニットの配置地域 (%s)"), what, strings.Join(areas, " "))
		}
	}
	draw := func() ([]byte, error) { return r.DrawSituation(&sit, crop, extra...) }
	var png []byte
	if len(extra) == 0 { // a picture of the situation alone: drawn once (mapcache.go)
		png, err = b.maps.situation(b.Map, req.Lang, "situation", &sit, crop, draw)
	} else {
		png, err = draw()
	}
	if err != nil {
		b.Log.Error("map drawing", "err", err)
		return Private(req.T("The map could not be drawn; the bot's operator should check the log.",
			"地図を描けませんでした。運営者がログを確認してください。"))
	}
	name := "map.png"
	if crop != nil {
		name = "map-" + crop.Center.String() + ".png"
	}
	text := what.In(req.Lang) + req.T(" — ", "。") + sit.Viewer.Name().In(req.Lang)
	files := []File{{Name: name, ContentType: "image/png", Data: png}}
	if crop == nil {
		more, said := b.phonePictures(req, pics, r, &sit)
		files, text = append(files, more...), text+said
	}
	if private && g.HotSeat() {
		text += req.T(" (hot seat: the side to move)", " (ホットシート: 手番側)")
	}
	r2 := Reply(text)
	if private {
		r2 = Private(text)
	}
	for _, f := range files {
		r2.WithFile(f)
	}
	return r2
}

// unitMap is the map of unit:, where one of the asker's units may move
// (the crop holds its destinations), or, when it may not move now, where
// it stands and why. It answers a unit that is not there or not the
// asker's with a refusal.
func (b *Bot) unitMap(req *Request, s *game.State, side units.Side, sit *render.Situation, crop *render.Crop) (*render.Crop, i18n.Text, *Response) {
	var what i18n.Text
	id := strings.ToUpper(strings.TrimSpace(req.Opt("unit")))
	c, ok := s.Lookup(id)
	if !ok {
		return nil, what, Private(i18n.Sprintf(i18n.T("There is no unit %q. Type the start of an ID (e.g. G-III) and pick one of the suggestions.",
			"ユニット「%s」はありません。ID の最初 (例 G-III) を入力して候補から選んでください。"), id).In(req.Lang))
	}
	if c.Side() != side {
		return nil, what, Private(i18n.Sprintf(i18n.T("%s is not a unit of your side (%s): you may ask only where your own units can go.",
			"%s は自軍 (%s) のユニットではありません。移動先を表示できるのは自軍ユニットだけです。"), c.ID, side.Name().In(req.Lang)).In(req.Lang))
	}
	ds, err := s.Destinations(c)
	rail, railErr := s.RailDestinations(c)
	at := s.Unit(c).At
	if err != nil && (railErr != nil || len(rail) == 0) {
		if s.Unit(c).Box != game.OnMap {
			return nil, what, Fail(req, err)
		}
		// It may not move now: the map shows where it stands, and why.
		sit.Selected = &at
		if crop == nil {
			crop = &render.Crop{Center: at, Radius: min(3, maxRadius)}
		}
		what = i18n.Sprintf(i18n.T("%s in %s; it may not move now: %s", "%s は %s にいます。今は移動できません: %s"), c.ID, label(b.Map, at), i18n.TextOf(err))
		return crop, what, nil
	}
	sit.Selected, sit.Destinations = &at, fromgame.Destinations(ds, rail)
	// The crop holds the destinations by movement; rail may reach far
	// beyond (they show on the whole map with crop off).
	far := 2
	for _, d := range ds {
		far = max(far, hex.Distance(at, d.To)+1)
	}
	if crop == nil {
		crop = &render.Crop{Center: at, Radius: min(far, maxRadius)}
	}
	what = i18n.Sprintf(i18n.T("Where %s may move (%s; the number is the cost in movement points, R by rail)",
		"%s の移動可能先 (%s、数字は移動力コスト、R は鉄道)"), c.ID, i18n.Count(len(sit.Destinations), "hex", "hexes", "ヘクス"))
	return crop, what, nil
}

// phonePictures come with the whole map: the overview (the whole map
// readable at 400 px) and a crop of each contact area of the front (at
// most three, the largest first), which a phone can read. It returns them
// and what the caption adds for them.
func (b *Bot) phonePictures(req *Request, pics *mapPictures, r *render.Renderer, sit *render.Situation) (files []File, text string) {
	if ov, err := b.maps.situation(b.Map, req.Lang, "overview-400", sit, nil, func() ([]byte, error) { return r.DrawOverview(sit, 400) }); err == nil {
		files = append(files, File{Name: "overview.png", ContentType: "image/png", Data: ov})
		text += req.T("; the overview for phones", "。スマートフォン向け概観図も添付")
	}
	fronts := render.FrontCrops(sit, defaultRadius+1)
	if len(fronts) == 0 {
		if fc := render.FrontCrop(sit, defaultRadius+1); fc != nil {
			fronts = []render.Crop{*fc}
		}
	}
	rc, err := pics.renderer(b.Map, req.Lang, true)
	if err != nil {
		return files, text
	}
	var where []string
	for _, fc := range fronts {
		if len(where) == 3 {
			break
		}
		if front, err := b.maps.situation(b.Map, req.Lang, "situation", sit, &fc, func() ([]byte, error) { return rc.DrawSituation(sit, &fc) }); err == nil {
			files = append(files, File{Name: "front-" + fc.Center.String() + ".png", ContentType: "image/png", Data: front})
			where = append(where, label(b.Map, fc.Center).In(req.Lang))
		}
	}
	if len(where) > 0 {
		text += i18n.Sprintf(i18n.T("; and the front around %s", "。前線 (%s 周辺) も添付"), strings.Join(where, req.T(", ", "、"))).In(req.Lang)
	}
	return files, text
}

// setupHexes are the hexes where side's units still to be set up may go
// by their setup instructions (setup areas and fixed hexes; 17.1-17.5),
// and the areas' names; the engine checks each placement still.
func setupHexes(s *game.State, side units.Side) ([]hex.Hex, []string) {
	areas := map[string]bool{}
	fixed := map[hex.Hex]bool{}
	for i, u := range s.Units {
		c := s.Counter(i)
		if u.Box != game.Unplaced || c.Side() != side {
			continue
		}
		w, err := units.ParseWhere(c.Where)
		if err != nil {
			continue
		}
		for _, a := range w.Areas {
			areas[a] = true
		}
		if h, err := hex.Parse(w.Hex); err == nil && w.Hex != "" {
			fixed[h] = true
		}
	}
	var out []hex.Hex
	for _, x := range s.Rules().Map.Hexes() {
		in := fixed[x.At]
		for _, a := range x.Setup {
			in = in || areas[a]
		}
		if in {
			out = append(out, x.At)
		}
	}
	var names []string
	for a := range areas {
		names = append(names, a)
	}
	sort.Strings(names)
	return out, names
}

// setupAreaLabels names each setup area on the setup map: its name on
// the hex of the area nearest the area's middle.
func setupAreaLabels(s *game.State, areas []string) render.AreaLabels {
	var out render.AreaLabels
	for _, a := range areas {
		var hs []hex.Hex
		col, row := 0, 0
		for _, x := range s.Rules().Map.Hexes() {
			if slices.Contains(x.Setup, a) {
				hs = append(hs, x.At)
				col, row = col+x.At.Col, row+x.At.Row
			}
		}
		if len(hs) == 0 {
			continue
		}
		mid := hex.Hex{Col: col / len(hs), Row: row / len(hs)}
		best := hs[0]
		for _, h := range hs[1:] {
			if hex.Distance(h, mid) < hex.Distance(best, mid) {
				best = h
			}
		}
		out = append(out, render.AreaLabel{At: best, Text: a})
	}
	return out
}

// gameReplay posts the animated replay of the channel's game so far, in
// the public view, one frame a movement or combat segment for
// the game's thread when it is over, or to catch up with one.
func (b *Bot) gameReplay(req *Request, g *games.Game) *Response {
	if req.Has("area") || req.Has("around") || req.Has("unit") || req.Opt("front") == "true" || req.Opt("view") == "mine" {
		return Private(req.T("replay: draws the whole game in the public view: give it alone, e.g. /map replay:true.",
			"replay: はゲーム全体を公開視点で描きます。単独で指定してください (例: /map replay:true)。"))
	}
	if g.Sandbox {
		return Private(req.T("This game was loaded from a position: it has no orders from its start to replay.",
			"このゲームは局面から読み込まれたため、最初からの命令がなく再生できません。"))
	}
	b.waitRender()
	defer func() { <-b.renders }()
	frames, err := fromgame.Segments(g.State.Rules(), g.Key, g.Options, g.Orders, render.Public)
	if err != nil {
		b.Log.Error("replay", "err", err)
		return Private(req.T("The game could not be replayed from its orders; the bot's operator should check the log.",
			"命令からゲームを再生できませんでした。運営者がログを確認してください。"))
	}
	r, err := render.New(b.Map, render.Options{Scale: replayScale, NoLegend: true, Lang: req.Lang})
	if err != nil {
		b.Log.Error("replay renderer", "err", err)
		return Private(req.T("The map could not be drawn; the bot's operator should check the log.",
			"地図を描けませんでした。運営者がログを確認してください。"))
	}
	gif, err := r.Replay(frames, render.ReplayOptions{})
	if err != nil {
		b.Log.Error("replay drawing", "err", err)
		return Private(req.T("The replay could not be drawn; the bot's operator should check the log.",
			"リプレイを描けませんでした。運営者がログを確認してください。"))
	}
	text := i18n.Sprintf(i18n.T("The game so far, one frame a segment (%d frames), public view.",
		"ここまでのゲーム (1セグメント1コマ、%d コマ、公開視点)。"), len(frames)).In(req.Lang)
	return Reply(text).WithFile(File{Name: "replay.gif", ContentType: "image/gif", Data: gif})
}

// replayScale draws the replay's frames at half size: a replay is read
// for its movement, and 120 frames stay a few megabytes.
const replayScale = 0.5

// completeMap offers place names for area: and, in a game, the asker's
// units for unit:.
func (b *Bot) completeMap(ctx context.Context, req *Request, focused string) []Choice {
	if focused != "unit" {
		return b.completeArea(ctx, req, focused)
	}
	g := b.games.Peek(ctx, req.Channel)
	if g == nil {
		return nil
	}
	side, ok := g.OwnSide(req.Actor())
	if !ok {
		return nil
	}
	prefix := strings.ToUpper(strings.TrimSpace(req.Opt(focused)))
	var out []Choice
	for _, c := range g.State.Actors() {
		if c.Side() == side && strings.HasPrefix(c.ID, prefix) {
			out = append(out, Choice{Name: i18n.T(c.Label(), c.Label()), Value: c.ID})
			if len(out) == 25 {
				break
			}
		}
	}
	return out
}
