package game

import (
	"sort"

	"rtrbot/engine/tables"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// The Russian Front (14.3): when the event comes up the Germans roll at
// once on the Russian Front table, +1 for each 10 attack strength in the
// Russian Front box (at most +4), -1 with option 18.1(2).

// RussiaState is what the Russian Front keeps (14.3).
type RussiaState struct {
	// Settled: later Russian Front events are "no event".
	Settled bool
	// Return is attack strength that comes back from the Russian Front
	// box as reinforcements in this turn's German reinforcement phase
	// (major victory).
	Return int
}

// BoxAttack is the German attack strength in the Russian Front box.
func (s *State) BoxAttack() int {
	a := 0
	for i, u := range s.Units {
		if u.Box == Russia && s.Counter(i).Side() == units.German {
			a += s.Counter(i).Attack
		}
	}
	return a
}

func (s *State) russianFront(evs *[]Event) {
	die := s.roll(units.German, i18n.T("the Russian Front table (14.3)", "ロシア戦線表 (14.3)"), evs)
	s.applyRussia(die, evs)
}

// applyRussia applies the Russian Front table to a die roll.
func (s *State) applyRussia(die int, evs *[]Event) {
	r, err := Tables().Russia(die, tables.RussiaOptions{Box: min(s.BoxAttack(), tables.MaxBoxStrength), MaxOffensive: s.Option(OptWestOffensive), Alternative: s.Option(RuleM91Russia)})
	if err != nil {
		return
	}
	at := len(*evs)
	*evs = append(*evs, Event{Kind: EvRussia, Side: units.German, N: r.Total, Units: []string{r.Row.ID},
		Text: tr("Russian Front (14.3): die %d %+d (box) %+d (option) = %d: %s — %s", "ロシア戦線 (14.3): ダイス %d %+d (ボックス) %+d (オプション) = %d: %s — %s",
			die, r.BoxModifier, r.OptionModifier, r.Total, r.Row.Name, r.Row.Text)})
	why := i18n.T("the Russian Front (14.3)", "ロシア戦線 (14.3)")
	switch r.Row.ID {
	case "major-defeat":
		s.addVP(units.Allied, 20, why, evs)
		s.WithdrawAttack += 20
		s.WithdrawHQ++
	case "reinforcements-requested":
		s.WithdrawAttack += 10
	case "minor-victory":
		s.addVP(units.German, 20, why, evs)
	case "major-victory":
		s.addVP(units.German, 40, why, evs)
		s.Russia.Return += r.Reinforcements
	}
	if r.Row.Ends {
		s.Russia.Settled = true
	}
	if s.WithdrawAttack > 0 || s.WithdrawHQ > 0 { // 11.7; docs/rulings.md R21
		(*evs)[at].Text = tr("%s The German player owes the Russian Front this turn %d attack strength and %d HQ (11.7): units sent by rail off the eastern edge in his first movement segment, which cannot end while a unit could still go. What no unit can meet lapses at the end of the turn.",
			"%s独軍は本ターン、攻撃力 %d と HQ %d 個をロシア戦線へ転進させなければなりません (11.7): 第1インパルス移動セグメントに鉄道で東端から送り出します。送れるユニットがある限り同セグメントは終了できません。どのユニットでも満たせない分はターン終了時に消滅します。", (*evs)[at].Text, s.WithdrawAttack, s.WithdrawHQ)
	}
}

// russiaReturn brings back units from the Russian Front box worth up to
// the attack strength owed (14.3 major victory), strongest first
// (docs/rulings.md C13), as this phase's reinforcements.
func (s *State) russiaReturn(evs *[]Event) {
	budget := s.Russia.Return
	s.Russia.Return = 0
	var box []int
	for i, u := range s.Units {
		if u.Box == Russia && s.Counter(i).Attack > 0 {
			box = append(box, i)
		}
	}
	sort.SliceStable(box, func(a, b int) bool {
		ca, cb := s.Counter(box[a]), s.Counter(box[b])
		if ca.Attack != cb.Attack {
			return ca.Attack > cb.Attack
		}
		return ca.ID < cb.ID
	})
	var back []string
	for _, i := range box {
		c := s.Counter(i)
		if c.Attack > budget {
			continue
		}
		budget -= c.Attack
		s.Units[i] = Unit{Box: Pool}
		s.Dues = append(s.Dues, Due{Nation: group(c.Nation), Type: c.Type, DE: c.DE})
		back = append(back, c.ID)
	}
	if len(back) > 0 {
		// Everyone sees how many come back; which ones, only the Germans:
		// the Allies only count the box (14.1).
		*evs = append(*evs, Event{Kind: EvDue, Side: units.German, N: len(back),
			Text: tr("%d German units back from the Russian Front as reinforcements (14.3).", "ロシア戦線から独軍 %d ユニットが増援として帰還 (14.3)。", len(back))},
			Event{Kind: EvReturned, Side: units.German, Units: back,
				Text: tr("Back from the Russian Front as reinforcements (14.3): %s.", "ロシア戦線から増援として帰還 (14.3): %s。", joinIDs(back))})
	}
}

// eighthArmyBox reports whether a counter starts in the Russian Front box
// under the MOVES #91 alternative box: the 8th Army's corps and division,
// and its HQ unless 18.1(2) brings that HQ on Aug III (its coming out of the
// box; an HQ adds nothing to the box's strength, docs/rulings.md R38).
func (s *State) eighthArmyBox(c *units.Counter) bool {
	if !s.Option(RuleM91Russia) || c.Role != units.Option {
		return false
	}
	switch Opt(c.OptionCode()) {
	case RuleM91Russia:
		return true
	case OptWestOffensive:
		return c.Type == units.HQ && !s.Option(OptWestOffensive)
	}
	return false
}

// boxExtra reports whether c is one of the units 18.1(2)'s extra attack
// strength comes from: with the MOVES #91 box, the 8th Army's units in the
// box (or already brought out to the map); otherwise spares and free
// breakdown divisions (R28).
func (s *State) boxExtra(c *units.Counter, u Unit) bool {
	if s.Option(RuleM91Russia) {
		return c.Role == units.Option && Opt(c.OptionCode()) == RuleM91Russia && (u.Box == Russia || u.Box == OnMap)
	}
	spare := c.Role == units.Spare || c.Role == units.Breakdown
	return spare && ((u.Box == Pool && s.available(c)) || u.Box == OnMap)
}

// breakdownAvailable: a breakdown division of an option's corps (the MOVES
// #91 box) is a counter of the game only with that option, and not while
// its corps is in the box; other breakdown divisions always are.
func (s *State) breakdownAvailable(c *units.Counter) bool {
	p, ok := s.Lookup(c.Parent)
	if !ok || p.Role != units.Option {
		return true
	}
	return s.Option(Opt(p.OptionCode())) && s.Units[p.Index].Box != Russia
}
