package ai

import (
	"sort"

	"rtrbot/engine/game"
	"rtrbot/engine/hex"
	"rtrbot/engine/units"
)

// reconOrders are the campaign's aerial reconnaissance (14.12): in the
// German first movement segment each HQ looks into one enemy stack within
// 4 hexes whose units the Germans do not all see (14.1), so that the
// strikes and the search plan on what the stack holds rather than on an
// estimate. The stacks nearest the German units, and the tallest, go
// first; each is looked into once. None once every HQ that may look has
// looked (the engine refuses a second look), so a request that returns
// none goes on to the movement.
func (p *Heuristic) reconOrders(v game.View, b *Board) []game.Order {
	if p.campaign == nil || !p.campaign.recon || b.Side() != units.German || v.Step != game.Move1 || v.BadWeather {
		return nil
	}
	var mine []hex.Hex // German stacks with attack strength
	type target struct {
		at   hex.Hex
		prio int
	}
	var ts []target
	var hqs []string
	for _, st := range v.Stacks {
		if st.Side == units.German {
			strong := false
			for _, u := range st.Units {
				if u.Type == units.HQ {
					hqs = append(hqs, u.ID)
				} else if u.Type != units.Siege {
					strong = true
				}
			}
			if strong {
				mine = append(mine, st.At)
			}
		}
	}
	for _, st := range v.Stacks {
		if st.Side == units.German || st.Full || st.Count <= len(st.Units) {
			continue
		}
		near := 99
		for _, h := range mine {
			near = min(near, hex.Distance(h, st.At))
		}
		if near > 4 {
			continue
		}
		ts = append(ts, target{st.At, 4*(st.Count-len(st.Units)) - 3*near})
	}
	sort.SliceStable(ts, func(i, j int) bool { return ts[i].prio > ts[j].prio })
	sort.Strings(hqs)
	used := map[hex.Hex]bool{}
	var out []game.Order
	for _, id := range hqs {
		c, ok := b.Counter(id)
		if !ok {
			continue
		}
		at := b.Unit(c).At
		for _, t := range ts {
			if used[t.at] || hex.Distance(at, t.at) > 4 {
				continue
			}
			o := game.Recon(id, t.at).By(units.German)
			if b.Check(o) != nil {
				break // this HQ has looked already (or may not)
			}
			used[t.at] = true
			out = append(out, o)
			break
		}
	}
	return out
}
