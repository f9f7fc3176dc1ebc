package rolls

import (
	"bytes"
	"context"
	"errors"
	"testing"
	"time"

	"rtrbot/engine/dice"
)

// fakeStore is a Storage that keeps what it was given: the sessions the
// log asked it to start, and the draws it ran.
type fakeStore struct {
	Storage // the methods no test here calls
	fresh   []NewSession
}

func (f *fakeStore) AppendRoll(ctx context.Context, guild, channel string, at time.Time, fresh NewSession,
	draw func(sess Session, number int) (Roll, error)) (Roll, Session, bool, error) {
	f.fresh = append(f.fresh, fresh)
	sess := Session{ID: 1, Guild: guild, Channel: channel, ServerSeed: fresh.ServerSeed, Commitment: fresh.Commitment}
	r, err := draw(sess, 1)
	return r, sess, true, err
}

func (f *fakeStore) AddPlayersSeed(ctx context.Context, guild, channel, userID, userName, value string, at time.Time,
	fresh NewSession) (PlayerSeed, Session, bool, error) {
	f.fresh = append(f.fresh, fresh)
	return PlayerSeed{Value: value}, Session{ID: 1}, true, nil
}

// Each roll offers the store a fresh secret seed of 256 bits from the
// log's entropy, with its commitment, so that a session started for it
// can be checked once revealed.
func TestAppendDrawsAFreshCommittedSeed(t *testing.T) {
	store := &fakeStore{}
	stream := make([]byte, 64)
	for i := range stream {
		stream[i] = byte(i)
	}
	l := New(store, bytes.NewReader(stream))
	_, sess, _, err := l.Append(t.Context(), "g", "c", time.Unix(0, 0), func(s Session, n int) (Roll, error) {
		return Roll{Faces: []int{n}}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var want [32]byte
	copy(want[:], stream)
	if len(store.fresh) != 1 || store.fresh[0].ServerSeed != dice.ServerSeed(want) {
		t.Fatalf("fresh sessions %+v, want the seed drawn from the stream", store.fresh)
	}
	if !dice.CheckCommit(sess.ServerSeed, sess.Commitment) {
		t.Errorf("the commitment %q is not the seed's", sess.Commitment)
	}
	if _, _, _, err := l.AddSeed(t.Context(), "g", "c", "u", "anna", "x", time.Unix(0, 0)); err != nil || len(store.fresh) != 2 || store.fresh[1].ServerSeed == store.fresh[0].ServerSeed {
		t.Errorf("a seed added drew %+v (%v), want a second, different fresh seed", store.fresh, err)
	}
}

// Without entropy nothing reaches the store, and the error says why.
func TestNoEntropyNoRoll(t *testing.T) {
	store := &fakeStore{}
	l := New(store, bytes.NewReader(nil))
	_, _, _, err := l.Append(t.Context(), "g", "c", time.Unix(0, 0), func(Session, int) (Roll, error) { return Roll{}, nil })
	if !errors.Is(err, ErrEntropy) || len(store.fresh) != 0 {
		t.Fatalf("err %v, %d sessions offered; want ErrEntropy and none", err, len(store.fresh))
	}
	if _, _, _, err := l.AddSeed(t.Context(), "g", "c", "u", "anna", "x", time.Unix(0, 0)); !errors.Is(err, ErrEntropy) || len(store.fresh) != 0 {
		t.Fatalf("seed: err %v, %d sessions offered; want ErrEntropy and none", err, len(store.fresh))
	}
}
