package restproxy_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/bot/restproxy"
)

// recorder is a RoundTripper that records the requests it is given and
// answers 204.
type recorder struct {
	reqs []*http.Request
}

func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	r.reqs = append(r.reqs, req)
	return &http.Response{
		StatusCode: http.StatusNoContent,
		Body:       io.NopCloser(strings.NewReader("")),
		Header:     http.Header{},
		Request:    req,
	}, nil
}

func mustParse(t *testing.T, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatalf("parse %q: %v", s, err)
	}
	return u
}

func TestTransportRewrites(t *testing.T) {
	tests := []struct {
		name, base, in, want string
	}{
		{"plain", "http://127.0.0.1:9000", "https://discord.com/api/v9/channels/1/messages", "http://127.0.0.1:9000/api/v9/channels/1/messages"},
		{"query kept", "http://127.0.0.1:9000", "https://discord.com/api/v9/webhooks/1/tok?wait=true", "http://127.0.0.1:9000/api/v9/webhooks/1/tok?wait=true"},
		{"prefix", "https://proxy.internal/discord", "https://discord.com/api/v10/users/@me", "https://proxy.internal/discord/api/v10/users/@me"},
		{"prefix trailing slash", "https://proxy.internal/discord/", "https://discord.com/api/v10/users/@me", "https://proxy.internal/discord/api/v10/users/@me"},
		{"escaped path kept", "http://p:1", "https://discord.com/api/v9/channels/1/messages/2/reactions/%23%E2%83%A3/@me", "http://p:1/api/v9/channels/1/messages/2/reactions/%23%E2%83%A3/@me"},
		{"discordapp", "http://p:1", "https://discordapp.com/api/v9/gateway", "http://p:1/api/v9/gateway"},
		{"canary", "http://p:1", "https://canary.discord.com/api/v9/gateway", "http://p:1/api/v9/gateway"},
		{"case and port", "http://p:1", "https://Discord.COM:443/api/v9/gateway", "http://p:1/api/v9/gateway"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := &recorder{}
			rt := restproxy.Transport(mustParse(t, tc.base), rec)
			req, err := http.NewRequest(http.MethodPost, tc.in, strings.NewReader(`{"a":1}`))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Authorization", "Bot secret")
			resp, err := rt.RoundTrip(req)
			if err != nil {
				t.Fatalf("round trip: %v", err)
			}
			_ = resp.Body.Close()
			if len(rec.reqs) != 1 {
				t.Fatalf("next saw %d requests, want 1", len(rec.reqs))
			}
			got := rec.reqs[0]
			if got.URL.String() != tc.want {
				t.Errorf("URL = %s, want %s", got.URL, tc.want)
			}
			if want := mustParse(t, tc.want).Host; got.Host != want {
				t.Errorf("Host = %q, want %q", got.Host, want)
			}
			if got.Header.Get("Authorization") != "Bot secret" {
				t.Errorf("Authorization header lost: %q", got.Header.Get("Authorization"))
			}
			body, _ := io.ReadAll(got.Body)
			if string(body) != `{"a":1}` {
				t.Errorf("body = %q", body)
			}
			if got == req {
				t.Error("request was not cloned")
			}
			if req.URL.String() != tc.in {
				t.Errorf("original request modified: %s", req.URL)
			}
		})
	}
}

func TestTransportPassesOtherHosts(t *testing.T) {
	for _, in := range []string{
		"https://cdn.discordapp.com/avatars/1/a.png",
		"https://status.discord.com/api/v2/scheduled-maintenances/active.json",
		"https://example.com/api/v9/gateway",
		"https://notdiscord.com/api/v9/gateway",
		"https://discord.com.evil.example/api/v9/gateway",
	} {
		rec := &recorder{}
		rt := restproxy.Transport(mustParse(t, "http://127.0.0.1:9"), rec)
		req, err := http.NewRequest(http.MethodGet, in, nil)
		if err != nil {
			t.Fatal(err)
		}
		resp, err := rt.RoundTrip(req)
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		_ = resp.Body.Close()
		if rec.reqs[0] != req {
			t.Errorf("%s: request was altered, want it passed through as is", in)
		}
	}
}

func TestTransportNilBase(t *testing.T) {
	rec := &recorder{}
	if rt := restproxy.Transport(nil, rec); rt != http.RoundTripper(rec) {
		t.Errorf("Transport(nil, next) = %T, want next itself", rt)
	}
}

func TestIsAPIHost(t *testing.T) {
	cases := map[string]bool{
		"discord.com": true, "ptb.discord.com": true, "discordapp.com": true, "discord.com.": true,
		"cdn.discordapp.com": false, "status.discord.com": false, "media.discordapp.net": false,
		"gateway.discord.gg": false, "": false, ".discord.com": false,
	}
	for host, want := range cases {
		if got := restproxy.IsAPIHost(host); got != want {
			t.Errorf("IsAPIHost(%q) = %v, want %v", host, got, want)
		}
	}
}

// TestClientWithDiscordgo checks the whole path: a discordgo session whose
// Client comes from restproxy.Client reaches a local server at the API path
// discordgo builds.
func TestClientWithDiscordgo(t *testing.T) {
	var gotPath, gotAuth string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		gotPath, gotAuth = r.URL.Path, r.Header.Get("Authorization")
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"id":"42","username":"tablebot","bot":true}`)
	}))
	defer srv.Close()

	s, err := discordgo.New("Bot secret")
	if err != nil {
		t.Fatal(err)
	}
	s.Client = restproxy.Client(mustParse(t, srv.URL+"/prefix"), 5*time.Second)
	u, err := s.User("@me")
	if err != nil {
		t.Fatalf("User(@me): %v", err)
	}
	if u.ID != "42" || !u.Bot {
		t.Errorf("user = %+v", u)
	}
	if want := "/prefix/api/v" + discordgo.APIVersion + "/users/@me"; gotPath != want {
		t.Errorf("path = %q, want %q", gotPath, want)
	}
	if gotAuth != "Bot secret" {
		t.Errorf("Authorization = %q", gotAuth)
	}
}

func TestPooledKeepsConnections(t *testing.T) {
	p := restproxy.Pooled()
	if p.MaxIdleConnsPerHost < 100 || p == http.DefaultTransport {
		t.Fatalf("MaxIdleConnsPerHost %d", p.MaxIdleConnsPerHost)
	}
	if c := restproxy.Client(nil, 0); c.Transport == http.DefaultTransport {
		t.Fatal("Client uses the default transport")
	}
}

// TestVersioned checks that requests to Discord's API are moved to API v10, whatever version
// discordgo built their URL with, and that other requests pass unchanged.
func TestVersioned(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"https://discord.com/api/v9/channels/1/messages?x=1", "https://discord.com/api/v10/channels/1/messages?x=1"},
		{"https://discord.com/api/v10/users/@me", "https://discord.com/api/v10/users/@me"},
		{"https://discord.com/api/v9/channels/1/messages/2/reactions/%23%E2%83%A3/@me", "https://discord.com/api/v10/channels/1/messages/2/reactions/%23%E2%83%A3/@me"},
		{"https://discord.com/api/vx/users/@me", "https://discord.com/api/vx/users/@me"},
		{"https://cdn.discordapp.com/api/v9/x.png", "https://cdn.discordapp.com/api/v9/x.png"},
		{"https://example.com/api/v9/gateway", "https://example.com/api/v9/gateway"},
	} {
		rec := &recorder{}
		req, err := http.NewRequest(http.MethodGet, tc.in, nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := restproxy.Versioned(rec).RoundTrip(req); err != nil {
			t.Fatal(err)
		}
		if got := rec.reqs[0].URL.String(); got != tc.want {
			t.Errorf("%s went to %s, want %s", tc.in, got, tc.want)
		}
		if req.URL.String() != tc.in {
			t.Errorf("the request itself was changed to %s", req.URL)
		}
	}
	if discordgo.APIVersion != restproxy.APIVersion {
		t.Errorf("discordgo opens gateway connections with v=%s, want %s", discordgo.APIVersion, restproxy.APIVersion)
	}
}
