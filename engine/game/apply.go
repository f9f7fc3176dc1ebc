package game

import (
	"encoding/binary"
	"sort"

	"rtrbot/engine/board"
	"rtrbot/engine/scenario"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// Supported lists the scenario options (18.x) this engine plays, with what
// they change; New refuses any other (option-unavailable).
var Supported = map[string]i18n.Text{
	"18.1(5)":   i18n.T("Germans: do not invade Belgium (Belgium neutral; Allies lose the 40 VP of 15.21)", "独軍: ベルギーを侵略せず (ベルギーは中立; 連合軍は 15.21 の 40 VP を失う)"),
	"18.1(6)":   i18n.T("Germans: do not invade Luxembourg (neutral; no setup or rail there; Allies lose 10 VP)", "独軍: ルクセンブルクを侵略せず (中立; 同国での配置・鉄道移動なし; 連合軍は 10 VP を失う)"),
	"18.1(10)":  i18n.T("Germans: much improved logistics (HQ ranges doubled; Allies +20 VP)", "独軍: 非常に改善された兵站 (司令部の指揮範囲2倍; 連合軍 +20 VP)"),
	"18.1(11)":  i18n.T("Germans: more effective cavalry (always in command; Allies +10 VP)", "独軍: 更に有効な騎兵 (常に指揮下; 連合軍 +10 VP)"),
	"18.1(4)":   i18n.T("Germans: free setup anywhere in Germany (Allies +20 VP)", "独軍: 自由配置 (ドイツ国内の任意の場所に配置; 連合軍 +20 VP)"),
	"18.1(8)":   i18n.T("Germans: timid reservists (German reserve and Landwehr units stay in Germany until Sep I; Germans +20 VP)", "独軍: 臆病な予備兵 (独軍の予備・後備ユニットは9月Iまでドイツ国内に留まる; 独軍 +20 VP)"),
	"18.2(2)":   i18n.T("Allies: free setup of the French and British anywhere in France (Germans +20 VP)", "連合軍: 自由配置 (仏英軍をフランス国内の任意の場所に配置; 独軍 +20 VP)"),
	"18.2(11)":  i18n.T("Allies: timid reservists (French reserve and territorial units stay in France until Sep I; Allies +10 VP)", "連合軍: 臆病な予備兵 (仏軍の予備・国土防衛ユニットは9月Iまでフランス国内に留まる; 連合軍 +10 VP)"),
	"18.2(1)":   i18n.T("Allies: Plan Michel (French 4th and 5th Armies may also set up in France within 2 hexes of Lille or Maubeuge; Germans +10 VP)", "連合軍: Michel 計画 (仏第4・第5軍は Lille または Maubeuge から2ヘクス以内のフランス国内にも配置可; 独軍 +10 VP)"),
	"18.1(9)":   i18n.T("Germans: more mechanisation (2 armoured-car brigades set up in Germany; Allies +5 VP)", "独軍: 機械化の増加 (装甲車旅団2個をドイツ国内に配置; 連合軍 +5 VP)"),
	"18.2(9)":   i18n.T("Allies: more mechanisation (a French armoured-car brigade in France, a British one in the BEF area; Germans +5 VP)", "連合軍: 機械化の増加 (仏装甲車旅団1個をフランス国内に、英装甲車旅団1個を BEF 配置地域に配置; 独軍 +5 VP)"),
	"16.1":      i18n.T("Optional rule: disengagement (a unit starting its movement in an enemy zone of control may not enter another one that segment)", "選択ルール: 交戦離脱 (EZOC で移動を開始したユニットは、そのセグでは他の EZOC に進入できない)"),
	"16.5":      i18n.T("Optional rule: partisans (command is not traced through enemy cities unless own units hold them)", "選択ルール: パルチザン (自軍ユニットが占拠していない敵の都市を通して指揮は引けない)"),
	"M91-split": i18n.T("MOVES #91 optional rule: no breaking corps into divisions in reorganisation before the \"entrenchment begins\" event (merging is allowed)", "MOVES #91 選択ルール: 師団分割 (「塹壕構築開始」イベントまで再編成での軍団の師団分割不可; 統合は可)"),
	"M91-zoc":   i18n.T("MOVES #91 optional rule: reserve and Landwehr divisions (not corps) have no zone of control", "MOVES #91 選択ルール: 予備と後備の師団 (軍団は除く) は ZOC を持たない"),
	"18.3":      i18n.T("Workers of the world, unite! (no reinforcements for either side; both players must agree)", "万国の労働者よ、団結せよ! (両軍とも増援なし; 両プレイヤーの合意が必要)"),
	"18.1(3)":   i18n.T("Germans: strengthen the right wing (one active corps each of the 5th, 6th and 7th Armies sets up in the 1st, 2nd and 3rd Armies' areas, one in each; the 6th Army's siege train in one of them; Allies +10 VP)", "独軍: 右翼を強化 (第5・第6・第7軍の現役軍団各1個を第1・第2・第3軍の配置地域に1個ずつ配置; 第6軍の攻城砲列はそのいずれかに; 連合軍 +10 VP)"),
	"18.2(6)":   i18n.T("Allies: BEF held at home (no British units at setup; British reinforcements as usual; Allies +20 VP)", "連合軍: BEF の本国拘置 (初期配置に英軍ユニットなし; 英軍の増援は通常どおり; 連合軍 +20 VP)"),
	"18.2(7)":   i18n.T("Allies: North Sea landing (no British units at setup; no German reinforcements on Aug IV)", "連合軍: 北海上陸 (初期配置に英軍ユニットなし; 8月IV の独軍増援なし)"),
	"18.2(4)":   i18n.T("Allies: Belgium grants the Germans passage (no Belgian units, Belgian fortresses destroyed, Germans use Belgian railways and the Allies do not; Allies +20 VP)", "連合軍: ベルギー、独軍の通過を承諾 (ベルギー軍ユニットなし、ベルギーの要塞は破壊済み、独軍はベルギーの鉄道を使え連合軍は使えない; 連合軍 +20 VP)"),
	"18.2(5)":   i18n.T("Allies: Belgium ravished (a Belgian division of any type reinforces Antwerp on Aug III, Sep I, Sep III, Oct I, Oct III, Nov I, Nov III; Germans +10 VP)", "連合軍: ベルギー、陵辱さる (8月III、9月I、9月III、10月I、10月III、11月I、11月III に任意タイプのベルギー師団1個が Antwerp に増援; 独軍 +10 VP)"),
	"18.1(1)a":  i18n.T("Germans: reinforced eastern offensive (at least 10 attack of the starting forces to the Russian Front box)", "独軍: 東部戦線の攻勢の増強 (初期部隊から攻撃力 10 以上をロシア戦線ボックスへ)"),
	"18.1(1)b":  i18n.T("Germans: moderate eastern offensive (at least 20 attack and 1 HQ to the Russian Front box)", "独軍: 東部戦線の適度な攻勢 (攻撃力 20 以上と司令部1個をロシア戦線ボックスへ)"),
	"18.1(1)c":  i18n.T("Germans: major eastern offensive (at least 30 attack and 1 HQ to the Russian Front box)", "独軍: 東部戦線の大規模攻勢 (攻撃力 30 以上と司令部1個をロシア戦線ボックスへ)"),
	"18.1(1)d":  i18n.T("Germans: maximum eastern offensive (at least 40 attack and 2 HQs to the Russian Front box)", "独軍: 東部戦線の最大規模攻勢 (攻撃力 40 以上と司令部2個をロシア戦線ボックスへ)"),
	"18.1(7)":   i18n.T("Germans: invade the Netherlands (the Dutch join the Allies with 3 divisions at least 1 hex from their border; Germans lose 10 attack of their starting forces; Allies +40 VP)", "独軍: オランダを中立侵犯 (オランダ軍が3個師団で連合軍に参加し、国境から1ヘクス以上離して配置; 独軍は初期部隊から攻撃力 10 を失う; 連合軍 +40 VP)"),
	"18.1(2)":   i18n.T("Germans: maximum western offensive (up to 10 more attack strength of any type in German setup areas; HQ 8. Armee on Aug III; -1 on Russian Front rolls)", "独軍: 西部戦線の最大規模攻勢 (任意タイプで攻撃力最大 10 を独軍配置地域に追加; 8月III に第8軍司令部; ロシア戦線表のダイス -1)"),
	"18.2(8)":   i18n.T("Allies: the BEF supports Belgium (the BEF's HQ, two corps and cavalry land in French or Belgian ports on Aug III instead of setting up)", "連合軍: BEF、ベルギーを支援 (BEF の司令部、軍団2個、騎兵は初期配置せず、8月III に仏またはベルギーの港に上陸)"),
	"18.1(12)":  i18n.T("Germans: strike before mobilisation (an extra turn, Aug I: no German setup in Luxembourg; the BEF arrives as Aug I reinforcements; on Aug I only assault, active, light and cavalry units move, every unit is out of command, and the French and British stay out of Belgium)", "独軍: 動員前の強襲 (追加ターン 8月I: ルクセンブルクに独軍を配置しない; BEF は 8月I の増援として登場; 8月I に移動できるのは突撃・現役・軽歩兵・騎兵のみ、全ユニットが指揮不通、仏英軍はベルギーに入らない)"),
	"18.1(14)":  i18n.T("Germans: German deception (until a Belgian fortress is destroyed or Sep I, French units may not move into Belgium north of the Meuse; Allies +10 VP)", "独軍: 独軍の欺瞞 (ベルギーの要塞が破壊されるか9月Iまで、仏軍は Meuse 河北のベルギー領へ移動できない; 連合軍 +10 VP)"),
	"18.2(3)":   i18n.T("Allies: better intelligence (Germans set up first; Germans +5 VP)", "連合軍: より良い諜報活動 (独軍が先に配置; 独軍 +5 VP)"),
	"18.2(10)":  i18n.T("Allies: much improved logistics (HQ ranges doubled; Germans +20 VP)", "連合軍: 非常に改善された兵站 (司令部の指揮範囲2倍; 独軍 +20 VP)"),
	"18.2(13)":  i18n.T("Allies: more effective cavalry (always in command; Germans +10 VP)", "連合軍: 更に有効な騎兵 (常に指揮下; 独軍 +10 VP)"),
	"18.2(14)":  i18n.T("Allies: first blow (Allies move first; Germans +20 VP)", "連合軍: 連合軍の先の一撃 (連合軍が先に動く; 独軍 +20 VP)"),
	// Options of combat and victory (combat.go, victory.go).
	"18.2(12)": i18n.T("Allies: French fighting spirit (in August, Allied attacks with a French active corps shift one column right; Germans +20 VP)", "連合軍: 仏軍の敢闘精神 (8月中、仏現役軍団を含む連合軍の攻撃は1コラム右へシフト; 独軍 +20 VP)"),
	"18.1(15)": i18n.T("Germans: changed victory conditions (German city VP at the end doubled; German VP for eliminated enemy units halved, rounded up)", "独軍: 勝利条件の変更 (終了時の独軍の都市 VP を2倍; 敵ユニット除去による独軍の VP は半分、端数切り上げ)"),
	"18.2(15)": i18n.T("Allies: changed victory conditions (Allied city and fortress VP at the end doubled; Allied VP for eliminated enemy units halved, rounded up)", "連合軍: 勝利条件の変更 (終了時の連合軍の都市・要塞 VP を2倍; 敵ユニット除去による連合軍の VP は半分、端数切り上げ)"),
}

// optionVP is what each option gives at the start (18.x, 15.21).
var optionVP = map[string][2]int{
	"18.1(5)": {0, -40}, "18.1(6)": {0, -10}, "18.1(10)": {0, 20}, "18.1(11)": {0, 10},
	"18.1(4)": {0, 20}, "18.1(8)": {20, 0}, "18.2(2)": {20, 0}, "18.2(11)": {0, 10},
	"18.2(1)": {10, 0}, "18.2(3)": {5, 0}, "18.1(3)": {0, 10}, "18.2(6)": {0, 20}, "18.2(4)": {0, 20}, "18.2(5)": {10, 0}, "18.1(7)": {0, 40}, "18.1(14)": {0, 10}, "18.1(9)": {0, 5}, "18.2(9)": {5, 0}, "18.2(10)": {20, 0}, "18.2(13)": {10, 0}, "18.2(14)": {20, 0}, "18.2(12)": {20, 0},
}

// New starts a game of a scenario: setup, Allies first (17.1).
func New(r *Rules, seed uint64, options []string) (*State, error) {
	opts := append([]string(nil), options...)
	sort.Strings(opts)
	for i, o := range opts {
		if _, ok := Supported[o]; !ok {
			var names []string
			for k := range Supported {
				names = append(names, k)
			}
			sort.Strings(names)
			return nil, refuse("option-unavailable", o, names)
		}
		if i > 0 && opts[i-1] == o {
			return nil, refuse("option-twice", o)
		}
	}
	levels := 0
	for _, l := range []string{"18.1(1)a", "18.1(1)b", "18.1(1)c", "18.1(1)d"} {
		if contains(opts, l) {
			levels++
		}
	}
	if levels > 1 {
		return nil, refuse("option-one-level")
	}
	for _, pair := range [][2]string{{"18.2(6)", "18.2(7)"}, {"18.2(6)", "18.2(8)"}, {"18.2(7)", "18.2(8)"}, {"18.1(12)", "18.2(6)"}, {"18.1(12)", "18.2(7)"}, {"18.1(12)", "18.2(8)"}, {"18.1(12)", "18.1(6)"}, {"18.1(14)", "18.1(5)"}, {"18.1(2)", "18.1(1)a"}, {"18.1(2)", "18.1(1)b"}, {"18.1(2)", "18.1(1)c"}, {"18.1(2)", "18.1(1)d"}, {"18.2(4)", "18.1(5)"}, {"18.2(4)", "18.2(5)"}} {
		if contains(opts, pair[0]) && contains(opts, pair[1]) {
			return nil, refuse("options-exclusive", pair[0], pair[1])
		}
	}
	s := &State{rules: r, Seed: seed, Options: opts, Turn: r.Scenario.First, Step: SetupStep, Player: units.Allied}
	if s.Option("18.2(3)") {
		s.Player = units.German
	}
	if s.Option("18.1(12)") {
		s.Turn = 1 // the extra turn, Aug I
	}
	s.VP = r.Scenario.StartVP // 17.6
	for _, o := range opts {
		s.VP[0] += optionVP[o][0]
		s.VP[1] += optionVP[o][1]
	}
	s.Units = make([]Unit, r.Counters.Len())
	if s.Option("18.2(4)") {
		// 18.2(4): every Belgian fortress counts as destroyed (no VP).
		for _, x := range s.allHexes() {
			if x.Fortress > 0 && x.Country == board.Belgium {
				s.Destroyed = append(s.Destroyed, x.At)
			}
		}
	}
	for _, c := range r.Counters.All() {
		if c.Role == units.Setup && !s.neutralUnit(c) {
			s.Units[c.Index].Box = Unplaced
		}
		if c.Role == units.Setup && c.Nation == units.GB && (s.Option("18.2(6)") || s.Option("18.2(7)")) {
			s.Units[c.Index].Box = Out // the BEF's first corps stay in Britain
		}
		if c.Role == units.Setup && c.Nation == units.GB && s.Option("18.1(12)") {
			s.Units[c.Index].Box = Pool // 18.1(12): the BEF arrives on Aug I
		}
		if c.Role == units.Setup && c.Nation == units.GB && s.Option("18.2(8)") {
			s.Units[c.Index].Box = Pool // 18.2(8): they land on Aug III
		}
		if c.Nation == units.BE && s.Option("18.2(4)") {
			s.Units[c.Index].Box = Out // 18.2(4): the Belgian army stands aside
		}
		if _, ok := c.SetupWhere(); ok && c.Role == units.Option && s.Option(c.OptionCode()) {
			s.Units[c.Index].Box = Unplaced // 18.1(9), 18.2(9)
		}
	}
	return s, nil
}

// neutralUnit: neutral countries' units do not set up (14.2).
func (s *State) neutralUnit(c *units.Counter) bool {
	return c.Nation == units.BE && s.Option("18.1(5)")
}

// NewRules gathers the rules of a scenario: the map given, the embedded
// counters and reinforcement table.
func NewRules(m *board.Map, name string) (*Rules, error) {
	sc, err := scenario.Get(name)
	if err != nil {
		return nil, err
	}
	set, err := units.Default()
	if err != nil {
		return nil, err
	}
	tab, err := scenario.Reinforcements()
	if err != nil {
		return nil, err
	}
	return &Rules{Map: m, Counters: set, Scenario: sc, Reinforcements: tab}, nil
}

// Apply is the rules engine: the state after the order, the events it
// caused, or a refusal (*i18n.Error) saying what is wrong and what would
// be right. The state given is never changed.
func Apply(s *State, o Order) (*State, []Event, error) {
	if s.Step == GameOver {
		return nil, nil, refuse("game-over")
	}
	if o.Side != s.ToMove() {
		return nil, nil, refuse("not-your-turn",
			s.ToMove().Name(), s.Step, o.Side.Name())
	}
	if len(s.Combat.Retreats) > 0 && o.Verb != Retreat {
		return nil, nil, refuse("retreats-first", s.retreatIDs())
	}
	var (
		n   *State
		evs []Event
		err error
	)
	switch o.Verb {
	case End:
		n, evs, err = s.applyEnd()
	case Place:
		n, evs, err = s.applyPlace(o)
	case AutoSetup:
		n, evs, err = s.applyAutoSetup()
	case Move:
		n, evs, err = s.applyMove(o)
	case Rail:
		n, evs, err = s.applyRail(o)
	case Split:
		n, evs, err = s.applySplit(o)
	case Merge:
		n, evs, err = s.applyMerge(o)
	case Entrench, Unentrench:
		n, evs, err = s.applyEntrench(o)
	case Reinforce:
		n, evs, err = s.applyReinforce(o)
	case AutoReinforce:
		n, evs, err = s.applyAutoReinforce()
	case Remove, Withdraw:
		if s.Step == SetupStep {
			n, evs, err = s.setupReduction(o)
		} else if o.Verb == Remove {
			n, evs, err = s.applyRemove(o)
		} else {
			n, evs, err = s.applyWithdraw(o)
		}
	case Attack:
		n, evs, err = s.applyAttack(o)
	case Retreat:
		n, evs, err = s.applyRetreat(o)
	case Siege:
		n, evs, err = s.applySiege(o)
	case Abandon:
		n, evs, err = s.applyAbandon(o)
	case Recon:
		n, evs, err = s.applyRecon(o)
	default:
		return nil, nil, refuse("unknown-verb", o.Verb)
	}
	if err != nil {
		return nil, nil, err
	}
	n.Orders++
	n.afterOrder(s, &evs) // victory.go
	return n, evs, nil
}

// Replay rebuilds a game from its seed, options and orders. The same
// inputs always give the same state (Hash).
func Replay(r *Rules, seed uint64, options []string, orders []Order) (*State, error) {
	return ReplayKey(r, seedKey(seed), options, orders)
}

// NewKey is New for a game whose dice key is key: a 32-byte secret (the
// bot's games), or an 8-byte big-endian seed (practice games; New).
func NewKey(r *Rules, key []byte, options []string) (*State, error) {
	if len(key) != 8 && len(key) != SecretSize {
		return nil, refuse("dice-key-size", len(key))
	}
	s, err := New(r, 0, options)
	if err != nil {
		return nil, err
	}
	if len(key) == 8 {
		s.Seed = binary.BigEndian.Uint64(key)
	} else {
		s.Secret = append([]byte(nil), key...)
	}
	return s, nil
}

// ReplayKey is Replay for a game whose dice key is key (NewKey).
func ReplayKey(r *Rules, key []byte, options []string, orders []Order) (*State, error) {
	s, err := NewKey(r, key, options)
	if err != nil {
		return nil, err
	}
	for i, o := range orders {
		n, _, err := Apply(s, o)
		if err != nil {
			return s, refuse("replay-refused", i+1, o.String(), errText(err))
		}
		s = n
	}
	return s, nil
}

func contains(list []string, x string) bool {
	for _, y := range list {
		if y == x {
			return true
		}
	}
	return false
}
