package playtest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rtrbot/i18n"
)

// transcriptAnswers splits a golden transcript of the commands (lines
// "> /command" as typed, then the answer) into its answers, each with the
// command that asked it.
func transcriptAnswers(text string) (lines, answers []string) {
	var cur []string
	flush := func() {
		if len(lines) > len(answers) {
			answers = append(answers, strings.Join(cur, "\n"))
		}
		cur = nil
	}
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, "> ") {
			flush()
			lines = append(lines, l)
			continue
		}
		cur = append(cur, l)
	}
	flush()
	return lines, answers
}

// languageSlips lists the answers of a transcript read in l that hold a
// piece of the other language, by the check every played answer passes.
func languageSlips(text string, l i18n.Lang) []string {
	var out []string
	lines, answers := transcriptAnswers(text)
	for i, a := range answers {
		if s := wrongLanguage(a, l); s != "" {
			out = append(out, lines[i]+": "+s)
		}
	}
	return out
}

// TestTranscriptsInOneLanguage reads the commands' golden transcripts
// (a game and the companion, in each language) with the same check as the
// played games: a Japanese answer holds no English sentence, an English
// one no Japanese.
func TestTranscriptsInOneLanguage(t *testing.T) {
	files, err := filepath.Glob("../commands/testdata/*-??.golden")
	if err != nil || len(files) < 4 {
		t.Fatalf("transcripts: %v %v", files, err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		l := i18n.Lang(strings.TrimSuffix(f[strings.LastIndex(f, "-")+1:], ".golden"))
		if _, answers := transcriptAnswers(string(b)); len(answers) < 20 {
			t.Errorf("%s: only %d answers read", f, len(answers))
		}
		for _, s := range languageSlips(string(b), l) {
			t.Errorf("%s (read in %s): %s", filepath.Base(f), l, s)
		}
	}
}

// TestTranscriptCheckFindsSlips: an English sentence left in a Japanese
// answer, or Japanese in an English one, is found.
func TestTranscriptCheckFindsSlips(t *testing.T) {
	ja := "> /units\n[非公開]\n独軍ユニット (* は行動可能):\n0904: G-LW1\n> /end\nG-III has already moved this phase.\n▶ 8月III 増援フェイズ: 独軍の手番。(/end)\n"
	if got := languageSlips(ja, i18n.JA); len(got) != 1 || !strings.HasPrefix(got[0], "> /end") {
		t.Errorf("English in a Japanese answer: found %q", got)
	}
	en := "> /units\n[private]\nGerman units (* can act):\n> /end\nSegment ended: 8月III\n"
	if got := languageSlips(en, i18n.EN); len(got) != 1 {
		t.Errorf("Japanese in an English answer: found %q", got)
	}
	if got := languageSlips(strings.ReplaceAll(ja, "G-III has already moved this phase.", "G-III は移動済みです。"), i18n.JA); len(got) != 0 {
		t.Errorf("a Japanese answer with unit ids and commands: found %q", got)
	}
}
