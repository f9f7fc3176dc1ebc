// Package rolls is the companion's roll log: a session of commit-reveal
// dice per channel and every roll made in it, with the seeds players
// added, so that anyone can check every roll once the session is revealed.
// The log draws each new session's secret server seed; the dice are drawn
// by the caller (package engine/dice) from the session it is given, and
// the database (db.Store) keeps them, one transaction per roll.
package rolls

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"time"

	"rtrbot/engine/dice"
)

// Session is one channel's run of verifiable dice.
type Session struct {
	ID                int64
	Guild, Channel    string
	ServerSeed        string // secret until Revealed
	Commitment        string // SHA-256 of ServerSeed, published at the start
	PlayersSeed       string // the players' seed now in force
	Revealed          bool
	CreatedAt         time.Time
	RevealedAt        time.Time
	RevealedBy        string
	Rolls             int // how many rolls the session holds (numbers run 1..Rolls)
	PlayerSeedEntries int // how many seeds players added
}

// Roll is one logged roll or table lookup.
type Roll struct {
	Session          int64
	Number           int
	UserID, UserName string
	At               time.Time
	Guild, Channel   string
	Command          string // "roll", "combat", ...
	Inputs           string // the command's options in a canonical form
	PlayersSeed      string // the players' seed the dice were drawn with
	Source           string // ByBot or AtTable
	Sides            int
	Faces            []int
	Result           string
}

// Sources of a roll's dice.
const (
	ByBot   = "bot"   // drawn by the bot from the session's seeds
	AtTable = "table" // rolled at the table and entered (die:N)
)

// PlayerSeed is a seed a player added to a session.
type PlayerSeed struct {
	Session          int64
	Seq              int
	UserID, UserName string
	Value            string
	FromRoll         int // the first roll drawn with it
	At               time.Time
}

// NewSession is what starts a session when a channel has none open: a
// fresh secret server seed and its commitment (Log draws them).
type NewSession struct {
	ServerSeed, Commitment string
}

// ErrNoSession is returned when a channel has no roll session to act on.
var ErrNoSession = errors.New("no roll session")

// PlayersSeedSeparator joins the players' contributions into the players'
// seed used for the dice.
const PlayersSeedSeparator = "|"

// Storage is what the roll log needs of the database; *db.Store is one.
// A fresh session is started from fresh when the channel has none open.
type Storage interface {
	AppendRoll(ctx context.Context, guild, channel string, at time.Time, fresh NewSession,
		draw func(sess Session, number int) (Roll, error)) (Roll, Session, bool, error)
	AddPlayersSeed(ctx context.Context, guild, channel, userID, userName, value string, at time.Time,
		fresh NewSession) (PlayerSeed, Session, bool, error)
	RevealSession(ctx context.Context, guild, channel, by string, at time.Time) (Session, error)
	LatestSession(ctx context.Context, guild, channel string) (Session, error)
	LatestRevealedSession(ctx context.Context, guild, channel string) (Session, error)
	Session(ctx context.Context, guild, channel string, id int64) (Session, error)
	ChannelSessions(ctx context.Context, guild, channel string) ([]Session, error)
	SessionRolls(ctx context.Context, session int64) ([]Roll, error)
	RecentRolls(ctx context.Context, guild, channel string, limit int) ([]Roll, error)
	ChannelRolls(ctx context.Context, guild, channel string) ([]Roll, error)
	PlayerSeeds(ctx context.Context, session int64) ([]PlayerSeed, error)
}

// Log is the roll log over its storage.
type Log struct {
	store   Storage
	entropy io.Reader
}

// New is the roll log over store; the secret server seeds come from
// entropy (crypto/rand.Reader when nil; tests give a fixed stream).
func New(store Storage, entropy io.Reader) *Log {
	if entropy == nil {
		entropy = rand.Reader
	}
	return &Log{store: store, entropy: entropy}
}

// ErrEntropy: no secret server seed could be drawn, so nothing was logged.
var ErrEntropy = errors.New("draw a server seed")

// fresh draws a session's secret seed: 256 bits from the log's entropy.
func (l *Log) fresh() (NewSession, error) {
	var buf [32]byte
	if _, err := io.ReadFull(l.entropy, buf[:]); err != nil {
		return NewSession{}, fmt.Errorf("%w: %w", ErrEntropy, err)
	}
	seed := dice.ServerSeed(buf)
	return NewSession{ServerSeed: seed, Commitment: dice.Commit(seed)}, nil
}

// Append logs one roll in the channel's open session (started says a new
// session was started for it, whose commitment the players must be
// shown), all in one transaction. draw gets the session (with its secret
// seed) and the roll's number and returns the roll to store.
func (l *Log) Append(ctx context.Context, guild, channel string, at time.Time,
	draw func(sess Session, number int) (Roll, error)) (r Roll, sess Session, started bool, err error) {
	fresh, err := l.fresh()
	if err != nil {
		return Roll{}, Session{}, false, err
	}
	return l.store.AppendRoll(ctx, guild, channel, at, fresh, draw)
}

// AddSeed adds a player's seed to the channel's open session (starting
// one if none is open): every later roll is drawn with it too.
func (l *Log) AddSeed(ctx context.Context, guild, channel, userID, userName, value string, at time.Time) (PlayerSeed, Session, bool, error) {
	fresh, err := l.fresh()
	if err != nil {
		return PlayerSeed{}, Session{}, false, err
	}
	return l.store.AddPlayersSeed(ctx, guild, channel, userID, userName, value, at, fresh)
}

// Reveal ends the channel's open session and makes its server seed
// public (ErrNoSession if none is open).
func (l *Log) Reveal(ctx context.Context, guild, channel, by string, at time.Time) (Session, error) {
	return l.store.RevealSession(ctx, guild, channel, by, at)
}

// Latest is the channel's newest session, open or revealed.
func (l *Log) Latest(ctx context.Context, guild, channel string) (Session, error) {
	return l.store.LatestSession(ctx, guild, channel)
}

// LatestRevealed is the channel's newest revealed session.
func (l *Log) LatestRevealed(ctx context.Context, guild, channel string) (Session, error) {
	return l.store.LatestRevealedSession(ctx, guild, channel)
}

// Session is the channel's session id.
func (l *Log) Session(ctx context.Context, guild, channel string, id int64) (Session, error) {
	return l.store.Session(ctx, guild, channel, id)
}

// Sessions are the channel's sessions.
func (l *Log) Sessions(ctx context.Context, guild, channel string) ([]Session, error) {
	return l.store.ChannelSessions(ctx, guild, channel)
}

// Rolls are a session's rolls.
func (l *Log) Rolls(ctx context.Context, session int64) ([]Roll, error) {
	return l.store.SessionRolls(ctx, session)
}

// Recent are the channel's last limit rolls.
func (l *Log) Recent(ctx context.Context, guild, channel string, limit int) ([]Roll, error) {
	return l.store.RecentRolls(ctx, guild, channel, limit)
}

// ChannelRolls are every roll of the channel.
func (l *Log) ChannelRolls(ctx context.Context, guild, channel string) ([]Roll, error) {
	return l.store.ChannelRolls(ctx, guild, channel)
}

// Seeds are the seeds players added to a session, in order.
func (l *Log) Seeds(ctx context.Context, session int64) ([]PlayerSeed, error) {
	return l.store.PlayerSeeds(ctx, session)
}
