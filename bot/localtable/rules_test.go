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

// TestRulesByPosition: "/rules shelfie" typed on the page, the game given without its
// option's name, shows Shelfie Stacker's rules (it was refused as "write options as
// name:value").
func TestRulesByPosition(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	srv := startServer(ctx, t)
	resp, err := http.Post(srv.URL()+"/api/command", "application/json", strings.NewReader(`{"user":"ada","text":"/rules Shelfie"}`))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if strings.Contains(string(b), "error") {
		t.Fatalf("/rules Shelfie: %s", b)
	}
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		resp, err := http.Get(srv.URL() + "/api/view?user=ada")
		if err != nil {
			t.Fatal(err)
		}
		var v view
		err = json.NewDecoder(resp.Body).Decode(&v)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range v.Messages {
			if strings.Contains(m.Content, "**Shelfie Stacker**") {
				return
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal("the rules never showed")
}
