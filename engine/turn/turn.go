// Package turn is the game's calendar: sixteen one-week game turns from
// August I to November IV 1914 (rules 1.0: "8月I週～11月IV週、全16GT").
// GT 1 is August I, GT 2 August II, ..., GT 16 November IV.
package turn

import (
	"fmt"
	"strings"
)

// Turn is a game turn number, 1 (Aug I) to 16 (Nov IV); 0 is "none".
type Turn int

// First and Last bound the calendar.
const (
	First Turn = 1
	Last  Turn = 16
)

var months = [...]string{"Aug", "Sep", "Oct", "Nov"}
var monthsJA = [...]string{"8月", "9月", "10月", "11月"}
var weeks = [...]string{"I", "II", "III", "IV"}

// Valid reports whether t is a turn of the calendar.
func (t Turn) Valid() bool { return t >= First && t <= Last }

// Month is 0 for August .. 3 for November.
func (t Turn) Month() int { return int(t-1) / 4 }

// Week is 1..4 within the month.
func (t Turn) Week() int { return int(t-1)%4 + 1 }

// String prints "Aug II".
func (t Turn) String() string {
	if !t.Valid() {
		return fmt.Sprintf("GT%d", int(t))
	}
	return months[t.Month()] + " " + weeks[t.Week()-1]
}

// Japanese prints "8月II".
func (t Turn) Japanese() string {
	if !t.Valid() {
		return fmt.Sprintf("第%dGT", int(t))
	}
	return monthsJA[t.Month()] + weeks[t.Week()-1]
}

// Parse reads "Aug II", "Aug-II", "aug2", "GT3" or "3".
func Parse(s string) (Turn, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	t = strings.Map(func(r rune) rune { // "-", " " and "_" are dropped
		if r == '-' || r == ' ' || r == '_' {
			return -1
		}
		return r
	}, t)
	if strings.HasPrefix(t, "gt") {
		t = t[2:]
	}
	var n int
	if _, err := fmt.Sscanf(t, "%d", &n); err == nil && fmt.Sprint(n) == t {
		if Turn(n).Valid() {
			return Turn(n), nil
		}
		return 0, fmt.Errorf("turn %q is out of range: turns run from 1 (Aug I) to 16 (Nov IV)", s)
	}
	for m, name := range months {
		p := strings.ToLower(name)
		if !strings.HasPrefix(t, p) {
			continue
		}
		w := t[len(p):]
		for i, roman := range []string{"i", "ii", "iii", "iv"} {
			if w == roman || w == fmt.Sprint(i+1) {
				return Turn(m*4 + i + 1), nil
			}
		}
	}
	return 0, fmt.Errorf("%q is not a game turn: write the month and week, e.g. \"Aug II\" or \"Sep IV\" (or GT1..GT16)", s)
}
