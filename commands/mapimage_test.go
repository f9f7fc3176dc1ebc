package commands

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"strings"
	"sync"
	"testing"

	"rtrbot/engine/board"
	"rtrbot/i18n"
)

// The tests share one bot over the real map, so that its renderers (a
// second or so each to draw their base) are built once.
var (
	sharedMapBotOnce sync.Once
	sharedMapBot     *Bot
	sharedMapErr     error
)

func mapBot(t testing.TB) *Bot {
	t.Helper()
	sharedMapBotOnce.Do(func() {
		m, err := board.Default()
		if err != nil {
			sharedMapErr = err
			return
		}
		sharedMapBot = New(Deps{Map: m})
	})
	if sharedMapErr != nil {
		t.Fatal(sharedMapErr)
	}
	return sharedMapBot
}

func runMap(b *Bot, opts map[string]string, lang i18n.Lang) *Response {
	if opts == nil {
		opts = map[string]string{}
	}
	return b.Router.Run(context.Background(), &Request{Path: "map", Options: opts, Lang: lang})
}

// /map through the router: the whole map and crops come back as PNG
// attachments that decode; wrong input gets a private message that says
// what is wrong and what would be right.
func TestMapCommand(t *testing.T) {
	b := mapBot(t)
	if c := b.Router.Find("map"); c == nil || !c.Slow {
		t.Fatal("/map is not registered as a slow (deferred) command")
	}

	pictures := []struct {
		name     string
		opts     map[string]string
		lang     i18n.Lang
		file     string
		caption  string
		minW     int
		maxBytes int
	}{
		{"whole map", nil, i18n.EN, "map.png", "The whole map", 1000, 1 << 20},
		{"whole map in Japanese", nil, i18n.JA, "map.png", "地図全体", 1000, 1 << 20},
		{"around a hex", map[string]string{"around": "1819"}, i18n.EN, "map-1819.png", "around 1819 Verdun, 5 hexes", 300, 400 << 10},
		{"a place, any case and accents", map[string]string{"area": "liege"}, i18n.EN, "map-3021.png", "Liège", 300, 400 << 10},
		{"Paris, three hexes", map[string]string{"area": "Paris", "radius": "3"}, i18n.EN, ".png", "Paris, 3 hexes", 200, 400 << 10},
	}
	for _, c := range pictures {
		t.Run(c.name, func(t *testing.T) {
			resp := runMap(b, c.opts, c.lang)
			if len(resp.Messages) != 1 {
				t.Fatalf("want one message, got %+v", resp.Messages)
			}
			msg := resp.Messages[0]
			if msg.Ephemeral {
				t.Fatalf("the map is private: %q", msg.Text)
			}
			if !strings.Contains(msg.Text, c.caption) {
				t.Errorf("caption %q lacks %q", msg.Text, c.caption)
			}
			if len(msg.Files) != 1 {
				t.Fatalf("want one attachment, got %d", len(msg.Files))
			}
			f := msg.Files[0]
			if f.ContentType != "image/png" || !strings.HasSuffix(f.Name, c.file) {
				t.Errorf("attachment %s (%s), want *%s image/png", f.Name, f.ContentType, c.file)
			}
			img, err := png.Decode(bytes.NewReader(f.Data))
			if err != nil {
				t.Fatalf("attachment does not decode as PNG: %v", err)
			}
			if w := img.Bounds().Dx(); w < c.minW {
				t.Errorf("picture is %d px wide, want at least %d", w, c.minW)
			}
			if len(f.Data) > c.maxBytes {
				t.Errorf("picture is %d bytes, want at most %d", len(f.Data), c.maxBytes)
			}
			t.Logf("%s: %v, %d bytes", f.Name, img.Bounds().Size(), len(f.Data))
		})
	}

	refusals := []struct {
		name string
		opts map[string]string
		lang i18n.Lang
		want []string
	}{
		{"hex off the map", map[string]string{"around": "9999"}, i18n.EN, []string{"9999 is not on the map", "0101", "XXYY"}},
		{"not a hex", map[string]string{"around": "18x9"}, i18n.EN, []string{"not one", "XXYY"}},
		{"place for around", map[string]string{"around": "Verdun"}, i18n.EN, []string{"/map area:Verdun"}},
		{"unknown place", map[string]string{"area": "Atlantis"}, i18n.EN, []string{"no place called \"Atlantis\"", "around:XXYY"}},
		{"unknown place in Japanese", map[string]string{"area": "Atlantis"}, i18n.JA, []string{"Atlantis", "地名はマップにありません"}},
		{"hex for area", map[string]string{"area": "1819"}, i18n.EN, []string{"/map around:1819"}},
		{"ambiguous place", map[string]string{"area": "Saint"}, i18n.EN, []string{"several places", "Saint-"}},
		{"both area and around", map[string]string{"area": "Paris", "around": "1819"}, i18n.EN, []string{"not both"}},
		{"radius alone", map[string]string{"radius": "3"}, i18n.EN, []string{"add area: or around:"}},
		{"radius too large", map[string]string{"around": "1819", "radius": "40"}, i18n.EN, []string{"between 1 and 12"}},
		{"unknown option", map[string]string{"zoom": "2"}, i18n.EN, []string{"no option \"zoom\""}},
	}
	for _, c := range refusals {
		t.Run(c.name, func(t *testing.T) {
			resp := runMap(b, c.opts, c.lang)
			if len(resp.Messages) != 1 || !resp.Messages[0].Ephemeral || len(resp.Messages[0].Files) != 0 {
				t.Fatalf("want one private message without picture, got %+v", resp.Messages)
			}
			for _, w := range c.want {
				if !strings.Contains(resp.Messages[0].Text, w) {
					t.Errorf("%q lacks %q", resp.Messages[0].Text, w)
				}
			}
		})
	}
}

// Discord runs commands concurrently: several /map at once all get their
// picture (run with -race to check the renderer cache).
func TestMapCommandConcurrent(t *testing.T) {
	m, err := board.Default()
	if err != nil {
		t.Fatal(err)
	}
	b := New(Deps{Map: m}) // a fresh bot: its renderers are built concurrently
	var wg sync.WaitGroup
	errs := make(chan string, 6)
	for _, opts := range []map[string]string{nil, {"around": "1819"}, {"area": "Paris"}, nil, {"around": "3021", "radius": "2"}, {"area": "Metz"}} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp := runMap(b, opts, i18n.EN)
			if len(resp.Messages) != 1 || len(resp.Messages[0].Files) != 1 {
				errs <- fmt.Sprintf("%v: no picture: %+v", opts, resp.Messages)
				return
			}
			if _, err := png.Decode(bytes.NewReader(resp.Messages[0].Files[0].Data)); err != nil {
				errs <- fmt.Sprintf("%v: %v", opts, err)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

func TestMapCommandWithoutMap(t *testing.T) {
	resp := runMap(New(Deps{}), nil, i18n.EN)
	if len(resp.Messages) != 1 || !resp.Messages[0].Ephemeral || !strings.Contains(resp.Messages[0].Text, "not loaded") {
		t.Errorf("want a private 'map not loaded' message, got %+v", resp.Messages)
	}
}

func TestMapAreaAutocomplete(t *testing.T) {
	b := mapBot(t)
	got := b.Router.Complete(context.Background(), &Request{Path: "map", Options: map[string]string{"area": "verd"}}, "area")
	if len(got) == 0 || got[0].Value != "Verdun" {
		t.Errorf("area:verd suggests %+v, want Verdun first", got)
	}
	all := b.Router.Complete(context.Background(), &Request{Path: "map", Options: map[string]string{"area": ""}}, "area")
	if len(all) == 0 || len(all) > 25 {
		t.Errorf("empty area: suggests %d names, want 1..25", len(all))
	}
}

// Whatever a player types into /map's options, the answer is a picture or
// a clear refusal, never the bot's apology for an internal error.
func FuzzMapOptions(f *testing.F) {
	b := mapBot(f)
	for _, s := range [][3]string{
		{"", "", ""}, {"Paris", "", ""}, {"", "1819", "3"}, {"", "0101", "12"}, {"", "4235", "1"},
		{"liège", "", "2"}, {"'s-Hert", "", ""}, {"", "-1", ""}, {"", "99999", "0"}, {"\x00", "\xff", "x"},
		{"Saint", "", "-5"}, {"", "#1804", "5"}, {"パリ", "１８１９", ""},
	} {
		f.Add(s[0], s[1], s[2])
	}
	f.Fuzz(func(t *testing.T, area, around, radius string) {
		opts := map[string]string{}
		if area != "" {
			opts["area"] = area
		}
		if around != "" {
			opts["around"] = around
		}
		if radius != "" {
			opts["radius"] = radius
		}
		resp := runMap(b, opts, i18n.EN)
		msg := mapAnswer(t, resp, opts)
		for _, f := range msg.Files {
			if _, err := png.Decode(bytes.NewReader(f.Data)); err != nil {
				t.Fatalf("attachment for %q does not decode: %v", opts, err)
			}
		}
	})
}
