package commands

import (
	"context"
	"strings"

	"rtrbot/balance"
	"rtrbot/db"
	"rtrbot/engine/game"
	"rtrbot/engine/units"
	"rtrbot/games"
	"rtrbot/i18n"
	"rtrbot/tournament"
)

// The computer levels are players of the ladder: a game of one person
// against a computer level (/game new vs:bot), played here from its start
// and not a practice game, is rated by itself once it is over, with no
// mark from anyone (the computer cannot mark, and the person alone must
// not choose which of his games count). A tournament's game against the
// computer (a bye's practice game) is not. A game in which the person
// took a hint (/computer hint) is rated only if he lost: a hint's help
// makes no win or draw, and taking one saves no lost game. The same holds
// for a game ended by adjudication (/computer adjudicate): it is rated
// only if the play-outs' result is the person's loss, so asking for
// adjudication in a lost position saves nothing, and the play-outs, not
// the person, make no rated win or draw. A resignation loses; a game
// abandoned after its setup counts as lost by the person (abandoning a
// lost position must not save a rating); one abandoned during its setup
// is not rated. The computer is rated like any player, from its games
// against people only.

// rateComputerGames rates the guild's ended games against the computer
// that the ladder has not rated yet: each is loaded once and given its
// ladder row, marked by both seats.
func (b *Bot) rateComputerGames(ctx context.Context, marks ladderMarks, guild string) error {
	todo, err := marks.ComputerGamesToRate(ctx, guild)
	if err != nil {
		return err
	}
	for _, c := range todo {
		if _, _, err := b.tournamentService().ByGame(ctx, c.ID); err == nil {
			continue // a tournament's game (a bye's practice against the computer) is the tournament's
		}
		g, err := b.games.ReplayGame(ctx, games.Where{Guild: guild, Channel: c.Channel}, c.ID)
		if err != nil || g.State == nil {
			continue // a game that cannot be loaded is shown by /game list, not rated
		}
		m, ok := computerMark(g, guild, c)
		if !ok {
			continue
		}
		for _, by := range []string{m.German, m.Allied} {
			m.By = by
			if _, err := marks.MarkRated(ctx, m); err != nil {
				return err
			}
		}
	}
	return nil
}

// computerMark is the ladder row of an ended game against the computer,
// or false if it is not rated (abandoned in its setup, or not one side of
// people against the computer alone). The person rated
// is the first seated on the computer's opponent side: seating a friend
// beside him does not take the game off the ladder.
func computerMark(g *games.Game, guild string, c db.ComputerGame) (db.LadderMark, bool) {
	botSide, level, ok := g.Bot()
	people := g.PlayersOf(botSide.Other())
	if !ok || len(people) == 0 {
		return db.LadderMark{}, false
	}
	// Rated only as a game of people against the computer alone: its side
	// held by one computer seat and nobody else, the other by people only
	// (a computer seated beside a person, or a person beside the
	// computer, is no such game, however it came about).
	if comp := g.PlayersOf(botSide); len(comp) != 1 || !games.IsBot(comp[0].UserID) {
		return db.LadderMark{}, false
	}
	for _, p := range people {
		if games.IsBot(p.UserID) {
			return db.LadderMark{}, false
		}
	}
	seat := [2]string{}
	seat[botSide], seat[botSide.Other()] = games.BotPrefix+level, people[0].UserID
	m := db.LadderMark{Game: g.ID, Guild: guild, German: seat[units.German], Allied: seat[units.Allied], Ended: c.Ended,
		Scenario: g.State.Rules().Scenario.Name, Options: balance.OptionKey(g.Options)}
	lost := 0.0 // the person's loss, as the German score
	if botSide == units.German {
		lost = 1
	}
	adj, adjudicated := g.Adjudicated()
	switch {
	case g.Status == games.Abandoned && g.State.Step == game.SetupStep:
		return db.LadderMark{}, false
	case g.Status == games.Abandoned:
		m.ScoreGerman = lost
	case adjudicated: // the play-outs' median result, rated only as a loss (below)
		m.ScoreGerman = 0.5
		if adj.Level != game.Draw {
			m.ScoreGerman = 0
			if adj.Winner == units.German {
				m.ScoreGerman = 1
			}
		}
		if m.ScoreGerman != lost {
			return db.LadderMark{}, false // adjudication makes no rated win or draw
		}
	default:
		m.ScoreGerman = germanScore(g)
		if g.Meta[games.MetaResigned] == "" {
			m.VP = &[2]int{g.State.VP[units.German], g.State.VP[units.Allied]}
		}
	}
	if g.Meta[games.MetaHinted] != "" && m.ScoreGerman != lost {
		return db.LadderMark{}, false // helped by a hint: only a loss counts
	}
	return m, true
}

// computerName is a computer level's name on the ladder: "Computer (search)".
func computerName(level string) i18n.Text {
	return i18n.Sprintf(i18n.T("Computer (%s)", "コンピュータ (%s)"), levelName(level))
}

// seatName is a seat's holder as lang's reader names him: a computer
// player by its level in the reader's language (its stored name,
// games.BotActor's, is English), a person by his name.
func seatName(p games.Player, lang i18n.Lang) string {
	if level, ok := strings.CutPrefix(p.UserID, games.BotPrefix); ok {
		if _, known := levelNames[level]; known {
			return computerName(level).In(lang)
		}
	}
	return p.Name
}

// seatNames are a side's seats as lang's reader names them, joined.
func seatNames(seats []games.Player, lang i18n.Lang) string {
	names := make([]string, len(seats))
	for i, p := range seats {
		names[i] = seatName(p, lang)
	}
	return strings.Join(names, i18n.T(", ", "、").In(lang))
}

// seatMentions mention a side's seats so that Discord notifies the
// people, and name a computer seat in lang (its stored name, an
// "@rtrbot (search)", would notify no one and read English).
func seatMentions(seats []games.Player, lang i18n.Lang) string {
	out := make([]string, len(seats))
	for i, p := range seats {
		if games.IsBot(p.UserID) {
			out[i] = seatName(p, lang)
		} else {
			out[i] = games.MentionOf(p.UserID, p.Name)
		}
	}
	return strings.Join(out, " ")
}

// seatsWho names a side's seats in a notice, for each reader: the
// people mentioned, a computer seat by its name in the reader's language
// (seatName), the side's name where nobody holds it. Every notice that
// names a side's holders (a deadline, a vacation's end, a takeover) names
// them so.
func seatsWho(seats []games.Player, side units.Side) i18n.Text {
	if len(seats) == 0 {
		return side.Name()
	}
	return i18n.T(seatMentions(seats, i18n.EN), seatMentions(seats, i18n.JA))
}

// mentionIn is seatMentions for one side of g.
func mentionIn(g *games.Game, side units.Side, lang i18n.Lang) string {
	return seatMentions(g.PlayersOf(side), lang)
}

// computerNames adds the computer levels' names in lang to the players'
// names, by their seats' IDs.
func computerNames(names map[string]string, lang i18n.Lang) map[string]string {
	out := make(map[string]string, len(names)+len(levelNames))
	for id, n := range names {
		out[id] = n
	}
	for level := range levelNames {
		out[games.BotPrefix+level] = computerName(level).In(lang)
	}
	return out
}

// computerWho reads player: as a computer level's seat when it names a
// level in either language ("search", "探索", "Computer (search)",
// "bot:search"), else as given.
func computerWho(who string) string {
	key := tournament.NameKey(who)
	for level, name := range levelNames {
		full := computerName(level)
		for _, n := range []string{level, name.EN, name.JA, full.EN, full.JA, games.BotPrefix + level} {
			if key == tournament.NameKey(n) {
				return games.BotPrefix + level
			}
		}
	}
	return who
}
