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
	*evs = append(*evs, Event{Kind: EvStep, Side: s.ToMove(), N: int(st), Text: tr("%s: the %s player's %s.", "%s: %sの%s。", turnName(s.Turn), s.ToMove().Name(), st.Name())})
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
			s.Opt.SeaDE = 0 // 16.35: one corps-equivalent each impulse (movement_sea.go)
		}
	case Command:
		s.determineCommand(evs)
	}
}

// stepTexts name the steps of the sequence of play (3.0) for players.
var stepTexts = map[Step]i18n.Text{
	SetupStep:     i18n.T("setup", "初期配置"),
	EventStep:     i18n.T("event phase", "イベントフェイズ"),
	Reinforcement: i18n.T("reinforcement phase", "増援フェイズ"),
	Reorg1:        i18n.T("first impulse, reorganisation segment", "第1インパルスの再編成セグメント"),
	Move1:         i18n.T("first impulse, movement segment", "第1インパルスの移動セグメント"),
	Combat1:       i18n.T("first impulse, combat segment", "第1インパルスの戦闘セグメント"),
	Command:       i18n.T("command phase", "指揮統制フェイズ"),
	Reorg2:        i18n.T("second impulse, reorganisation segment", "第2インパルスの再編成セグメント"),
	Move2:         i18n.T("second impulse, movement segment", "第2インパルスの移動セグメント"),
	Combat2:       i18n.T("second impulse, combat segment", "第2インパルスの戦闘セグメント"),
}

// Name is the step for players (any step past the last: game over).
func (st Step) Name() i18n.Text {
	return i18n.Named(stepTexts, st, i18n.T("game over", "ゲーム終了"))
}

// eventPhase is 3.0 A: the Allies' random event roll (5.0) and its
// effects (random_events.go); the phase then waits for the Allied /end.
func (s *State) eventPhase(evs *[]Event) {
	*evs = append(*evs, ev(EvEventPhase, units.Allied, i18n.T("Event phase: the Allies roll the random event (5.0).", "イベントフェイズ: 連合軍がランダムイベントを判定 (5.0)。")))
	s.randomEvent(evs)
}

// PhaseName is where the sequence of play (3.0) stands, for players: the
// event phase (5.0) belongs to no player turn; every other step is the
// player's whose turn it is. Every text that says what step it is uses
// it (State.Phase, View.Phase), with ToMove for who acts.
func PhaseName(st Step, player units.Side) i18n.Text {
	switch st {
	case EventStep:
		return i18n.T("event phase (5.0)", "イベントフェイズ (5.0)")
	case SetupStep:
		return tr("%s setup (17.1)", "%sの初期配置 (17.1)", player.Name())
	case GameOver:
		return st.Name()
	}
	return tr("%s player turn, %s", "%sのプレイヤーターン、%s", player.Name(), st)
}

// Phase is the state's step for players (PhaseName).
func (s *State) Phase() i18n.Text { return PhaseName(s.Step, s.Player) }

// Phase is the view's step for players (PhaseName).
func (v View) Phase() i18n.Text { return PhaseName(v.Step, v.Player) }

// Owed is what the side to act (ToMove) owes now when the game waits on
// its decision rather than on the player whose turn it is: the retreats
// of a combat result (9.4), the answer to an attack on delaying
// defenders (16.2), the end of the event phase (5.0). Empty otherwise.
func (s *State) Owed() i18n.Text {
	switch {
	case s.Step == EventStep:
		return i18n.T("the Allied player ends the event phase (5.0)", "連合軍がイベントフェイズ (5.0) を終了する")
	case len(s.Combat.Retreats) > 0:
		side := s.ToMove()
		return tr("the %s player owes the retreat of %s (9.4)", "%sが %s の退却 (9.4) を行う", side.Name(), s.retreatIDs())
	case s.Combat.Delaying.Verb != "":
		return tr("the %s player answers the attack on %s: delay or stand (16.2)", "%sが %s への攻撃に遅滞行動か踏みとどまるかを答える (16.2)", s.ToMove().Name(), s.hexName(s.Combat.Delaying.Hexes[0]))
	}
	return i18n.Text{}
}
