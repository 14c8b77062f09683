package main

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/tablebot/tablebot/internal/testlog"
)

// TestRunWithoutTokenPlaysLocally: the README's run command on a fresh clone, with no Discord
// credentials, opens the local table and says so.
func TestRunWithoutTokenPlaysLocally(t *testing.T) {
	t.Chdir(t.TempDir())
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out := &testlog.Buffer{}
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, nil, out, io.Discard, func(k string) string {
			if k == "TABLEBOT_LISTEN" {
				return "127.0.0.1:18181"
			}
			return ""
		})
	}()
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(out.String(), "http://127.0.0.1:18181/") {
		if time.Now().After(deadline) {
			t.Fatalf("no local table announced: %q", out.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	if !strings.Contains(out.String(), "No Discord token") || !strings.Contains(out.String(), "only this computer") {
		t.Fatalf("the notice: %q", out.String())
	}
	resp, err := http.Get("http://127.0.0.1:18181/")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(page), "local table") {
		t.Fatalf("the page: %.200s", page)
	}
	cancel()
	if code := <-done; code != 0 {
		t.Fatalf("exit %d", code)
	}
}
