package game

import (
	"fmt"

	"rtrbot/engine/hex"
	"rtrbot/engine/turn"
	"rtrbot/i18n"
)

// A refusal is an *i18n.Error: what is wrong and what would be right.
func refuse(en, ja string, args ...any) error { return &i18n.Error{Text: tr(en, ja, args...)} }

// tr formats both languages; arguments that are i18n.Text are put in
// each language's own words.
func tr(en, ja string, args ...any) i18n.Text {
	ae, aj := make([]any, len(args)), make([]any, len(args))
	for i, a := range args {
		switch t := a.(type) {
		case i18n.Text:
			ae[i], aj[i] = t.EN, t.JA
		case Step:
			n := t.Name()
			ae[i], aj[i] = n.EN, n.JA
		default:
			ae[i], aj[i] = a, a
		}
	}
	return i18n.T(fmt.Sprintf(en, ae...), fmt.Sprintf(ja, aj...))
}

func turnName(t turn.Turn) i18n.Text { return i18n.T(t.String(), t.Japanese()) }

// reason is why a hex cannot be entered.
type reason int

const (
	whyNone reason = iota
	whyOffMap
	whySea
	whyNeutral
	whyFortress
	whyEnemy
	whyTerrain
	whyEZOC
	whyEZOCtoEZOC
	whyTimid
	whyDisengage
	whyPreMobilisation
	whyDeception
)

func (r reason) text() i18n.Text {
	switch r {
	case whyOffMap:
		return i18n.T("it is off the map", "盤外です")
	case whySea:
		return i18n.T("it is sea (8.0: prohibited)", "海です (8.0: 進入禁止)")
	case whyNeutral:
		return i18n.T("it is in a neutral country (14.2)", "中立国です (14.2)")
	case whyFortress:
		return i18n.T("it is an undestroyed enemy fortress (12.7: it must be destroyed first)", "未破壊の敵要塞です (12.7: 破壊せねば進入不可)")
	case whyEnemy:
		return i18n.T("enemy units hold it", "敵ユニットが占拠しています")
	case whyTerrain:
		return i18n.T("this unit may enter that terrain only along a railway (16.7)", "このユニットはその地形に鉄道沿いでしか進入できません (16.7)")
	case whyEZOC:
		return i18n.T("the route enters an enemy zone of control, where movement stops (6.0)", "経路が EZOC に入り、そこで移動が停止します (6.0)")
	case whyDeception:
		return i18n.T("French units may not move into Belgium north of the Meuse until a Belgian fortress is destroyed or Sep I (18.1(14))", "ベルギーの要塞が破壊されるか9月Iまで、仏軍は Meuse 河北のベルギー領へ移動できません (18.1(14))")
	case whyPreMobilisation:
		return i18n.T("on Aug I the French and British stay out of Belgium (18.1(12))", "8月I に仏英軍はベルギー領に進入できません (18.1(12))")
	case whyDisengage:
		return i18n.T("it started in an enemy zone of control and may not enter another this segment (16.1 disengagement)", "EZOC で移動を開始したため、このセグでは他の EZOC に進入できません (16.1 交戦離脱)")
	case whyTimid:
		return i18n.T("timid reservists may not leave their own country before Sep I (18.1(8), 18.2(11))", "臆病な予備兵は9月Iターンまで自国領を離れられません (18.1(8), 18.2(11))")
	case whyEZOCtoEZOC:
		return i18n.T("it moves directly from one enemy zone of control to another (6.0: not allowed)", "EZOC から EZOC への直接移動です (6.0: 不可)")
	}
	return i18n.T("", "")
}

// cannotEnter says a unit cannot enter a hex, and why.
func cannotEnter(id string, h hex.Hex, why reason) error {
	t := why.text()
	return &i18n.Error{Text: i18n.T(fmt.Sprintf("%s cannot enter %s: %s.", id, h, t.EN), fmt.Sprintf("%s は %s に進入できません: %s。", id, h, t.JA))}
}
