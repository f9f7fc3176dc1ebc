package commands

import (
	"context"
	"errors"
	"fmt"

	"rtrbot/balance"
	"rtrbot/db"
	"rtrbot/engine/game"
	"rtrbot/engine/units"
	"rtrbot/games"
	"rtrbot/i18n"
	"rtrbot/tournament"
)

// /ladder: the club's Glicko-2 ladder over the server's rated games (every
// tournament game played through the bot, or reported by one player and
// confirmed by the other, and the casual games both players marked rated
// with /ladder rate:true in the game's channel once it is over; never an
// organiser's word, a forfeit or a bye). The rating itself is
// tournament.BuildLadder's; player:NAME lists the games behind a rating.

// ladderMarks is what /ladder needs of the tournaments' store beyond the
// service: the casual games marked rated, and a player's mark. Only the
// database keeps them (db.Tournaments); in memory there are none.
type ladderMarks interface {
	RatedCasualGames(ctx context.Context, guild string) ([]tournament.CasualGame, error)
	MarkRated(ctx context.Context, m db.LadderMark) (both bool, err error)
	tournament.ReliabilityReader
	PlayerNames(ctx context.Context, guild string) (map[string]string, error)
	RatedCasualResults(ctx context.Context, guild string) ([]db.BalanceGame, error)
	ComputerGamesToRate(ctx context.Context, guild string) ([]db.ComputerGame, error)
}

// ladderMarks is the tournaments' store as ladderMarks, if it keeps them.
func (b *Bot) ladderMarks() (ladderMarks, bool) {
	m, ok := b.tournamentService().Store.(ladderMarks)
	return m, ok
}

// ladderInputs is what the ladder is built from besides the tournaments:
// the casual games rated (the ended games against the computer rated
// first), the players' names with the computer levels' in lang, and the
// players' reliability. Without the database there are none.
func (b *Bot) ladderInputs(ctx context.Context, guild string, lang i18n.Lang) ([]tournament.CasualGame, map[string]string, map[string]tournament.Reliability, error) {
	marks, ok := b.ladderMarks()
	if !ok {
		return nil, computerNames(nil, lang), nil, nil
	}
	if err := b.rateComputerGames(ctx, marks, guild); err != nil {
		return nil, nil, nil, err
	}
	casual, err := marks.RatedCasualGames(ctx, guild)
	if err != nil {
		return nil, nil, nil, err
	}
	rel, err := marks.Reliability(ctx, guild)
	if err != nil {
		return nil, nil, nil, err
	}
	names, err := marks.PlayerNames(ctx, guild)
	if err != nil {
		return nil, nil, nil, err
	}
	return casual, computerNames(names, lang), rel, nil
}

func (b *Bot) ladderCommand() *Command {
	return &Command{
		Name: "ladder",
		Description: i18n.T("The club ladder (Glicko-2) of rated games; rate:true marks this channel's finished game rated",
			"クラブのラダー (Glicko-2)。rate:true でこのチャンネルの終了した対局をレーティング対象に"),
		Options: []Option{{Name: "rate", Description: i18n.T("mark the finished game of this channel rated (both players must)",
			"このチャンネルの終了した対局をレーティング対象にする (両者の指定が必要)"), Type: Boolean},
			{Name: "player", Description: i18n.T("a player: his rating and the rated games behind it", "プレイヤー: そのレーティングと、元になった対象対局"), Type: String},
			{Name: "side", Description: i18n.T("the ladder of one side: ratings from the games played as it", "一方の陣営のラダー: その陣営で指した対局によるレーティング"), Type: String, Choices: sideChoices}},
		Handler: func(ctx context.Context, req *Request) *Response {
			if req.Opt("rate") == "true" {
				return b.ladderRate(ctx, req)
			}
			casual, names, rel, err := b.ladderInputs(ctx, req.Guild, req.Lang)
			if err != nil {
				return Fail(req, err)
			}
			if who := computerWho(req.Opt("player")); who != "" {
				me, games, ok, err := b.tournamentService().LadderOf(ctx, req.Guild, casual, names, who, req.Now)
				if err != nil {
					return Fail(req, err)
				}
				if !ok {
					return Private(fmt.Sprintf(req.T("%s has no rated game in this server: /ladder lists the players who have.",
						"%s はこのサーバーで対象対局がありません。/ladder で対象のプレイヤーを一覧できます。"), req.Opt("player")))
				}
				me.Reliability = rel[me.ID]
				return Reply(tournament.PlayerGamesText(me, games, req.Lang))
			}
			side := req.Opt("side") // german, allied (the router checks the choice) or none
			lines, err := b.tournamentService().Ladder(ctx, req.Guild, casual, names, req.Now)
			if err != nil {
				return Fail(req, err)
			}
			for i := range lines {
				lines[i].Reliability = rel[lines[i].ID]
			}
			return Reply(tournament.LadderText(lines, side, req.Lang))
		},
	}
}

func (b *Bot) ladderRate(ctx context.Context, req *Request) *Response {
	marks, ok := b.ladderMarks()
	if !ok {
		return Private(req.T("The ladder needs the bot's database: casual games cannot be rated here.", "ラダーにはボットのデータベースが必要です。ここでは通常対局を対象にできません。"))
	}
	// The channel's game: the running one, or the last that ended here (a
	// finished or resigned game no longer holds the channel).
	g, err := b.games.ReplayGame(ctx, games.Where{Guild: req.Guild, Channel: req.Channel}, 0)
	if err != nil && !errors.Is(err, games.ErrNoGame) {
		return Fail(req, err)
	}
	switch {
	case g == nil || g.ID == 0:
		return Private(req.T("There is no game in this channel to rate: give /ladder rate:true in the channel or thread of the finished game.",
			"このチャンネルに対象となる対局がありません。終了した対局のチャンネルかスレッドで /ladder rate:true としてください。"))
	case g.Imported():
		return Private(req.T("This game came in by /game import: its moves are whatever the file held, and anyone may write a file, so an imported game is never rated. Only a game played here from its start counts for the ladder.",
			"この対局は /game import で取り込んだものです。手順はファイルの内容そのままで、ファイルは誰でも書けるため、取り込んだ対局はレーティング対象外です。ラダーに数えるのは、ここで最初から指した対局だけです。"))
	case g.Status == games.Abandoned:
		return Private(req.T("This game was abandoned: only a game played to its end (or resigned) is rated.", "この対局は放棄されました。レーティング対象は最後まで指した (または投了した) 対局だけです。"))
	case g.Meta[games.MetaAdjudicated] != "" && isBotGame(g):
		return Private(req.T("This game against the computer ended by adjudication: it needs no mark, and it is rated by itself only if the adjudication made it the person's loss (the play-outs, not the person, decided it, so they make no rated win or draw; asking for adjudication saves no lost game).",
			"このコンピュータ戦は判定で終了しました。指定は不要です。判定の結果が人間側の負けの場合にだけ自動でレーティング対象になります (結果を決めたのはプレイヤーではなくプレイアウトなので、判定による勝ちや引き分けはレーティングされません。判定を求めても負けは消えません)。"))
	case g.Meta[games.MetaAdjudicated] != "":
		return Private(req.T("This game ended by adjudication: the referee's play-outs, not the players, decided it, so it is not rated. Only a game played to its end (or resigned) is rated.",
			"この対局は判定で終了しました。結果を決めたのはプレイヤーではなく審判のプレイアウトなので、レーティング対象外です。レーティング対象は最後まで指した (または投了した) 対局だけです。"))
	case g.State == nil || g.Running():
		return Private(req.T("This game is not over: a game is rated once it has ended.", "この対局はまだ終わっていません。レーティングは終了後です。"))
	case g.Meta[games.MetaHinted] != "":
		return Private(req.T("A hint was taken in this game (/computer hint): it is rated by itself only if its player lost, never by a mark.", "この対局ではヒント (/computer hint) が使われました。プレイヤーが負けた場合にだけ自動でレーティングされ、手動の登録はできません。"))
	case g.Practice():
		return Private(req.T("A practice game (a chosen dice seed, or a sandbox) is never rated.", "練習対局 (シード指定やサンドボックス) はレーティング対象外です。"))
	}
	if _, _, err := b.tournamentService().ByGame(ctx, g.ID); err == nil {
		return Private(req.T("This is a tournament game: it is rated already.", "これは大会の対局なので、すでにレーティング対象です。"))
	}
	if _, _, bot := g.Bot(); bot {
		return Private(req.T("A game against the computer needs no mark: once it is over it is rated by itself (unless it is a practice game), the computer level being rated as a player. /ladder shows it.",
			"コンピュータとの対局は指定不要です。終了すれば自動でレーティング対象になります (練習対局を除く)。コンピュータのレベルもプレイヤーとして評価されます。/ladder で表示します。"))
	}
	ger, all := g.PlayersOf(units.German), g.PlayersOf(units.Allied)
	if len(ger) != 1 || len(all) != 1 || ger[0].UserID == all[0].UserID {
		return Private(req.T("Only a game of one player a side is rated.", "レーティング対象は1陣営1人の対局だけです。"))
	}
	if _, ok := g.SideOf(req.User.ID); !ok {
		return Private(req.T("Only the game's players mark it rated.", "レーティング対象にできるのはその対局のプレイヤーだけです。"))
	}
	score := germanScore(g)
	var vp *[2]int
	if g.Meta[games.MetaResigned] == "" {
		vp = &[2]int{g.State.VP[units.German], g.State.VP[units.Allied]}
	}
	both, err := marks.MarkRated(ctx, db.LadderMark{Game: g.ID, Guild: req.Guild, German: ger[0].UserID, Allied: all[0].UserID,
		ScoreGerman: score, Ended: req.Now, By: req.User.ID,
		Scenario: g.State.Rules().Scenario.Name, Options: balance.OptionKey(g.Options), VP: vp})
	if err != nil {
		return Fail(req, err)
	}
	if !both {
		return Reply(fmt.Sprintf(req.T("%s marks game #%d rated; it counts for the ladder when the opponent does too.",
			"%s がゲーム #%d をレーティング対象にしました。相手も指定するとラダーに反映されます。"), req.User.Name, g.ID))
	}
	return Reply(fmt.Sprintf(req.T("Game #%d is rated: both players marked it. /ladder shows the ladder.",
		"ゲーム #%d はレーティング対象になりました (両者指定)。/ladder でラダーを表示します。"), g.ID))
}

// isBotGame tells whether a computer level holds a seat of g.
func isBotGame(g *games.Game) bool {
	_, _, bot := g.Bot()
	return bot
}

// germanScore is the German player's score of an ended game for the
// ladder: a resignation loses (MetaResigned), else the victory level of
// 15.1 decides (a draw: ½).
func germanScore(g *games.Game) float64 {
	if s, err := units.ParseSide(g.Meta[games.MetaResigned]); err == nil {
		if s == units.German {
			return 0
		}
		return 1
	}
	w, lv, _ := game.Outcome(g.State.VP)
	switch {
	case lv == game.Draw:
		return 0.5
	case w == units.German:
		return 1
	}
	return 0
}
