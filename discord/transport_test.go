package discord

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// Every request for Discord's API goes to the configured root, path and
// query kept; other hosts (the CDN of attachments) are left alone.
func TestRebase(t *testing.T) {
	var got []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = append(got, r.Host+" "+r.URL.RequestURI())
	}))
	defer srv.Close()
	api, err := parseAPI(srv.URL + "/compat/api/")
	if err != nil {
		t.Fatal(err)
	}
	c := httpClient(api, nil)
	for _, u := range []string{
		"https://discord.com/api/v9/users/@me",
		"https://discord.com/api/v9/webhooks/1/tok/messages/@original?wait=true",
		"https://discord.com/api/v9/channels/5/messages",
	} {
		resp, err := c.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	host := strings.TrimPrefix(srv.URL, "http://")
	want := []string{
		host + " /compat/api/v9/users/@me",
		host + " /compat/api/v9/webhooks/1/tok/messages/@original?wait=true",
		host + " /compat/api/v9/channels/5/messages",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("requests went to\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// Discord's own root needs no rewriting at all.
	def, _ := parseAPI("")
	if _, ok := httpClient(def, nil).Transport.(rebase); ok {
		t.Error("the default API should not be rebased")
	}
}

func TestParseAPIRefusesNonsense(t *testing.T) {
	for _, s := range []string{"discord.com/api", "ftp://x/api", "http://", "::"} {
		if _, err := parseAPI(s); err == nil || !strings.Contains(err.Error(), "RTRBOT_DISCORD_API must be an http(s) URL") {
			t.Errorf("%q: %v", s, err)
		}
	}
}
