package ai

import (
	_ "embed"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"rtrbot/engine/board"
	"rtrbot/engine/game"
	"rtrbot/engine/hex"
	"rtrbot/engine/units"
)

// The German campaign (docs/ai.md): wings of armies, each with the places
// it goes for in order, read from campaign.txt. The heuristic's movement
// uses it when it is given one (the search player's German side and its
// play-outs): each unit is pulled towards the next places of its wing
// instead of the nearest city worth VP, the infantry passes by the enemy
// fortresses that still stand (12.7) and leaves the hexes next to them to
// the siege guns, which go (by rail where they can, 8.5) for the wing's
// next standing fortress and fire at it (12.6).

//go:embed campaign.txt
var campaignText string

// wing is a group of armies and the places it goes for, in order.
type wing struct {
	name       string
	armies     []string
	cols       [2]int
	targets    []hex.Hex
	holdGround bool // no places: the wing holds its cities
	// forward: the wing sets up forward (campaign_setup.go), not by the
	// engine's default placement.
	forward bool
}

// campaign is the parsed campaign.txt.
type campaign struct {
	wings []*wing
	// strike, where set, replaces the strikes' constants (strikeOdds,
	// strikeMin, strikeRing, strikeWings) for this campaign's plans: the
	// search's candidates vary them (withStrikes).
	strike *strikeSet
	// safety is the second impulse's safety (campaign_safety.go).
	safety safety
	// defaultSetup sets every wing up by the engine's default placement,
	// whatever the file says (measuring: GermanSettings.DefaultSetup).
	defaultSetup bool
	// recon: its HQs look into enemy stacks (campaign_recon.go).
	recon bool
}

// strikeSet are the strikes' parameters of a campaign (planStrikes).
type strikeSet struct {
	off             bool // no strikes
	odds, min, ring float64
	allWings        bool // the left wing strikes too
}

// withStrikes is the campaign with the strikes' parameters s.
func (cp *campaign) withStrikes(s strikeSet) *campaign {
	n := *cp
	n.strike = &s
	return &n
}

// strikeParams are the strikes' odds wanted, least odds, ring weight and
// whether only the attacking wings strike.
func (cp *campaign) strikeParams() (odds, least, ring float64, attackingOnly bool) {
	if s := cp.strike; s != nil {
		return s.odds, s.min, s.ring, !s.allWings
	}
	return strikeOdds, strikeMin, strikeRing, strikeWings
}

// parseCampaign reads the campaign file's text.
func parseCampaign(text string) (*campaign, error) {
	c := &campaign{safety: defaultSafety}
	var cur *wing
	for n, line := range strings.Split(text, "\n") {
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		bad := func(why string) error { return fmt.Errorf("campaign.txt line %d: %s", n+1, why) }
		switch f[0] {
		case "wing":
			if len(f) < 2 {
				return nil, bad("a wing needs a name")
			}
			cur = &wing{name: f[1], holdGround: true}
			c.wings = append(c.wings, cur)
			mode := ""
			var cols []int
			for _, x := range f[2:] {
				switch x {
				case "armies", "columns":
					mode = x
					continue
				}
				switch mode {
				case "armies":
					cur.armies = append(cur.armies, x)
				case "columns":
					v, err := strconv.Atoi(x)
					if err != nil || v < 0 {
						return nil, bad("a column is a number: " + x)
					}
					cols = append(cols, v)
				default:
					return nil, bad("unknown word " + x)
				}
			}
			if len(cols) != 2 || cols[0] > cols[1] {
				return nil, bad("a wing needs its columns: first and last")
			}
			cur.cols = [2]int{cols[0], cols[1]}
		case "targets":
			if cur == nil {
				return nil, bad("targets before any wing")
			}
			for _, x := range f[1:] {
				h, err := hex.Parse(x)
				if err != nil {
					return nil, bad(err.Error())
				}
				cur.targets = append(cur.targets, h)
			}
			cur.holdGround = len(cur.targets) == 0
		case "setup":
			if cur == nil {
				return nil, bad("setup before any wing")
			}
			if len(f) != 2 || (f[1] != "forward" && f[1] != "default") {
				return nil, bad("setup is forward or default")
			}
			cur.forward = f[1] == "forward"
		default:
			return nil, bad("unknown line " + f[0])
		}
	}
	if len(c.wings) == 0 {
		return nil, fmt.Errorf("campaign.txt: no wing")
	}
	return c, nil
}

var germanCampaign = func() *campaign {
	c, err := parseCampaign(campaignText)
	if err != nil {
		panic(err) // the embedded file is checked by TestCampaignFile
	}
	return c
}()

// wingOf is the wing of a German unit standing in h.
func (cp *campaign) wingOf(c *units.Counter, h hex.Hex) *wing {
	if w := cp.armyWing(c); w != nil {
		return w
	}
	for _, w := range cp.wings {
		if h.Col >= w.cols[0] && h.Col <= w.cols[1] {
			return w
		}
	}
	return cp.wings[len(cp.wings)-1]
}

// armyOf is the setup area a counter is set up in (17.5: "DE-4A" of
// "DE-4A+country:LU"), or "".
func armyOf(c *units.Counter) string {
	if c.Role != units.Setup {
		return ""
	}
	a, _, _ := strings.Cut(c.Where, "+")
	a, _, _ = strings.Cut(a, "@")
	return a
}

// plan is the campaign as it stands on one board: what each wing still
// has to take.
type plan struct {
	cp *campaign
	// open are each wing's places not yet German, in order, without the
	// standing enemy fortresses (passed by); forts are its standing enemy
	// fortresses, in order (for the siege guns).
	open, forts map[*wing][]hex.Hex
	// besieged are the hexes next to a fortress a siege gun goes for:
	// kept for the guns.
	besieged map[hex.Hex]bool
	wingOf   map[int]*wing
	// raiders are the enemy stacks the side sees in Germany: mostly
	// French cavalry and corps through Alsace and the Saar, whose cities
	// score 10 VP each to the Allies at the end (15.23), and the Rhine
	// 10 VP (15.22).
	raiders []hex.Hex
	// strikes are the enemy stacks the movement segment gathers units
	// next to, for the combat segment that follows (planStrikes), by the
	// counter's index.
	strikes map[int]hex.Hex
	// k is the knowledge of the movement being planned (its stacks, kept
	// up to date move by move).
	k *knowledge
}

// huntRaiders notes the enemy stacks the side sees in Germany (from its
// view: knowledge.enemy). Any German unit but the HQs and the siege guns
// within huntFrom hexes of one goes for it (to a hex next to it, where
// it can attack in the combat segment, 9.0) before its wing's places:
// sending units to garrison the cities instead measured much worse
// (docs/ai.md, "Why the defaults").
func (p *plan) huntRaiders(b *Board, k *knowledge) {
	for at := range k.enemy {
		if x, ok := b.Hex(at); ok && x.Country == board.Germany {
			p.raiders = append(p.raiders, at)
		}
	}
}

// huntFrom is how near a raider must be for a unit to go for it: the
// best of those measured (docs/ai.md, "Why the defaults").
const huntFrom = 8

func newPlan(cp *campaign, b *Board) *plan {
	p := &plan{cp: cp, open: map[*wing][]hex.Hex{}, forts: map[*wing][]hex.Hex{}, besieged: map[hex.Hex]bool{}, wingOf: map[int]*wing{}}
	for _, w := range cp.wings {
		for _, t := range w.targets {
			if b.s.EnemyFortress(units.German, t) {
				p.forts[w] = append(p.forts[w], t)
				continue
			}
			x, ok := b.Hex(t)
			if !ok {
				continue
			}
			if x.City {
				if s, ok := b.Holder(t); ok && s == units.German {
					continue
				}
			} else if x.Fortress > 0 {
				continue // a fortress that is no city, destroyed
			}
			if len(b.UnitsAt(t, units.Allied)) > 0 {
				continue // held by the enemy: passed by, left to combat
			}
			p.open[w] = append(p.open[w], t)
		}
		if fs := p.forts[w]; len(fs) > 0 {
			for _, nb := range fs[0].Neighbors() {
				p.besieged[nb] = true
			}
		}
	}
	return p
}

func (p *plan) wing(b *Board, c *units.Counter) *wing {
	if w, ok := p.wingOf[c.Index]; ok {
		return w
	}
	w := p.cp.wingOf(c, b.Unit(c).At)
	p.wingOf[c.Index] = w
	return w
}

// distance is the campaign's objective distance of c in h (smaller is
// better), and false when the campaign has nothing for c (the heuristic's
// own objectives then apply).
func (p *plan) distance(b *Board, c *units.Counter, h hex.Hex) (float64, bool) {
	if p == nil {
		return 0, false
	}
	w := p.wing(b, c)
	if t, ok := p.strikes[c.Index]; ok {
		d := hex.Distance(h, t)
		if _, _, ring, _ := p.cp.strikeParams(); d == 1 && ring != 0 {
			return -ring * float64(p.ringGain(b, c, t, h)), true
		}
		return strikePull * float64(max(d-1, 0)), true
	}
	if c.Type != units.Siege && c.Type != units.HQ {
		// The nearest raider within reach (huntRaiders).
		at := b.Unit(c).At
		best := -1
		for _, r := range p.raiders {
			if d := hex.Distance(at, r); d <= huntFrom && (best < 0 || hex.Distance(h, r) < best) {
				best = hex.Distance(h, r)
			}
		}
		if best >= 0 {
			return pull * float64(max(best-1, 0)), true
		}
	}
	if c.Type == units.Siege {
		f, ok := p.gunTarget(b, c, w)
		if !ok {
			return 0, false
		}
		// Next to the fortress is where a gun fires from (12.6).
		return 3 * float64(hex.Distance(h, f)-1), true
	}
	if w.holdGround {
		// The heuristic's own objectives and garrisons: pulling the wing
		// to its cities, or garrisoning them three times as much,
		// measured worse (docs/ai.md, "Why the defaults").
		return 0, false
	}
	open := p.open[w]
	if len(open) == 0 {
		return 0, false
	}
	best := 1e9
	for i, t := range open {
		if i == 3 {
			break
		}
		best = min(best, float64(hex.Distance(h, t)+2*i))
	}
	return pull * best, true
}

// Strikes (planStrikes): the odds a strike is planned for, the least it
// is made with, and how hard its units are pulled next to it.
var (
	strikeOdds = 3.0
	strikeMin  = 2.0
	strikePull = 6.0
	// strikeWings: only the attacking wings' units strike (the left wing,
	// holding its ground, keeps the heuristic's own play, which measured
	// better than its striking too: docs/ai.md, "Why the defaults").
	strikeWings = true
	// strikeRing is what each neighbour of the target closed by a unit's
	// hex is worth (ringGain): 0.5 measured better than none, 1 and 2
	// (docs/ai.md, "Why the defaults").
	strikeRing = 0.5
	// Empty enemy fortresses of at most strikeFortMax are struck at
	// strikeFortMin to 1 at least, strikeFortOdds wanted (0: never): at
	// 7:1 the reconnaissance table gives a DA on four dice of six and
	// risks nothing but an NE (9.7, 12.5). Fortresses of 3 at 7:1
	// measured better than at lower odds or with fortresses of 6 too
	// (docs/ai.md, "Why the defaults").
	strikeFortMax  = 3
	strikeFortMin  = 7.0
	strikeFortOdds = 7.0
)

// planStrikes gathers the units for the attacks of the next combat
// segment before anything moves: the heuristic moves unit by unit, each to
// its own best hex, and an enemy stack that no single German stack
// outguns is left alone even when three corps could reach it (the Allied
// line in the Liège gap stood all game in the games followed).
// For each enemy stack the side sees (not in a fortress that still
// stands: the siege guns' work, 12.6), and each empty enemy fortress of
// at most strikeFortMax (12.5), the German units of the attacking wings
// (no HQ, no siege gun) that are next to it or can move next to it this
// segment (8.0, 6.0) are counted; the targets whose defence (a stack's
// doubled in rough or mountain, 9.0; a fortress's its strength, 12.0)
// those units outgun at least strikeMin to 1 (strikeFortMin for a
// fortress) are taken, the nearest to their wanted odds and the most VP
// first, each with the strongest of its free units until they make
// strikeOdds to 1 (strikeFortOdds).
func (p *plan) planStrikes(b *Board, k *knowledge, actors []*units.Counter) {
	p.strikes = map[int]hex.Hex{}
	p.k = k
	if p.cp.strike != nil && p.cp.strike.off {
		return
	}
	strikeOdds, strikeMin, _, strikeWings := p.cp.strikeParams()
	ts := enemyStrikeTargets(b, k, strikeOdds, strikeMin)
	for _, c := range actors {
		if c.Attack == 0 || c.Type == units.HQ || c.Type == units.Siege {
			continue
		}
		if strikeWings && p.wing(b, c).holdGround {
			continue
		}
		ts.reachedBy(b, k, c)
	}
	sort.Slice(ts.list, func(i, j int) bool {
		ti, tj := ts.list[i], ts.list[j]
		oi, oj := min(ti.att/ti.def, ti.wanted)/ti.wanted, min(tj.att/tj.def, tj.wanted)/tj.wanted
		if oi != oj {
			return oi > oj
		}
		if ti.vp != tj.vp {
			return ti.vp > tj.vp
		}
		return hex.Less(ti.at, tj.at)
	})
	for _, t := range ts.list {
		p.assignStrike(t)
	}
}

// strikeTarget is a hex a strike may attack: its defence, its VP, the odds
// a strike needs at least and wants, and the units that can reach it with
// their attack strength.
type strikeTarget struct {
	at            hex.Hex
	def, vp       float64
	least, wanted float64
	by            []*units.Counter
	att           float64
}

// strikeTargets are the strikes' targets, in the order found and by hex.
type strikeTargets struct {
	list []*strikeTarget
	at   map[hex.Hex]*strikeTarget
}

func (ts *strikeTargets) add(t *strikeTarget) *strikeTarget {
	ts.list = append(ts.list, t)
	ts.at[t.at] = t
	return t
}

// enemyStrikeTargets are the known enemy stacks outside fortresses, their
// defence doubled in rough and mountain hexes.
func enemyStrikeTargets(b *Board, k *knowledge, wanted, least float64) *strikeTargets {
	ts := &strikeTargets{at: map[hex.Hex]*strikeTarget{}}
	for at, e := range k.enemy {
		if b.s.EnemyFortress(k.side, at) {
			continue
		}
		d := e.defence
		if x, ok := b.Hex(at); ok && (x.Terrain == board.Rough || x.Terrain == board.Mountain) {
			d *= 2
		}
		ts.add(&strikeTarget{at: at, def: max(d, 1), vp: e.vp, least: least, wanted: wanted})
	}
	return ts
}

// emptyFortress is the target of an empty enemy fortress that still stands
// (12.5: destroyed by a DA or DZ) of at most strikeFortMax, added; nil if
// at holds none: at 4:1 and more the reconnaissance table risks nothing
// (9.7).
func (ts *strikeTargets) emptyFortress(b *Board, k *knowledge, at hex.Hex) *strikeTarget {
	if strikeFortMax == 0 || k.enemy[at] != nil || !b.s.EnemyFortress(k.side, at) {
		return nil
	}
	x, ok := b.Hex(at)
	if !ok || x.Fortress > strikeFortMax {
		return nil
	}
	return ts.add(&strikeTarget{at: at, def: float64(x.Fortress), vp: float64(game.FortressVP(x.Fortress) + k.cities.worth[k.side][at]), least: strikeFortMin, wanted: strikeFortOdds})
}

// reachedBy counts c among the attackers of every target next to its hex
// or to a hex it may move to, once each.
func (ts *strikeTargets) reachedBy(b *Board, k *knowledge, c *units.Counter) {
	seen := map[hex.Hex]bool{}
	note := func(h hex.Hex) {
		for _, nb := range h.Neighbors() {
			t := ts.at[nb]
			if t == nil && !seen[nb] {
				t = ts.emptyFortress(b, k, nb)
			}
			if t != nil && !seen[nb] {
				seen[nb] = true
				t.by = append(t.by, c)
				t.att += float64(c.Attack)
			}
		}
	}
	note(b.Unit(c).At)
	for _, d := range b.Destinations(c) {
		note(d.To)
	}
}

// assignStrike gives a target the strongest of its attackers not yet given
// a strike, until it has the odds it wants, if those free attackers reach
// the least odds it needs.
func (p *plan) assignStrike(t *strikeTarget) {
	var free []*units.Counter
	att := 0.0
	for _, c := range t.by {
		if _, taken := p.strikes[c.Index]; !taken {
			free = append(free, c)
			att += float64(c.Attack)
		}
	}
	if att < t.least*t.def {
		return
	}
	sort.SliceStable(free, func(i, j int) bool {
		if free[i].Attack != free[j].Attack {
			return free[i].Attack > free[j].Attack
		}
		return free[i].ID < free[j].ID
	})
	got := 0.0
	for _, c := range free {
		if got >= t.wanted*t.def {
			break
		}
		p.strikes[c.Index] = t.at
		got += float64(c.Attack)
	}
}

// ringGain is how many more of t's neighbours c in h closes to the
// enemy stack in t: a hex is closed when a German unit stands in it or
// next to it (its zone of control, 6.0) or the enemy may not enter it;
// a stack whose every neighbour is closed is surrounded, and the
// manoeuvre table may be chosen against it (9.7).
func (p *plan) ringGain(b *Board, c *units.Counter, t, h hex.Hex) int {
	if p.k == nil || p.k.stacks == nil {
		return 0
	}
	occupied := func(x hex.Hex, with bool) bool {
		n := 0
		for _, o := range p.k.stacks[x] {
			if o != c {
				n++
			}
		}
		return n > 0 || (with && x == h)
	}
	count := func(with bool) int {
		closed := 0
		for _, n := range t.Neighbors() {
			ok := occupied(n, with)
			for _, m := range n.Neighbors() {
				ok = ok || occupied(m, with)
			}
			if !ok {
				if shut, _ := b.s.Closed(p.k.side.Other(), n); shut {
					ok = true
				}
			}
			if ok {
				closed++
			}
		}
		return closed
	}
	return count(true) - count(false)
}

// pull is how much more the campaign's places pull an attacking wing's
// units than the heuristic's nearest city.
const pull = 3

// gunTarget is the fortress a siege gun goes for: its wing's next
// standing enemy fortress, or the nearest of every wing's next ones.
func (p *plan) gunTarget(b *Board, c *units.Counter, w *wing) (hex.Hex, bool) {
	if fs := p.forts[w]; len(fs) > 0 {
		return fs[0], true
	}
	at := b.Unit(c).At
	best, found := hex.Hex{}, false
	for _, o := range p.cp.wings {
		if fs := p.forts[o]; len(fs) > 0 && (!found || hex.Distance(at, fs[0]) < hex.Distance(at, best)) {
			best, found = fs[0], true
		}
	}
	return best, found
}

// CampaignWeights are the heuristic's weights under the campaign: the
// contact with enemy stacks it can beat doubled (measured a little
// better), the garrisons doubled (a German unit alone in a German city an
// enemy stack could reach holds it against the raids that score 10 VP a
// city, 20 Metz and Strasbourg, at the end, 15.23) and the danger halved;
// the last two found by cmd/tune and checked on held-out seeds (docs/ai.md,
// "Tuning the German weights").
var CampaignWeights = func() Weights {
	w := DefaultWeights
	w.Contact, w.Danger, w.Guard = 2*w.Contact, 0.75, 10 // Danger and Guard tuned by cmd/tune
	return w
}()

// newCampaignHeuristic is the heuristic led by the German campaign.
func newCampaignHeuristic(cfg Config) *Heuristic {
	h := NewHeuristic(cfg)
	h.W = CampaignWeights
	h.campaign = germanCampaign
	return h
}

// campaignStrikes turns planStrikes on (measuring).
var campaignStrikes = true

// exposure is what the campaign takes off a German HQ's (and, with
// exposeGuns, a siege gun's) score for ending the segment in h, in a
// stack that defends def (doubled in rough, mountain and fortresses,
// 9.0): HQs and siege guns are worth many VP to the Allies (15.22) and
// die in the stacks next to enemy stacks whose attack strength outguns
// them. The unit's VP, times exposeWeight, times how
// far the enemy's attack strength next to h goes beyond exposeFrom to 1
// against the stack, up to 1 at exposeFull to 1. A gun next to the
// fortress it goes for (its firing place, 12.6) is exempt.
func (p *plan) exposure(b *Board, k *knowledge, c *units.Counter, h hex.Hex, def float64) float64 {
	if exposeWeight == 0 || (c.Type != units.HQ && !(exposeGuns && c.Type == units.Siege)) {
		return 0
	}
	if c.Type == units.Siege && p.besieged[h] {
		return 0
	}
	t := p.hqThreat(b, k, h) // campaign_safety.go
	if t == 0 {
		return 0
	}
	odds := t / max(def, 1)
	if odds <= exposeFrom {
		return 0
	}
	f := min((odds-exposeFrom)/(exposeFull-exposeFrom), 1)
	return exposeWeight * float64(c.VP) * f
}

// The exposure of HQs and siege guns (exposure). Weight 1 measured best
// of those tried; exposing the guns too, counting the enemy within 3
// hexes, or taking 0.5 of its VP off an HQ without a fighting unit near
// the enemy measured no better.
var (
	exposeWeight = 1.0
	exposeFrom   = 1.0
	exposeFull   = 3.0
	exposeGuns   = false
)
