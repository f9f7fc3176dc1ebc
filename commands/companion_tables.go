package commands

import (
	"fmt"
	"strconv"
	"strings"

	"rtrbot/engine/dice"
	"rtrbot/engine/tables"
	"rtrbot/i18n"
)

// companionRollCommands are the commands that roll: /roll, /event,
// /russia, /combat and /siege. Each turns its options into a plan; the same
// plan function rebuilds a logged roll for /log verify.
func companionRollCommands() []rollCommand {
	dieOpt := Option{Name: "die", Type: Integer, MinInt: 1, MaxInt: 6,
		Description: i18n.T("A die already rolled at the table (1-6): look it up, no roll", "卓で振ったサイコロの目 (1〜6): 表を引くだけで振らない")}
	return []rollCommand{
		{
			name: "roll",
			desc: i18n.T("Roll dice: NdM with an optional modifier (2d6, 3d6+1)", "ダイスを振る: NdM、修整も可 (2d6, 3d6+1)"),
			options: []Option{{Name: "dice", Description: tx(
				"Dice to roll: NdM+K, N 1-%d, M %d-%d (default 1d6)",
				"振るダイス: NdM+K (N は1〜%d、M は%d〜%d、既定は 1d6)", dice.MaxCount, dice.MinSides, dice.MaxSides)}},
			plan: planRoll,
		},
		{
			name: "event",
			desc: i18n.T("Random event roll 5.0: two dice read 11-66, the event in full", "ランダムイベント 5.0: 2個のダイスを11〜66で読み、イベントを全文表示"),
			options: []Option{
				{Name: "month", Description: i18n.T("Month of the turn, for autumn weather", "ターンの月 (秋の天候の判定用)"),
					Choices: []Choice{{i18n.T("August", "8月"), "aug"}, {i18n.T("September", "9月"), "sep"}, {i18n.T("October", "10月"), "oct"}, {i18n.T("November", "11月"), "nov"}}},
				{Name: "violated", Description: i18n.T("Has Germany violated Belgium or the Netherlands? (Italy)", "独軍はベルギーかオランダを中立侵犯したか (イタリアの判定用)"),
					Choices: []Choice{{i18n.T("yes", "はい"), "yes"}, {i18n.T("no", "いいえ"), "no"}}},
				{Name: "settled", Description: i18n.T("Has a Russian Front roll already given stalemate or victory? (then 51-66 is no event)",
					"ロシア戦線表で膠着か勝利が出済みか (なら51〜66はイベントなし)"),
					Choices: []Choice{{i18n.T("yes", "はい"), "yes"}, {i18n.T("no", "いいえ"), "no"}}},
				{Name: "roll", Description: i18n.T("Two dice already rolled at the table, read as 11-66: look it up, no roll",
					"卓で振った2個のダイスの目 (11〜66): 表を引くだけで振らない")},
			},
			plan: planEvent,
		},
		{
			name: "russia",
			desc: i18n.T("Russian Front table 14.3 with its modifiers", "ロシア戦線表 14.3 (修整込み)"),
			options: []Option{
				{Name: "box", Type: Integer, MinInt: 0, MaxInt: tables.MaxBoxStrength,
					Description: i18n.T("Attack strength in the Russian Front box (+1 per 10, at most +4)", "ロシア戦線ボックス内の攻撃力 (10毎に+1、最大+4)")},
				{Name: "maxoffensive", Type: Boolean,
					Description: i18n.T("German option 18.1(2), Western Front maximum offensive, in play (-1)",
						"独軍オプション 18.1(2) 西部戦線最大規模攻勢を採用 (-1)")},
				{Name: "alternative", Type: Boolean,
					Description: i18n.T("MOVES #91 alternative: box modifier -2..+4 by its attack strength", "MOVES #91 の試案: ボックス攻撃力による修整 -2〜+4")},
				dieOpt,
			},
			plan: planRussia,
		},
		{
			name: "combat",
			desc: i18n.T("Combat results table 9.0: odds column, die, result", "戦闘結果表 9.0: 戦力比コラム、ダイス、結果"),
			options: []Option{
				{Name: "table", Required: true, Description: i18n.T("Table chosen by the attacker (9.7)", "攻撃側が選ぶ戦闘結果表 (9.7)"),
					Choices: []Choice{{i18n.T("Reconnaissance in force", "威力偵察"), "recon"}, {i18n.T("Assault", "突撃"), "assault"}, {i18n.T("Mobile", "機動"), "mobile"}}},
				{Name: "attack", Type: Integer, MinInt: 1, MaxInt: tables.MaxStrength, Description: i18n.T("Total attack strength", "攻撃力の合計")},
				{Name: "defense", Type: Integer, MinInt: 1, MaxInt: tables.MaxStrength, Description: i18n.T("Total defence strength, doublings included", "防御力の合計 (2倍化込み)")},
				{Name: "odds", Description: i18n.T("Odds instead of strengths, e.g. 3:1 or 1:2", "戦力値の代わりに戦力比 (例 3:1, 1:2)")},
				{Name: "shift", Type: Integer, MinInt: -tables.MaxShift, MaxInt: tables.MaxShift, Description: i18n.T("Column shift, + for the attacker (e.g. +1, -2)", "コラムシフト、攻撃側有利が + (例 +1, -2)")},
				{Name: "fortress", Description: i18n.T("The defender's hex is an undestroyed fortress, occupied or empty (12.5)",
					"防御側ヘクスが未破壊の要塞 (占拠または空, 12.5)"),
					Choices: []Choice{{i18n.T("occupied by units", "ユニットが占拠"), "occupied"}, {i18n.T("empty", "空"), "empty"}}},
				dieOpt,
			},
			plan: planCombat,
		},
		{
			name: "siege",
			desc: i18n.T("Siege table 12.6: one siege gun against a fortress", "攻城砲表 12.6: 攻城砲1門で要塞を攻撃"),
			options: []Option{
				{Name: "fortress", Required: true, Description: i18n.T("Strength of the fortress (a fortress without a number is a 3)",
					"要塞の戦力 (数値のない要塞は3)"),
					Choices: []Choice{{i18n.T("3", "3"), "3"}, {i18n.T("6", "6"), "6"}, {i18n.T("12", "12"), "12"}}},
				dieOpt,
			},
			plan: planSiege,
		},
	}
}

// givenDie reads die:N, a die rolled at the table.
func givenDie(opts map[string]string) ([]int, error) {
	v, ok := opts["die"]
	if !ok {
		return nil, nil
	}
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || n < 1 || n > 6 {
		return nil, i18n.Errorf("die:%s is not a die: give the number rolled at the table, 1 to 6.",
			"die:%s はサイコロの目ではありません: 卓で振った目を1〜6で指定してください。", v)
	}
	return []int{n}, nil
}

func planRoll(opts map[string]string) (*rollPlan, error) {
	text, ok := opts["dice"]
	if !ok || strings.TrimSpace(text) == "" {
		text = "1d6"
	}
	spec, err := dice.Parse(text)
	if err != nil {
		return nil, err
	}
	return &rollPlan{
		command: "roll", inputs: map[string]string{"dice": spec.String()},
		count: spec.Count, sides: spec.Sides,
		read: func(faces []int) reading {
			total := spec.Total(faces)
			list := make([]string, len(faces))
			for i, f := range faces {
				list[i] = strconv.Itoa(f)
			}
			shown := strings.Join(list, ", ")
			if spec.Modifier != 0 {
				shown = fmt.Sprintf("[%s] %+d", shown, spec.Modifier)
			} else {
				shown = "[" + shown + "]"
			}
			return reading{
				result: strconv.Itoa(total),
				text:   tx("🎲 %s: %s = **%d**", "🎲 %s: %s = **%d**", spec, shown, total),
			}
		},
	}, nil
}

func planEvent(opts map[string]string) (*rollPlan, error) {
	cond := tables.EventConditions{}
	in := map[string]string{}
	if v, ok := opts["month"]; ok {
		m, err := tables.ParseMonth(v)
		if err != nil {
			return nil, err
		}
		cond.Month = m
		in["month"] = [...]string{"aug", "sep", "oct", "nov"}[m-8]
	}
	var err error
	if cond.Violated, err = yesNoOption(opts, "violated", in); err != nil {
		return nil, err
	}
	if cond.RussiaSettled, err = yesNoOption(opts, "settled", in); err != nil {
		return nil, err
	}
	p := &rollPlan{command: "event", inputs: in, count: 2, sides: 6}
	if v, ok := opts["roll"]; ok {
		t := strings.TrimSpace(v)
		n, err := strconv.Atoi(t)
		if err != nil || len(t) != 2 || n/10 < 1 || n/10 > 6 || n%10 < 1 || n%10 > 6 {
			return nil, i18n.Errorf("roll:%s is not an event roll: two dice read as tens and units, 11 to 66 (each digit 1-6), e.g. roll:35.",
				"roll:%s はイベントの目ではありません: 2個のダイスを十の位・一の位として読んだ11〜66 (各桁1〜6) を指定してください (例 roll:35)。", v)
		}
		p.given = []int{n / 10, n % 10}
	}
	p.read = func(faces []int) reading {
		reading10 := 10*faces[0] + faces[1]
		r, err := tablesSet().Event(reading10, cond)
		if err != nil { // cannot happen: the dice come from Roll or from the check above
			return reading{result: "invalid"}
		}
		return eventReading(r, faces, cond)
	}
	return p, nil
}

var monthNames = map[tables.Month]i18n.Text{
	8: i18n.T("August", "8月"), 9: i18n.T("September", "9月"), 10: i18n.T("October", "10月"), 11: i18n.T("November", "11月"),
}

func eventReading(r tables.EventResult, faces []int, cond tables.EventConditions) reading {
	head := tx("🎲 Random event (5.0): dice %d and %d → **%d**: **%s**",
		"🎲 ランダムイベント (5.0): ダイス %d と %d → **%d**: **%s**", faces[0], faces[1], r.Reading, r.Row.Name)
	parts := []i18n.Text{head, r.Row.Text}
	if r.Row.ID == "russian-front" && r.Applies != tables.No { // the companion rolls nothing itself: it says how
		parts = append(parts, i18n.T("→ Roll it with /russia.", "→ /russia で振ってください。"))
	}
	result := fmt.Sprintf("%d %s", r.Reading, r.Row.ID)
	switch r.Applies {
	case tables.No:
		result += " (no event)"
		switch r.Row.Condition {
		case "autumn":
			m := monthNames[cond.Month]
			parts = append(parts, tx("→ It is %s: autumn weather applies only from September, so this turn there is **no event**.",
				"→ 現在は%sです。秋の天候は9月以降のみなので、このターンは**イベントなし**です。", m))
		case "italy":
			parts = append(parts, tx("→ Germany has violated Belgium or the Netherlands, so this is **no event**.",
				"→ 独軍がベルギーまたはオランダを中立侵犯しているので、**イベントなし**。"))
		case "russia":
			parts = append(parts, tx("→ The Russian Front is settled (stalemate or victory in the East, 14.3), so this is **no event**.",
				"→ ロシア戦線は決着済み (膠着または東部での勝利, 14.3) なので、**イベントなし**。"))
		}
	case tables.Unknown:
		result += " (conditional)"
		switch r.Row.Condition {
		case "autumn":
			parts = append(parts, tx("→ Give month: to settle it: from September this is autumn weather; in August, no event.",
				"→ month: を指定すれば確定します: 9月以降なら秋の天候、8月なら「イベントなし」。"))
		case "italy":
			parts = append(parts, tx("→ Give violated: to settle it: in the standard game Germany has violated Belgium (17.6), so this is no event unless option 18.1(5) kept Belgium neutral and the Netherlands were spared.",
				"→ violated: を指定すれば確定します: 標準シナリオでは独軍はベルギーを侵犯している (17.6) ので、オプション 18.1(5) でベルギーが中立のままでオランダも侵犯していない場合を除き「イベントなし」。"))
		case "russia":
			parts = append(parts, tx(
				"→ Unless an earlier Russian Front roll gave stalemate or a victory (then give settled:yes: no event), roll /russia now.",
				"→ 以前のロシア戦線表で膠着か勝利が出ていなければ (出ていれば settled:yes で「イベントなし」)、今 /russia を振ってください。"))
		}
	}
	return reading{result: result, text: join(parts...)}
}

// yesNoOption reads an event condition's yes/no option (true/false are
// taken too), noting the answer in the roll's inputs; Unknown if not given.
func yesNoOption(opts map[string]string, name string, in map[string]string) (tables.Tri, error) {
	v, ok := opts[name]
	if !ok {
		return tables.Unknown, nil
	}
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "yes", "true":
		in[name] = "yes"
		return tables.Yes, nil
	case "no", "false":
		in[name] = "no"
		return tables.No, nil
	}
	return tables.Unknown, i18n.Errorf("%s:%s: answer yes or no.", "%s:%s: yes か no で答えてください。", name, v)
}

// trueFalseOption reads a true/false option of a table roll; false if not given.
func trueFalseOption(opts map[string]string, name string) (bool, error) {
	v, ok := opts[name]
	if !ok {
		return false, nil
	}
	b, err := strconv.ParseBool(strings.TrimSpace(v))
	if err != nil {
		return false, i18n.Errorf("%s:%s: answer true or false.", "%s:%s: true か false で答えてください。", name, v)
	}
	return b, nil
}

func planRussia(opts map[string]string) (*rollPlan, error) {
	box := 0
	if v, ok := opts["box"]; ok {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || n < 0 || n > tables.MaxBoxStrength {
			return nil, i18n.Errorf("box:%s: give the attack strength in the Russian Front box, 0 to %d.",
				"box:%s: ロシア戦線ボックス内の攻撃力を0〜%dで指定してください。", v, tables.MaxBoxStrength)
		}
		box = n
	}
	maxOff, err := trueFalseOption(opts, "maxoffensive")
	if err != nil {
		return nil, err
	}
	alt, err := trueFalseOption(opts, "alternative")
	if err != nil {
		return nil, err
	}
	given, err := givenDie(opts)
	if err != nil {
		return nil, err
	}
	in := map[string]string{"box": strconv.Itoa(box), "maxoffensive": strconv.FormatBool(maxOff)}
	if alt {
		in["alternative"] = "true"
	}
	return &rollPlan{
		command: "russia", inputs: in,
		count: 1, sides: 6, given: given,
		read: func(faces []int) reading {
			r, err := tablesSet().Russia(faces[0], tables.RussiaOptions{Box: box, MaxOffensive: maxOff, Alternative: alt})
			if err != nil {
				return reading{result: "invalid"}
			}
			return russiaReading(r)
		},
	}, nil
}

func russiaReading(r tables.RussiaResult) reading {
	calc := tx("die %d", "ダイス %d", r.Die)
	if r.Alternative {
		calc = join2(calc, tx(" %+d (box %d, MOVES #91 alternative)", " %+d (ボックス攻撃力 %d、MOVES #91 試案)", r.BoxModifier, r.Box))
	} else {
		calc = join2(calc, tx(" %+d (box %d: +1 per 10 attack strength, at most +4)", " %+d (ボックス攻撃力 %d: 10毎に+1、最大+4)", r.BoxModifier, r.Box))
	}
	if r.MaxOffensive {
		calc = join2(calc, tx(" -1 (option 18.1(2))", " -1 (オプション 18.1(2))"))
	}
	total := tx(" = %d", " = %d", r.Total)
	if r.Clamped {
		raw := r.Die + r.BoxModifier + r.OptionModifier
		total = tx(" = %d, read as %d (the table runs 0 to 10)", " = %d、%d として読む (表は0〜10)", raw, r.Total)
	}
	calc = join2(calc, total)
	head := tx("🎲 Russian Front (14.3): %s → **%s**",
		"🎲 ロシア戦線表 (14.3): %s → **%s**", calc, r.Row.Name)
	parts := []i18n.Text{head, r.Row.Text}
	if r.Row.ID == "major-victory" {
		parts = append(parts, tx("→ With %d attack strength in the box: units worth %d attack strength return as reinforcements.",
			"→ ボックスの攻撃力 %d: 攻撃力 %d 分のユニットが増援として戻る。", r.Box, r.Reinforcements))
	}
	return reading{result: fmt.Sprintf("%d %s", r.Total, r.Row.ID), text: join(parts...)}
}

// join2 is a followed by b, in each language.
func join2(a, b i18n.Text) i18n.Text { return tx("%s%s", "%s%s", a, b) }

func planCombat(opts map[string]string) (*rollPlan, error) {
	set := tablesSet()
	crt, err := set.CRT(strings.TrimSpace(opts["table"]))
	if err != nil {
		return nil, err
	}
	shift := 0
	if v, ok := opts["shift"]; ok {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil {
			return nil, i18n.Errorf("shift:%s: give a whole number of columns, e.g. +1 or -2 (from -%d to +%d).",
				"shift:%s: コラム数を整数で指定してください (例 +1, -2。-%d〜+%d)。", v, tables.MaxShift, tables.MaxShift)
		}
		shift = n
	}
	_, hasA := opts["attack"]
	_, hasD := opts["defense"]
	odds, hasO := opts["odds"]
	var att, def int
	in := map[string]string{"table": crt.ID, "shift": fmt.Sprintf("%+d", shift)}
	switch {
	case hasO && (hasA || hasD):
		return nil, i18n.Errorf("Give either odds: (e.g. odds:3:1) or attack: and defense: (e.g. attack:14 defense:5), not both.",
			"odds: (例 odds:3:1) か attack: と defense: (例 attack:14 defense:5) のどちらか一方を指定してください。")
	case hasO:
		if att, def, err = tables.ParseOdds(odds); err != nil {
			return nil, err
		}
		in["odds"] = fmt.Sprintf("%d:%d", att, def)
	case hasA && hasD:
		a, errA := strconv.Atoi(strings.TrimSpace(opts["attack"]))
		d, errD := strconv.Atoi(strings.TrimSpace(opts["defense"]))
		if errA != nil || errD != nil {
			return nil, i18n.Errorf("attack: and defense: are whole numbers from 1 to %d.", "attack: と defense: は1〜%dの整数です。", tables.MaxStrength)
		}
		att, def = a, d
		in["attack"], in["defense"] = strconv.Itoa(a), strconv.Itoa(d)
	default:
		return nil, i18n.Errorf("Give the odds (odds:3:1) or both strengths (attack:14 defense:5).",
			"戦力比 (odds:3:1) か、両方の戦力 (attack:14 defense:5) を指定してください。")
	}
	o, err := set.Odds(att, def, shift)
	if err != nil {
		return nil, err
	}
	fortress := ""
	if v, ok := opts["fortress"]; ok {
		switch v = strings.ToLower(strings.TrimSpace(v)); v {
		case "occupied", "empty":
			fortress, in["fortress"] = v, v
		default:
			return nil, i18n.Errorf("fortress:%s: say occupied or empty (leave it out when there is no undestroyed fortress).",
				"fortress:%s: occupied か empty を指定してください (未破壊の要塞がなければ省略)。", v)
		}
		if crt.ID == "mobile" && !tables.MobileAllowedAgainstFortress {
			return nil, i18n.Errorf(
				"The mobile table cannot be chosen against an undestroyed fortress (9.7, 12.5): use table:recon or table:assault.",
				"未破壊の要塞には機動戦闘結果表を選べません (9.7, 12.5): table:recon か table:assault を使ってください。")
		}
	}
	given, err := givenDie(opts)
	if err != nil {
		return nil, err
	}
	_, strengths := in["attack"]
	return &rollPlan{
		command: "combat", inputs: in, count: 1, sides: 6, given: given,
		read: func(faces []int) reading {
			code, err := crt.Lookup(o.Column, faces[0])
			if err != nil {
				return reading{result: "invalid"}
			}
			r := combatReading(set, crt, o, strengths, faces[0], code)
			if fortress != "" {
				r = fortressReading(r, code, fortress == "occupied")
			}
			return r
		},
	}, nil
}

func combatReading(set *tables.Set, crt *tables.CRT, o tables.OddsResult, strengths bool, die int, code tables.Code) reading {
	cols := set.Columns()
	var how i18n.Text
	if strengths {
		how = tx("attack %d : defence %d, rounded in the defender's favour to %s", "攻撃 %d : 防御 %d、防御側有利に丸めて %s",
			o.Attack, o.Defense, o.Rounded)
	} else {
		how = tx("odds %d:%d", "戦力比 %d:%d", o.Attack, o.Defense)
		if o.Rounded.String() != fmt.Sprintf("%d:%d", o.Attack, o.Defense) {
			how = join2(how, tx(", rounded in the defender's favour to %s", "、防御側有利に丸めて %s", o.Rounded))
		}
	}
	if o.Clamped {
		how = join2(how, tx(", read as %s (odds beyond the table, 9.0)", "、表の範囲外なので %s として扱う (9.0)", cols[o.Base]))
	}
	if o.Shift != 0 {
		how = join2(how, tx(", shift %+d", "、シフト %+d", o.Shift))
		if o.ShiftClamped {
			how = join2(how, tx(" (stopped at the end of the table)", " (表の端で止まる)"))
		}
	}
	res, _ := set.Result(code)
	head := tx("🎲 %s table: %s → column **%s**; die **%d** → **%s** %s",
		"🎲 %s戦闘結果表: %s → コラム **%s**、ダイス **%d** → **%s** %s", crt.Name, how, cols[o.Column], die, code, res.Name)
	parts := []i18n.Text{head, res.Text}
	if crt.Note.EN != "" {
		parts = append(parts, join2(i18n.T("(", "("), join2(crt.Note, i18n.T(")", ")"))))
	}
	return reading{result: fmt.Sprintf("%s %s", cols[o.Column], code), text: join(parts...)}
}

func planSiege(opts map[string]string) (*rollPlan, error) {
	set := tablesSet()
	v := strings.TrimSpace(opts["fortress"])
	strength, err := strconv.Atoi(v)
	if err != nil {
		strength = -1
	}
	if _, err := set.Siege(strength, 1); err != nil {
		return nil, err
	}
	given, err := givenDie(opts)
	if err != nil {
		return nil, err
	}
	return &rollPlan{
		command: "siege", inputs: map[string]string{"fortress": strconv.Itoa(strength)}, count: 1, sides: 6, given: given,
		read: func(faces []int) reading {
			r, err := set.Siege(strength, faces[0])
			if err != nil {
				return reading{result: "invalid"}
			}
			head := tx("🎲 Siege table (12.6), fortress of strength %d: die %d %+d = %d → **%s**",
				"🎲 攻城砲表 (12.6)、%d戦力要塞: ダイス %d %+d = %d → **%s**", r.Strength, r.Die, r.Modifier, r.Total, r.Row.Name)
			return reading{result: fmt.Sprintf("%d %s", r.Total, r.Row.ID), text: join(head, r.Row.Text)}
		},
	}, nil
}

// fortressReading adds what the result does to an undestroyed fortress in
// the defending hex (12.5).
func fortressReading(r reading, code tables.Code, occupied bool) reading {
	var t i18n.Text
	switch {
	case tables.FortressDestroyed(code, occupied):
		r.result += " fortress-destroyed"
		t = tx("🏰 The fortress is destroyed (12.5, 12.7): it scores VP (15.22) and its logistics are lost.",
			"🏰 要塞は破壊される (12.5, 12.7): VP が入り (15.22)、兵站は失われる。")
	case occupied:
		r.result += " fortress-holds"
		t = tx("🏰 The fortress holds: only DZ destroys an occupied fortress (12.5); the units inside suffer the result.",
			"🏰 要塞は持ちこたえる: ユニットが占拠する要塞は DZ でのみ破壊される (12.5)。占拠ユニットは結果を被る。")
	default:
		r.result += " fortress-holds"
		t = tx("🏰 The fortress holds: an empty fortress falls only to DA or DZ; other results have no effect (12.5).",
			"🏰 要塞は持ちこたえる: 空の要塞は DA か DZ でのみ破壊され、他の結果は無効 (12.5)。")
	}
	r.text = join(r.text, t)
	return r
}
