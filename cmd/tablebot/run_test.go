package main

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/tablebot/tablebot/bot/fakediscord"
	"github.com/tablebot/tablebot/catalog"
	"github.com/tablebot/tablebot/internal/testlog"
)

// startBinary runs the bot as `tablebot run` would, configured by environment against the
// fake Discord, and returns its HTTP address and a stop function that waits for the exit.
func startBinary(t *testing.T, fake *fakediscord.Server, extra map[string]string) (string, *testlog.Buffer, func() error) {
	t.Helper()
	vars := map[string]string{
		"DISCORD_TOKEN": fake.Token(), "DISCORD_APPLICATION_ID": fake.ApplicationID(),
		"DISCORD_REST_BASE_URL": fake.URL().String(), "TABLEBOT_LISTEN": "127.0.0.1:0",
		"TABLEBOT_STORE_PATH": t.TempDir() + "/bot.db",
	}
	for k, v := range extra {
		vars[k] = v
	}
	ctx, cancel := context.WithCancel(context.Background())
	logs := &testlog.Buffer{}
	addr := make(chan string, 1)
	done := make(chan error, 1)
	t.Chdir(t.TempDir())
	go func() {
		done <- runBot(ctx, catalog.Kits(), nil, logs, func(k string) string { return vars[k] }, func(a string) { addr <- a })
	}()
	select {
	case a := <-addr:
		return a, logs, func() error { cancel(); return <-done }
	case err := <-done:
		t.Fatalf("bot stopped at start-up: %v\n%s", err, logs)
	case <-time.After(15 * time.Second):
		t.Fatalf("bot not ready after 15 s\n%s", logs)
	}
	return "", nil, nil
}

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

func TestRunGatewayMode(t *testing.T) {
	fake := fakediscord.Start(t, fakediscord.Config{})
	addr, logs, stop := startBinary(t, fake, nil)
	if code, body := get(t, "http://"+addr+"/healthz"); code != 200 || body != "ok\n" {
		t.Fatalf("/healthz: %d %q", code, body)
	}
	// The slash commands were registered at start-up.
	if len(fake.Matching("PUT /applications/{app}/commands")) != 1 {
		t.Fatal("commands not registered")
	}
	ix := fake.SlashCommand(fakediscord.Actor{User: fakediscord.User{ID: "1", Username: "ada"}, GuildID: "9", ChannelID: "8"}, "help")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := fake.DispatchInteraction(ctx, ix); err != nil {
		t.Fatal(err)
	}
	resp, err := fake.WaitResponse(ctx, ix.Token)
	if err != nil || !strings.Contains(string(resp.JSON), "/start") {
		t.Fatalf("/help over the gateway: %v %s", err, resp.JSON)
	}
	// The latency is observed just after the answer went out: poll briefly.
	var metrics string
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		var code int
		if code, metrics = get(t, "http://"+addr+"/metrics"); code == 200 && strings.Contains(metrics, `tablebot_interaction_seconds_count{kind="command"} 1`) {
			break
		}
	}
	if !strings.Contains(metrics, `tablebot_interaction_seconds_count{kind="command"} 1`) {
		t.Fatalf("/metrics lacks the interaction:\n%s", metrics)
	}
	if err := stop(); err != nil {
		t.Fatalf("stop: %v", err)
	}
	out := logs.String()
	if !strings.Contains(out, `"msg":"stopped"`) || strings.Contains(out, fake.Token()) {
		t.Fatalf("logs must end with a clean stop and never show the token:\n%s", out)
	}
}

func TestRunHTTPMode(t *testing.T) {
	fake := fakediscord.Start(t, fakediscord.Config{})
	addr, _, stop := startBinary(t, fake, map[string]string{"TABLEBOT_MODE": "http", "DISCORD_PUBLIC_KEY": fake.PublicKeyHex()})
	defer stop()
	ctx := context.Background()
	endpoint := "http://" + addr + "/interactions"
	if r, err := fake.PostInteractionForged(ctx, endpoint, fake.Ping()); err != nil || r.Status != 401 {
		t.Fatalf("forged PING: %v %+v", err, r)
	}
	r, err := fake.PostInteraction(ctx, endpoint, fake.Ping())
	if err != nil || r.Status != 200 || !strings.Contains(string(r.Body), `"type":1`) {
		t.Fatalf("PING: %v %+v", err, r)
	}
	if len(fake.Identifies()) != 0 {
		t.Fatal("http mode must not open the gateway")
	}
}

func TestRunRefusesBadConfig(t *testing.T) {
	t.Chdir(t.TempDir())
	err := runBot(context.Background(), catalog.Kits(), nil, io.Discard, func(string) string { return "" }, nil)
	if err == nil || !strings.Contains(err.Error(), "discord.token") {
		t.Fatalf("err %v", err)
	}
}
