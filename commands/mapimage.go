package commands

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"

	"rtrbot/engine/board"
	"rtrbot/engine/hex"
	"rtrbot/i18n"
	"rtrbot/render"
)

// Crops are drawn half again as large as the whole map, so that a crop
// posted to a phone-wide Discord thread reads without zooming.
const (
	cropScale     = 1.5
	defaultRadius = 5
	maxRadius     = 12
)

// registerMapImage registers /map: the map as a PNG, whole or
// around a hex or a named place.
func (b *Bot) registerMapImage(r *Router) {
	pics := &mapPictures{}
	r.Add(&Command{
		Name:        "map",
		Description: i18n.T("Post the map as a picture: whole, or around a hex or a place", "地図を画像で表示 (全体、またはヘクスや地名の周辺)"),
		Options: []Option{
			{Name: "area", Description: i18n.T("A place to centre on, e.g. Paris or Liège", "中心にする地名 (例: パリ、リエージュ)"), Type: String, Autocomplete: true},
			{Name: "around", Description: i18n.T("A hex XXYY to centre on, e.g. 1819", "中心にするヘクス XXYY (例 1819)"), Type: String},
			{Name: "radius", Description: i18n.T("How many hexes around the centre (default 5)", "中心から何ヘクスまで表示するか (既定 5)"), Type: Integer, MinInt: 1, MaxInt: maxRadius},
			{Name: "view", Description: i18n.T("With a game: public (default) or mine (your side's private map, only you see it)",
				"ゲーム中: public (既定) か mine (自軍の非公開マップ、自分にだけ表示)"), Type: String,
				Choices: []Choice{{Name: i18n.T("public", "公開"), Value: "public"}, {Name: i18n.T("mine (private)", "自軍 (非公開)"), Value: "mine"}}},
			{Name: "front", Description: i18n.T("With a game: crop around the units in contact", "ゲーム中: 接敵しているユニットの周辺を表示"), Type: Boolean},
			{Name: "unit", Description: i18n.T("With a game: show where your unit may move, with costs (private)",
				"ゲーム中: 自軍ユニットの移動可能先とコストを表示 (非公開)"), Type: String, Autocomplete: true},
			{Name: "replay", Description: i18n.T("With a game: an animated GIF of the game so far, one frame a segment",
				"ゲーム中: ここまでのゲームのアニメーション GIF (1セグメント1コマ)"), Type: Boolean},
		},
		Slow:     true,
		Handler:  func(ctx context.Context, req *Request) *Response { return b.mapImage(ctx, req, pics) },
		Complete: b.completeMap,
	})
}

// mapPictures keeps one renderer per language and kind (whole map, crop):
// each draws its base picture once, the first time it is asked for.
type mapPictures struct {
	mu   sync.Mutex
	m    *board.Map
	byID map[string]*render.Renderer
}

func (p *mapPictures) renderer(m *board.Map, lang i18n.Lang, crop bool) (*render.Renderer, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.m != m {
		p.m, p.byID = m, map[string]*render.Renderer{}
	}
	id := fmt.Sprintf("%s/%v", lang, crop)
	if r, ok := p.byID[id]; ok {
		return r, nil
	}
	opt := render.Options{Lang: lang}
	if crop {
		opt.Scale, opt.NoLegend = cropScale, true
	}
	r, err := render.New(m, opt)
	if err != nil {
		return nil, err
	}
	p.byID[id] = r
	return r, nil
}

func (b *Bot) mapImage(ctx context.Context, req *Request, pics *mapPictures) *Response {
	m := b.Map
	if m == nil {
		return Private(req.T("The map is not loaded, so /map cannot draw it; the bot's operator should check the log.",
			"マップが読み込まれていないため /map は描けません。運営者がログを確認してください。"))
	}
	area, around := strings.TrimSpace(req.Opt("area")), strings.TrimSpace(req.Opt("around"))
	if req.Has("area") && req.Has("around") {
		return Private(req.T(
			"Give either area: (a place) or around: (a hex), not both. E.g. /map area:Verdun or /map around:1819.",
			"area: (地名) か around: (ヘクス) のどちらか一方を指定してください。例: /map area:ヴェルダン または /map around:1819"))
	}
	radius := defaultRadius
	if req.Has("radius") {
		if !req.Has("area") && !req.Has("around") {
			return Private(req.T(
				"radius: only applies to a crop: add area: or around:, e.g. /map around:1819 radius:4.",
				"radius: は切り抜き表示でのみ使えます。area: か around: を加えてください。例: /map around:1819 radius:4"))
		}
		radius, _ = strconv.Atoi(strings.TrimSpace(req.Opt("radius"))) // checked by the router
	}

	g := b.games.Peek(ctx, req.Channel)
	gameOnly := req.Opt("front") == "true" || req.Has("unit") || req.Opt("view") == "mine" || req.Opt("replay") == "true"
	if g == nil && gameOnly {
		return Private(req.T(
			"view:mine, front:, unit: and replay: show a game's units, and there is no game in this channel. /map alone, or with area: or around:, shows the bare map; /game new starts a game.",
			"view:mine, front:, unit:, replay: はゲームのユニットを表示しますが、このチャンネルにゲームはありません。/map だけ、または area: や around: で地図を表示できます。/game new でゲームを開始します。"))
	}
	if req.Has("front") && (req.Has("area") || req.Has("around")) {
		return Private(req.T(
			"front: picks its own centre: give it alone, or use area: or around: instead.",
			"front: は中心を自動で決めます。単独で使うか、代わりに area: か around: を使ってください。"))
	}

	var centre hex.Hex
	var focus []hex.Hex // outlined in the crop
	var what i18n.Text
	switch {
	case req.Has("around"):
		h, err := hex.Parse(around)
		if err != nil {
			reason := err.Error()
			if pe, ok := err.(*hex.ParseError); ok {
				reason = pe.Reason
			}
			hint := ""
			if found := m.Find(around); len(found) > 0 && around != "" {
				hint = fmt.Sprintf(" /map area:%s", found[0].Name)
			}
			return Private(i18n.Sprintf(i18n.T(
				"around: wants a hex number, and %q is not one (%s). %s%s",
				"around: にはヘクス番号が必要です。「%s」は使えません (%s)。%s%s"),
				around, reason, mapRange(m, req.Lang), hint).In(req.Lang))
		}
		if !m.OnMap(h) {
			return Private(i18n.Sprintf(i18n.T("Hex %s is not on the map. %s", "ヘクス %s はマップ上にありません。%s"),
				h, mapRange(m, req.Lang)).In(req.Lang))
		}
		centre, focus = h, []hex.Hex{h}
		what = i18n.Sprintf(i18n.T("The map around %s, %s out", "%s の周囲 %sの地図"), label(m, h), i18n.Count(radius, "hex", "hexes", "ヘクス"))
	case req.Has("area"):
		hexes, msg := findArea(m, area, req.Lang)
		if msg != "" {
			return Private(msg)
		}
		h := middle(hexes)
		centre, focus = h, hexes
		what = i18n.Sprintf(i18n.T("The map around %s, %s out", "%s の周囲 %sの地図"), label(m, h), i18n.Count(radius, "hex", "hexes", "ヘクス"))
	default:
		what = i18n.T("The whole map", "地図全体")
	}

	if g != nil {
		return b.gameMap(req, pics, g, centre, focus, radius, what)
	}

	crop := req.Has("area") || req.Has("around")
	r, err := pics.renderer(m, req.Lang, crop)
	if err != nil {
		b.Log.Error("map renderer", "err", err)
		return Private(req.T("The map could not be drawn; the bot's operator should check the log.",
			"地図を描けませんでした。運営者がログを確認してください。"))
	}
	frame := render.Frame{}
	name := "map.png"
	if crop {
		frame.Crop = &render.Crop{Center: centre, Radius: radius}
		frame.Layers = []render.Layer{render.Focus(focus...)}
		name = "map-" + centre.String() + ".png"
	}
	png, err := r.Draw(frame)
	if err != nil {
		b.Log.Error("map drawing", "err", err, "centre", centre, "radius", radius)
		return Private(req.T("The map could not be drawn; the bot's operator should check the log.",
			"地図を描けませんでした。運営者がログを確認してください。"))
	}
	return Reply(what.In(req.Lang) + req.T(".", "。")).WithFile(File{Name: name, ContentType: "image/png", Data: png})
}

// label names a hex for a caption: "1819 Verdun" or just "1819".
func label(m *board.Map, h hex.Hex) i18n.Text {
	if x, ok := m.Hex(h); ok && x.Name != "" {
		return i18n.Sprintf(i18n.T("%s %s", "%s %s"), h, townText(x.Name))
	}
	return i18n.T(h.String(), h.String())
}

// findArea finds the hexes of the place a player named, or says what is
// wrong: no such place, or several places match.
func findArea(m *board.Map, name string, lang i18n.Lang) ([]hex.Hex, string) {
	if name == "" {
		return nil, i18n.T(
			"area: wants a place name, e.g. /map area:Verdun (or a hex with around:1819).",
			"area: には地名が必要です。例: /map area:ヴェルダン (ヘクスなら around:1819)。").In(lang)
	}
	if h, err := hex.Parse(name); err == nil {
		return nil, i18n.Sprintf(i18n.T(
			"%q is a hex number, not a place: use /map around:%s.",
			"「%s」はヘクス番号で、地名ではありません。/map around:%s を使ってください。"), name, h).In(lang)
	}
	found := m.Find(name)
	if len(found) == 0 {
		return nil, i18n.Sprintf(i18n.T(
			"There is no place called %q on the map. Type the start of a name and pick one of the suggestions, or use around:XXYY with a hex number. %s",
			"「%s」という地名はマップにありません。名前の最初を入力して候補から選ぶか、around:XXYY でヘクス番号を指定してください。%s"),
			name, mapRange(m, lang)).In(lang)
	}
	byName := map[string][]hex.Hex{}
	var names []string
	for _, x := range found {
		if _, ok := byName[x.Name]; !ok {
			names = append(names, x.Name)
		}
		byName[x.Name] = append(byName[x.Name], x.At)
	}
	if len(names) > 1 {
		sort.Strings(names)
		var list []string
		for i, n := range names {
			if i == 10 {
				list = append(list, "…")
				break
			}
			list = append(list, fmt.Sprintf("%s (%s)", n, byName[n][0]))
		}
		return nil, i18n.Sprintf(i18n.T(
			"%q matches several places: %s. Give more of the name, or a hex with around:XXYY.",
			"「%s」に当てはまる地名が複数あります: %s。名前をもっと詳しく入力するか、around:XXYY でヘクスを指定してください。"),
			name, strings.Join(list, ", ")).In(lang)
	}
	return byName[names[0]], ""
}

// middle is the hex of a place closest to all its others (for Paris, one of
// its three hexes), so that the crop shows the whole place.
func middle(hs []hex.Hex) hex.Hex {
	best, bestSum := hs[0], -1
	for _, h := range hs {
		sum := 0
		for _, o := range hs {
			sum += hex.Distance(h, o)
		}
		if bestSum < 0 || sum < bestSum {
			best, bestSum = h, sum
		}
	}
	return best
}

// placesTyped are the places a name being typed may be, for autocomplete:
// the map's cities while nothing is typed.
func (b *Bot) placesTyped(typed string) []*board.Hex {
	if typed != "" {
		return b.Map.Find(typed)
	}
	var cities []*board.Hex
	for _, x := range b.Map.Hexes() {
		if x.City {
			cities = append(cities, x)
		}
	}
	return cities
}

// completeArea offers place names for area: (cities first when nothing is
// typed yet).
func (b *Bot) completeArea(ctx context.Context, req *Request, focused string) []Choice {
	if b.Map == nil || focused != "area" {
		return nil
	}
	typed := strings.TrimSpace(req.Opt(focused))
	found := b.placesTyped(typed)
	seen := map[string]bool{}
	var out []Choice
	for _, x := range found {
		if x.Name == "" || seen[x.Name] {
			continue
		}
		seen[x.Name] = true
		out = append(out, Choice{Name: i18n.Sprintf(i18n.T("%s (%s)", "%s (%s)"), x.Name, x.At), Value: x.Name})
		if len(out) == 25 {
			break
		}
	}
	return out
}
