package game

import (
	"rtrbot/engine/board"
	"rtrbot/engine/hex"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// Sea transport and landings (16.3, an optional rule in force by default):
// Allied units moved by sea from port to port, marines landed by assault,
// and British reinforcements landed at a port or on the coast, at most one
// corps-equivalent an impulse; and the BEF's landing of 18.2(8).

// seaLimit is one corps-equivalent, in division-equivalents (16.35).
const seaLimit = 2

// applySea moves an Allied unit by sea (16.31: from an own port to another
// Allied-held port) or lands a marine by assault (16.32: from an own port to
// a coastal or port hex, not in bad weather); it moves no further this
// segment (16.33) and may attack; enemy zones of control do not matter
// (16.34).
func (s *State) applySea(o Order) (*State, []Event, error) {
	if !s.Option(RuleSeaTransport) {
		return nil, nil, refuse("sea-needs-option")
	}
	if o.Side != units.Allied {
		return nil, nil, refuse("sea-allies-only")
	}
	c, err := s.oneUnit(o)
	if err != nil {
		return nil, nil, err
	}
	if len(o.Hexes) != 1 {
		return nil, nil, refuse("sea-syntax", c.ID)
	}
	if err := s.canMove(c); err != nil {
		return nil, nil, err
	}
	from, to := s.Units[c.Index].At, o.Hexes[0]
	if fx, _ := s.hexAt(from); !fx.Port || !s.Own(units.Allied, from) {
		return nil, nil, refuse("sea-not-from-port", c.ID, from)
	}
	assault, err := s.seaDestination(c, to, false)
	if err != nil {
		return nil, nil, err
	}
	if s.Opt.SeaDE+c.DE > seaLimit {
		return nil, nil, refuse("sea-limit", c.ID, s.Opt.SeaDE)
	}
	n := s.clone()
	n.Units[c.Index].At = to
	n.Units[c.Index].Moved = true
	n.Opt.SeaDE += c.DE
	how := i18n.T("by sea (16.31)", "海上輸送 (16.31)")
	if assault {
		how = i18n.T("by assault landing (16.32)", "強襲上陸 (16.32)")
	}
	e := ev(EvMoved, units.Allied, tr("%s moved %s → %s %s.", "%s が %s → %s に移動 (%s)。", c.ID, from, to, how))
	e.Units, e.Hexes = []string{c.ID}, []hex.Hex{from, to}
	return n, []Event{e}, nil
}

// seaDestination checks where a unit may go or land by sea (16.3): never an
// all-sea, neutral, enemy-held hex or enemy fortress (16.34), nor a hex
// the unit may not be in by the options' bans (mayEnter); an
// Allied-held port by sea transport, or a coastal or port hex by assault
// landing when the unit may land so (marines; infantry arriving with
// infantry true) and the weather is not bad (event 11-12). assault says
// which it is.
func (s *State) seaDestination(c *units.Counter, to hex.Hex, infantry bool) (assault bool, err error) {
	switch why := s.mayEnter(c, to, bySea); {
	case why.closed():
		return false, refuse("sea-closed", c.ID, to, why.text())
	case why != whyNone:
		return false, cannotEnter(c.ID, to, why)
	}
	if s.occupiedBy(units.German).has(to) {
		return false, refuse("sea-enemy-hex", c.ID, to)
	}
	tx, _ := s.hexAt(to)
	if tx.Port && s.occupiedBy(units.Allied).has(to) {
		return false, nil // 16.31
	}
	if !tx.Port && !tx.Coastal {
		return false, refuse("sea-wrong-hex", c.ID, to)
	}
	if c.Type != units.Marine && !infantry {
		return false, refuse("sea-marines-only", c.ID, to)
	}
	if s.BadWeather {
		return false, refuse("sea-bad-weather", c.ID)
	}
	return true, nil // 16.32
}

// errNoLanding: a reinforcement cannot land anywhere by these rules, so the
// usual refusal of its hex stands.
var errNoLanding = refuse("sea-needs-option")

// landingReinforcement checks a reinforcement arriving by sea in h rather
// than at a logistics hex: with 16.3 a British unit by sea transport to an
// Allied-held port or, marines (and infantry when there is no logistics
// hex, 11.1), by assault landing; with 18.2(8) the BEF's infantry by
// assault landing (one corps-equivalent). errNoLanding when neither rule
// lets this unit land.
func (s *State) landingReinforcement(c *units.Counter, d Due, h hex.Hex, edge bool) error {
	infantry := c.Type == units.Active || c.Type == units.Reserve || c.Type == units.Landwehr || c.Type == units.Assault
	bef := d.Ports && infantry // 18.2(8): one corps-equivalent of infantry may land by assault
	if c.Nation != units.GB || (!s.Option(RuleSeaTransport) && !bef) {
		return errNoLanding
	}
	if x, _ := s.hexAt(h); !x.Coastal && !x.Port {
		return errNoLanding // an inland hex: the usual refusal of its hex
	}
	if d.Ports && s.Option(OptNoBelgium) {
		if x, _ := s.hexAt(h); x.Country == board.Belgium {
			return errNoLanding
		}
	}
	if _, err := s.seaDestination(c, h, bef || (edge && infantry && s.Option(RuleSeaTransport))); err != nil {
		return err
	}
	if s.Opt.SeaDE+c.DE > seaLimit {
		return refuse("sea-limit", c.ID, s.Opt.SeaDE)
	}
	return nil
}

// landReinforcement brings a checked landing reinforcement on.
func (s *State) landReinforcement(c *units.Counter, i int, h hex.Hex, edge bool) (*State, []Event, error) {
	n := s.reinforceAt(c, i, h, edge)
	n.Opt.SeaDE += c.DE
	e := reinforcedEvent(c, h, edge)
	e.Text = tr("%s landed as a reinforcement in %s (16.3).", "%s が増援として %s に上陸 (16.3)。", c.ID, h)
	return n, []Event{e}, nil
}
