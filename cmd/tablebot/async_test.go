package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tablebot/tablebot/bot/fakediscord"
	"github.com/tablebot/tablebot/catalog"
	"github.com/tablebot/tablebot/internal/testlog"
)

func TestConfigPaces(t *testing.T) {
	t.Chdir(t.TempDir())
	base := map[string]string{"DISCORD_TOKEN": "t", "DISCORD_APPLICATION_ID": "1"}
	os.WriteFile("tablebot.toml", []byte("[async]\npaces = [\"10m\", \"2h\"]\n"), 0o644)
	c, err := loadConfig("", env(base))
	if err != nil {
		t.Fatal(err)
	}
	if p, err := c.Async.paces(); err != nil || len(p) != 2 || p[0] != 10*time.Minute {
		t.Fatalf("paces %v %v", p, err)
	}
	os.WriteFile("tablebot.toml", []byte("[async]\npaces = [\"30s\"]\n"), 0o644)
	if _, err := loadConfig("", env(base)); err == nil || !strings.Contains(err.Error(), "async.paces") {
		t.Fatalf("a 30 s pace: %v", err)
	}
	os.WriteFile("tablebot.toml", []byte("[async]\nworkers = 3\nlease = \"90s\"\n"), 0o644)
	if c, err := loadConfig("", env(base)); err != nil || c.Async.Workers != 3 {
		t.Fatalf("workers: %+v %v", c.Async, err)
	} else if d, err := c.Async.lease(); err != nil || d != 90*time.Second {
		t.Fatalf("lease %v %v", d, err)
	}
	os.WriteFile("tablebot.toml", []byte("[async]\nstep_down_normal = \"3s\"\nstep_down_easy = \"off\"\n"), 0o644)
	if c, err := loadConfig("", env(base)); err != nil {
		t.Fatal(err)
	} else if sd, err := c.Async.stepDown(); err != nil || sd.Normal != 3*time.Second || sd.Easy >= 0 {
		t.Fatalf("step down %+v %v", sd, err)
	}
	for bad, key := range map[string]string{"workers = -1": "async.workers", `step_down_easy = "now"`: "async.step_down_easy", `step_down_normal = "1ms"`: "async.step_down_normal", `lease = "10ms"`: "async.lease", `lease = "soon"`: "async.lease"} {
		os.WriteFile("tablebot.toml", []byte("[async]\n"+bad+"\n"), 0o644)
		if _, err := loadConfig("", env(base)); err == nil || !strings.Contains(err.Error(), key) {
			t.Errorf("%s: %v", bad, err)
		}
	}
}

// TestOneMinutePaceEndToEnd runs the real binary with a 1-minute pace from its config file and
// a real clock: Ada never moves; half a minute later she is reminded, a minute later the AI
// moves for her and the board calls Ben.
func TestOneMinutePaceEndToEnd(t *testing.T) {
	t.Parallel()
	fake := fakediscord.Start(t, fakediscord.Config{})
	dir := t.TempDir()
	cfg := filepath.Join(dir, "tablebot.toml")
	os.WriteFile(cfg, []byte("[async]\npaces = [\"1m\"]\n"), 0o644)
	vars := map[string]string{
		"DISCORD_TOKEN": fake.Token(), "DISCORD_APPLICATION_ID": fake.ApplicationID(),
		"DISCORD_REST_BASE_URL": fake.URL().String(), "TABLEBOT_LISTEN": "127.0.0.1:0",
		"TABLEBOT_STORE_PATH": filepath.Join(dir, "bot.db"),
		// The table in the channel, where the test reads its messages.
		"TABLEBOT_TABLES": "channel",
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ready := make(chan string, 1)
	done := make(chan error, 1)
	go func() {
		done <- runBot(ctx, catalog.Kits(), []string{"--config", cfg}, &testlog.Buffer{}, func(k string) string { return vars[k] }, func(a string) { ready <- a })
	}()
	select {
	case <-ready:
	case err := <-done:
		t.Fatalf("the bot stopped: %v", err)
	case <-time.After(15 * time.Second):
		t.Fatal("the bot did not start")
	}
	const guild, channel = "7", "8"
	ada := fakediscord.Actor{User: fakediscord.User{ID: "11", Username: "ada", GlobalName: "Ada"}, GuildID: guild, ChannelID: channel}
	ben := fakediscord.Actor{User: fakediscord.User{ID: "12", Username: "ben", GlobalName: "Ben"}, GuildID: guild, ChannelID: channel}
	send := func(ix *fakediscord.Interaction) fakediscord.Message {
		t.Helper()
		wctx, wcancel := context.WithTimeout(ctx, 10*time.Second)
		defer wcancel()
		if err := fake.DispatchInteraction(wctx, ix); err != nil {
			t.Fatal(err)
		}
		var m fakediscord.Message
		for {
			if o, ok := fake.Original(ix.Token); ok && !o.Deferred {
				m = o
				break
			}
			select {
			case <-wctx.Done():
				t.Fatalf("no answer to %s", ix.ID)
			case <-time.After(20 * time.Millisecond):
			}
		}
		return m
	}
	lobby := send(fake.SlashCommand(ada, "start", fakediscord.SubCommand("ingenious", fakediscord.StringOption("pace", time.Minute.String()))))
	if !strings.Contains(lobby.Content, "1 min per move") {
		t.Fatalf("lobby: %q", lobby.Content)
	}
	lobby = send(fake.Click(ben.On(lobby), button(t, lobby, "join")))
	send(fake.Click(ada.On(lobby), button(t, lobby, "start")))
	began := time.Now()
	wctx, wcancel := context.WithTimeout(ctx, 120*time.Second)
	defer wcancel()
	// The lobby, the first board, the reminder, the AI's move.
	msgs, err := fake.WaitChannelMessages(wctx, channel, 4)
	if err != nil {
		t.Fatalf("after %v: %v", time.Since(began), err)
	}
	reminder, moved := msgs[len(msgs)-2], msgs[len(msgs)-1]
	if !strings.Contains(reminder.Content, "<@11>") || !strings.Contains(reminder.Content, "⏰") || strings.Contains(reminder.Content, "<@12>") {
		t.Fatalf("the reminder: %q", reminder.Content)
	}
	// The board calls Ben — or Ada again, when the AI's move left her another decision (a
	// swap): never a bare "waiting for the others" in a game of turns.
	if !strings.Contains(moved.Content, "time ran out") || !strings.Contains(moved.Content, "<@12>") && !strings.Contains(moved.Content, "<@11>") || strings.Contains(moved.Content, "waiting for the others") {
		t.Fatalf("the AI's move: %q", moved.Content)
	}
	if took := time.Since(began); took < 55*time.Second {
		t.Fatalf("the AI moved after %v, before the minute was up", took)
	}
	cancel()
	<-done
}

// button returns the custom_id of m's button for verb (join, start…); it fails the test if m
// has none.
func button(t testing.TB, m fakediscord.Message, verb string) string {
	t.Helper()
	for _, id := range customIDs(m) {
		if strings.Contains(id, "/"+verb+"/") {
			return id
		}
	}
	t.Fatalf("no %s button in %q", verb, m.Content)
	return ""
}

// customIDs lists the custom_ids of a message's components.
func customIDs(m fakediscord.Message) []string {
	var out []string
	for _, part := range strings.Split(string(m.Components), `"custom_id":"`)[1:] {
		out = append(out, part[:strings.Index(part, `"`)])
	}
	return out
}
