package commands

import (
	"fmt"
	"strings"

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
	var en, ja []string
	for _, a := range w.Areas {
		t := areaText(a)
		en, ja = append(en, t.EN), append(ja, t.JA)
	}
	if w.Hex != "" {
		en = append(en, named(m, w.Hex, i18n.EN))
		ja = append(ja, named(m, w.Hex, i18n.JA))
	}
	if w.CityOf != "" {
		c := territory(w.CityOf)
		en = append(en, "any city of "+c.EN+", one such unit a hex")
		ja = append(ja, "任意の"+c.JA+"の都市 (各ヘクスに1個)")
	}
	for _, k := range w.Countries {
		c := territory(k)
		if k == "DE" {
			en = append(en, "anywhere in Germany (Luxembourg counts as Germany, 14.2)")
			ja = append(ja, "独領内のどこにでも (ルクセンブルクは独領扱い、14.2)")
			continue
		}
		en = append(en, "anywhere in "+c.EN)
		ja = append(ja, c.JA+"内のどこにでも")
	}
	return i18n.T(strings.Join(en, " or "), strings.Join(ja, "、または"))
}

// named is a hex with its place name: "Belfort (0525)", or "hex 0525".
func named(m *board.Map, at string, l i18n.Lang) string {
	if h, err := hex.Parse(at); err == nil {
		if x, ok := m.Hex(h); ok && x.Name != "" {
			return placeName(x, l) + " (" + at + ")"
		}
	}
	return i18n.T("hex "+at, at+" のヘクス").In(l)
}

// areaText names a setup area (the map's 配置地域) by its army.
func areaText(a string) i18n.Text {
	army := armyOf(a)
	return i18n.T("setup area of "+army.EN+" ("+a+")", army.JA+"の配置地域 ("+a+")")
}

// armyArea is the army a setup area is for, with the area's code: "the
// French 1st Army (FR-1A)".
func armyArea(a string) i18n.Text {
	army := armyOf(a)
	return i18n.T(army.EN+" ("+a+")", army.JA+" ("+a+")")
}

// armyOf is the army a setup area is for (17.2-17.5).
func armyOf(a string) i18n.Text {
	var n int
	if _, err := fmt.Sscanf(a, "FR-%dA", &n); err == nil {
		return i18n.T(fmt.Sprintf("the French %s Army", ordinal(n)), fmt.Sprintf("仏軍第%d軍", n))
	}
	if _, err := fmt.Sscanf(a, "DE-%dA", &n); err == nil {
		return i18n.T(fmt.Sprintf("the German %s Army", ordinal(n)), fmt.Sprintf("独軍第%d軍", n))
	}
	switch a {
	case "BEF":
		return i18n.T("the British Expeditionary Force", "英国海外派遣軍")
	case "B":
		return i18n.T("the Belgian army", "ベルギー軍")
	}
	return i18n.T(a, a)
}

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

// territory is a country as the setup rules name it (仏領, 独領).
func territory(code string) i18n.Text {
	switch code {
	case "FR":
		return i18n.T("France", "仏領")
	case "DE":
		return i18n.T("Germany", "独領")
	case "LU":
		return i18n.T("Luxembourg", "ルクセンブルク領")
	case "BE":
		return i18n.T("Belgium", "ベルギー領")
	}
	return i18n.T(code, code)
}
