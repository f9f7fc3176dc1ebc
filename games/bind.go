package games

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"rtrbot/engine/game"
	"rtrbot/engine/turn"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// Binding is what a button was made for: the game, the side it acts for
// and the segment it belongs to (turn, step and the side whose segment
// it is). A zero field binds nothing: a question that outlives its
// segment (resigning, abandoning) names only the game and the side.
//
// A press runs with its binding in the context (Bind); the service checks
// it when it takes the game's lock, so that a button left over from an
// abandoned game, another seat or a passed segment does nothing, and two
// presses of one End at once end one segment: the second finds the
// segment it was made for gone.
type Binding struct {
	Game    int64
	Side    string // units.Side's String ("G", "A"); "" for any
	Segment string // SegmentOf the state; "" for any
}

// SegmentOf names the segment a state is in: its turn, step and the side
// whose step it is.
func SegmentOf(s *game.State) string {
	if s == nil {
		return ""
	}
	return fmt.Sprintf("%d.%d.%s", int(s.Turn), int(s.Step), s.Player)
}

// BindingFor binds a button to g, side (nil: any) and, when seg is true,
// g's current segment.
func BindingFor(g *Game, side *units.Side, seg bool) Binding {
	b := Binding{Game: g.ID}
	if side != nil {
		b.Side = side.String()
	}
	if seg {
		b.Segment = SegmentOf(g.State)
	}
	return b
}

// String is the binding as a button carries it: "game_side_segment"
// (no character a URL query escapes, to keep within Discord's 100
// characters of custom_id).
func (b Binding) String() string {
	return strconv.FormatInt(b.Game, 10) + "_" + b.Side + "_" + b.Segment
}

// ParseBinding reads Binding.String.
func ParseBinding(s string) (Binding, bool) {
	parts := strings.Split(s, "_")
	if len(parts) != 3 {
		return Binding{}, false
	}
	id, err := strconv.ParseInt(parts[0], 10, 64)
	if err != nil || id < 0 {
		return Binding{}, false
	}
	b := Binding{Game: id, Side: parts[1], Segment: parts[2]}
	if b.Side != "" {
		if _, err := units.ParseSide(b.Side); err != nil {
			return Binding{}, false
		}
	}
	if b.Segment != "" {
		if _, _, _, ok := b.segment(); !ok {
			return Binding{}, false
		}
	}
	return b, true
}

func (b Binding) segment() (turn.Turn, game.Step, units.Side, bool) {
	var t, st int
	var side string
	if n, err := fmt.Sscanf(strings.ReplaceAll(b.Segment, ".", " "), "%d %d %s", &t, &st, &side); err != nil || n != 3 {
		return 0, 0, 0, false
	}
	sd, err := units.ParseSide(side)
	return turn.Turn(t), game.Step(st), sd, err == nil && st >= 0 && st <= int(game.GameOver)
}

type bindKey struct{}

type bound struct {
	b    Binding
	user string
}

// Bind gives ctx the binding of the button user pressed: the service
// refuses (a *BindingError) to act on any game it does not match.
func Bind(ctx context.Context, b Binding, user string) context.Context {
	return context.WithValue(ctx, bindKey{}, bound{b, user})
}

// unbind is ctx without a binding: what follows the first step of a
// press that ends several (its first step was checked).
func unbind(ctx context.Context) context.Context {
	return context.WithValue(ctx, bindKey{}, nil)
}

// BindingError is a press whose button no longer matches the game.
type BindingError struct {
	Binding Binding
}

func (e *BindingError) Error() string { return e.Text().EN }

// In says the refusal in l (i18n.Message).
func (e *BindingError) In(l i18n.Lang) string { return e.Text().In(l) }

// Text says what the button belonged to, in both languages.
func (e *BindingError) Text() i18n.Text {
	b := e.Binding
	what := i18n.Sprintf(i18n.T("game #%d", "ゲーム #%d"), b.Game)
	if side, err := units.ParseSide(b.Side); b.Side != "" && err == nil {
		what = i18n.Sprintf(i18n.T("%s, the %s side", "%s の%s側"), what, side.Name())
	}
	if t, st, _, ok := b.segment(); ok {
		what = i18n.Sprintf(i18n.T("%s, %[3]s in %[2]s", "%s、%s の%s"), what, i18n.T(t.String(), t.Japanese()), st.Name())
	}
	return i18n.Sprintf(i18n.T(
		"This button belonged to %s, which is over or not yours now: nothing was done. Use the buttons of the latest message, or type the command.",
		"このボタンは %s のものです。それは終わったか、今はあなたのものではありません。何も実行していません。最新のメッセージのボタンを使うか、コマンドを入力してください。"), what)
}

// checkBinding refuses g when ctx carries a binding g does not match:
// another game, a side the presser does not play (in a game with
// players), or another segment.
func checkBinding(ctx context.Context, g *Game) error {
	v, _ := ctx.Value(bindKey{}).(bound)
	b := v.b
	if b == (Binding{}) {
		return nil
	}
	if g == nil || g.ID != b.Game {
		return &BindingError{b}
	}
	if b.Side != "" && !g.HotSeat() {
		if side, ok := g.SideOf(v.user); ok && side.String() != b.Side {
			return &BindingError{b}
		}
	}
	if b.Segment != "" && SegmentOf(g.State) != b.Segment {
		return &BindingError{b}
	}
	return nil
}
