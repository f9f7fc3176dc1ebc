package commands

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"rtrbot/engine/dice"
	"rtrbot/engine/tables"
	"rtrbot/i18n"
	"rtrbot/rolls"
)

// The companion for the physical game: the game's tables read by
// the bot and rolled with commit-reveal dice that anyone can check. Every
// roll goes through one path, logRoll: the channel's session (started at
// the first roll, its SHA-256 commitment published in that reply), the dice
// drawn from the session's seeds by engine/dice, the reading by
// engine/tables, and one SQLite transaction that stores it all.
//
// Files: companion.go (registration, the roll path), companion_tables.go
// (/roll /event /russia /combat /siege as plans), companion_log.go (/log).

// registerCompanion registers /roll /event /russia /combat /siege /log.
func (b *Bot) registerCompanion(r *Router) {
	for _, c := range rollCommands() {
		cmd := &Command{Name: c.name, Description: c.desc, Options: c.options}
		cmd.Handler = func(ctx context.Context, req *Request) *Response {
			p, err := c.plan(req.Options)
			if err != nil {
				return Fail(req, err)
			}
			return b.logRoll(ctx, req, p)
		}
		r.Add(cmd)
	}
	r.Add(b.logCommand())
}

// rollCommand is one command of the companion that reads a table or rolls
// dice: its options and how it turns them into a plan.
type rollCommand struct {
	name    string
	desc    i18n.Text
	options []Option
	// plan checks the options (as typed, or as stored in a log's inputs)
	// and says which dice to roll and how to read them.
	plan func(opts map[string]string) (*rollPlan, error)
}

// rollCommands is the fixed list of rolling commands, built once.
var rollCommands = sync.OnceValue(companionRollCommands)

// rollPlan is a roll about to happen: what to log and how to read the dice.
type rollPlan struct {
	command string
	inputs  map[string]string // canonical options that decide the reading (not the dice)
	count   int
	sides   int
	given   []int // dice rolled at the table and entered; nil when the bot rolls
	read    func(faces []int) reading
}

// reading is what the dice mean: a short result for the log and the full
// text for the players.
type reading struct {
	result string
	text   i18n.Text
}

// planFor rebuilds the plan of a logged roll from its command and inputs:
// /log verify reads every roll again with it.
func planFor(command, inputs string) (*rollPlan, error) {
	for _, c := range rollCommands() {
		if c.name == command {
			return c.plan(decodeInputs(inputs))
		}
	}
	return nil, fmt.Errorf("unknown command %q", command)
}

func encodeInputs(m map[string]string) string {
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, k+"="+m[k])
	}
	return strings.Join(parts, " ")
}

func decodeInputs(s string) map[string]string {
	m := map[string]string{}
	for _, f := range strings.Fields(s) {
		if k, v, ok := strings.Cut(f, "="); ok {
			m[k] = v
		}
	}
	return m
}

func (b *Bot) now(req *Request) time.Time {
	if !req.Now.IsZero() {
		return req.Now
	}
	return b.Now()
}

func (b *Bot) noStore(req *Request) *Response {
	return Private(req.T("The roll log needs the bot's database, which is not open.",
		"ダイスログにはボットのデータベースが必要ですが、開かれていません。"))
}

func (b *Bot) storeFailed(req *Request, what string, err error) *Response {
	b.Log.Error("companion: database", "what", what, "guild", req.Guild, "channel", req.Channel, "err", err)
	return Private(req.T("The roll could not be saved, so it was not made; please try again. (database error)",
		"ダイスの記録を保存できなかったため、振りは行われませんでした。もう一度試してください (データベースエラー)。"))
}

// logRoll rolls (or takes the dice given at the table), reads the plan and
// stores the roll in the channel's session, in one transaction; the answer
// names the roll and, for a session's first roll, its commitment.
func (b *Bot) logRoll(ctx context.Context, req *Request, p *rollPlan) *Response {
	if b.rolls == nil {
		return b.noStore(req)
	}
	var out reading
	roll, sess, started, err := b.rolls.Append(ctx, req.Guild, req.Channel, b.now(req),
		func(sess rolls.Session, number int) (rolls.Roll, error) {
			faces, source := p.given, rolls.AtTable
			if faces == nil {
				faces, source = dice.Roll(sess.ServerSeed, sess.PlayersSeed, number, p.count, p.sides), rolls.ByBot
			}
			out = p.read(faces)
			return rolls.Roll{UserID: req.User.ID, UserName: req.User.Name, Command: p.command,
				Inputs: encodeInputs(p.inputs), Source: source, Sides: p.sides, Faces: faces, Result: out.result}, nil
		})
	if errors.Is(err, rolls.ErrEntropy) {
		return b.storeFailed(req, "entropy", err)
	}
	if err != nil {
		return b.storeFailed(req, "append roll", err)
	}
	var s strings.Builder
	s.WriteString(out.text.In(req.Lang))
	s.WriteString("\n")
	if roll.Source == rolls.AtTable {
		s.WriteString(i18n.Sprintf(i18n.T("Roll #%d of dice session %d: rolled at the table, logged by %s.",
			"ダイスセッション %[2]d のロール #%[1]d: 卓で振った目を %[3]s が記録。"), roll.Number, sess.ID, req.User.Name).In(req.Lang))
	} else {
		s.WriteString(i18n.Sprintf(i18n.T("Roll #%d of dice session %d, for %s.",
			"ダイスセッション %[2]d のロール #%[1]d (%[3]s)。"), roll.Number, sess.ID, req.User.Name).In(req.Lang))
	}
	if started {
		s.WriteString("\n")
		s.WriteString(commitmentNotice(sess).In(req.Lang))
	}
	return Reply(s.String())
}

func commitmentNotice(sess rolls.Session) i18n.Text {
	return i18n.Sprintf(i18n.T(
		"New dice session %d for this channel. Commitment (SHA-256 of the secret server seed): `%s`. Add your own seed with /log seed; /log reveal ends the session and shows the seed; /log verify then checks every roll.",
		"このチャンネルの新しいダイスセッション %d。コミットメント (秘密のサーバーシードの SHA-256): `%s`。/log seed で自分のシードを加えられます。/log reveal でセッションを終えてシードを公開し、/log verify で全ロールを検証できます。"),
		sess.ID, sess.Commitment)
}

func tx(en, ja string, args ...any) i18n.Text { return i18n.Sprintf(i18n.T(en, ja), args...) }

func join(ts ...i18n.Text) i18n.Text {
	var en, ja []string
	for _, t := range ts {
		if t.EN != "" {
			en = append(en, t.EN)
		}
		if t.JA != "" {
			ja = append(ja, t.JA)
		}
	}
	return i18n.T(strings.Join(en, "\n"), strings.Join(ja, "\n"))
}

func isNoSession(err error) bool { return errors.Is(err, rolls.ErrNoSession) }

// tablesSet is the set of tables the companion reads: the embedded one.
func tablesSet() *tables.Set { return tables.Default() }
