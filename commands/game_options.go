package commands

import (
	"context"
	"fmt"
	"strings"

	"rtrbot/engine/game"
	"rtrbot/games"
	"rtrbot/i18n"
)

// The secret choice of options (18.0): /game choose (answered only to the
// chooser and posted in the side's private thread), /game confirm, and
// when both sides have confirmed the choices are revealed together and the
// game starts with them. The games service keeps the choices and decides
// (games/options.go); these handlers say what happened, and to whom.

func (b *Bot) registerOptions(r *Router) {
	r.AddSub("game", &Command{
		Name: "choose", Description: i18n.T("Choose your side's options in secret (18.0); revealed when both sides confirm",
			"自軍のオプションを秘密に選択 (18.0)。両軍の確定後に同時公開"),
		Options: []Option{
			{Name: "options", Description: i18n.T("option codes separated by spaces, e.g. 18.1(10) 16.1; 'none' for none (/game options lists them)",
				"オプション番号を空白区切りで (例 18.1(10) 16.1)。なしは none (/game options で一覧)"), Type: String, Required: true},
			{Name: "side", Description: i18n.T("hot seat only: the side you choose for", "ホットシートのみ: 選択する陣営"), Type: String, Choices: sideChoices},
		},
		Handler: b.choose,
	}, &Command{
		Name: "confirm", Description: i18n.T("Confirm your side's secret choice of options (18.0)", "自軍のオプション選択を確定 (18.0)"),
		Options: []Option{{Name: "side", Description: i18n.T("hot seat only: the side you confirm for", "ホットシートのみ: 確定する陣営"), Type: String, Choices: sideChoices}},
		Handler: b.confirm,
	})
}

func (b *Bot) choose(ctx context.Context, req *Request) *Response {
	c, err := b.games.Choose(ctx, req.Actor(), where(req), req.Opt("side"), strings.Join(listFields(req.Opt("options")), " "))
	if err != nil {
		return gameFail(req, err)
	}
	text := fmt.Sprintf(req.T("Your secret choice for the %s side: %s. Nobody else sees it until both sides confirm; /game confirm when ready (you may choose again until then).",
		"%s側の秘密の選択: %s。両軍が確定するまで誰にも見えません。準備ができたら /game confirm (それまでは選び直せます)。"), c.Side.Name().In(req.Lang), chosenList(c.Value, req.Lang))
	r := Private(text)
	if th := c.Game.Thread(c.Side); th != "" {
		r.Add(Message{Target: th, Text: text})
	}
	return r
}

func (b *Bot) confirm(ctx context.Context, req *Request) *Response {
	c, err := b.games.Confirm(ctx, req.Actor(), where(req), req.Opt("side"))
	if err != nil {
		return gameFail(req, err)
	}
	g := c.Game
	switch {
	case c.Clash:
		return cannotCombine(req, c)
	case !c.Revealed:
		return Reply(fmt.Sprintf(req.T("The %s side has confirmed its secret choice of options; waiting for the other side.",
			"%s側がオプションの秘密選択を確定しました。相手側を待っています。"), c.Side.Name().In(req.Lang)))
	}
	s := g.State
	var sb strings.Builder
	sb.WriteString(req.T("**Options revealed (18.0)**\n", "**オプション公開 (18.0)**\n"))
	fmt.Fprintf(&sb, req.T("German: %s\nAllied: %s\n", "独軍: %s\n連合軍: %s\n"), inForceList(c.German, req.Lang), inForceList(c.Allied, req.Lang))
	if len(c.Shared) > 0 {
		fmt.Fprintf(&sb, req.T("Both sides: %s\n", "両軍: %s\n"), inForceList(c.Shared, req.Lang))
	}
	for _, v := range c.Void {
		fmt.Fprintf(&sb, req.T("%s does not apply: %s.\n", "%s は適用されません: %s。\n"), v.Code, v.Why.In(req.Lang))
	}
	fmt.Fprintf(&sb, req.T("VP at the start: German %d, Allied %d.\n", "開始時 VP: 独軍 %d、連合軍 %d。\n"), s.VP[0], s.VP[1])
	sb.WriteString(statusLine(s, req.Lang))
	r := Reply(sb.String())
	if g.Channel != req.Channel {
		r.Add(Message{Target: g.Channel, Text: sb.String()})
	}
	return r
}

// cannotCombine answers when the two choices together could not start a
// game (each was checked when chosen, so this should not happen): nobody is
// told which option failed, in public or in private; both choose again.
func cannotCombine(req *Request, c *games.Confirmed) *Response {
	g := c.Game
	public := req.T("The two secret choices of options could not start the game; both sides choose again (/game choose, then /game confirm).",
		"両軍のオプションの秘密選択ではゲームを開始できませんでした。両軍とも選び直してください (/game choose の後 /game confirm)。")
	r := Reply(public)
	if g.Channel != "" && g.Channel != req.Channel {
		r.Add(Message{Target: g.Channel, Text: public})
	}
	return r
}

// inForceList names options with what they change, or "no options".
func inForceList(codes []string, l i18n.Lang) string {
	return chosenList(strings.Join(codes, " "), l)
}

func chosenList(v string, l i18n.Lang) string {
	if v == "" || v == "none" {
		return i18n.T("no options", "オプションなし").In(l)
	}
	var out []string
	for _, c := range strings.Fields(v) {
		out = append(out, c+" ("+game.Supported[c].In(l)+")")
	}
	return strings.Join(out, "; ")
}
