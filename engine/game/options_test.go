package game

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"rtrbot/engine/units"
)

// optionLiteral is what a string naming an option looks like: 18.1(n),
// 18.1(1)a, 18.2(n), 18.3, 16.n, M91-word, with or without "no-".
var optionLiteral = regexp.MustCompile(`^(no-)?(18\.[12]\(\d+\)([a-d]|M91)?|18\.3|16\.\d|M91-[a-z]+)$`)

// options.txt and the code are in step: the file reads without problems;
// every constant of type Opt is in the file under its own name, and every
// option of the file has its constant; no Go file of the engine, the games
// service or the commands writes an option's code the file lacks, and the
// engine asks Option only with constants.
func TestOptionsFile(t *testing.T) {
	for _, p := range optionProblems {
		t.Error(p)
	}
	if len(optionDefs) < 35 {
		t.Fatalf("read only %d options from options.txt", len(optionDefs))
	}
	fset := token.NewFileSet()
	consts := map[string]string{} // name -> code
	var literals []string         // "file:line code"
	var asked []string            // Option("...") with a literal
	err := filepath.WalkDir("../..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "testdata", ".git", "node_modules":
				return filepath.SkipDir
			}
			return nil
		}
		rel, _ := filepath.Rel("../..", path)
		top, _, _ := strings.Cut(filepath.ToSlash(rel), "/")
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || (top != "engine" && top != "games" && top != "commands") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(fset, path, src, 0)
		if err != nil {
			return err
		}
		inGame := filepath.ToSlash(filepath.Dir(rel)) == "engine/game"
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ValueSpec:
				if id, ok := n.Type.(*ast.Ident); inGame && ok && id.Name == "Opt" {
					for i, name := range n.Names {
						if lit, ok := n.Values[i].(*ast.BasicLit); ok {
							v, _ := strconv.Unquote(lit.Value)
							consts[name.Name] = v
						}
					}
				}
			case *ast.BasicLit:
				if n.Kind == token.STRING {
					if v, err := strconv.Unquote(n.Value); err == nil && optionLiteral.MatchString(v) {
						literals = append(literals, fset.Position(n.Pos()).String()+" "+v)
					}
				}
			case *ast.CallExpr:
				if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Option" && len(n.Args) == 1 {
					if lit, ok := n.Args[0].(*ast.BasicLit); ok {
						asked = append(asked, fset.Position(n.Pos()).String()+" "+lit.Value)
					}
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(consts) < 35 {
		t.Fatalf("found only %d Opt constants", len(consts))
	}
	for name, code := range consts {
		d, ok := LookupOption(code)
		switch {
		case !ok:
			t.Errorf("constant %s names %q, which options.txt lacks", name, code)
		case d.Const != name && !d.Preset:
			t.Errorf("constant %s names %s, whose const in options.txt is %s", name, code, d.Const)
		}
	}
	for _, d := range optionDefs {
		if d.Preset {
			if consts["Preset"+presetName(d.Code)] != string(d.Code) {
				t.Errorf("preset %s has no constant Preset%s", d.Code, presetName(d.Code))
			}
			continue
		}
		if consts[d.Const] != string(d.Code) {
			t.Errorf("options.txt:%d: %s's constant %s is not declared as %q", d.Line, d.Code, d.Const, d.Code)
		}
	}
	for _, l := range literals {
		pos, code, _ := strings.Cut(l, " ")
		if _, ok := Supported[code]; !ok {
			t.Errorf("%s writes option %s, which options.txt lacks", pos, code)
		}
	}
	for _, a := range asked {
		t.Errorf("%s: Option with a string; name the option by its constant", a)
	}
}

// presetName is the Go name part of a preset's code: all-16 -> All16.
func presetName(code Opt) string {
	var b strings.Builder
	for _, p := range strings.Split(string(code), "-") {
		if p != "" {
			b.WriteString(strings.ToUpper(p[:1]) + p[1:])
		}
	}
	return b.String()
}

// Every option's description is complete in both languages, and the
// Japanese one says as much as the English: each number the English text
// gives (VP, hexes, strengths, rule numbers) is in the Japanese too.
func TestOptionTextsComplete(t *testing.T) {
	num := regexp.MustCompile(`[0-9]+`)
	for _, d := range optionDefs {
		for _, n := range num.FindAllString(d.Text.EN, -1) {
			if !strings.Contains(d.Text.JA, n) {
				t.Errorf("%s: the Japanese text lacks %s of the English: %s / %s", d.Code, n, d.Text.EN, d.Text.JA)
			}
		}
		if d.VP != [2]int{} {
			for i, side := range []string{"Germans", "Allies"} {
				if v := d.VP[i]; v > 0 && !strings.Contains(d.Text.EN, side+" +"+strconv.Itoa(v)+" VP") {
					t.Errorf("%s: the text does not give %s +%d VP: %s", d.Code, side, v, d.Text.EN)
				}
			}
		}
	}
}

// Each option's VP are added at the start, whatever else is chosen.
func TestOptionVPAtStart(t *testing.T) {
	r := realRules(t, "standard")
	base := mustNew(t, r, 1, nil)
	for _, d := range optionDefs {
		if d.Preset {
			continue
		}
		s, err := New(r, 1, []string{string(d.Code)})
		if err != nil {
			t.Errorf("%s alone: %v", d.Code, err)
			continue
		}
		if s.VP[0]-base.VP[0] != d.VP[0] || s.VP[1]-base.VP[1] != d.VP[1] {
			t.Errorf("%s: start VP %v, want %v more than %v", d.Code, s.VP, d.VP, base.VP)
		}
	}
}

// Every pair of options is accepted unless the rules forbid it ("併用不可",
// or two levels of 18.1(1)); the forbidden pairs are exactly these.
func TestOptionPairs(t *testing.T) {
	r := realRules(t, "standard")
	forbidden := map[[2]string]string{}
	levels := []string{"18.1(1)a", "18.1(1)b", "18.1(1)c", "18.1(1)d"}
	for i, a := range levels {
		forbidden[[2]string{a, "18.1(2)"}] = "options-exclusive"
		for _, b := range levels[i+1:] {
			forbidden[[2]string{a, b}] = "option-one-level"
		}
	}
	for _, p := range [][2]string{{"18.1(14)", "18.1(5)"}, {"18.2(4)", "18.2(5)"}, {"18.2(6)", "18.2(7)"}, {"18.2(6)", "18.2(8)"}, {"18.2(7)", "18.2(8)"}, {"18.1(13)", "18.1(13)M91"}} {
		forbidden[p] = "options-exclusive"
	}
	var codes []string
	for code := range Supported {
		codes = append(codes, code)
	}
	slices.Sort(codes)
	for i, a := range codes {
		for _, b := range codes[i+1:] {
			want := forbidden[[2]string{a, b}] + forbidden[[2]string{b, a}]
			if strings.TrimPrefix(a, "no-") == b || strings.TrimPrefix(b, "no-") == a {
				want = "option-on-and-off"
			}
			_, err := New(r, 1, []string{a, b})
			if got := RefusalCode(err); got != want {
				t.Errorf("%s with %s: %q (%v), want %q", a, b, got, err, want)
			}
		}
	}
}

// A void option is dropped from the game and reported with its reason.
func TestVoidOptions(t *testing.T) {
	v := VoidOptions([]string{"18.2(4)", "18.1(5)"})
	if len(v) != 1 || v[0].Code != OptBelgianPassage || v[0].Why.EN == "" || v[0].Why.JA == "" {
		t.Fatalf("VoidOptions: %+v", v)
	}
	if got := InForce([]string{"18.2(4)", "18.1(5)"}); !slices.Equal(got, []string{"18.1(5)"}) {
		t.Errorf("InForce: %v", got)
	}
	if got := VoidOptions([]string{"18.2(4)"}); len(got) != 0 {
		t.Errorf("18.2(4) alone void: %+v", got)
	}
}

// Replaying a game with options gives the same state: the options are
// checked, expanded and voided the same way every time.
func TestOptionsReplay(t *testing.T) {
	r := realRules(t, "standard")
	opts := []string{"all-16", "18.2(4)", "18.1(5)", "no-16.6", "18.2(14)"}
	a := mustNew(t, r, 7, opts)
	b, err := Replay(r, 7, opts, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a.Hash() != b.Hash() || !slices.Equal(a.Options, []string{"16.1", "16.2", "16.3", "16.5", "18.1(5)", "18.2(14)", "no-16.6"}) {
		t.Errorf("options %v / %v", a.Options, b.Options)
	}
	if !a.Option(RuleNavalGunfire) || a.Option(RuleLightInfantry) || !a.Option(RuleDisengagement) || a.Option(OptBelgianPassage) {
		t.Errorf("in force: %v", a.Options)
	}
}

// A self-played game with every optional rule ends without a dead end, its
// orders replay to the same state, and the defenders' answers to delaying
// actions (16.2) are among its orders when cavalry was attacked alone.
func TestSelfPlayAllOptionalRules(t *testing.T) {
	r := realRules(t, "standard")
	answered := 0
	for seed := uint64(1); seed <= 3; seed++ {
		res, err := SelfPlay(r, seed, SelfPlayConfig{Options: []string{"all-16"}})
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range res.Orders {
			if o.Verb == VerbDelay || o.Verb == VerbStand {
				answered++
			}
		}
		again, err := Replay(r, seed, []string{"all-16"}, res.Orders)
		if err != nil {
			t.Fatal(err)
		}
		if again.Hash() != res.Final.Hash() {
			t.Errorf("seed %d: the replay differs", seed)
		}
	}
	if answered == 0 {
		t.Error("no delaying action was offered in 3 games with 16.2")
	}
}

// docs/options.md lists every option and optional rule of options.txt under
// its own heading, with its texts in both languages as the file has them,
// its side and VP, and how the engine applies it in both languages.
func TestOptionsDoc(t *testing.T) {
	b := readText(t, "../../docs/options.md")
	sections := map[string]string{}
	for _, part := range strings.Split(b, "\n### ")[1:] {
		head, body, _ := strings.Cut(part, "\n")
		sections[strings.TrimSpace(head)] = body
	}
	for _, d := range optionDefs {
		body, ok := sections[string(d.Code)]
		if !ok {
			t.Errorf("docs/options.md has no section ### %s", d.Code)
			continue
		}
		want := []string{"- EN: " + d.Text.EN + "\n", "- JA: " + d.Text.JA + "\n", "- Engine: ", "- エンジン: ", "- Rule / 出典: " + d.Rule + "\n"}
		if !d.Preset {
			vp := "none"
			if d.VP != [2]int{} {
				var parts []string
				for i, side := range []string{"Germans", "Allies"} {
					if d.VP[i] != 0 {
						parts = append(parts, fmt.Sprintf("%s %+d", side, d.VP[i]))
					}
				}
				vp = strings.Join(parts, ", ")
			}
			want = append(want, "- VP at the start / 開始時 VP: "+vp+" / ", "- Side / 陣営: ")
		}
		for _, w := range want {
			if !strings.Contains(body, w) {
				t.Errorf("docs/options.md ### %s lacks %q", d.Code, strings.TrimSpace(w))
			}
		}
		delete(sections, string(d.Code))
	}
	for code := range sections {
		t.Errorf("docs/options.md has ### %s, which options.txt lacks", code)
	}
}

// MOVES #91 alternative box: the 8th Army starts in the Russian Front box
// (its HQ too, unless 18.1(2) brings the HQ on Aug III), and the Russian
// Front roll reads the alternative modifier of the box's strength: with
// the 8th Army's 24 attack strength, 0 instead of +2 (14.3).
func TestM91RussianFrontBox(t *testing.T) {
	r := realRules(t, "standard")
	s := mustNew(t, r, 1, []string{"M91-russia"})
	for _, id := range []string{"G-I", "G-XVII", "G-XXAK", "G-IR", "G-3R", "G-8A"} {
		if s.Units[mustID(t, s, id)].Box != Russia {
			t.Errorf("%s is not in the Russian Front box", id)
		}
	}
	if s.BoxAttack() != 24 {
		t.Errorf("box attack %d, want 24", s.BoxAttack())
	}
	if c, _ := s.Lookup("G-1"); s.available(c) {
		t.Error("a division of a corps in the box is available")
	}
	plain, _ := New(r, 1, nil)
	for _, id := range []string{"G-I", "G-1", "G-3R"} {
		if c, _ := plain.Lookup(id); plain.available(c) || plain.Units[c.Index].Box != Pool {
			t.Errorf("without the option %s is in play (box %v)", id, plain.Units[c.Index].Box)
		}
	}
	both, _ := New(r, 1, []string{"M91-russia", "18.1(2)"})
	if both.Units[mustID(t, both, "G-8A")].Box == Russia {
		t.Error("with 18.1(2) the 8. Armee HQ is in the box, not due on Aug III")
	}
	for _, tc := range []struct {
		opts []string
		want int
	}{{[]string{"M91-russia"}, 3}, {nil, 5}} {
		p := s.clone()
		p.Options = tc.opts
		var evs []Event
		p.applyRussia(3, &evs)
		if len(evs) == 0 || evs[0].Kind != EvRussia || evs[0].N != tc.want {
			t.Errorf("options %v: a die of 3 with 24 in the box gives %+v, want total %d", tc.opts, evs, tc.want)
		}
	}
}

// With 18.1(2) and the MOVES #91 box the extra 10 attack strength comes out
// of the box: box units may be placed in a German setup area, spares not.
func TestM91BoxGivesTheWesternExtras(t *testing.T) {
	r := realRules(t, "standard")
	s := mustNew(t, r, 1, []string{"M91-russia", "18.1(2)"})
	s = wantOK(t, s, "allied autosetup")
	s = wantOK(t, s, "allied end")
	var area string
	for _, x := range s.allHexes() {
		if slices.Contains(x.Setup, "DE-1A") && len(s.occupancy().At(x.At, units.German)) == 0 {
			area = x.At.String()
			break
		}
	}
	if area == "" {
		t.Fatal("no empty DE-1A hex")
	}
	n := wantOK(t, s, "german place G-I "+area)
	if n.Units[mustID(t, n, "G-I")].Box != OnMap || n.BoxAttack() != 18 {
		t.Errorf("G-I not out of the box: box attack %d", n.BoxAttack())
	}
	wantRefused(t, n, "german place G-XVII "+area, "adds 10 attack strength")
	wantRefused(t, s, "german place G-EA1 "+area, "does not set up on the map")
}

// A position's waiting attack must be a whole attack order: a broken one is
// refused when the position is read, never a panic later (16.2).
func TestDelayingPositionLine(t *testing.T) {
	r := realRules(t, "standard")
	for _, bad := range []string{"delaying german attack ASSAULT G-III", "delaying german move G-III 3021", "delaying german attack 3021", "delaying"} {
		if _, err := ParsePosition(r.Map, "scenario standard\nstep combat-1\n"+bad+"\n"); RefusalCode(err) != "position-delaying" {
			t.Errorf("%q: %v", bad, err)
		}
	}
	s, err := ParsePosition(r.Map, "scenario standard\nstep combat-1\n2620: F-6C\n2621: G-III\ndelaying german attack ASSAULT G-III 2620\n")
	if err != nil {
		t.Fatal(err)
	}
	if s.ToMove() != units.Allied || !strings.Contains(s.Position(), "delaying german attack ASSAULT G-III 2620") {
		t.Errorf("to move %v:\n%s", s.ToMove(), s.Position())
	}
}
