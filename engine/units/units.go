// Package units is the counters of Reinforce the Right!: unit types with
// their values, nationalities and sides, and the counter manifest (every
// counter of the game with its historical name, how it enters the game and,
// for a corps, its two breakdown divisions). The rules give no printed
// counter values: data/types.tsv and data/counters.tsv are a reconstruction
// a club can edit to match its printed counters (docs/counters.md).
package units

import (
	"fmt"
	"strings"

	"rtrbot/i18n"
)

// Side is one of the two players.
type Side int

const (
	German Side = iota // the German player: Germans, Bavarians, Austro-Hungarians, Italians
	Allied             // the Allied player: French, British, Belgians, Dutch
)

// Other returns the opposing side.
func (s Side) Other() Side { return 1 - s }

func (s Side) String() string {
	if s == German {
		return "german"
	}
	return "allied"
}

// Name is the side's name for players.
func (s Side) Name() i18n.Text {
	if s == German {
		return i18n.T("German", "独軍")
	}
	return i18n.T("Allied", "連合軍")
}

// ParseSide reads "german"/"de"/"g" or "allied"/"al"/"a".
func ParseSide(s string) (Side, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "german", "germans", "de", "g", "central":
		return German, nil
	case "allied", "allies", "al", "a", "entente":
		return Allied, nil
	}
	return German, fmt.Errorf("%q is not a side: write german or allied", s)
}

// Nation is a counter's nationality (2.4).
type Nation string

const (
	DE Nation = "DE" // German
	BY Nation = "BY" // Bavarian (2.4: white and blue)
	AH Nation = "AH" // Austro-Hungarian
	IT Nation = "IT" // Italian
	FR Nation = "FR" // French
	GB Nation = "GB" // British
	BE Nation = "BE" // Belgian
	NL Nation = "NL" // Dutch
)

// Nations lists every nationality.
var Nations = []Nation{DE, BY, AH, IT, FR, GB, BE, NL}

// Side is the player who commands the nation (2.4).
func (n Nation) Side() Side {
	switch n {
	case DE, BY, AH, IT:
		return German
	}
	return Allied
}

// Valid reports whether n is a known nationality.
func (n Nation) Valid() bool {
	for _, x := range Nations {
		if x == n {
			return true
		}
	}
	return false
}

// nationNames name the nationalities for players.
var nationNames = map[Nation]i18n.Text{
	DE: i18n.T("German", "独軍"),
	BY: i18n.T("Bavarian", "ババリア軍"),
	AH: i18n.T("Austro-Hungarian", "墺軍"),
	IT: i18n.T("Italian", "伊軍"),
	FR: i18n.T("French", "仏軍"),
	GB: i18n.T("British", "英軍"),
	BE: i18n.T("Belgian", "ベルギー軍"),
	NL: i18n.T("Dutch", "オランダ軍"),
}

// Name is the nationality for players (an unknown one by its code).
func (n Nation) Name() i18n.Text { return i18n.Named(nationNames, n, i18n.T(string(n), string(n))) }

// Kin reports whether units of nations a and b may combine into one corps
// or split into each other's divisions (10.0: same nationality, Bavarians
// with Germans, never Italians with either).
func Kin(a, b Nation) bool {
	if a == b {
		return true
	}
	return (a == DE && b == BY) || (a == BY && b == DE)
}

// Type is a unit type (the rules' names: 突撃, 現役, 予備, ...).
type Type string

const (
	Assault    Type = "assault"    // 突撃
	Active     Type = "active"     // 現役
	Reserve    Type = "reserve"    // 予備
	Infantry   Type = "infantry"   // Belgian and Dutch infantry (歩兵)
	Landwehr   Type = "landwehr"   // 後備
	Cavalry    Type = "cavalry"    // 騎兵
	Dismounted Type = "dismounted" // 下馬騎兵
	Light      Type = "light"      // 軽歩兵 (16.6)
	Marine     Type = "marine"     // 海兵
	Armoured   Type = "armoured"   // 装甲車 (16.7)
	Siege      Type = "siege"      // 攻城砲 (12.6)
	HQ         Type = "hq"         // HQ
)

var typeNames = map[Type]i18n.Text{
	Assault:    i18n.T("assault", "突撃"),
	Active:     i18n.T("active", "現役"),
	Reserve:    i18n.T("reserve", "予備"),
	Infantry:   i18n.T("infantry", "歩兵"),
	Landwehr:   i18n.T("Landwehr/territorial", "後備"),
	Cavalry:    i18n.T("cavalry", "騎兵"),
	Dismounted: i18n.T("dismounted cavalry", "下馬騎兵"),
	Light:      i18n.T("light infantry", "軽歩兵"),
	Marine:     i18n.T("marine", "海兵"),
	Armoured:   i18n.T("armoured car", "装甲車"),
	Siege:      i18n.T("siege artillery", "攻城砲"),
	HQ:         i18n.T("HQ", "HQ"),
}

// Name is the type for players.
func (t Type) Name() i18n.Text { return i18n.Named(typeNames, t, i18n.T(string(t), string(t))) }

// Valid reports whether t is a known type.
func (t Type) Valid() bool { _, ok := typeNames[t]; return ok }

// Size is corps, division (brigades count as divisions) or HQ.
type Size string

const (
	Corps    Size = "corps"
	Division Size = "div"
	HQSize   Size = "hq"
)

// Moves is how a unit pays for terrain.
type Moves string

const (
	NormalMoves   Moves = "normal"
	LightMoves    Moves = "light"    // 16.6: rough, forest, marsh 1; mountain 2
	ArmouredMoves Moves = "armoured" // 16.7: rough, forest, marsh 3; mountain only along rail
	SiegeMoves    Moves = "siege"    // design: rough and mountain only along rail (9.0 mentions such units)
)

// Values are the printed numbers of a counter.
type Values struct {
	Attack, Defence, Move int
	Trench                int // defence on the trench side; 0 = no trench side (13.3)
	DE                    int // division-equivalents (7.0)
	VP                    int // to the enemy when eliminated (15.22)
	Range                 int // HQ command range (4.3); 0 for other units
	Moves                 Moves
}

// CanEntrench reports whether the counter has a trench side (13.3).
func (v Values) CanEntrench() bool { return v.Trench > 0 }

// Role is how a counter comes into play.
type Role string

const (
	Setup     Role = "setup"     // placed at the start (17.2-17.5)
	Reinf     Role = "reinf"     // a named reinforcement, no earlier than Arrives
	Spare     Role = "spare"     // a generic replacement counter
	Breakdown Role = "breakdown" // a corps' division counter (10.0)
	Option    Role = "option"    // only with a scenario option (18.x)
	Event     Role = "event"     // enters by a random event (5.0)
)

// Counter is one counter of the game.
type Counter struct {
	Index  int // position in the manifest; the game's state is indexed by it
	ID     string
	Name   string
	Nation Nation
	Type   Type
	Size   Size
	Role   Role
	// Where is the setup instruction (Role Setup), the turn label (Reinf),
	// the option or event (Option, Event).
	Where string
	// Parts are a corps' breakdown divisions; Parent is a breakdown
	// division's corps.
	Parts  []string
	Parent string
	Values
}

// Side is the player who owns the counter.
func (c *Counter) Side() Side { return c.Nation.Side() }

// IsCorps reports whether the counter is a corps.
func (c *Counter) IsCorps() bool { return c.Size == Corps }

// Label is "G-III (III. Armeekorps)".
func (c *Counter) Label() string { return c.ID + " (" + c.Name + ")" }

// Describe is "G-III III. Armeekorps, German assault corps 8-6-4".
func (c *Counter) Describe() i18n.Text {
	size := i18n.T("division", "師団")
	switch c.Size {
	case Corps:
		size = i18n.T("corps", "軍団")
	case HQSize:
		size = i18n.T("", "")
	}
	kind := i18n.Sprintf(i18n.T("%s %s %s", "%s%s%s"), c.Nation.Name(), c.Type.Name(), size)
	kind.EN = strings.TrimSpace(kind.EN) // an HQ has no size
	v := fmt.Sprintf("%d-%d-%d", c.Attack, c.Defence, c.Move)
	return i18n.Sprintf(i18n.T("%s %s, %s %s", "%s %s、%s %s"), c.ID, c.Name, kind, v)
}
