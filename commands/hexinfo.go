package commands

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"rtrbot/engine/board"
	"rtrbot/engine/game"
	"rtrbot/engine/hex"
	"rtrbot/i18n"
)

// registerMapInfo registers /hex: everything the map says about
// one hex, in words.
func (b *Bot) registerMapInfo(r *Router) {
	r.Add(&Command{
		Name:        "hex",
		Description: i18n.T("Everything the map says about one hex", "ヘクスの情報 (地形・国・都市・河川・鉄道など)"),
		Options: []Option{{
			Name:         "hex",
			Description:  i18n.T("Hex number XXYY (e.g. 1804) or a place name", "ヘクス番号 XXYY (例 1804) または地名"),
			Type:         String,
			Required:     true,
			Autocomplete: true,
		}},
		Handler:  b.hexInfo,
		Complete: b.completeHex,
	})
}

func (b *Bot) hexInfo(ctx context.Context, req *Request) *Response {
	m := b.Map
	if m == nil {
		return Private(req.T("The map is not loaded, so /hex cannot answer; the bot's operator should check the log.",
			"マップが読み込まれていないため /hex は答えられません。運営者がログを確認してください。"))
	}
	in := strings.TrimSpace(req.Opt("hex"))
	h, err := hex.Parse(in)
	if err != nil {
		// A place name, as its English name, its local spelling with or
		// without accents, or in Japanese: one hex is answered, several
		// are offered to choose from.
		switch found := m.Find(in); {
		case in == "" || len(found) == 0:
			return Private(notAHex(m, req, in, err))
		case len(found) == 1:
			return b.hexReply(ctx, req, m, found[0])
		default:
			return Private(whichPlace(req, in, found, "/hex hex:"))
		}
	}
	x, ok := m.Hex(h)
	if !ok {
		return Private(req.T(
			fmt.Sprintf("Hex %s is not on the map. %s", h, mapRange(m, i18n.EN)),
			fmt.Sprintf("ヘクス %s はマップ上にありません。%s", h, mapRange(m, i18n.JA))))
	}
	return b.hexReply(ctx, req, m, x)
}

// hexReply is everything about a hex: in public, or, when the asker has
// units there, only to him with his units named (a side's units are its
// own secret, 14.1).
func (b *Bot) hexReply(ctx context.Context, req *Request, m *board.Map, x *board.Hex) *Response {
	text := describeHex(m, x, req.Lang)
	if own := b.ownUnitsIn(ctx, req, x.At); own != "" {
		return Private(text + own)
	}
	return Reply(text)
}

// ownUnitsIn is a line naming the asker's own units in h, in the game of
// the channel ("" if none, or if he plays no side there). Enemy units are
// never listed: they are hidden (14.1), and /hex answers in public.
func (b *Bot) ownUnitsIn(ctx context.Context, req *Request, h hex.Hex) string {
	g := b.games.Peek(ctx, req.Channel)
	if g == nil {
		return ""
	}
	side, ok := g.SideOf(req.User.ID)
	if !ok {
		return ""
	}
	var ids []string
	for _, c := range g.State.Rules().Counters.All() {
		if u := g.State.Unit(c); c.Side() == side && u.Box == game.OnMap && u.At == h {
			ids = append(ids, c.ID)
		}
	}
	if len(ids) == 0 {
		return ""
	}
	return "\n" + fmt.Sprintf(req.T("Your units here: %s", "ここにいる自軍ユニット: %s"), strings.Join(ids, " "))
}

// mapRange says which hex numbers exist and how to write one.
func mapRange(m *board.Map, l i18n.Lang) string {
	return i18n.Sprintf(i18n.T(
		"The map runs from 0101 to %02d%02d: columns 01-%02d, rows 01-%02d. Write a hex as four digits XXYY, column then row, e.g. 1804 (one of the three Paris hexes, with 1805 and 1905).",
		"マップは 0101 から %02d%02d まで (列 01-%02d、行 01-%02d)。ヘクスは 4 桁 XXYY (列、行) で書きます。例: 1804 (パリの3ヘクス 1804・1805・1905 のひとつ)。"),
		m.Cols, m.Rows, m.Cols, m.Rows).In(l)
}

// notAHex answers input that is neither a hex number nor a place name.
func notAHex(m *board.Map, req *Request, in string, err error) string {
	reason := err.Error()
	if pe, ok := err.(*hex.ParseError); ok {
		reason = pe.Reason
	}
	return req.T(
		fmt.Sprintf("%q is neither a hex number nor a place on the map (%s). %s", in, reason, mapRange(m, i18n.EN)),
		fmt.Sprintf("「%s」はヘクス番号でもマップ上の地名でもありません。%s", in, mapRange(m, i18n.JA)))
}

// whichPlace asks which hex a name means when it names several: a city
// over several hexes (Paris), or several places it begins or is part of.
// example is the command and option to give the number to ("/hex hex:").
func whichPlace(req *Request, in string, found []*board.Hex, example string) string {
	var list []string
	for i, x := range found {
		if i == 12 {
			list = append(list, "…")
			break
		}
		list = append(list, x.At.String()+" "+placeName(x, req.Lang))
	}
	first := found[0].At.String()
	return i18n.Sprintf(i18n.T(
		"%q names %s: %s. Which one? Give its number, e.g. %s%s.",
		"「%s」に該当するヘクスは %sあります: %s。どのヘクスかを番号で指定してください (例: %s%s)。"),
		in, i18n.Count(len(found), "hex", "hexes", "個"), strings.Join(list, i18n.T(", ", "、").In(req.Lang)), example, first).In(req.Lang)
}

// placeName is a hex's place name as a reader writes it: in Japanese its
// katakana name first (names_ja.tsv), then the map's.
// hexArg reads a hex given in option opt: a number XXYY, or a place name
// as /hex takes it (English, the local spelling with or without accents,
// Japanese) when it names one hex. Neither, or a name of several hexes,
// is answered privately with what would do.
func (b *Bot) hexArg(req *Request, opt, in string) (hex.Hex, *Response) {
	in = strings.TrimSpace(in)
	h, err := hex.Parse(in)
	if err == nil || b.Map == nil {
		if err != nil {
			return h, Private(fmt.Sprintf("%s: %v", opt, err))
		}
		return h, nil
	}
	switch found := b.Map.Find(in); {
	case in == "" || len(found) == 0:
		return h, Private(notAHex(b.Map, req, in, err))
	case len(found) == 1:
		return found[0].At, nil
	default:
		return h, Private(whichPlace(req, in, found, "/"+req.Path+" "+opt+":"))
	}
}

func placeName(x *board.Hex, l i18n.Lang) string { return townName(x.Name, l) }

// placeText is a place's name in both languages.
func placeText(x *board.Hex) i18n.Text { return townText(x.Name) }

// townText is a town's name in both languages.
func townText(name string) i18n.Text { return i18n.T(townName(name, i18n.EN), townName(name, i18n.JA)) }

// townName is a place's name for a reader: in Japanese its Japanese name,
// then the map's spelling to find it by ("ヴェルサイユ (Versailles)").
func townName(name string, l i18n.Lang) string {
	if name == "" {
		return ""
	}
	if ja := board.JapaneseNames(name); l == i18n.JA && len(ja) > 0 {
		return ja[0] + " (" + name + ")"
	}
	return name
}

// enOnly and jaOnly are the parts of a line that one language has and the
// other says otherwise ("Fortress: strength 12" / "12戦力要塞").
func enOnly(l i18n.Lang, s string) string {
	if l == i18n.JA {
		return ""
	}
	return s
}

func jaOnly(l i18n.Lang, s string) string {
	if l == i18n.JA {
		return s
	}
	return ""
}

// riverName is a river's name for a reader ("ムーズ河" in Japanese).
func riverName(name string, l i18n.Lang) string {
	if l == i18n.JA {
		return board.JapaneseRiver(name)
	}
	return name
}

var (
	terrainText = map[board.Terrain]i18n.Text{
		board.Clear: i18n.T("clear", "平地"), board.Rough: i18n.T("rough", "荒地"),
		board.Mountain: i18n.T("mountain", "山岳"), board.Forest: i18n.T("forest", "森林"),
		board.Marsh: i18n.T("marsh", "湿地"), board.Sea: i18n.T("sea", "海"),
	}
	countryText = map[board.Country]i18n.Text{
		board.France: i18n.T("France", "フランス"), board.Germany: i18n.T("Germany", "ドイツ"),
		board.Luxembourg: i18n.T("Luxembourg", "ルクセンブルク"), board.Belgium: i18n.T("Belgium", "ベルギー"),
		board.Netherlands: i18n.T("the Netherlands", "オランダ"), board.Switzerland: i18n.T("Switzerland", "スイス"),
	}
	nationText = map[board.Nation]i18n.Text{
		board.French: i18n.T("French", "仏軍"), board.German: i18n.T("German", "独軍"),
		board.British: i18n.T("British", "英軍"), board.Belgian: i18n.T("Belgian", "ベルギー軍"),
	}
)

// direction names the neighbour in direction d as a player sees the map
// drawn north up (columns grow northwards, rows eastwards, even columns
// half a hex further east): the same six names for odd and even columns.
func direction(d hex.Direction) i18n.Text {
	switch d {
	case 0:
		return i18n.T("west", "西")
	case 1:
		return i18n.T("east", "東")
	case 2:
		return i18n.T("south-west", "南西")
	case 3:
		return i18n.T("south-east", "南東")
	case 4:
		return i18n.T("north-west", "北西")
	}
	return i18n.T("north-east", "北東")
}

// describeHex is the whole answer of /hex for one hex.
func describeHex(m *board.Map, x *board.Hex, l i18n.Lang) string {
	s := &hexSheet{l: l}
	s.b.WriteString("**" + hexTitle(x, l) + "**\n")
	if x.Terrain == board.Sea {
		s.line(s.t("Terrain: ", "地形: "), terrainText[board.Sea].In(l))
		s.line(s.t("Movement: ", "移動: "), s.t("prohibited (sea: terrain effects chart)", "進入不可 (海: 地形効果表)"))
		return s.String()
	}
	s.placeLines(x)
	s.victoryLines(m, x)
	riverFrom, railFrom := s.hexsideLines(m, x)
	s.line(s.t("Movement cost to enter: ", "進入コスト: "), s.entryCost(x, riverFrom, railFrom))
	return s.String()
}

// hexSheet is the answer of /hex being written, line by line, in the
// reader's language.
type hexSheet struct {
	l i18n.Lang
	b strings.Builder
}

func (s *hexSheet) t(en, ja string) string { return i18n.T(en, ja).In(s.l) }

func (s *hexSheet) f(en, ja string, args ...any) string {
	return i18n.Sprintf(i18n.T(en, ja), args...).In(s.l)
}

// sep lists things within a line.
func (s *hexSheet) sep() string { return s.t(", ", "、") }

func (s *hexSheet) line(label, value string) { s.b.WriteString(label + value + "\n") }

func (s *hexSheet) String() string { return strings.TrimRight(s.b.String(), "\n") }

// hexTitle is the hex's number and its place's names: "Hex 3021 — Liège
// (Luik)", "ヘクス 3021 — リエージュ (Liège / Luik)".
func hexTitle(x *board.Hex, l i18n.Lang) string {
	title := i18n.Sprintf(i18n.T("Hex %s", "ヘクス %s"), x.At).In(l)
	if x.Name == "" {
		return title
	}
	if ja := board.JapaneseNames(x.Name); l == i18n.JA && len(ja) > 0 {
		// リエージュ (Liège / Luik), パリ (Paris): the katakana name,
		// then the map's spellings.
		latin := x.Name
		switch {
		case x.Local != "" && strings.Contains(x.Local, x.Name):
			latin = x.Local
		case x.Local != "":
			latin += ", " + x.Local
		}
		return title + " — " + ja[0] + " (" + latin + ")"
	}
	title += " — " + x.Name
	if x.Local != "" && x.Local != x.Name {
		title += " (" + x.Local + ")"
	}
	return title
}

// placeLines are what the hex itself is: its terrain, country, city or
// town, port, fortress, whose logistics hex and whose setup area.
func (s *hexSheet) placeLines(x *board.Hex) {
	l, t, f, sep := s.l, s.t, s.f, s.sep()
	s.line(t("Terrain: ", "地形: "), terrainText[x.Terrain].In(l))
	country := countryText[x.Country].In(l)
	switch {
	case x.Country.Neutral():
		country += t(" — neutral: no entry, no attack (14.2)", " — 中立国: 進入・攻撃不可 (14.2)")
	case x.Country == board.Luxembourg:
		country += t(" — German territory in every way unless neutral (14.2)", " — 中立でない限り全ての面で独領 (14.2)")
	}
	s.line(t("Country (1914): ", "国 (1914年): "), country)

	var place []string
	if x.City {
		place = append(place, t("city", "都市"))
	} else if x.Name != "" {
		place = append(place, t("town (not a city for victory)", "町 (勝利条件の都市ではない)"))
	}
	if x.Port {
		place = append(place, t("port (16.3)", "港湾 (16.3)"))
	}
	if x.Coastal {
		place = append(place, t("coastal (16.32)", "沿岸 (16.32)"))
	}
	if len(place) > 0 {
		s.line(t("Place: ", "特徴: "), strings.Join(place, sep))
	}
	if len(x.Towns) > 0 {
		var towns []string
		for _, n := range x.Towns {
			towns = append(towns, townName(n, l))
		}
		s.line(t("Also in the hex: ", "同ヘクス内: "), strings.Join(towns, sep))
	}
	if x.Fortress > 0 {
		// The rules name a fortress by its strength: "12 戦力要塞" (12.3).
		s.line(enOnly(l, "Fortress: "), f("strength %d (12.0; VP %d if destroyed, 15.22)",
			"%d戦力要塞 (12.0、破壊時 %d VP、15.22)", x.Fortress, fortressVP(x.Fortress)))
	}
	if len(x.Logistic) > 0 {
		var who []string
		for _, n := range x.Logistic {
			who = append(who, nationText[n].In(l))
		}
		s.line(enOnly(l, "Logistics hex for: "), strings.Join(who, sep)+jaOnly(l, "の兵站ヘクス"))
	}
	if len(x.Setup) > 0 {
		var areas []string
		for _, a := range x.Setup {
			areas = append(areas, armyArea(a).In(l))
		}
		s.line(t("Setup area: ", "配置地域: "), strings.Join(areas, sep))
	}
}

// victoryLines are the VP the hex is worth to each side (15.22, 15.23).
func (s *hexSheet) victoryLines(m *board.Map, x *board.Hex) {
	t, f := s.t, s.f
	if vp := m.CityVP(x.At, board.Germans); vp > 0 {
		s.line(t("Victory (15.23): ", "VP (15.23): "), f("%d VP to the Germans if they hold it or entered it last",
			"独軍が占拠または最後に進入していれば %d VP", vp))
	}
	if x.Name == "Paris" && m.CityVP(x.At, board.Germans) > 0 {
		s.line(t("Paris (15.22): ", "パリ (15.22): "), t("+10 VP to the Germans the first time their units enter any Paris hex",
			"独軍ユニットがいずれかのパリのヘクスに初めて進入すると独軍へ +10 VP"))
	}
	if vp := m.CityVP(x.At, board.Allies); vp > 0 {
		s.line(t("Victory (15.23): ", "VP (15.23): "), f("%d VP to the Allies if they hold it or entered it last",
			"連合軍が占拠または最後に進入していれば %d VP", vp))
	}
}

// hexsideLines are the hex's sides: rivers, borders and rails, each with
// the hex across it. It returns the hexes a unit entering crosses a river
// from, and those the rail comes from, for the cost to enter.
func (s *hexSheet) hexsideLines(m *board.Map, x *board.Hex) (riverFrom, railFrom []string) {
	l, t, f, sep := s.l, s.t, s.f, s.sep()
	var rivers, borders, rails []string
	rhine := false
	for d := hex.Direction(0); d < 6; d++ {
		n := x.At.Neighbor(d)
		y, ok := m.Hex(n)
		if !ok {
			continue
		}
		side := m.Hexside(x.At, n)
		dir := direction(d).In(l)
		if side.River == "Rhine" {
			rhine = true
		}
		if side.River != "" {
			rivers = append(rivers, f("%s on the %s side (across it: %s)", "%s (%s側、対岸 %s)", riverName(side.River, l), dir, across(n, y, l)))
			if y.Terrain != board.Sea {
				riverFrom = append(riverFrom, n.String())
			}
		}
		if side.Border {
			borders = append(borders, f("%s side, with %s (%s)", "%s側で%sと接する (%s)", dir, countryText[y.Country].In(l), n))
		}
		if m.Rail(x.At, n) {
			rails = append(rails, f("%s to %s", "%s側の %s へ", dir, across(n, y, l)))
			railFrom = append(railFrom, n.String())
		}
	}
	if len(rivers) > 0 {
		s.line(t("Rivers: ", "河川: "), strings.Join(rivers, sep))
	}
	if rhine {
		s.line(t("Rhine (15.22): ", "ライン河 (15.22): "), t(
			"+10 VP to the Allies the first time French units cross the Rhine from the west bank to the east",
			"仏軍が初めて西岸から東岸へ渡河すると連合軍へ +10 VP"))
	}
	if len(borders) > 0 {
		s.line(t("Border (1914): ", "国境 (1914年): "), strings.Join(borders, sep))
	}
	if len(rails) > 0 {
		s.line(t("Rail: ", "鉄道: "), strings.Join(rails, sep))
	}
	return riverFrom, railFrom
}

// entryCost is the movement cost to enter the hex (terrain effects chart,
// 8.53), across a river or along the rail, and where neutrality forbids it.
func (s *hexSheet) entryCost(x *board.Hex, riverFrom, railFrom []string) string {
	t, f, sep := s.t, s.f, s.sep()
	cost, _ := x.TerrainCost()
	why := terrainText[x.Terrain].In(s.l)
	switch {
	case x.City:
		why = t("city", "都市")
	case x.Fortress > 0:
		why = t("fortress", "要塞")
	}
	mv := f("%d MP (%s)", "%d MP (%s)", cost, why)
	if len(riverFrom) > 0 {
		sort.Strings(riverFrom)
		mv += f("; +1 across a river hexside (from %s)", "、河川ヘクスサイドを越えると +1 (%s から)", strings.Join(riverFrom, sep))
	}
	if len(railFrom) > 0 {
		sort.Strings(railFrom)
		mv += f("; 1 MP along the rail from %s, whatever the terrain or river (8.53)",
			"、%s から鉄道沿いなら地形・河川によらず 1 MP (8.53)", strings.Join(railFrom, sep))
	}
	switch x.Country {
	case board.Switzerland:
		mv = t("prohibited: Switzerland's neutrality may never be violated (14.2)", "進入不可: スイスの中立侵犯は絶対に不可 (14.2)")
	case board.Netherlands:
		mv = t("prohibited while neutral (14.2); if the Netherlands are at war, ", "中立の間は進入不可 (14.2)。オランダ参戦時: ") + mv
	}
	return mv
}

func across(n hex.Hex, y *board.Hex, l i18n.Lang) string {
	if y.Name != "" {
		return n.String() + " " + placeName(y, l)
	}
	return n.String()
}

// fortressVP is what destroying a fortress scores (15.22): 3, 2, 1.
func fortressVP(strength int) int {
	switch strength {
	case 12:
		return 3
	case 6:
		return 2
	}
	return 1
}

// completeHex offers hexes for what has been typed: hex numbers that begin
// with it, or places whose names match it.
func (b *Bot) completeHex(ctx context.Context, req *Request, focused string) []Choice {
	if b.Map == nil {
		return nil
	}
	typed := strings.TrimSpace(req.Opt(focused))
	var out []Choice
	if typed != "" && strings.Trim(typed, "0123456789") == "" {
		for _, x := range b.Map.Hexes() {
			if s := x.At.String(); strings.HasPrefix(s, typed) {
				name, ja := s, s
				if x.Name != "" {
					name += " " + x.Name
					ja += " " + placeName(x, i18n.JA)
				}
				out = append(out, Choice{Name: i18n.T(name, ja), Value: s})
				if len(out) == 25 {
					break
				}
			}
		}
		return out
	}
	for _, x := range b.placesTyped(typed) {
		out = append(out, Choice{Name: i18n.Sprintf(i18n.T("%s %s", "%s %s"), x.At, placeText(x)), Value: x.At.String()})
		if len(out) == 25 {
			break
		}
	}
	return out
}
