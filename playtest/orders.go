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
	case game.Place:
		return "/place unit:" + u(0) + " hex:" + h(0), true
	case game.AutoSetup:
		return "/game setup", true
	case game.End:
		return "/end", true
	case game.Move:
		line := "/move unit:" + u(0) + " to:" + last()
		if len(o.Hexes) > 1 {
			var via []string
			for _, x := range o.Hexes[:len(o.Hexes)-1] {
				via = append(via, x.String())
			}
			line += " via:" + strings.Join(via, " ")
		}
		return line, true
	case game.Rail:
		return "/rail unit:" + u(0) + " to:" + last(), true
	case game.Split:
		return "/reorg split unit:" + u(0), true
	case game.Merge:
		return "/reorg merge unit:" + u(0) + " with:" + u(1), true
	case game.Entrench:
		return "/reorg entrench unit:" + u(0), true
	case game.Unentrench:
		return "/reorg mobile unit:" + u(0), true
	case game.Reinforce:
		return "/reinforce unit:" + u(0) + " hex:" + h(0), true
	case game.AutoReinforce:
		return "/reinforce", true
	case game.Remove:
		return "/remove unit:" + u(0), true
	case game.Withdraw:
		return "/withdraw unit:" + u(0), true
	case game.Attack:
		// ATTACK TABLE UNITS... [NAVAL] HEX
		var atk []string
		naval := false
		for _, x := range o.Units[1:] {
			if x == "NAVAL" {
				naval = true
				continue
			}
			atk = append(atk, x)
		}
		line := "/attack table:" + strings.ToLower(u(0)) + " units:" + strings.Join(atk, " ") + " hex:" + h(0)
		if naval {
			line += " naval:true"
		}
		return line, true
	case game.Retreat:
		return "/retreat unit:" + u(0) + " hex:" + h(0), true
	case game.Siege:
		return "/bombard unit:" + u(0) + " hex:" + h(0), true
	case game.Abandon:
		line := "/abandon hex:" + h(0)
		if len(o.Units) > 0 {
			line += " unit:" + u(0)
		}
		return line, true
	case game.Recon:
		return "/recon hq:" + u(0) + " hex:" + h(0), true
	case game.Delay:
		return "/delay", true
	case game.Stand:
		return "/stand", true
	case game.Sea:
		return "/sea unit:" + u(0) + " hex:" + h(0), true
	}
	return "", false
}
