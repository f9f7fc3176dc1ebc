package games

import (
	"context"
	"strconv"
	"strings"

	"rtrbot/actor"
	"rtrbot/i18n"
)

// Proposals (a pause, a deadline: MetaAgree) and seat offers (MetaOffer)
// lapse at the end of the segment they were made in, as a fix proposal
// does: the other person answers while the game stands where it was
// proposed, and a button left from an earlier segment does nothing. Each
// is stored stamped with its segment ("value @segment").

// MaxProposals is how many pause or deadline proposals one player may make
// in one segment (each pings the other side), as MaxFixProposals caps
// fixes.
const MaxProposals = 3

// stamped is v stored with g's segment.
func stamped(g *Game, v string) string { return v + " @" + SegmentOf(g.State) }

// standing reads a stored proposal or offer: its value, and whether it
// has lapsed (made in another segment). A value stored without a segment
// (before proposals lapsed) stands.
func standing(g *Game, stored string) (string, bool) {
	i := strings.LastIndex(stored, " @")
	if i < 0 {
		return stored, false
	}
	return stored[:i], stored[i+2:] != SegmentOf(g.State)
}

// pressed says whether ctx is a button's press (Bind).
func pressed(ctx context.Context) bool {
	v, _ := ctx.Value(bindKey{}).(bound)
	return v.b != (Binding{})
}

func proposalCountKey(key string, a actor.Actor) string {
	return MetaAgree + "count:" + key + ":" + a.ID
}

// proposalCount is how many proposals of key a made in g's segment.
func proposalCount(g *Game, key string, a actor.Actor) int {
	n := 0
	if s, c, ok := strings.Cut(g.Meta[proposalCountKey(key, a)], " "); ok && s == SegmentOf(g.State) {
		n, _ = strconv.Atoi(c)
	}
	return n
}

// errLapsed answers a press (or an acceptance) of a proposal or an offer
// that lapsed or was withdrawn: nothing was done.
func errLapsed(what i18n.Text) error {
	return i18n.Errorf("This proposal (%s) no longer stands: a proposal or a seat offer lapses at the end of the segment it was made in, and its maker may withdraw or replace it. Nothing was done. Ask for it again if it is still wanted.",
		"この提案 (%s) はもう有効ではありません。提案や席の申し出は、出されたセグメントの終わりに失効し、出した人が取り消したり出し直したりもできます。何も実行していません。まだ必要なら、改めて提案を依頼してください。", what)
}

// countOffer counts one more seat offer (a hand-off, a referee's seating,
// a second seat on a side: each names and pings a person) by user in g's
// segment, or refuses it past MaxProposals, storing nothing. Call with
// the game's lock held.
func (t *Service) countOffer(ctx context.Context, g *Game, user string) error {
	a := actor.Actor{ID: user}
	n := proposalCount(g, "seat", a)
	if n >= MaxProposals {
		return i18n.Errorf("You have made %s of a seat in this segment, the most one person may: nothing was offered and nobody was asked. Your last offer, if it stands, lapses at the end of this segment; the person it names may still take it.",
			"このセグメントで席の申し出をすでに %s出しており、1 人が出せる上限です。何も申し出ておらず、誰にも求めていません。最後の申し出が残っていれば、このセグメントの終わりに失効します。それまでは申し出を受けた人が席に就けます。", i18n.Count(MaxProposals, "offer", "offers", "件"))
	}
	count := SegmentOf(g.State) + " " + strconv.Itoa(n+1)
	if err := t.update(ctx, g, func(tx Tx) error { return tx.SetMeta(proposalCountKey("seat", a), count) }); err != nil {
		return err
	}
	g.Meta = cloneMeta(g.Meta)
	g.Meta[proposalCountKey("seat", a)] = count
	return nil
}
