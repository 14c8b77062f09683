package localtable

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/tablebot/tablebot/catalog"
	"github.com/tablebot/tablebot/store/storetest"
	"github.com/tablebot/tablebot/table"
)

// TestAPIAnswersBadRequests: the page's API refuses a body that is not its JSON (400), a
// person who is not at the table (404) and a language it does not offer (400), and sets one
// it does (200, seen in the person's locale).
func TestAPIAnswersBadRequests(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	srv := startServer(ctx, t)
	for _, c := range []struct {
		path, body string
		want       int
	}{
		{"/api/command", `not json`, http.StatusBadRequest},
		{"/api/click", `{"user":`, http.StatusBadRequest},
		{"/api/modal", `[]`, http.StatusBadRequest},
		{"/api/locale", `{"user":"ada","locale":"de"}`, http.StatusBadRequest},
		{"/api/command", `{"user":"zed","text":"/help"}`, http.StatusNotFound},
		{"/api/click", `{"user":"zed","message":"1","custom_id":"x"}`, http.StatusNotFound},
		{"/api/modal", `{"user":"zed","cancel":true}`, http.StatusNotFound},
		{"/api/locale", `{"user":"zed","locale":"cs"}`, http.StatusNotFound},
		{"/api/click", `{"user":"ada","message":"no-such-message","custom_id":"x"}`, http.StatusNotFound},
		{"/api/modal", `{"user":"ada","cancel":true}`, http.StatusOK},
		{"/api/locale", `{"user":"Ada","locale":"cs"}`, http.StatusOK},
	} {
		resp, err := http.Post(srv.URL()+c.path, "application/json", strings.NewReader(c.body))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != c.want {
			t.Errorf("POST %s %s: status %d, want %d", c.path, c.body, resp.StatusCode, c.want)
		}
	}
	if u, _ := srv.user("ada"); u.Locale != "cs" {
		t.Errorf("Ada's locale after choosing Czech: %q, want cs", u.Locale)
	}
}

// startServer starts a local table on a free port over an embedded store of every game; the
// test's cleanup closes it.
func startServer(ctx context.Context, t *testing.T) *Server {
	t.Helper()
	tables, err := table.New(storetest.OpenBolt(t), catalog.Games(catalog.Kits()), table.Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := Start(ctx, Options{Addr: "127.0.0.1:0", Tables: tables})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	return srv
}
