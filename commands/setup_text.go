package commands

import (
	"fmt"
	"strconv"

	"rtrbot/engine/board"
	"rtrbot/engine/hex"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// setupText says where a counter sets up (17.2-17.5) as the rules say it,
// from its setup instruction (units.ParseWhere): "the French 1st Army's
// setup area (FR-1A)", "any French city, one such unit a hex", "anywhere
// in France", "Belfort (0525)". The hex the default placement prefers is
// left out: any hex of the place will do.
func setupText(m *board.Map, where string) i18n.Text {
	w, err := units.ParseWhere(where)
	if err != nil {
		return i18n.T(where, where)
	}
	var places []i18n.Text
	for _, a := range w.Areas {
		places = append(places, areaText(a))
	}
	if w.Hex != "" {
		places = append(places, named(m, w.Hex))
	}
	if w.CityOf != "" {
		places = append(places, i18n.Sprintf(i18n.T("any city of %s, one such unit a hex", "任意の%sの都市 (各ヘクスに1個)"),
			territory(w.CityOf)))
	}
	for _, k := range w.Countries {
		if k == "DE" {
			places = append(places, i18n.T("anywhere in Germany (Luxembourg counts as Germany, 14.2)",
				"独領内のどこにでも (ルクセンブルクは独領扱い、14.2)"))
			continue
		}
		places = append(places, i18n.Sprintf(i18n.T("anywhere in %s", "%s内のどこにでも"), territory(k)))
	}
	return i18n.Join(places, i18n.T(" or ", "、または"))
}

// named is a hex with its place name: "Belfort (0525)", or "hex 0525".
func named(m *board.Map, at string) i18n.Text {
	if h, err := hex.Parse(at); err == nil {
		if x, ok := m.Hex(h); ok && x.Name != "" {
			return i18n.Sprintf(i18n.T("%s (%s)", "%s (%s)"), placeText(x), at)
		}
	}
	return i18n.Sprintf(i18n.T("hex %s", "%s のヘクス"), at)
}

// areaText names a setup area (the map's 配置地域) by its army.
func areaText(a string) i18n.Text {
	army := armyOf(a)
	return i18n.Sprintf(i18n.T("setup area of %s (%s)", "%sの配置地域 (%s)"), army, a)
}

// armyArea is the army a setup area is for, with the area's code: "the
// French 1st Army (FR-1A)".
func armyArea(a string) i18n.Text {
	army := armyOf(a)
	return i18n.Sprintf(i18n.T("%s (%s)", "%s (%s)"), army, a)
}

// armyOf is the army a setup area is for (17.2-17.5).
func armyOf(a string) i18n.Text {
	var n int
	if _, err := fmt.Sscanf(a, "FR-%dA", &n); err == nil {
		return i18n.Sprintf(i18n.T("the French %s Army", "仏軍第%s軍"), armyNumber(n))
	}
	if _, err := fmt.Sscanf(a, "DE-%dA", &n); err == nil {
		return i18n.Sprintf(i18n.T("the German %s Army", "独軍第%s軍"), armyNumber(n))
	}
	switch a {
	case "BEF":
		return i18n.T("the British Expeditionary Force", "英国海外派遣軍")
	case "B":
		return i18n.T("the Belgian army", "ベルギー軍")
	}
	return i18n.T(a, a)
}

// armyNumber is an army's number as each language writes it in its name:
// "1st", "1".
func armyNumber(n int) i18n.Text { return i18n.T(ordinal(n), strconv.Itoa(n)) }

func ordinal(n int) string {
	switch {
	case n%100 >= 11 && n%100 <= 13:
		return fmt.Sprintf("%dth", n)
	case n%10 == 1:
		return fmt.Sprintf("%dst", n)
	case n%10 == 2:
		return fmt.Sprintf("%dnd", n)
	case n%10 == 3:
		return fmt.Sprintf("%drd", n)
	}
	return fmt.Sprintf("%dth", n)
}

// territories are the countries as the setup rules name them (仏領, 独領).
var territories = map[string]i18n.Text{
	"FR": i18n.T("France", "仏領"),
	"DE": i18n.T("Germany", "独領"),
	"LU": i18n.T("Luxembourg", "ルクセンブルク領"),
	"BE": i18n.T("Belgium", "ベルギー領"),
}

// territory is a country code as the setup rules name it.
func territory(code string) i18n.Text { return nameOr(territories, code) }

// nameOr is a code's name from a table of names, or the code itself in
// both languages when the table has none: a new code still reads.
func nameOr(names map[string]i18n.Text, code string) i18n.Text {
	if t, ok := names[code]; ok {
		return t
	}
	return i18n.T(code, code)
}
