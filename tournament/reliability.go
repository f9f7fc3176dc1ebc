package tournament

import (
	"fmt"

	"rtrbot/i18n"
)

// Reliability: how often a player sees a game through. Each ended game a
// person held a seat in counts once, by the worst that happened to their
// side in it:
//   - left: they gave their seat to another person after the setup (by
//     /game replace, or a referee gave it): however the game then ended,
//     they did not see it through;
//   - abandoned: a referee abandoned the game (it counts against every
//     seated player: the game died with them in it);
//   - taken over: the computer played a segment of their side because
//     they missed its deadline (the side's agreed takeover);
//   - timed out: a deadline ended a segment of their side (then:end);
//   - finished: none of these, whether won, lost, drawn or resigned.
//
// Running games do not count yet; the computer's own seats never do.

// Reliability is one player's count of ended games by how they ended.
type Reliability struct {
	Finished, TimedOut, TakenOver, Abandoned, Left int
}

// Short is the figure for a ladder's line: the percentage, or "–" with no
// ended game yet.
func (r Reliability) Short() string {
	if r.Games() == 0 {
		return "–"
	}
	return fmt.Sprintf("%.0f%%", r.Percent())
}

// Games is how many ended games count.
func (r Reliability) Games() int {
	return r.Finished + r.TimedOut + r.TakenOver + r.Abandoned + r.Left
}

// Percent is the share of finished games (100 with none yet: nobody is
// unreliable before their first game).
func (r Reliability) Percent() float64 {
	if r.Games() == 0 {
		return 100
	}
	return 100 * float64(r.Finished) / float64(r.Games())
}

// Add counts one more game: the worst of what happened to the player's
// side in it.
func (r *Reliability) Add(left, abandoned, takenOver, timedOut bool) {
	switch {
	case left:
		r.Left++
	case abandoned:
		r.Abandoned++
	case takenOver:
		r.TakenOver++
	case timedOut:
		r.TimedOut++
	default:
		r.Finished++
	}
}

// Text says the figure and its counts, in the reader's language.
func (r Reliability) Text() i18n.Text {
	if r.Games() == 0 {
		return i18n.T("no ended game yet", "終了した対局なし")
	}
	return i18n.Sprintf(i18n.T("%.0f%% finished (%d of %d; timed out %d, taken over %d, abandoned %d, seat handed over %d)",
		"%.0f%% (%d/%d 局を完遂。期限切れ %d、コンピュータ代行 %d、放棄 %d、途中で席を交代 %d)"),
		r.Percent(), r.Finished, r.Games(), r.TimedOut, r.TakenOver, r.Abandoned, r.Left)
}
