package commands

import (
	"context"
	"fmt"
	"strconv"

	"rtrbot/games"
	"rtrbot/i18n"
)

// /vacation: a side's players stop the game's clock for some days, from a
// bank per side per game (games/absence.go). /game is full (25
// subcommands), so it is a command of its own; players find it by name.

func (b *Bot) registerAbsence(r *Router) {
	r.Add(&Command{Name: "vacation", Slow: true,
		Description: i18n.T("Stop this game's deadlines for some days (a bank per side); with no option, what is left",
			"このゲームの期限を数日止める (陣営ごとの持ち日数)。オプションなしで残りを表示"),
		Options: []Option{
			{Name: "days", Description: i18n.T("how many days, from your side's bank", "日数 (自陣営の持ち日数から)"), Type: Integer, MinInt: 1, MaxInt: games.VacationBank},
			{Name: "end", Description: i18n.T("end your side's vacation now (unused whole days go back)", "自陣営の休暇を今終える (使わなかった日数は戻る)"), Type: Boolean},
		},
		Handler: b.vacation})
}

func (b *Bot) vacation(ctx context.Context, req *Request) *Response {
	if g, err := b.games.ReplayGame(ctx, games.Where{Guild: req.Guild, Channel: req.Channel}, 0); err == nil && !g.Running() {
		return Private(fmt.Sprintf(req.T("Game #%d is over: there is no clock to stop.", "ゲーム #%d は終了しています。止める時計はありません。"), g.ID))
	}
	switch {
	case req.Opt("end") == "true":
		g, v, err := b.games.EndVacation(ctx, req.Actor(), where(req), req.Now)
		if err != nil {
			return gameFail(req, err)
		}
		return announce(req, g, Reply(b.vacationPost(req,
			"🏖 The %s side ends its vacation early (%d days left in its bank: the days not begun come back); the clock runs again within a minute, every deadline moved by the time away.",
			"🏖 %s側が休暇を早めに終えました (残り %d 日。始まっていない日数は戻ります)。1分以内に時計が再び動き、期限は不在の時間だけ延びます。", v.Side.Name(), v.Left)))
	case req.Has("days"):
		days, _ := strconv.Atoi(req.Opt("days"))
		g, v, err := b.games.TakeVacation(ctx, req.Actor(), where(req), days, req.Now)
		if err != nil {
			return gameFail(req, err)
		}
		return announce(req, g, Reply(b.vacationPost(req,
			"🏖 The %s side is on vacation until <t:%d:f> (%d days left in its bank): no deadline passes and no reminder comes until then, for either side; every deadline then moves by the time away. Both sides may still give orders.",
			"🏖 %s側は <t:%d:f> まで休暇です (残り %d 日)。それまで両陣営とも期限は過ぎず、通知もありません。休暇明けに期限は不在の時間だけ延びます。命令はどちらの陣営も出せます。",
			v.Side.Name(), v.Until.Unix(), v.Left)))
	}
	g, r := b.read(ctx, req)
	if r != nil {
		return r
	}
	side, ok := g.SideOf(req.User.ID)
	if !ok {
		return Private(fmt.Sprintf(req.T("Each side of this game has %d days of vacation; only its seated players may take them (/vacation days:N).",
			"このゲームの休暇は各陣営 %d 日で、取れるのは着席しているプレイヤーだけです (/vacation days:N)。"), games.VacationBank))
	}
	msg := fmt.Sprintf(req.T("Your side (%s) has %d of its %d days of vacation left in this game: /vacation days:N takes some.",
		"自陣営 (%s) の休暇は残り %d 日です (全 %d 日)。/vacation days:N で取れます。"), side.Name().In(req.Lang), g.VacationLeft(side), games.VacationBank)
	if v, on := g.VacationOf(side); on && req.Now.Before(v.Until) {
		msg += " " + fmt.Sprintf(req.T("It is on vacation until <t:%d:f> (/vacation end:true ends it).", "<t:%d:f> まで休暇中です (/vacation end:true で終了)。"), v.Until.Unix())
	}
	return Private(msg)
}

// vacationPost is a vacation's public news, in the asker's language.
func (b *Bot) vacationPost(req *Request, en, ja string, args ...any) string {
	return i18n.Sprintf(i18n.T(en, ja), args...).In(req.Lang)
}
