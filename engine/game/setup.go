package game

import (
	"sort"
	"strings"

	"rtrbot/engine/board"
	"rtrbot/engine/hex"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// StackLimit is 2 corps = 4 division-equivalents per hex (7.0).
const StackLimit = 4

// unplaced lists a side's counters still to set up.
func (s *State) unplaced(side units.Side) []*units.Counter {
	var out []*units.Counter
	for i, u := range s.Units {
		if u.Box == Unplaced && s.Counter(i).Side() == side {
			out = append(out, s.Counter(i))
		}
	}
	return out
}

// Unplaced lists the counters the side to move still has to set up.
func (s *State) Unplaced() []*units.Counter { return s.unplaced(s.Player) }

// stackDE is the division-equivalents of side's units in h (7.0;
// fortresses are not units and do not count, 12.0).
func (s *State) stackDE(h hex.Hex, side units.Side) int {
	n := 0
	if is := s.sideIndexes(side); is != nil {
		for _, i := range is {
			if u := &s.Units[i]; u.At == h && u.Box == OnMap {
				n += s.Counter(i).DE
			}
		}
		return n
	}
	for i, u := range s.Units {
		if u.Box == OnMap && u.At == h && s.sideOf(i) == side {
			n += s.Counter(i).DE
		}
	}
	return n
}

// setupFits says whether the counter may set up in h by its instruction
// (17.2-17.5) and the stacking limit (7.0, 17.1), and why not.
func (s *State) setupFits(c *units.Counter, h hex.Hex) error {
	place, _ := c.SetupWhere()
	w, err := units.ParseWhere(place)
	if err != nil {
		return err
	}
	if err := s.setupPlace(c, w, h); err != nil {
		return err
	}
	de := s.stackDE(h, c.Side())
	if u := s.Units[c.Index]; u.Box == OnMap && u.At == h {
		de -= c.DE
	}
	if de+c.DE > StackLimit {
		return refuse("setup-stacking", h, de, c.ID, c.DE)
	}
	return nil
}

// setupPlace checks the instruction alone.
func (s *State) setupPlace(c *units.Counter, w units.Where, h hex.Hex) error {
	switch why, other := s.setupWhy(c, w, h); why {
	case placeOffMap:
		return refuse("hex-off-map", h)
	case placeClosed:
		return refuse("setup-sea-or-neutral", c.ID, h)
	case placeBarred:
		return cannotEnter(c.ID, h, s.mayEnter(c, h, bySetup))
	case placeCityTaken:
		return refuse("setup-city-taken", h, other.ID)
	case placeWrong:
		return refuse("setup-wrong-hex", c.ID, whereText(w), h)
	}
	return nil
}

const (
	placeOK = iota
	placeOffMap
	placeClosed
	placeBarred
	placeCityTaken
	placeWrong
)

func (s *State) setupWhy(c *units.Counter, w units.Where, h hex.Hex) (int, *units.Counter) {
	x, ok := s.hexAt(h)
	if !ok {
		return placeOffMap, nil
	}
	// Sea, a neutral country and, before mobilisation, Luxembourg for the
	// Germans (18.1(12)) are refused before the instruction is read; the
	// other hexes the unit may not be in (mayEnter) after it.
	switch s.closedTo(c.Side(), h, bySetup) {
	case whySea, whyNeutral:
		return placeClosed, nil
	case whySetupLuxembourg:
		return placeBarred, nil // refused with its own reason (18.1(12))
	}
	if handled, why := s.rightWing(c, w, x); handled {
		return why, nil
	}
	okPlace := false
	// 18.1(4), 18.2(2): free setup in own country.
	if s.Option(OptGermanFreeSetup) && c.Side() == units.German && s.Own(units.German, h) {
		okPlace = true
	}
	if s.Option(OptAlliedFreeSetup) && (c.Nation == units.FR || c.Nation == units.GB) && x.Country == board.France {
		okPlace = true
	}
	if s.Option(OptPlanMichel) && x.Country == board.France && planMichel(w) {
		for _, anchor := range []hex.Hex{{Col: 32, Row: 10}, {Col: 28, Row: 13}} { // Lille 3210, Maubeuge 2813
			if hex.Distance(anchor, h) <= 2 {
				okPlace = true
			}
		}
	}
	for _, a := range w.Areas {
		for _, name := range x.Setup {
			if name == a {
				okPlace = true
			}
		}
	}
	if w.Hex != "" && w.Hex == hexString(h) {
		okPlace = true
	}
	for _, country := range w.Countries {
		switch {
		case country == "DE" && s.Own(units.German, h): // Luxembourg is German (14.2)
			okPlace = true
		case country == "LU" && x.Country == board.Luxembourg && !s.Neutral(board.Luxembourg):
			okPlace = true
		case country == string(x.Country) && country != "DE":
			okPlace = true
		}
	}
	if w.CityOf != "" && x.City && string(x.Country) == w.CityOf {
		okPlace = true
		for _, o := range s.UnitsAt(h, c.Side()) {
			if ow, _ := units.ParseWhere(o.Where); o != c && o.Role == units.Setup && ow.CityOf == w.CityOf {
				return placeCityTaken, o
			}
		}
	}
	if okPlace && c.Nation == units.NL && s.borderHex(h) {
		return placeWrong, nil // 18.1(7): at least 1 hex from the Dutch border
	}
	if !okPlace {
		return placeWrong, nil
	}
	if s.mayEnter(c, h, bySetup) != whyNone {
		return placeBarred, nil // no unit sets up where it may not be
	}
	return placeOK, nil
}

func whereText(w units.Where) i18n.Text {
	var en, ja []string
	for _, a := range w.Areas {
		en = append(en, "in setup area "+a)
		ja = append(ja, "配置地域 "+a+" 内")
	}
	if w.Hex != "" {
		en = append(en, "in hex "+w.Hex)
		ja = append(ja, "ヘクス "+w.Hex)
	}
	countryJA := map[string]string{"FR": "仏領", "LU": "ルクセンブルク領", "BE": "ベルギー領", "NL": "オランダ領"}
	for _, c := range w.Countries {
		if c == "DE" {
			en = append(en, "anywhere in Germany or Luxembourg")
			ja = append(ja, "独領またはルクセンブルク領内のどこでも")
		} else {
			en = append(en, "anywhere in "+c)
			ja = append(ja, countryJA[c]+"内のどこでも")
		}
	}
	if w.CityOf != "" {
		en = append(en, "in any "+w.CityOf+" city, one per hex")
		ja = append(ja, "任意の"+countryJA[w.CityOf]+"都市 (各ヘクスに1個)")
	}
	return i18n.T(strings.Join(en, " or "), strings.Join(ja, "、または"))
}

func (s *State) applyPlace(o Order) (*State, []Event, error) {
	if s.Step != SetupStep {
		return nil, nil, refuse("place-wrong-step", s.Phase())
	}
	c, err := s.oneUnit(o)
	if err != nil {
		return nil, nil, err
	}
	if c.Side() != s.Player {
		return nil, nil, refuse("place-not-your-unit", c.ID, c.Side().Name(), s.Player.Name())
	}
	if len(o.Hexes) != 1 {
		return nil, nil, s.withSetupHexes(refuse("place-no-hex", c.ID), c)
	}
	if s.westExtra(c) {
		return s.placeExtra(c, o.Hexes)
	}
	box := s.Units[c.Index].Box
	_, sets := c.SetupWhere()
	undo := (box == Russia || box == Out) && c.Role == units.Setup && c.Side() == units.German && s.reductionOption()
	if box != Unplaced && !(box == OnMap && sets) && !undo {
		return nil, nil, refuse("place-not-in-setup", c.ID)
	}
	h := o.Hexes[0]
	if err := s.setupFits(c, h); err != nil {
		return nil, nil, s.withSetupHexes(err, c)
	}
	n := s.clone()
	n.Units[c.Index] = Unit{Box: OnMap, At: h}
	e := ev(EvPlaced, c.Side(), tr("%s set up in %s.", "%s を %s に配置。", c.ID, h))
	e.Units, e.Hexes = []string{c.ID}, []hex.Hex{h}
	return n, []Event{e}, nil
}

// applyAutoSetup places every unplaced unit of the side by a default
// placement: fixed hexes first, then the biggest units, each in the hex of
// its instruction holding the fewest units (ties: nearest its preferred
// hex, then hex order), so that armies spread over their areas.
func (s *State) applyAutoSetup() (*State, []Event, error) {
	if s.Step != SetupStep {
		return nil, nil, refuse("autosetup-wrong-step")
	}
	n := s.clone()
	var evs []Event
	if n.Player == units.German && n.reductionDone() != nil {
		n.autoReduce(&evs) // 18.1(1), 18.1(7)
	}
	if n.Option(OptRightWing) && n.Player == units.German {
		evs = append(evs, n.autoRightWing()...)
	}
	// Sea and neutral hexes are closed to every setup (setupWhy): the
	// search looks at the others only.
	var hexes []*board.Hex
	for _, x := range s.allHexes() {
		if x.Terrain != board.Sea && !n.Neutral(x.Country) {
			hexes = append(hexes, x)
		}
	}
	de := n.sideDE(n.Player)
	// Options under which a unit may set up outside its instruction.
	anyHex := n.Option(OptGermanFreeSetup) || n.Option(OptAlliedFreeSetup) || n.Option(OptPlanMichel) || n.Option(OptRightWing)
	for _, k := range n.setupQueue() {
		c, w := k.c, k.w
		best := n.setupHex(c, w, hexes, de, anyHex)
		if best == hex.None {
			return nil, nil, refuse("setup-no-room", c.ID, whereText(w))
		}
		de.add(best, c.DE)
		n.Units[c.Index] = Unit{Box: OnMap, At: best}
		e := ev(EvPlaced, c.Side(), tr("%s set up in %s.", "%s を %s に配置。", c.ID, best))
		e.Units, e.Hexes = []string{c.ID}, []hex.Hex{best}
		evs = append(evs, e)
	}
	return n, evs, nil
}

// queuedSetup is a counter to set up with its instruction, read once.
type queuedSetup struct {
	c             *units.Counter
	w             units.Where
	hexed, citied bool
}

// setupQueue is the order of the default placement: the side's unplaced
// counters with a fixed hex first, then those set up in a city, then the
// biggest.
func (s *State) setupQueue() []queuedSetup {
	var left []queuedSetup
	for _, c := range s.unplaced(s.Player) {
		place, _ := c.SetupWhere()
		w, _ := units.ParseWhere(place)
		left = append(left, queuedSetup{c: c, w: w, hexed: w.Hex != "", citied: w.CityOf != ""})
	}
	sort.SliceStable(left, func(i, j int) bool {
		if left[i].hexed != left[j].hexed {
			return left[i].hexed
		}
		if left[i].citied != left[j].citied {
			return left[i].citied
		}
		return left[i].c.DE > left[j].c.DE
	})
	return left
}

// deGrid is a side's division-equivalents per hex, over the dense grid (a
// hex off the grid holds none and is never chosen: setupWhy).
type deGrid struct {
	grid marks
	de   []int
}

func (s *State) sideDE(side units.Side) deGrid {
	g := deGrid{grid: s.newMarks()}
	g.de = make([]int, len(g.grid.b))
	for i, u := range s.Units {
		if u.Box == OnMap && s.Counter(i).Side() == side {
			g.add(u.At, s.Counter(i).DE)
		}
	}
	return g
}

func (g deGrid) at(h hex.Hex) int {
	if i := g.grid.idx(h); i >= 0 {
		return g.de[i]
	}
	return 0
}

func (g deGrid) add(h hex.Hex, de int) {
	if i := g.grid.idx(h); i >= 0 {
		g.de[i] += de
	}
}

// setupHex is where the default placement puts counter c of instruction
// w: its hint when it fits there, otherwise the hex it fits in holding
// the fewest of its side's division-equivalents, then nearest the hint;
// hex.None if it fits nowhere. anyHex says an option lets it set up
// outside its instruction.
func (s *State) setupHex(c *units.Counter, w units.Where, hexes []*board.Hex, de deGrid, anyHex bool) hex.Hex {
	var hint hex.Hex
	if w.Hint != "" {
		hint, _ = hex.Parse(w.Hint)
	}
	fits := func(h hex.Hex) bool {
		if de.at(h)+c.DE > StackLimit {
			return false
		}
		why, _ := s.setupWhy(c, w, h)
		return why == placeOK
	}
	if hint != hex.None && fits(hint) {
		return hint
	}
	// A hex that would not beat the best found so far is not asked whether
	// the unit fits there (fits reads, never writes): the choice is the
	// same, asked of fewer hexes.
	best, bestDE, bestD := hex.None, 0, 0
	for _, x := range hexes {
		d := 0
		if hint != hex.None {
			d = hex.Distance(hint, x.At)
		}
		xde := de.at(x.At)
		if best != hex.None && !(xde < bestDE || (xde == bestDE && d < bestD)) {
			continue
		}
		if (anyHex || mayPlace(w, x)) && fits(x.At) {
			best, bestDE, bestD = x.At, xde, d
		}
	}
	return best
}

// mayPlace is false where setupWhy cannot say placeOK for an instruction
// w, whatever the counter, when none of the options that open other hexes
// is in force (18.1(3), 18.1(4), 18.2(1), 18.2(2)): only a hex of the
// instruction's areas, its hex, its countries or its city is right. The
// default placement asks setupWhy of the others no more
// (TestMayPlaceKeepsEverySetupHex keeps the two in step).
func mayPlace(w units.Where, x *board.Hex) bool {
	for _, a := range w.Areas {
		for _, name := range x.Setup {
			if name == a {
				return true
			}
		}
	}
	if w.Hex != "" && w.Hex == hexString(x.At) {
		return true
	}
	for _, country := range w.Countries {
		if country == string(x.Country) || (country == "DE" && (x.Country == board.Germany || x.Country == board.Luxembourg)) {
			return true
		}
	}
	return w.CityOf != "" && x.City && string(x.Country) == w.CityOf
}

func hexString(h hex.Hex) string {
	b := [4]byte{byte('0' + h.Col/10%10), byte('0' + h.Col%10), byte('0' + h.Row/10%10), byte('0' + h.Row%10)}
	return string(b[:])
}

// planMichel: the units of the French 4th and 5th Armies (18.2(1)).
func planMichel(w units.Where) bool {
	for _, a := range w.Areas {
		if a == "FR-4A" || a == "FR-5A" {
			return true
		}
	}
	return false
}

// The right wing option 18.1(3): one active corps each of the 5th, 6th and
// 7th Armies sets up in the 1st, 2nd and 3rd Armies' areas, one in each; the
// 6th Army's siege train in one of those areas.
var (
	wingFrom = []string{"DE-5A", "DE-6A", "DE-7A"}
	wingTo   = []string{"DE-1A", "DE-2A", "DE-3A"}
)

func areaIn(areas []string, list []string) string {
	for _, a := range areas {
		for _, b := range list {
			if a == b {
				return a
			}
		}
	}
	return ""
}

// wingTransfers maps each source army's area to the target area its
// transferred corps stands in.
func (s *State) wingTransfers(skip *units.Counter) map[string]string {
	out := map[string]string{}
	for i, u := range s.Units {
		c := s.Counter(i)
		if u.Box != OnMap || c == skip || c.Type != units.Active || c.Size != units.Corps || c.Role != units.Setup {
			continue
		}
		w, _ := units.ParseWhere(c.Where)
		from := areaIn(w.Areas, wingFrom)
		x, _ := s.hexAt(u.At)
		if to := areaIn(x.Setup, wingTo); from != "" && to != "" {
			out[from] = to
		}
	}
	return out
}

// rightWing decides placements the option changes; handled is false for
// the others.
func (s *State) rightWing(c *units.Counter, w units.Where, x *board.Hex) (handled bool, why int) {
	if !s.Option(OptRightWing) || c.Side() != units.German {
		return false, placeOK
	}
	to := areaIn(x.Setup, wingTo)
	if c.Type == units.Siege && areaIn(w.Areas, []string{"DE-6A"}) != "" {
		if to == "" {
			return true, placeWrong
		}
		return true, placeOK
	}
	from := areaIn(w.Areas, wingFrom)
	if from == "" || c.Type != units.Active || c.Size != units.Corps || to == "" {
		return false, placeOK
	}
	for f, t := range s.wingTransfers(c) {
		if f == from || t == to {
			return true, placeWrong // one from each army, one into each area
		}
	}
	return true, placeOK
}

// rightWingDone says what 18.1(3) still requires at the end of setup.
func (s *State) rightWingDone() error {
	if !s.Option(OptRightWing) || s.Player != units.German {
		return nil
	}
	if n := len(s.wingTransfers(nil)); n < 3 {
		return refuse("setup-right-wing", n)
	}
	return nil
}

// autoRightWing makes the default choice of 18.1(3): the first active corps
// of the 5th Army to the 1st Army's area, of the 6th to the 2nd, of the 7th
// to the 3rd, each in the area's emptiest hex.
func (s *State) autoRightWing() []Event {
	var evs []Event
	for k, from := range wingFrom {
		done := s.wingTransfers(nil)
		if _, ok := done[from]; ok {
			continue
		}
		taken := false
		for _, t := range done {
			taken = taken || t == wingTo[k]
		}
		if taken {
			continue
		}
		for _, c := range s.unplaced(units.German) {
			w, _ := units.ParseWhere(c.Where)
			if c.Type != units.Active || c.Size != units.Corps || areaIn(w.Areas, []string{from}) == "" {
				continue
			}
			best, bestDE := hex.None, 0
			for _, x := range s.allHexes() {
				if areaIn(x.Setup, []string{wingTo[k]}) == "" {
					continue
				}
				if de := s.stackDE(x.At, units.German); de+c.DE <= StackLimit && (best == hex.None || de < bestDE) {
					best, bestDE = x.At, de
				}
			}
			if best != hex.None {
				s.Units[c.Index] = Unit{Box: OnMap, At: best}
				e := ev(EvPlaced, units.German, tr("%s set up in %s (18.1(3): the right wing).", "%s を %s に配置 (18.1(3): 右翼を強化)。", c.ID, best))
				e.Units, e.Hexes = []string{c.ID}, []hex.Hex{best}
				evs = append(evs, e)
			}
			break
		}
	}
	return evs
}

// borderHex reports whether a land hex of another country touches h.
func (s *State) borderHex(h hex.Hex) bool {
	x, _ := s.hexAt(h)
	for _, n := range h.Neighbors() {
		if y, ok := s.hexAt(n); ok && y.Terrain != board.Sea && y.Country != x.Country {
			return true
		}
	}
	return false
}

// 18.1(2): up to 10 more attack strength of German units of any type in
// any German setup area. The extra units are counters not in play (spares
// and free breakdown divisions), placed during the German setup.

// westExtra reports whether placing c is such an addition (or moving one).
func (s *State) westExtra(c *units.Counter) bool {
	if !s.Option(OptWestOffensive) || c.Side() != units.German || s.Player != units.German {
		return false
	}
	return s.boxExtra(c, s.Units[c.Index]) // russian_front.go: spares, or the MOVES #91 box
}

// extraAttack is the attack of the additions placed so far (but skip).
func (s *State) extraAttack(skip *units.Counter) int {
	n := 0
	for i, u := range s.Units {
		c := s.Counter(i)
		if u.Box == OnMap && c != skip && c.Side() == units.German && s.boxExtra(c, u) {
			n += c.Attack
		}
	}
	return n
}

func (s *State) placeExtra(c *units.Counter, hs []hex.Hex) (*State, []Event, error) {
	h := hs[0]
	x, ok := s.hexAt(h)
	if !ok || !strings.HasPrefix(areaIn(x.Setup, []string{"DE-1A", "DE-2A", "DE-3A", "DE-4A", "DE-5A", "DE-6A", "DE-7A"}), "DE-") {
		return nil, nil, refuse("setup-extra-area", h)
	}
	if a := s.extraAttack(c); a+c.Attack > 10 {
		return nil, nil, refuse("setup-extra-strength", a, c.ID, c.Attack)
	}
	if de := s.stackDE(h, units.German); de+c.DE > StackLimit && !(s.Units[c.Index].Box == OnMap && s.Units[c.Index].At == h) {
		return nil, nil, refuse("setup-stacking", h, de, c.ID, c.DE)
	}
	n := s.clone()
	n.Units[c.Index] = Unit{Box: OnMap, At: h}
	e := ev(EvPlaced, units.German, tr("%s set up in %s as an addition of 18.1(2) (%d of 10 attack).", "%s を 18.1(2) の追加として %s に配置 (攻撃力 %d/10)。", c.ID, h, n.extraAttack(nil)))
	e.Units, e.Hexes = []string{c.ID}, []hex.Hex{h}
	return n, []Event{e}, nil
}

// SetupHexes are the hexes where c may set up now (17.2-17.5): its
// instruction's hexes, free of a city's other unit and within the
// stacking limit (7.0), in hex order.
func (s *State) SetupHexes(c *units.Counter) []hex.Hex {
	if _, sets := c.SetupWhere(); !sets || c.Side() != s.Player || s.Step != SetupStep {
		return nil
	}
	var out []hex.Hex
	for _, x := range s.allHexes() {
		if s.setupFits(c, x.At) == nil {
			out = append(out, x.At)
		}
	}
	sort.Slice(out, func(i, j int) bool { return hex.Less(out[i], out[j]) })
	return out
}

// setupHexesShown is how many of a unit's setup hexes a refusal lists.
const setupHexesShown = 20

// withSetupHexes adds to a refused placement where the unit may set up:
// every hex if they are few, else the first setupHexesShown and the count.
func (s *State) withSetupHexes(err error, c *units.Counter) error {
	e, ok := err.(*i18n.Error)
	if !ok {
		return err
	}
	hs := s.SetupHexes(c)
	var more error
	switch {
	case len(hs) == 0:
		more = refuse("setup-hexes-none", c.ID)
	case len(hs) == 1:
		more = refuse("setup-hex-one", c.ID, joinHexList(hs))
	case len(hs) <= setupHexesShown:
		more = refuse("setup-hexes", c.ID, len(hs), joinHexList(hs))
	default:
		more = refuse("setup-hexes-some", c.ID, len(hs), setupHexesShown, joinHexList(hs[:setupHexesShown]))
	}
	m := more.(*i18n.Error).Text
	return &i18n.Error{Code: e.Code, Text: i18n.Sprintf(i18n.T("%s %s", "%s %s"), e.Text, m)}
}

func joinHexList(hs []hex.Hex) string {
	out := make([]string, len(hs))
	for i, h := range hs {
		out[i] = h.String()
	}
	return strings.Join(out, " ")
}
