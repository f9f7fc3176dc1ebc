package games

import (
	"context"
	"errors"

	"rtrbot/actor"
	"rtrbot/i18n"
)

// A damaged game's fault names an order, its author and text, or a unit:
// what one side did, which the other side and the spectators may not
// read (14.1). Its details go to the operator's log (find logs every
// load that fails) and to a referee who plays neither side, who mends
// it; anyone else is told only that the game is damaged and who can mend
// it.

// loadError is the *LoadError of a game at a place that cannot be
// loaded, knowing who may read its fault.
func (t *Service) loadError(ctx context.Context, at Where, err error) *LoadError {
	ctx = context.WithoutCancel(ctx)
	return &LoadError{Err: err, mayMend: func(a actor.Actor) bool {
		d := t.damaged(ctx, at)
		return d != nil && t.neutralReferee(ctx, a, at.Guild, d, i18n.T("mend a damaged game", "破損したゲームの修復")) == nil
	}}
}

// MayMend says whether a may read the fault of the game that cannot be
// loaded: a referee of the game who plays neither side (the operator,
// the console). Nobody may when the game's row itself cannot be read.
func (e *LoadError) MayMend(a actor.Actor) bool { return e.mayMend != nil && e.mayMend(a) }

// Damage is a stored game whose record cannot be read or does not replay:
// which game, and In, what is wrong in a language.
type Damage struct {
	Game int64
	In   func(i18n.Lang) string
}

// DamageOf is the damage err reports, if it is a damaged game's.
func DamageOf(err error) (Damage, bool) {
	var de DamageError
	if !errors.As(err, &de) {
		return Damage{}, false
	}
	return Damage{Game: de.DamagedGame(), In: de.In}, true
}
