package game

import (
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// applyEnd ends the current phase or segment (3.0) after checking that
// nothing the rules require is left undone.
func (s *State) applyEnd() (*State, []Event, error) {
	switch {
	case s.Step == SetupStep:
		if left := s.unplaced(s.Player); len(left) > 0 {
			return nil, nil, refuse("setup-unplaced", len(left), s.Player.Name(), left[0].ID)
		}
		if err := s.rightWingDone(); err != nil {
			return nil, nil, err
		}
		if err := s.reductionDone(); err != nil {
			return nil, nil, err
		}
	case s.Step == Reinforcement:
		if err := s.duesLeft(); err != nil {
			return nil, nil, err
		}
	case s.Step.IsMovement() || s.Step.IsCombat():
		if err := s.stackingCheck(s.Player); err != nil { // 7.0
			return nil, nil, err
		}
		if s.Step == Move1 && s.Player == units.German {
			if err := s.withdrawalOwed(); err != nil { // 11.7
				return nil, nil, err
			}
		}
	}
	n := s.clone()
	var evs []Event
	if n.Step == Reinforcement && len(n.Dues) > 0 {
		// 11.1: what could not enter (no counter left, no hex) is lost.
		evs = append(evs, ev(EvDueLost, n.Player, tr("Reinforcements that could not enter are lost (11.1): %s.", "登場できなかった増援は失われます (11.1): %s。", n.duesText())))
		n.Dues = nil
	}
	n.advance(&evs)
	return n, evs, nil
}

// advance goes to the next step of the sequence of play (3.0) and does what
// happens on entering it.
func (s *State) advance(evs *[]Event) {
	switch s.Step {
	case SetupStep:
		*evs = append(*evs, ev(EvSetupDone, s.Player, tr("The %s player has set up.", "%sの初期配置が完了しました。", s.Player.Name())))
		first := units.Allied // 17.1: the Allies set up first
		if s.Option(OptIntelligence) {
			first = units.German
		}
		if s.Player == first {
			s.Player = first.Other()
			return
		}
		s.startTurn(evs)
		return
	case EventStep:
		s.Player = s.FirstPlayer()
		s.enter(Reinforcement, evs)
		return
	case Combat2:
		if s.Player == s.FirstPlayer() {
			s.Player = s.Player.Other()
			s.enter(Reinforcement, evs)
			return
		}
		s.endTurn(evs)
		return
	}
	s.enter(s.Step+1, evs)
}

func (s *State) startTurn(evs *[]Event) {
	s.Player = s.FirstPlayer()
	*evs = append(*evs, Event{Kind: EvTurn, Side: s.Player, N: int(s.Turn), Text: tr("Game turn %s begins.", "%s ターン開始。", turnName(s.Turn))})
	if s.Turn >= 2 { // 3.0 A: the event phase from GT 2
		s.enter(EventStep, evs)
		return
	}
	s.enter(Reinforcement, evs)
}

// endTurn: out-of-command markers come off (4.0), the rail count and the
// turn's effects end, and the next turn or the end of the game begins.
func (s *State) endTurn(evs *[]Event) {
	cleared := 0
	for i := range s.Units {
		u := &s.Units[i]
		if u.OutOfCommand {
			cleared++
		}
		u.OutOfCommand, u.Edge, u.Moved = false, false, false
	}
	if cleared > 0 {
		*evs = append(*evs, Event{Kind: EvMarkersOff, N: cleared, Text: tr("%d out-of-command markers removed (4.0).", "指揮不通マーカー %d 個を除去 (4.0)。", cleared)})
	}
	s.RailUsed = [2]int{}
	s.BadWeather = false
	s.WithdrawAttack, s.WithdrawHQ = 0, 0 // what could not be sent this turn lapses (docs/rulings.md R21)
	if s.Turn >= s.rules.Scenario.Last {
		s.Step = GameOver
		*evs = append(*evs, ev(EvGameOver, s.Player, tr("The game ends after %s (17.1).", "%s で終了しました (17.1)。", turnName(s.Turn))))
		return
	}
	s.Turn++
	s.startTurn(evs)
}

// enter begins a step.
func (s *State) enter(st Step, evs *[]Event) {
	s.Step = st
	*evs = append(*evs, Event{Kind: EvStep, Side: s.ToMove(), N: int(st), Text: tr("%s: the %s player's %s.", "%s: %sの %s。", turnName(s.Turn), s.ToMove().Name(), st.Name())})
	switch st {
	case EventStep:
		s.eventPhase(evs)
	case Reinforcement:
		s.startReinforcements(evs)
	case Move1, Move2:
		for i := range s.Units {
			s.Units[i].Moved = false
		}
		if st == Move2 {
			s.Opt.SeaDE = 0 // 16.35: one corps-equivalent each impulse (options.go)
		}
	case Command:
		s.determineCommand(evs)
	}
}

// Name is the step for players.
func (st Step) Name() i18n.Text {
	switch st {
	case SetupStep:
		return i18n.T("setup", "初期配置")
	case EventStep:
		return i18n.T("event phase", "イベントPh")
	case Reinforcement:
		return i18n.T("reinforcement phase", "増援Ph")
	case Reorg1:
		return i18n.T("first impulse, reorganisation segment", "第1インパルス 再編成セグ")
	case Move1:
		return i18n.T("first impulse, movement segment", "第1インパルス 移動セグ")
	case Combat1:
		return i18n.T("first impulse, combat segment", "第1インパルス 戦闘セグ")
	case Command:
		return i18n.T("command phase", "指揮統制Ph")
	case Reorg2:
		return i18n.T("second impulse, reorganisation segment", "第2インパルス 再編成セグ")
	case Move2:
		return i18n.T("second impulse, movement segment", "第2インパルス 移動セグ")
	case Combat2:
		return i18n.T("second impulse, combat segment", "第2インパルス 戦闘セグ")
	}
	return i18n.T("game over", "ゲーム終了")
}

// eventPhase is 3.0 A: the Allies' random event roll (5.0) and its
// effects (random_events.go); the phase then waits for the Allied /end.
func (s *State) eventPhase(evs *[]Event) {
	*evs = append(*evs, ev(EvEventPhase, units.Allied, i18n.T("Event phase: the Allies roll the random event (5.0).", "イベントPh: 連合軍がランダムイベントを判定 (5.0)。")))
	s.randomEvent(evs)
}
