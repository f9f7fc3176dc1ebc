package commands_test

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"rtrbot/commands"
	"rtrbot/db"
	"rtrbot/i18n"
)

func TestAdminBackup(t *testing.T) {
	ctx := context.Background()
	store, err := db.Open(ctx, filepath.Join(t.TempDir(), "rtrbot.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	if _, err := store.CreateGame(ctx, db.NewGame{Guild: "G", Channel: "C", Scenario: "standard", Seed: []byte{1}, CreatedBy: "u"}); err != nil {
		t.Fatal(err)
	}
	bot := commands.New(commands.Deps{Store: store})
	req := func(guild, user string, lang i18n.Lang) *commands.Request {
		return &commands.Request{Path: "admin backup", Options: map[string]string{}, User: commands.User{ID: user, Name: "x"},
			Guild: guild, Channel: "c", Lang: lang, Now: time.Now()}
	}
	// A Discord user, even in a guild, is not the operator.
	for _, r := range []*commands.Request{req("123", "456", i18n.EN), req("console", "456", i18n.EN)} {
		resp := bot.Router.Run(ctx, r)
		if m := resp.Messages[0]; !m.Ephemeral || !strings.Contains(m.Text, "Only the bot's operator") {
			t.Errorf("guild %s user %s: %+v", r.Guild, r.User.ID, resp)
		}
	}
	resp := bot.Router.Run(ctx, req("console", "console:player", i18n.EN))
	text := resp.Messages[0].Text
	m := regexp.MustCompile(`Backup written: (\S+) \(([\d.]+ KiB)\)`).FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("answer: %q", text)
	}
	st, err := os.Stat(m[1])
	if err != nil {
		t.Fatal(err)
	}
	kib, _ := strconv.ParseFloat(strings.TrimSuffix(m[2], " KiB"), 64)
	if d := float64(st.Size())/1024 - kib; d > 0.05 || d < -0.05 {
		t.Errorf("answer says %s, file is %d bytes", m[2], st.Size())
	}
	b, err := db.Open(ctx, m[1])
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if games, _ := b.ListGames(ctx, db.Filter{}); len(games) != 1 {
		t.Errorf("backup holds %d games, want 1", len(games))
	}
	ja := bot.Router.Run(ctx, req("console", "console:player", i18n.JA)).Messages[0].Text
	if !strings.Contains(ja, "バックアップを書き出しました") {
		t.Errorf("Japanese answer: %q", ja)
	}
}
