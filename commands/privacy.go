package commands

// Whether a command's answer is private is decided before the command
// runs, from the command and its options alone: on Discord a deferred
// answer ("thinking…") takes its visibility when it is sent, before the
// answer exists, so the visibility cannot be learnt from the answer.
//
// The rule: orders and everything about one's own side (its units, its
// map, its moves, its secret choices, its game file) are private, and so
// is every refusal (a Fail is always private, whatever the command);
// what everyone may see (the map in public, the status, the companion's
// rolls, announcements) is public. A command missing here is private:
// TestEveryCommandHasAVisibility keeps the table complete.

// visibility says, for a command's path, whether its answer is private
// given the request's options.
var visibility = map[string]func(req *Request) bool{
	// Orders and a side's own information.
	"place": always, "move": always, "moves": always, "rail": always, "reorg split": always,
	"reorg merge": always, "reorg entrench": always, "reorg mobile": always, "reinforce": always,
	"withdraw": always, "remove": always, "attack": always, "retreat": always, "bombard": always,
	"recon": always, "abandon": always, "delay": always, "stand": always, "sea": always, "orders": always, "end": always, "undo": always,
	"units": always, "game setup": always, "game check": always, "game position": always,
	"game orders": always, "game fix": always, "game choose": always, "game confirm": always,
	"game export": always, "game log": always,
	// The operator's answers name files and damaged games.
	"admin backup": always, "admin check": always, "admin repair": always, "admin games": always, "admin delete": always,
	// /help is read by the one who asks.
	"help": always,
	// What everyone may see.
	"game new": replacing, "game load": replacing, "game options": never, "game status": never,
	"game join": never, "game players": never, "game pause": never, "game resume": never,
	"game replace": never, "game resign": unconfirmed, "game abandon": unconfirmed, "game referee": never,
	"game list": never, "game deadline": never, "game settings": never, "game import": never,
	"hex": never, "roll": never, "event": never, "russia": never, "combat": never, "siege": never,
	"log recent": never, "log export": never, "log seed": never, "log reveal": never,
	"log verify": never, "log stats": never,
	// Tournaments are public matters, and so are their refusals' subjects.
	"tournament new": never, "tournament join": never, "tournament withdraw": never, "tournament checkin": never,
	"tournament start": never, "tournament pairings": never, "tournament report": never, "tournament confirm": never,
	"tournament next": never, "tournament standings": never, "tournament export": never, "tournament drop": never,
	"tournament fix": never, "tournament pair": never, "tournament extend": never, "tournament missing": never, "ladder": never,
	// A bid is secret until both are in.
	"tournament bid": always,
	// The map is public unless it shows one's own side: view:mine, or
	// where one's unit may move.
	"map": func(req *Request) bool { return req.Opt("view") == "mine" || req.Has("unit") },
	// A replay is public in the public view; a side's view (after the
	// game, for its players) is answered to its asker only.
	"replay": func(req *Request) bool { return req.Opt("view") == "german" || req.Opt("view") == "allied" },
	// The balance, a bid and a finished game's story come from results
	// the ladder shows anyway; the story is told only after the game.
	"stats balance": never, "stats bid": never, "stats game": never,
	// A vacation is news for both sides; with no option it tells the
	// asker's own bank.
	"vacation": func(req *Request) bool { return !req.Has("days") && req.Opt("end") != "true" },
	// One's own settings.
	"me": always,
	// An adjudication asked for, agreed and its result are news for both
	// sides and the spectators (its refusals are private, as every one).
	"computer adjudicate": never,
	// The computer's account holds only what the channel may see.
	"computer explain": never,
	// A hint is its side's plan, for its asker alone; a finished game's
	// analysis is read by anyone, like its story (refused while it runs).
	"computer hint": always, "computer analysis": never,
}

func always(*Request) bool { return true }

// replacing is the visibility of /game new and /game load: the question
// asked before replace:true ends a running game is private, the new game
// public.
func replacing(req *Request) bool { return req.Opt("replace") == "true" && !confirmed(req) }
func never(*Request) bool         { return false }

// PublicAnswer and PrivateAnswer are Command.Private for a command whose
// answer is always public, or always private.
var (
	PublicAnswer  = never
	PrivateAnswer = always
)

// decideVisibility gives each of the bot's commands its visibility from
// the table above.
func decideVisibility(rt *Router) {
	var walk func(prefix string, cs []*Command)
	walk = func(prefix string, cs []*Command) {
		for _, c := range cs {
			if len(c.Sub) > 0 {
				walk(prefix+c.Name+" ", c.Sub)
			} else if v, ok := visibility[prefix+c.Name]; ok && c.Private == nil {
				c.Private = v
			}
		}
	}
	walk("", rt.Commands())
}

// Private says whether the answer to req is private, before it runs: the
// command's own Private, and private when it has none or is unknown.
// A request the router will refuse before its command runs (an unknown
// command or subcommand, a missing subcommand, an unknown or missing
// option, a value that is not a number or not among the choices) is
// private whatever the command's visibility: every refusal is.
func (rt *Router) Private(req *Request) bool {
	c := rt.Find(req.Path)
	if c == nil || c.Handler == nil || c.Private == nil {
		return true
	}
	// Decided on the options as the command will read them (normalised),
	// on a copy: the request itself is the command's.
	n := *req
	normalise(&n)
	opts := make(map[string]string, len(n.Options))
	for k, v := range n.Options {
		opts[k] = v
	}
	n.Options = opts
	if checkOptions(c, &n) != "" {
		return true
	}
	return c.Private(&n)
}
