package game

import (
	"strings"

	"rtrbot/i18n"
)

// verbNames are the orders' names as players read them; the text form
// (Order.String) stays English: it is the stored log.
var verbNames = map[Verb]i18n.Text{
	VerbPlace: i18n.T("place", "配置"), VerbAutoSetup: i18n.T("set up the rest", "残りを自動置"), VerbEnd: i18n.T("end the step", "手順終了"),
	VerbMove: i18n.T("move", "移動"), VerbRail: i18n.T("rail", "鉄道動"), VerbSplit: i18n.T("split", "割"), VerbMerge: i18n.T("merge", "統合"),
	VerbEntrench: i18n.T("entrench", "塹壕化"), VerbUnentrench: i18n.T("back to mobile", "機動へ"), VerbReinforce: i18n.T("reinforce", "増援"),
	VerbAutoReinforce: i18n.T("bring on every reinforcement", "全増援を自動登場"), VerbRemove: i18n.T("remove", "除去"),
	VerbWithdraw: i18n.T("withdraw to the Russian Front", "ロシア戦線へ転進"), VerbAttack: i18n.T("attack", "攻撃"),
	VerbRetreat: i18n.T("retreat", "退却"), VerbSiege: i18n.T("bombard", "撃"), VerbAbandon: i18n.T("abandon", "放棄"),
	VerbRecon: i18n.T("reconnoitre", "航空偵察"),
	VerbSea:   i18n.T("sea transport or landing (16.3)", "海上輸送・強襲上陸 (16.3)"),
	VerbDelay: i18n.T("delay (cavalry, 16.2)", "遅滞行動 (騎兵, 16.2)"), VerbStand: i18n.T("stand (no delay, 16.2)", "遅滞せず (16.2)"),
	VerbRekey: i18n.T("new dice key (by the bot, on import)", "ダイスの鍵の更新 (取り込み時にボットが実施)"),
}

// Text is the order as players read it, in both languages: "German:
// move G-III → 3024 3023" / "独軍: 移動 G-III → 3024 3023".
func (o Order) Text() i18n.Text {
	name, ok := verbNames[o.Verb]
	if !ok {
		name = i18n.T(string(o.Verb), string(o.Verb))
	}
	var args []string
	units := o.Units
	if o.Verb == VerbAttack && len(units) > 0 { // the table the attacker chose (9.7), by its name
		if t, err := Tables().CRT(strings.ToLower(units[0])); err == nil {
			table := i18n.T(strings.ToLower(t.Name.EN), t.Name.JA)
			name = i18n.Sprintf(i18n.T("%s (%s)", "%s (%s)"), name, table)
			units = units[1:]
		}
	}
	args = append(args, units...)
	var hexes []string
	for _, h := range o.Hexes {
		hexes = append(hexes, h.String())
	}
	tail := strings.Join(args, " ")
	if len(hexes) > 0 {
		if tail != "" {
			tail += " → "
		}
		tail += strings.Join(hexes, " ")
	}
	side := o.Side.Name()
	en, ja := side.EN+": "+name.EN, side.JA+": "+name.JA
	if tail != "" {
		en, ja = en+" "+tail, ja+" "+tail
	}
	return i18n.T(en, ja)
}
