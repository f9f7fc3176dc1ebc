package discord

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/gorilla/websocket"
)

// DefaultAPI is Discord's own REST API root, the part of every discordgo
// endpoint that RTRBOT_DISCORD_API replaces.
const DefaultAPI = "https://discord.com/api"

// rebase sends requests meant for Discord's API to another server.
//
// discordgo keeps its endpoints in package variables computed at start-up
// (EndpointAPI, EndpointGuilds, ... and dozens derived from them), so
// reassigning EndpointDiscord changes nothing that was derived already,
// and reassigning them all would change every session in the process at
// once (tests run several fake servers side by side). Rewriting the URL in
// the session's own HTTP transport catches every endpoint, present and
// future, and touches nothing global. The gateway needs no rewrite: its
// address comes from the API's GET /gateway answer.
type rebase struct {
	to   *url.URL // e.g. http://127.0.0.1:4321/api
	next http.RoundTripper
}

func (t rebase) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.URL.Host == "discord.com" && (r.URL.Path == "/api" || strings.HasPrefix(r.URL.Path, "/api/")) {
		r = r.Clone(r.Context())
		u := *r.URL
		u.Scheme, u.Host = t.to.Scheme, t.to.Host
		u.Path = strings.TrimSuffix(t.to.Path, "/") + strings.TrimPrefix(u.Path, "/api")
		if u.RawPath != "" {
			u.RawPath = strings.TrimSuffix(t.to.EscapedPath(), "/") + strings.TrimPrefix(u.RawPath, "/api")
		}
		r.URL, r.Host = &u, u.Host
	}
	return t.next.RoundTrip(r)
}

// parseAPI checks an API root given by the operator.
func parseAPI(s string) (*url.URL, error) {
	if s == "" {
		s = DefaultAPI
	}
	u, err := url.Parse(strings.TrimSuffix(s, "/"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("RTRBOT_DISCORD_API must be an http(s) URL standing for %s, e.g. http://127.0.0.1:8080/api; got %q", DefaultAPI, s)
	}
	return u, nil
}

// Dialer opens network connections; tests pass one that refuses every
// host but 127.0.0.1.
type Dialer func(ctx context.Context, network, addr string) (net.Conn, error)

func httpClient(api *url.URL, dial Dialer) *http.Client {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	if dial != nil {
		tr.DialContext = dial
		tr.Proxy = nil // a proxy would hide where we really connect
	}
	var rt http.RoundTripper = tr
	if api.String() != DefaultAPI {
		rt = rebase{to: api, next: tr}
	}
	return &http.Client{Transport: rt, Timeout: 20 * time.Second}
}

func wsDialer(dial Dialer) *websocket.Dialer {
	d := *websocket.DefaultDialer // a copy: the default is shared by the process
	if dial != nil {
		d.NetDialContext = dial
		d.Proxy = nil
	}
	return &d
}
