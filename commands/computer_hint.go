package commands

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"rtrbot/ai"
	"rtrbot/games"
	"rtrbot/i18n"
)

// /computer hint: the search's orders for the side to move, as it would
// give them in that seat, for a player holding that side, privately. The
// search sees that side's view and blindfolded board only (games.
// HintPosition), never the state, so a hint tells nothing the side could
// not see. Only in practice games and games against the computer: never in
// a tournament game or a game between people, which may be rated.

func (b *Bot) computerHintCommand() *Command {
	return &Command{Name: "hint", Slow: true,
		Description: i18n.T("Practice or v. the computer: the search's orders for your side to move (only you see them)",
			"練習対局とコンピュータ戦: 手番の自軍に探索AIが出す命令 (本人にのみ表示)"),
		Handler: b.computerHint}
}

func (b *Bot) computerHint(ctx context.Context, req *Request) *Response {
	pos, err := b.games.HintPosition(ctx, req.Actor(), games.Where{Guild: req.Guild, Channel: req.Channel})
	switch {
	case errors.Is(err, games.ErrNoGame):
		return Private(req.T("There is no game in this channel: give /computer hint in the channel of your practice game or your game against the computer.",
			"このチャンネルにゲームがありません。練習対局かコンピュータ戦のチャンネルで /computer hint としてください。"))
	case err != nil:
		return Fail(req, err)
	}
	if why := b.hintRefusal(ctx, pos); why.EN != "" {
		return Private(why.In(req.Lang))
	}
	h, err := ai.HintFor(pos.View, pos.Board, ai.HintIterations)
	if err != nil {
		return Fail(req, err)
	}
	text := hintText(pos, h, req.Lang)
	if pos.OffLadder {
		text = req.T("You took a hint in this game against the computer: a win or a draw in it is no longer rated on the ladder, but a loss (a resignation or an abandon too) still counts.\n",
			"このコンピュータ戦でヒントを使いました。この対局の勝ちや引分けはラダーのレーティング対象外になりますが、負け (投了・放棄を含む) はこれまでどおり数えます。\n") + text
	}
	return Private(text)
}

// hintRefusal says why no hint is given in pos's game (empty: one is):
// never in a tournament game, and only in a practice game or a game
// against the computer, which the first hint takes off the ladder
// (games.MetaHinted); a game between people may be rated on the ladder.
func (b *Bot) hintRefusal(ctx context.Context, pos *games.HintPosition) i18n.Text {
	if pos.Game != 0 {
		if _, _, err := b.tournamentService().ByGame(ctx, pos.Game); err == nil {
			return i18n.T("This is a tournament game: the computer gives no hints in it. Hints are for practice games and games against the computer.",
				"これは大会の対局なので、コンピュータのヒントは出せません。ヒントは練習対局とコンピュータ戦だけです。")
		}
	}
	if !pos.Practice && !pos.VsBot {
		return i18n.T("No hints in a game between people: it may be rated on the ladder. Hints are for practice games (/game new seed:..., a loaded position) and games against the computer.",
			"人同士の対局ではヒントは出せません (ラダーのレーティング対象になり得るため)。ヒントは練習対局 (/game new seed:...、局面の読み込み) とコンピュータ戦だけです。")
	}
	return i18n.Text{}
}

// hintText is a hint as the reader reads it: each order in his language,
// an attack with its odds against the units his side sees.
func hintText(pos *games.HintPosition, h ai.Hint, lang i18n.Lang) string {
	var sb strings.Builder
	v := pos.View
	turn := v.Turn.String()
	if lang == i18n.JA {
		turn = v.Turn.Japanese()
	}
	fmt.Fprintf(&sb, i18n.T("**Hint** for the %s side, %s %s (the search, %d candidates, from your side's view only):\n",
		"**ヒント** %s側、%s %s (探索AI、候補 %d 件、自軍から見える情報のみ):\n").In(lang),
		pos.Side.Name().In(lang), turn, v.Step.Name().In(lang), ai.HintIterations)
	for i, o := range h.Orders {
		line := o.Order.Text().In(lang)
		if o.Odds != nil {
			line += " " + fmt.Sprintf(i18n.T("(attack %d against defence %d: %s)", "(攻撃力 %d 対 防御力 %d: %s)").In(lang),
				o.Odds.Attack, o.Odds.Defence, o.Odds.Odds.Rounded.String())
		}
		fmt.Fprintf(&sb, "%d. %s\n", i+1, line)
		if sb.Len() > 1700 {
			fmt.Fprintf(&sb, i18n.T("… and %d more orders.\n", "…ほか %d 件の命令。\n").In(lang), len(h.Orders)-i-1)
			break
		}
	}
	switch {
	case len(h.Orders) == 0 && h.EndsStep:
		sb.WriteString(i18n.T("Nothing to do: end the step (/end).", "何もせずにステップを終了 (/end)。").In(lang))
	case len(h.Orders) == 0:
		sb.WriteString(i18n.T("The search has no order to suggest here.", "探索AIがここで勧める命令はありません。").In(lang))
	case h.EndsStep:
		sb.WriteString(i18n.T("Then end the step (/end).", "その後ステップを終了 (/end)。").In(lang))
	default:
		sb.WriteString(i18n.T("The search would look at the results before going on: ask again after them.", "探索AIは結果を見てから続けます。結果の後にもう一度お尋ねください。").In(lang))
	}
	return sb.String()
}
