// Package game is the rules engine of Reinforce the Right!: a State, the
// Orders players give, and Apply, which turns a state and an order into the
// next state and the Events it caused, or refuses the order with a reason
// in English and Japanese (*i18n.Error). It does no I/O, reads no clock and
// keeps no global state: a game is its seed, options and list of orders,
// and Replay rebuilds it exactly (State.Hash compares).
//
// # Refusals
//
// An order the rules do not allow is refused: Apply gives no state and an
// *i18n.Error, and the state it was given is unchanged. Every refusal has
// a stable kebab-case code ("rail-capacity", "not-your-turn", "enter-ezoc")
// and its English and Japanese texts, which live together in one
// catalogue, refusals.txt, embedded in the binary and grouped by rule. The
// engine refuses with refuse(code, args...): the arguments fill the format
// verbs, which both languages share (a Japanese text reorders them with
// %[n]s). RefusalCode(err) (or i18n.CodeOf) gives the code and
// RefusalCodes lists them all; tests and rule cases check the code, not
// the wording. Two kinds of entry frame another: the reasons a hex cannot
// be entered (enter-sea, enter-fortress...) are put in a sentence by
// cannotEnter ("cannot-enter"), and a position's mistakes
// (position-unknown-unit...) get the line number from ParsePosition
// ("position-line"); in both the refusal takes the inner entry's code. A
// test keeps the catalogue whole: both languages with the same verbs and
// nothing left out of the Japanese, every code the source uses present,
// every entry used. To add a refusal, add its entry to refusals.txt and
// call refuse with its code.
//
// Rule numbers in comments and tests are those of the rules summary
// (shared/seed/rules-ja.txt); where the rules are silent the engine follows
// the rulings of docs/rulings.md.
//
// Files, by the rules they hold (every file of the package is listed; a
// test keeps the list in step with the directory):
//
//	doc.go                this index
//	state.go              State, Unit, Step (the sequence of play 3.0), Box, Rules
//	order.go              Order, every Verb, the stable text form ("german move G-III 3024")
//	order_text.go         Order.Text: an order as players read it, in English and Japanese
//	event.go              Event and every EventKind: what happened, as values with a sentence in both languages
//	event_kinds.go        the readers' name of each EventKind, read from event_kinds.txt (14.1: what the fog leaves says)
//	event_kinds.txt       each kind of event named in English and Japanese
//	apply.go              New, Apply (the one dispatch over the verbs), Replay (18.0)
//	options.go            options as data: Opt constants, reading options.txt, checks, presets, void options (16.0, 18.0)
//	options.txt           the options and optional rules: code, side, VP, exclusions, texts
//	refusals.go           refuse and the refusal catalogue, why a hex cannot be entered
//	refusals.txt          the refusal catalogue: code, English, Japanese
//	position.go           the position text format (docs/positions.md) and Hash
//	query.go              the interface's questions: Actors, Check (and Destinations in movement.go)
//	sequence_of_play.go   ending steps, the turn, the event phase (3.0, 5.0)
//	command_control.go    command and control: HQ ranges, tracing, markers, AH units under AH HQs (4.0-4.4, 16.5, 18.1(13))
//	random_events.go      the random events table and its effects (5.0)
//	territory.go          countries, neutrality, fortresses, where a unit may be, zones of control (6.0, 12.7, 14.2)
//	memo.go               zones of control and occupied hexes found once and shared by a game's states (6.0)
//	stacking.go           the stacking limit and removals, AH and Italians apart (7.0, 18.1(13))
//	movement.go           movement costs and the movement search (8.0, 8.53, 16.1, 16.6, 16.7)
//	movement_sea.go       sea transport, assault landings, reinforcements landed by sea (16.3, 18.2(8))
//	rail.go               rail movement and withdrawal to the Russian Front (8.5, 11.7)
//	combat.go             attacks, odds, the nine results, losses, naval gunfire, AH and Italians apart (9.0-9.8, 12.5, 16.4, 18.1(13))
//	combat_delay.go       the delaying action: the defender's delay or stand (16.2)
//	retreat.go            retreats by the owner's orders (9.4)
//	reorganisation.go     splitting, merging, entrenching (10.0, 13.0)
//	reinforcements.go     reinforcements, and those the options bring or delay (11.1, 18.1(12), 18.1(13))
//	fortresses.go         siege guns and abandonment (12.4, 12.6)
//	russian_front.go      the Russian Front table, the MOVES #91 8th Army box (14.3, 18.1(2))
//	fog_of_war.go         what a side or the public sees, aerial reconnaissance (14.1, 14.12)
//	blindfold.go          the state as one side may know it, for computer players (14.1)
//	victory.go            VP as they happen and at the end, the level (15.0)
//	setup.go              setup orders and the default placement (17.1-17.5, 18.1(2), 18.1(3))
//	setup_reductions.go   the German starting forces sent east or removed (18.1(1), 18.1(7))
//	dice.go               the game's dice: DieRoll(seed, k), forced dice, Commitment (docs/dice.md)
//	selfplay.go           the self-play fuzzer (random legal orders, invariants)
package game
