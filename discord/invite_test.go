package discord_test

import (
	"os"
	"regexp"
	"strconv"
	"testing"

	"github.com/bwmarrin/discordgo"

	"rtrbot/discord"
)

// The invite link of docs/discord.md asks for exactly the permissions the
// bot uses, computed here from discordgo's constants.
func TestInvitePermissions(t *testing.T) {
	doc, err := os.ReadFile("../docs/discord.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`scope=bot\+applications\.commands&permissions=(\d+)`).FindSubmatch(doc)
	if m == nil {
		t.Fatal("docs/discord.md has no invite link with the scopes bot and applications.commands")
	}
	got, _ := strconv.ParseInt(string(m[1]), 10, 64)
	want := int64(discordgo.PermissionViewChannel | discordgo.PermissionSendMessages | discordgo.PermissionAttachFiles |
		discordgo.PermissionReadMessageHistory | discordgo.PermissionManageThreads | discordgo.PermissionCreatePublicThreads |
		discordgo.PermissionCreatePrivateThreads | discordgo.PermissionSendMessagesInThreads | discord.PermissionPinMessages)
	if got != want {
		t.Errorf("the invite asks for permissions %d, the bot needs %d", got, want)
	}
}
