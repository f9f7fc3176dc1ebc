package sqlstore

import (
	"errors"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"rtrbot/db"
	"rtrbot/games"
)

// A db game and the service's record carry the same fields, and every one
// of them goes across and back: a field added to one side and not copied
// here fails.
func TestRecordCarriesEveryField(t *testing.T) {
	dbFields, recFields := fieldNames(reflect.TypeFor[db.Game]()), fieldNames(reflect.TypeFor[games.Record]())
	if !reflect.DeepEqual(dbFields, recFields) {
		t.Fatalf("db.Game has %v, games.Record %v", dbFields, recFields)
	}
	var g db.Game
	fill(t, reflect.ValueOf(&g).Elem())
	r := Record(&g)
	back := row(r)
	if !reflect.DeepEqual(&g, back) {
		t.Errorf("a game across and back:\n %+v\n %+v", g, *back)
	}
	rv := reflect.ValueOf(r).Elem()
	for i := range rv.NumField() {
		if rv.Field(i).IsZero() {
			t.Errorf("games.Record.%s is not copied", rv.Type().Field(i).Name)
		}
	}
}

func fieldNames(t reflect.Type) []string {
	var out []string
	for i := range t.NumField() {
		out = append(out, t.Field(i).Name)
	}
	return out
}

// fill sets every field of v to a value that is not zero.
func fill(t *testing.T, v reflect.Value) {
	for i := range v.NumField() {
		f := v.Field(i)
		switch f.Kind() {
		case reflect.String:
			f.SetString("x" + v.Type().Field(i).Name)
		case reflect.Int, reflect.Int64:
			f.SetInt(int64(i + 1))
		case reflect.Slice:
			if f.Type().Elem().Kind() == reflect.Uint8 {
				f.SetBytes([]byte{byte(i + 1)})
				continue
			}
			f.Set(reflect.MakeSlice(f.Type(), 1, 1))
			fill(t, f.Index(0))
		case reflect.Struct:
			if f.Type() == reflect.TypeFor[time.Time]() {
				f.Set(reflect.ValueOf(time.Date(1914, 8, i+1, 0, 0, 0, 0, time.UTC)))
				continue
			}
			fill(t, f)
		default:
			t.Fatalf("%s: no value for a %s", v.Type().Field(i).Name, f.Kind())
		}
	}
}

// The place without a live game is games.ErrNoGame, which the service
// tells from a failing database; a damaged game's error is a
// games.DamageError naming it.
func TestErrorsInTheServicesTerms(t *testing.T) {
	ctx := t.Context()
	st, err := db.Open(ctx, filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	s := New(st)
	if _, err := s.LiveGameAt(ctx, "G", "C"); !errors.Is(err, games.ErrNoGame) {
		t.Errorf("no game: %v, want games.ErrNoGame", err)
	}
	g, err := s.CreateGame(ctx, games.NewRecord{Guild: "G", Channel: "C", Scenario: "standard", Seed: []byte{1, 2, 3}, CreatedBy: "u1",
		Players: []games.Player{{UserID: "u1", Name: "Alice", Side: "german"}}})
	if err != nil {
		t.Fatal(err)
	}
	if id, err := s.LiveGameAt(ctx, "G", "C"); err != nil || id != g.ID {
		t.Errorf("live game %d, %v; want %d", id, err, g.ID)
	}
	if len(g.Players) != 1 || g.Players[0].Name != "Alice" || g.Status != games.Active {
		t.Errorf("created %+v", g)
	}
	if err := s.MarkDamaged(ctx, g, "a test"); err != nil {
		t.Fatal(err)
	}
	_, err = s.Load(ctx, g.ID, nil)
	d, ok := games.DamageOf(err)
	if !ok || d.Game != g.ID {
		t.Errorf("loading a damaged game: %v (%+v), want a games.DamageError naming game %d", err, d, g.ID)
	}
}
