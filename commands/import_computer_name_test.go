package commands

import (
	"context"
	"strings"
	"testing"

	"rtrbot/actor"
	"rtrbot/i18n"
)

// A game played against the computer, exported and imported: the import's
// answer names the computer's side as its reader names the computer
// (コンピュータ (ヒューリスティック)), never by its seat ID, and says that
// an import does not seat it again.
func TestImportNamesComputerSeatPerReader(t *testing.T) {
	b, clock := newStoredBot(t)
	expect(t, txt(act(t, b, clock, bob, "C1", "/game new vs:bot side:german level:heuristic")), "Game #1")
	ref := actor.Actor{ID: "901", Name: "Mona", Manager: true}
	r := b.Router.Run(context.Background(), &Request{Path: "game export", Options: map[string]string{}, Guild: "G1", Channel: "C1", User: ref, Lang: i18n.EN, Now: clock.Now()})
	if len(r.Messages) == 0 || len(r.Messages[0].Files) != 1 {
		t.Fatalf("export: %+v", r)
	}
	file := r.Messages[0].Files[0].Data
	if !strings.Contains(string(file), "bot:heuristic") {
		t.Fatalf("the file does not hold the computer's seat:\n%s", file)
	}
	for i, lang := range []i18n.Lang{i18n.JA, i18n.EN} {
		ch := []string{"C7", "C8"}[i]
		r = b.Router.Run(context.Background(), &Request{Path: "game import", Options: map[string]string{"attachment": "x"}, Files: map[string][]byte{"attachment": file},
			Guild: "G1", Channel: ch, User: ref, Lang: lang, Now: clock.Now()})
		text := txt(r)
		if strings.Contains(text, "bot:heuristic") || strings.Contains(text, "rtrbot (heuristic)") {
			t.Errorf("the import names the computer by its seat ID (%s): %s", lang, text)
		}
		want := map[i18n.Lang]string{i18n.JA: "連合軍側をコンピュータ (ヒューリスティック)", i18n.EN: "the Allied side by Computer (heuristic)"}[lang]
		if !strings.Contains(text, want) {
			t.Errorf("the import does not name the computer's side as %q: %s", want, text)
		}
	}
}
