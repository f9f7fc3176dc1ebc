package tournament

import (
	"context"

	"rtrbot/balance"
)

// DecidedGame is a rated tournament game as the balance reads it: its
// scenario, its options (balance.OptionKey) and its German−Allied VP
// margin.
type DecidedGame struct {
	Scenario, Options string
	Margin            int
}

// DecidedGames are the tournament's rated games whose options are known
// (a tournament whose games each choose their options by 18.0 does not
// record them) with their margins. A draw's margin is taken as stored.
func (t *Tournament) DecidedGames() []DecidedGame {
	if t.Settings.OptionsChosen && len(t.Settings.Options) == 0 {
		return nil
	}
	opts := balance.OptionKey(t.Settings.Options)
	var out []DecidedGame
	for _, r := range t.Rounds {
		for _, g := range r.Games {
			if !g.Rated() {
				continue
			}
			m := g.Result.Margin
			switch g.Result.Winner {
			case Allied:
				m = -m
			case German:
			default:
				m = max(-balance.DrawBand, min(balance.DrawBand, m))
			}
			out = append(out, DecidedGame{Scenario: t.Settings.Scenario, Options: opts, Margin: m})
		}
	}
	return out
}

// DecidedGames are the rated games of the guild's tournaments, for the
// balance.
func (s *Service) DecidedGames(ctx context.Context, guild string) ([]DecidedGame, error) {
	ts, err := s.guildTournaments(ctx, guild)
	if err != nil {
		return nil, err
	}
	var out []DecidedGame
	for _, t := range ts {
		out = append(out, t.DecidedGames()...)
	}
	return out, nil
}
