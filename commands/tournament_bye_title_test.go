package commands

import (
	"context"
	"strings"
	"testing"

	"rtrbot/actor"
	"rtrbot/i18n"
)

// A bye's practice thread has one title, in one language: that of whoever
// opened the round (or the console's), naming the computer as players
// know it, never "rtrbot (random)".
func TestTournamentByeThreadTitleInOneLanguage(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.JA, i18n.EN} {
		b, clock := newStoredBot(t)
		chat := &fakeChat{}
		org := actor.Actor{ID: "900", Name: "Org"}
		run := func(u actor.Actor, line string) {
			path, opts := readLine(b.Router, line)
			b.Router.Run(context.Background(), &Request{Path: path, Options: opts, Guild: "G1", Channel: "C1", Lang: lang, User: u, Now: clock.Now(), Chat: chat})
		}
		run(org, "/tournament new name:Byes format:swiss rounds:2 scenario:standard byegame:random")
		for _, p := range []actor.Actor{{ID: "901", Name: "Ann"}, {ID: "902", Name: "Ben"}, {ID: "903", Name: "Cat"}} {
			run(p, "/tournament join name:Byes")
		}
		run(org, "/tournament start name:Byes")
		var title string
		for _, th := range chat.threads {
			if name := strings.Split(th, "|")[1]; strings.Contains(name, "Byes") && (strings.Contains(name, "rtrbot") || strings.Contains(name, "omputer") || strings.Contains(name, "コンピュータ")) {
				title = name
			}
		}
		want := map[i18n.Lang]string{i18n.JA: "Byes 第1ラウンド: ", i18n.EN: "Byes round 1: "}[lang]
		comp := map[i18n.Lang]string{i18n.JA: " 対 コンピュータ (ランダム) (練習対局)", i18n.EN: " v Computer (random) (practice)"}[lang]
		if !strings.HasPrefix(title, want) || !strings.HasSuffix(title, comp) || strings.Contains(title, "rtrbot") {
			t.Errorf("the bye's thread (%s) is titled %q, want %q…%q; threads: %v", lang, title, want, comp, chat.threads)
		}
	}
}
