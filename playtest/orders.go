package playtest

import (
	"strings"

	"rtrbot/engine/game"
)

// Slash is the slash command a person types for an engine order: the
// computer's orders enter the game exactly as a player's would.
// ok is false for an order no command gives (none today).
func Slash(o game.Order) (line string, ok bool) {
	u := func(i int) string {
		if i < len(o.Units) {
			return o.Units[i]
		}
		return ""
	}
	h := func(i int) string {
		if i < len(o.Hexes) {
			return o.Hexes[i].String()
		}
		return ""
	}
	last := func() string {
		if len(o.Hexes) == 0 {
			return ""
		}
		return o.Hexes[len(o.Hexes)-1].String()
	}
	switch o.Verb {
	case game.VerbPlace:
		return "/place unit:" + u(0) + " hex:" + h(0), true
	case game.VerbAutoSetup:
		return "/game setup", true
	case game.VerbEnd:
		return "/end", true
	case game.VerbMove:
		line := "/move unit:" + u(0) + " to:" + last()
		if len(o.Hexes) > 1 {
			var via []string
			for _, x := range o.Hexes[:len(o.Hexes)-1] {
				via = append(via, x.String())
			}
			line += " via:" + strings.Join(via, " ")
		}
		return line, true
	case game.VerbRail:
		return "/rail unit:" + u(0) + " to:" + last(), true
	case game.VerbSplit:
		return "/reorg split unit:" + u(0), true
	case game.VerbMerge:
		return "/reorg merge unit:" + u(0) + " with:" + u(1), true
	case game.VerbEntrench:
		return "/reorg entrench unit:" + u(0), true
	case game.VerbUnentrench:
		return "/reorg mobile unit:" + u(0), true
	case game.VerbReinforce:
		return "/reinforce unit:" + u(0) + " hex:" + h(0), true
	case game.VerbAutoReinforce:
		return "/reinforce", true
	case game.VerbRemove:
		return "/remove unit:" + u(0), true
	case game.VerbWithdraw:
		return "/withdraw unit:" + u(0), true
	case game.VerbAttack:
		line := "/attack table:" + strings.ToLower(o.Table()) + " units:" + strings.Join(o.Attackers(), " ") + " hex:" + h(0)
		if o.NavalGunfire() {
			line += " naval:true"
		}
		return line, true
	case game.VerbRetreat:
		return "/retreat unit:" + u(0) + " hex:" + h(0), true
	case game.VerbSiege:
		return "/bombard unit:" + u(0) + " hex:" + h(0), true
	case game.VerbAbandon:
		line := "/abandon hex:" + h(0)
		if len(o.Units) > 0 {
			line += " unit:" + u(0)
		}
		return line, true
	case game.VerbRecon:
		return "/recon hq:" + u(0) + " hex:" + h(0), true
	case game.VerbDelay:
		return "/delay", true
	case game.VerbStand:
		return "/stand", true
	case game.VerbSea:
		return "/sea unit:" + u(0) + " hex:" + h(0), true
	}
	return "", false
}
