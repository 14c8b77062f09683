package localtable

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestZZScratchRules(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	srv := startServer(ctx, t)
	for _, text := range []string{"/rules shelfie", "/rules game:shelfie", "/rules game:Shelfie Stacker", "/rules game:ingenious"} {
		resp, err := http.Post(srv.URL()+"/api/command", "application/json", strings.NewReader(`{"user":"ada","text":"`+text+`"}`))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		t.Logf("%s -> %s", text, b)
		time.Sleep(500 * time.Millisecond)
	}
	resp, _ := http.Get(srv.URL() + "/api/view?user=ada")
	var v view
	json.NewDecoder(resp.Body).Decode(&v)
	for _, m := range v.Messages {
		t.Logf("MSG %q", m.Content[:min(200, len(m.Content))])
	}
}
