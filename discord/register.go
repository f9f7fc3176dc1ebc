package discord

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"rtrbot/commands"
)

// Discord's limits on command definitions
// (https://discord.com/developers/docs/interactions/application-commands).
const (
	maxDescription = 100
	maxOptions     = 25
	maxChoices     = 25
	maxChoiceName  = 100
)

// Discord accepts lower-case names of 1 to 32 letters, digits, - and _.
var commandName = regexp.MustCompile(`^[-_\p{Ll}\p{Lo}\p{N}]{1,32}$`)

// ApplicationCommands turns the router's commands into Discord's
// definitions: names as they are, descriptions in English with a Japanese
// localization, options with their types, choices and bounds, subcommands
// and subcommand groups. A definition Discord would refuse is an error
// naming the command, so that a bad command fails at start-up, not in a
// club's channel.
func ApplicationCommands(cmds []*commands.Command) ([]*discordgo.ApplicationCommand, error) {
	var out []*discordgo.ApplicationCommand
	for _, c := range cmds {
		if err := checkName(c.Name, c.Name); err != nil {
			return nil, err
		}
		desc, loc, err := description(c.Name, c.Description.EN, c.Description.JA)
		if err != nil {
			return nil, err
		}
		ac := &discordgo.ApplicationCommand{
			Type:        discordgo.ChatApplicationCommand,
			Name:        c.Name,
			Description: desc,
		}
		if loc != nil {
			ac.DescriptionLocalizations = &loc
		}
		if len(c.Sub) > 0 {
			ac.Options, err = subcommands(c.Name, c, 1)
		} else {
			ac.Options, err = options(c.Name, c.Options)
		}
		if err != nil {
			return nil, err
		}
		out = append(out, ac)
	}
	return out, nil
}

// subcommands builds level 1 (subcommands or groups) and level 2
// (subcommands of a group); Discord allows no deeper nesting.
func subcommands(path string, c *commands.Command, depth int) ([]*discordgo.ApplicationCommandOption, error) {
	if len(c.Sub) > maxOptions {
		return nil, fmt.Errorf("/%s: %d subcommands, Discord allows %d", path, len(c.Sub), maxOptions)
	}
	var out []*discordgo.ApplicationCommandOption
	for _, s := range c.Sub {
		p := path + " " + s.Name
		if err := checkName(p, s.Name); err != nil {
			return nil, err
		}
		desc, loc, err := description(p, s.Description.EN, s.Description.JA)
		if err != nil {
			return nil, err
		}
		o := &discordgo.ApplicationCommandOption{Name: s.Name, Description: desc, DescriptionLocalizations: loc}
		switch {
		case len(s.Sub) > 0 && depth >= 2:
			return nil, fmt.Errorf("/%s: Discord allows only command, group, subcommand; this nests deeper", p)
		case len(s.Sub) > 0:
			o.Type = discordgo.ApplicationCommandOptionSubCommandGroup
			o.Options, err = subcommands(p, s, depth+1)
		default:
			o.Type = discordgo.ApplicationCommandOptionSubCommand
			o.Options, err = options(p, s.Options)
		}
		if err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, nil
}

func options(path string, opts []commands.Option) ([]*discordgo.ApplicationCommandOption, error) {
	if len(opts) > maxOptions {
		return nil, fmt.Errorf("/%s: %d options, Discord allows %d", path, len(opts), maxOptions)
	}
	var out []*discordgo.ApplicationCommandOption
	for _, o := range opts {
		p := path + " " + o.Name + ":"
		if err := checkName(p, o.Name); err != nil {
			return nil, err
		}
		desc, loc, err := description(p, o.Description.EN, o.Description.JA)
		if err != nil {
			return nil, err
		}
		d := &discordgo.ApplicationCommandOption{
			Type: optionType(o.Type), Name: o.Name, Description: desc, DescriptionLocalizations: loc,
			// A required free-text option is optional in Discord: left
			// out, the bot asks for it in a multi-line text box.
			Required: o.Required && !o.Text, Autocomplete: o.Autocomplete,
		}
		if o.Type == commands.Integer && o.MaxInt > o.MinInt {
			min := float64(o.MinInt)
			d.MinValue, d.MaxValue = &min, float64(o.MaxInt)
		}
		// Discord refuses choices together with autocomplete: the
		// completer offers them instead.
		if len(o.Choices) > 0 && !o.Autocomplete {
			if len(o.Choices) > maxChoices {
				return nil, fmt.Errorf("/%s: %d choices, Discord allows %d (use autocomplete)", p, len(o.Choices), maxChoices)
			}
			for _, ch := range o.Choices {
				c, err := choice(o.Type, ch)
				if err != nil {
					return nil, fmt.Errorf("/%s: %v", p, err)
				}
				d.Choices = append(d.Choices, c)
			}
		}
		out = append(out, d)
	}
	// Discord wants required options before optional ones.
	sort.SliceStable(out, func(i, j int) bool { return out[i].Required && !out[j].Required })
	return out, nil
}

func optionType(t commands.OptionType) discordgo.ApplicationCommandOptionType {
	switch t {
	case commands.Integer:
		return discordgo.ApplicationCommandOptionInteger
	case commands.Boolean:
		return discordgo.ApplicationCommandOptionBoolean
	case commands.Attachment:
		return discordgo.ApplicationCommandOptionAttachment
	}
	return discordgo.ApplicationCommandOptionString
}

// choice builds a choice whose value has the option's JSON type: Discord
// refuses a string value for an integer option.
func choice(t commands.OptionType, ch commands.Choice) (*discordgo.ApplicationCommandOptionChoice, error) {
	c := &discordgo.ApplicationCommandOptionChoice{Name: clip(ch.Name.EN, maxChoiceName), Value: ch.Value}
	if c.Name == "" {
		c.Name = clip(ch.Value, maxChoiceName)
	}
	if ch.Name.JA != "" && ch.Name.JA != ch.Name.EN {
		c.NameLocalizations = map[discordgo.Locale]string{discordgo.Japanese: clip(ch.Name.JA, maxChoiceName)}
	}
	if n := utf8.RuneCountInString(ch.Value); n < 1 || n > maxChoiceName {
		return nil, fmt.Errorf("choice value %q has %d characters, Discord allows 1-%d", clip(ch.Value, 20), n, maxChoiceName)
	}
	if t == commands.Integer {
		n, err := strconv.Atoi(ch.Value)
		if err != nil {
			return nil, fmt.Errorf("choice %q of an integer option is not a whole number", ch.Value)
		}
		c.Value = n
	}
	return c, nil
}

func checkName(path, name string) error {
	if !commandName.MatchString(name) {
		return fmt.Errorf("/%s: Discord needs names of 1-32 lower-case letters, digits, - or _, not %q", path, name)
	}
	return nil
}

func description(path, en, ja string) (string, map[discordgo.Locale]string, error) {
	if en == "" {
		return "", nil, fmt.Errorf("/%s: Discord needs a description", path)
	}
	if n := utf8.RuneCountInString(en); n > maxDescription {
		return "", nil, fmt.Errorf("/%s: description has %d characters, Discord allows %d: %q", path, n, maxDescription, en)
	}
	if n := utf8.RuneCountInString(ja); n > maxDescription {
		return "", nil, fmt.Errorf("/%s: Japanese description has %d characters, Discord allows %d: %q", path, n, maxDescription, ja)
	}
	if ja == "" {
		return en, nil, nil
	}
	return en, map[discordgo.Locale]string{discordgo.Japanese: ja}, nil
}

// clip shortens s to n characters (not bytes: Japanese is 3 bytes a letter).
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}
