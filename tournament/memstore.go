package tournament

import (
	"context"
	"encoding/json"
	"sync"
)

// MemStore keeps tournaments in memory (tests, the console without a
// database). It stores copies, as a database would.
type MemStore struct {
	mu   sync.Mutex
	byID map[int64][]byte
	ver  map[int64]int64
	next int64
}

func key(guild, name string) string { return guild + "\x00" + name }

func (m *MemStore) init() {
	if m.byID == nil {
		m.byID = map[int64][]byte{}
		m.ver = map[int64]int64{}
	}
}

func (m *MemStore) CreateTournament(ctx context.Context, t *Tournament) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.init()
	for _, b := range m.byID {
		var o Tournament
		if json.Unmarshal(b, &o) == nil && o.Guild == t.Guild && NameKey(o.Name) == NameKey(t.Name) {
			return NameTaken{o.Name}
		}
	}
	m.next++
	t.ID = m.next
	t.Version = 1
	b, err := json.Marshal(t)
	if err != nil {
		return err
	}
	m.byID[t.ID] = b
	m.ver[t.ID] = 1
	return nil
}

// each decodes the tournaments, oldest first, and gives each to fn until
// fn reports it is done.
func (m *MemStore) each(fn func(t *Tournament) (done bool)) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.init()
	for id := int64(1); id <= m.next; id++ {
		b, ok := m.byID[id]
		if !ok {
			continue
		}
		var t Tournament
		if err := json.Unmarshal(b, &t); err != nil {
			return err
		}
		if fn(&t) {
			return nil
		}
	}
	return nil
}

// find is the first tournament that fn accepts, or ErrNotFound.
func (m *MemStore) find(fn func(t *Tournament) bool) (*Tournament, error) {
	var found *Tournament
	err := m.each(func(t *Tournament) bool {
		if fn(t) {
			found = t
		}
		return found != nil
	})
	switch {
	case err != nil:
		return nil, err
	case found == nil:
		return nil, ErrNotFound
	}
	return found, nil
}

func (m *MemStore) LoadTournament(ctx context.Context, guild, name string) (*Tournament, error) {
	key := NameKey(name)
	return m.find(func(t *Tournament) bool { return t.Guild == guild && NameKey(t.Name) == key })
}

func (m *MemStore) TournamentByGame(ctx context.Context, gameID int64) (*Tournament, error) {
	return m.find(func(t *Tournament) bool {
		for _, r := range t.Rounds {
			for _, g := range r.Games {
				if g.GameID == gameID {
					return true
				}
			}
		}
		return false
	})
}

func (m *MemStore) SaveTournament(ctx context.Context, t *Tournament) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.init()
	if m.ver[t.ID] != t.Version {
		return ErrConflict
	}
	t.Version++
	b, err := json.Marshal(t)
	if err != nil {
		t.Version--
		return err
	}
	m.byID[t.ID] = b
	m.ver[t.ID] = t.Version
	return nil
}

// AllTournaments lists the tournaments of a guild ("" every guild), oldest
// first.
func (m *MemStore) AllTournaments(ctx context.Context, guild string) ([]*Tournament, error) {
	var out []*Tournament
	err := m.each(func(t *Tournament) bool {
		if guild == "" || t.Guild == guild {
			out = append(out, t)
		}
		return false
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
