package discord_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"testing"

	"rtrbot/commands"
	"rtrbot/discord"
	"rtrbot/discord/fakediscord"
	"rtrbot/i18n"
)

// All shards' REST calls go through one shared proxy in front of Discord
// when RTRBOT_DISCORD_API names it (docs/scaling.md: nirn-proxy in
// production). Here a plain reverse proxy on 127.0.0.1 stands in for it,
// in front of the fake Discord: two shards register, answer and post
// through it, with the bot's token, and Discord's answers come back
// through it to the shard that asked.
func TestRESTThroughSharedProxy(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New()
	defer srv.Close()
	even, odd := twoShardGuilds(srv)
	target, err := url.Parse(srv.API)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var seen []string
	tokens := map[string]int{}
	codes := map[int]int{}
	rp := &httputil.ReverseProxy{Rewrite: func(r *httputil.ProxyRequest) {
		r.SetURL(&url.URL{Scheme: target.Scheme, Host: target.Host})
	}, ModifyResponse: func(resp *http.Response) error {
		mu.Lock()
		codes[resp.StatusCode]++
		mu.Unlock()
		return nil
	}}
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.Method+" "+r.URL.Path)
		tokens[r.Header.Get("Authorization")]++
		mu.Unlock()
		rp.ServeHTTP(w, r)
	}))
	defer proxy.Close()

	for id := 0; id < 2; id++ {
		r := testRouter(0)
		r.Add(&commands.Command{Name: "shard", Description: i18n.T("Which shard", "どのシャード"),
			Handler: func(ctx context.Context, req *commands.Request) *commands.Response {
				return commands.Reply(fmt.Sprintf("shard %d", id))
			}})
		a := openAdapter(t, discord.Config{Token: srv.Token, API: proxy.URL + "/api", Dial: srv.Dial, Guilds: srv.Guilds, ShardID: id, ShardCount: 2, Log: quiet}, r)
		defer a.Close()
	}
	checkShardAnswers(t, srv, even, odd)
	mu.Lock()
	defer mu.Unlock()
	var registered, answered int
	for _, s := range seen {
		switch {
		case strings.Contains(s, "/commands"):
			registered++
		case strings.Contains(s, "/interactions/") || strings.Contains(s, "/webhooks/"):
			answered++
		}
		if !strings.HasPrefix(strings.SplitN(s, " ", 2)[1], "/api/") {
			t.Errorf("%s: not under the API base", s)
		}
	}
	if registered == 0 || answered < 2 {
		t.Errorf("through the proxy: %d registration and %d answer requests (%v)", registered, answered, seen)
	}
	if tokens["Bot "+srv.Token] == 0 {
		t.Errorf("no request through the proxy carried the bot's token: %v", tokens)
	}
	if codes[http.StatusOK]+codes[http.StatusNoContent]+codes[http.StatusCreated] == 0 {
		t.Errorf("answers through the proxy: %v", codes)
	}
	if off := srv.OffHost(); len(off) > 0 {
		t.Errorf("the bot tried to reach %v", off)
	}
	if p := srv.Problems(); len(p) > 0 {
		t.Errorf("the fake Discord saw problems: %v", p)
	}
}
