package commands

import (
	"context"
	"fmt"
	"strings"

	"rtrbot/ai"
	"rtrbot/engine/board"
	"rtrbot/engine/hex"
	"rtrbot/engine/turn"
	"rtrbot/games"
	"rtrbot/i18n"
)

// /computer explain: the computer says what it did in its last player
// turn and why (docs/ai.md, "What the computer says"). The same account
// is posted to the game's channel after each of the computer's player
// turns (botMoves, botAfterNotice, takeoverMessages). Every line comes
// from a value the computer player computed while deciding
// (ai.Account); the formatter is given the account as the games service
// cut it for the channel (games.Explained: every attacker of an attack
// fought, which its combat showed both players; of the others those the
// public view shows, the rest counted; everything once the game is
// over), never the game's state (14.1).

func (b *Bot) registerExplain(r *Router) {
	r.AddSub("computer", &Command{
		Name: "explain",
		Description: i18n.T("What the computer did in its last turn and why: objectives, attacks, what it expects",
			"コンピュータの直前の手番の説明: 目標、攻撃、見込み"),
		Handler: b.explain,
	})
}

func (b *Bot) explain(ctx context.Context, req *Request) *Response {
	ex, err := b.games.Explain(ctx, where(req))
	if err != nil {
		return gameFail(req, err)
	}
	text := accountText(ex.Account, ex.Map, req.Lang)
	if ex.Over {
		text = fmt.Sprintf(req.T("Game #%d is over; the computer's last account, naming every unit it attacked with (nothing is hidden once a game has ended):\n",
			"ゲーム #%d は終了しています。コンピュータの最後の説明です (終了したゲームに隠す情報はないため、攻撃した全ユニットを示します):\n"), ex.Game) + text
	}
	return Reply(text)
}

// explainedPost is the account of a computer's player turn for the
// game's channel, in the language l ("" both, on Discord).
func explainedPost(ex *games.Explained, channel string, l i18n.Lang) (Message, bool) {
	if ex == nil {
		return Message{}, false
	}
	var text string
	if l == "" {
		text = accountText(ex.Account, ex.Map, i18n.EN) + "\n\n" + accountText(ex.Account, ex.Map, i18n.JA)
	} else {
		text = accountText(ex.Account, ex.Map, l)
	}
	return Message{Text: text, Target: channel}, true
}

// maxAttackLines are the attacks (and siege-gun shots) an account names,
// the rest counted: with its other lines, at most nine.
const maxAttackLines = 3

// accountText is the computer's account of a player turn in the reader's
// language: a line for the objectives its movement went for, a line for
// each of its first attacks (hex, odds and table as it estimated them,
// what it was for and its expected VP), and what it expects: the search's
// plan margin, or the heuristic's attacks' expected VP in all. It names
// the attackers acc names: cut it for its readers first (ai.Account.Shown,
// 14.1); the attackers cut are counted.
func accountText(acc ai.Account, m *board.Map, l i18n.Lang) string {
	t := func(en, ja string) string { return i18n.T(en, ja).In(l) }
	tr := turn.Turn(acc.Turn)
	when := tr.String()
	if l == i18n.JA {
		when = tr.Japanese()
	}
	lines := []string{fmt.Sprintf(t("🤖 The computer (%s, %s) on its turn %s:", "🤖 コンピュータ (%s、%s) の %s の手番:"),
		levelName(acc.Level).In(l), acc.Side.Name().In(l), when)}
	if len(acc.Objectives) > 0 {
		var objs []string
		for _, o := range acc.Objectives {
			s := placeOf(m, o.At, l)
			if o.VP > 0 {
				s += fmt.Sprintf(t(" (%d VP)", " (%d VP)"), o.VP)
			}
			objs = append(objs, s)
		}
		lines = append(lines, fmt.Sprintf(t("• Objectives of its movement: %s.", "• 移動の目標: %s。"), strings.Join(objs, t(", ", "、"))))
	}
	if acc.Moved > 0 {
		lines = append(lines, i18n.Sprintf(i18n.T("• It gave %s (by road and rail, 8.0, 8.5).", "• 移動命令を %s出しました (道路と鉄道、8.0, 8.5)。"), i18n.Count(acc.Moved, "movement order", "movement orders", "件")).In(l))
	}
	// A siege-gun shot (12.6) is not an attack (9.0): no combat results
	// table, no defender's losses. The attacks are counted and summed
	// apart from the shots, which have a line of their own.
	var attacks, sieges []ai.AttackNote
	for _, a := range acc.Attacks {
		if a.Table == "" {
			sieges = append(sieges, a)
		} else {
			attacks = append(attacks, a)
		}
	}
	total, heuristic := 0.0, false
	for i, a := range attacks {
		if !a.Playout {
			total += a.EV
			heuristic = true
		}
		if i >= maxAttackLines {
			continue
		}
		lines = append(lines, attackLine(a, m, l))
	}
	if n := len(attacks) - maxAttackLines; n > 0 {
		lines = append(lines, fmt.Sprintf(t("• and %s.", "• ほか %s。"), i18n.Count(n, "more attack", "more attacks", "回の攻撃").In(l)))
	}
	if len(sieges) > 0 {
		lines = append(lines, siegeLine(sieges, m, l))
	}
	switch {
	case len(acc.Plans) > 0:
		p := acc.Plans[len(acc.Plans)-1]
		lines = append(lines, fmt.Sprintf(t(
			"• It expects to stand %+.1f VP against the enemy (VP held and VP the game's end would give, 15.2) when the enemy's next player turn ends: the best of %s it scored for the %s.",
			"• 見込み: 敵の次のプレイヤーターン終了時に、敵に対して %+.1[1]f VP (得ている VP と、その時点でゲームが終われば得る VP の合計の差、15.2)。%[3]sの移動計画 %[2]sのうちの最良案。"),
			p.Margin, i18n.Count(p.Candidates+1, "plan", "plans", "案").In(l), p.Step.Name().In(l)))
	case heuristic:
		lines = append(lines, fmt.Sprintf(t("• It expects its attacks to gain %+.1f VP in all (the enemy's losses less its own, by the combat results table, 9.7).",
			"• 見込み: 攻撃による期待値は合計 %+.1f VP (戦闘結果表 (9.7) による敵の損失から自軍の損失を引いた値)。"), total))
	}
	if len(lines) == 1 {
		lines = append(lines, t("• It made no attack and had no objective to go for.", "• 攻撃はなく、目指す目標もありませんでした。"))
	}
	return strings.Join(lines, "\n")
}

// attackers names the units of a, counting those its reader may not see.
func attackers(a ai.AttackNote, l i18n.Lang) string {
	who := strings.Join(a.Units, " ")
	if a.Hidden > 0 {
		hidden := i18n.Sprintf(i18n.T("%s the enemy has not seen", "敵に見えていないユニット %s"), i18n.Count(a.Hidden, "unit", "units", "個")).In(l)
		if who == "" {
			return hidden
		}
		return fmt.Sprintf(i18n.T("%s and %s", "%s、%s").In(l), who, hidden)
	}
	return who
}

// attackLine is one attack of an account (not a siege-gun shot: siegeLine).
func attackLine(a ai.AttackNote, m *board.Map, l i18n.Lang) string {
	t := func(en, ja string) string { return i18n.T(en, ja).In(l) }
	who := attackers(a, l)
	where := placeOf(m, a.At, l)
	head := fmt.Sprintf(t("Attack on %s at %s odds on the %s, by %s", "%s へ攻撃: 戦力比 %s、%s、攻撃側 %s"), where, a.Odds, tableName(a.Table).In(l), who)
	ev := fmt.Sprintf(t("expected %+.1f VP", "期待値 %+.1f VP"), a.EV)
	if a.Playout {
		ev = fmt.Sprintf(t("its play-outs' margin %+.1f VP", "プレイアウトの VP 差 %+.1f"), a.EV)
	}
	return fmt.Sprintf(t("• %s: %s; %s.", "• %s。目的: %s。%s。"), head, purposeText(a.Purpose).In(l), ev)
}

// siegeLine is an account's siege-gun shots (12.6) in one line, apart
// from its attacks: the fortress and the gun of each of the first
// maxAttackLines, the rest counted.
func siegeLine(sieges []ai.AttackNote, m *board.Map, l i18n.Lang) string {
	t := func(en, ja string) string { return i18n.T(en, ja).In(l) }
	var shots []string
	for i, a := range sieges {
		if i >= maxAttackLines {
			break
		}
		who := attackers(a, l)
		shots = append(shots, fmt.Sprintf(t("the fortress of %s by %s", "%s の要塞 (%s)"), placeOf(m, a.At, l), who))
	}
	s := strings.Join(shots, t("; ", "、"))
	if n := len(sieges) - maxAttackLines; n > 0 {
		s += fmt.Sprintf(t("; and %s", "、ほか %s"), i18n.Count(n, "more shot", "more shots", "回").In(l))
	}
	return fmt.Sprintf(t("• Siege-gun fire, not counted among its attacks (12.6): %s.", "• 攻城砲の砲撃 (12.6、攻撃には数えません): %s。"), s)
}

// placeOf is a hex as a reader names it: its number and place name.
func placeOf(m *board.Map, h hex.Hex, l i18n.Lang) string {
	if m != nil {
		if x, ok := m.Hex(h); ok && x.Name != "" {
			return h.String() + " " + placeName(x, l)
		}
	}
	return h.String()
}

// tableName is a combat results table by its id (9.7).
func tableName(id string) i18n.Text {
	switch strings.ToUpper(id) {
	case "RECON":
		return i18n.T("reconnaissance-in-force table", "威力偵察CRT")
	case "ASSAULT":
		return i18n.T("assault table", "突撃CRT")
	case "MOBILE":
		return i18n.T("mobile table", "機動CRT")
	}
	return i18n.T(id, id)
}

// purposeText is what an attack was for.
func purposeText(p ai.Purpose) i18n.Text {
	switch p {
	case ai.ForFortress:
		return i18n.T("an enemy fortress (12.5)", "敵要塞 (12.5)")
	case ai.ForCity:
		return i18n.T("a city worth VP to it (15.23)", "自軍に VP のある都市 (15.23)")
	case ai.ForRaider:
		return i18n.T("enemy units in Germany", "ドイツ領内の敵ユニット")
	}
	return i18n.T("the enemy's losses", "敵の損失")
}

// movedToComputer answers "/game explain" (and any /game X that is a
// /computer subcommand: /game holds the 25 subcommands Discord allows)
// with where it is.
func (rt *Router) movedToComputer(req *Request) (string, bool) {
	words := strings.Fields(req.Path)
	if len(words) != 2 {
		return "", false
	}
	if err := rt.MovedSub(words[0], words[1]); err != nil {
		return i18n.Message(err, req.Lang), true
	}
	return "", false
}

// MovedSub is the answer to a subcommand typed under /game that is a
// /computer one (the console asks it of a line it cannot parse), or nil.
func (rt *Router) MovedSub(parent, sub string) error {
	if parent != "game" || rt.Find("computer "+sub) == nil {
		return nil
	}
	return i18n.Errorf("/game %s is /computer %s: the computer's commands are under /computer.",
		"/game %s は /computer %s です。コンピュータのコマンドは /computer にあります。", sub, sub)
}
