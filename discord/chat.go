package discord

import (
	"context"
	"errors"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"rtrbot/commands"
)

// Chat returns what commands may do in Discord besides answering: open
// threads (a game's public thread, a side's private one) and post to
// channels outside any interaction (reminders, turn reports). Every
// request carries it; cmd/bot can hand it to timers too.
func (a *Adapter) Chat() commands.Chat { return chat{a} }

type chat struct{ a *Adapter }

// A week: a game over weeks should not see its threads archived between
// turns; posting to an archived thread reopens it anyway.
const threadArchiveMinutes = 10080

func (c chat) CreateThread(ctx context.Context, parent, name string, private bool, members []string) (string, error) {
	if name == "" {
		return "", errors.New("a thread needs a name")
	}
	typ := discordgo.ChannelTypeGuildPublicThread
	if private {
		typ = discordgo.ChannelTypeGuildPrivateThread
	}
	ch, err := c.a.s.ThreadStartComplex(parent, &discordgo.ThreadStart{
		Name: clip(name, 100), AutoArchiveDuration: threadArchiveMinutes, Type: typ,
		Invitable: false, // only the bot adds players to a side's thread
	}, discordgo.WithContext(ctx))
	if err != nil {
		return "", fmt.Errorf("creating thread %q in <#%s>: %w", name, parent, err)
	}
	for _, m := range members {
		if err := c.a.s.ThreadMemberAdd(ch.ID, m, discordgo.WithContext(ctx)); err != nil {
			return ch.ID, fmt.Errorf("adding <@%s> to thread %q: %w", m, name, err)
		}
	}
	return ch.ID, nil
}

func (c chat) Post(ctx context.Context, channel string, m commands.Message) error {
	if m.Ephemeral {
		// Whoever sees the channel sees a post; refusing keeps a message
		// meant for one player from reaching the others.
		return errors.New("a private (ephemeral) message cannot be posted to a channel: post it to the side's private thread instead")
	}
	if m.Pin != "" {
		return c.upsertPinned(ctx, channel, m)
	}
	for _, p := range split(m) {
		_, err := c.a.s.ChannelMessageSendComplex(channel, &discordgo.MessageSend{Content: p.text, Files: p.files, Components: p.components, AllowedMentions: pingsIn(p.text)}, discordgo.WithContext(ctx))
		if err != nil {
			return err
		}
	}
	return nil
}

// AddThreadMember adds a user to a thread (a side's new player).
func (c chat) AddThreadMember(ctx context.Context, thread, user string) error {
	return c.a.s.ThreadMemberAdd(thread, user, discordgo.WithContext(ctx))
}

// RemoveThreadMember takes a user out of a thread: whoever leaves a side
// no longer reads its private thread.
func (c chat) RemoveThreadMember(ctx context.Context, thread, user string) error {
	return c.a.s.ThreadMemberRemove(thread, user, discordgo.WithContext(ctx))
}

var _ commands.ThreadMembers = chat{}
