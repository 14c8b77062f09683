package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/tablebot/tablebot/bot/fakediscord"
	"github.com/tablebot/tablebot/internal/testlog"
	"github.com/tablebot/tablebot/store"
	"github.com/tablebot/tablebot/store/storetest"
)

// TestKillDuringDeadline runs the bot as a process of its own at a 1-minute pace, on each
// store, and kills it (SIGKILL) the moment it begins working a deadline — in the middle of the
// AI's move for the absent player. A new process on the same store finishes the deadline once
// the dead one's lease (5 s here) has run out: the AI moves once, and the channel gets one
// board saying so. The new process then stops cleanly on SIGTERM.
func TestKillDuringDeadline(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"bolt", "redis"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			killDuringDeadline(t, name == "redis")
		})
	}
}

func killDuringDeadline(t *testing.T, onRedis bool) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	fake := fakediscord.Start(t, fakediscord.Config{})
	dir := t.TempDir()
	// One table in the channel, as the test follows it (a thread's table works its deadlines
	// through the same scheduler).
	conf := fmt.Sprintf(`[discord]
tables = "channel"
token = %q
application_id = %q
rest_base_url = %q
[http]
listen = "127.0.0.1:0"
[store]
path = %q
[log]
level = "debug"
format = "json"
[ai]
takeover = "strong"
suggest = "0s"
[async]
paces = ["1m"]
lease = "5s"
`, fake.Token(), fake.ApplicationID(), fake.URL().String(), filepath.Join(dir, "bot.db"))
	var redisOpts store.RedisOptions
	if onRedis {
		redisOpts = storetest.RedisOptions(t)
		t.Cleanup(func() { storetest.DeleteKeys(t, redisOpts.Prefix) })
		conf += fmt.Sprintf("[redis]\naddr = %q\nprefix = %q\n", redisOpts.Addr, redisOpts.Prefix)
	}
	path := filepath.Join(dir, "bot.toml")
	if err := os.WriteFile(path, []byte(conf), 0o600); err != nil {
		t.Fatal(err)
	}
	// start runs `tablebot run`; working is closed when it logs that it begins a deadline.
	start := func() (cmd *exec.Cmd, working chan struct{}, logs *testlog.Buffer) {
		cmd = exec.Command(exe, "run", "--config", path)
		cmd.Env = append(withoutConfigEnv(os.Environ()), asTablebot+"=1")
		stderr, err := cmd.StderrPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
		working, logs = make(chan struct{}), &testlog.Buffer{}
		var once sync.Once
		go func() {
			sc := bufio.NewScanner(stderr)
			sc.Buffer(make([]byte, 1<<20), 1<<20)
			for sc.Scan() {
				line := sc.Text()
				fmt.Fprintln(logs, line)
				if strings.Contains(line, `"msg":"working a due task"`) && strings.Contains(line, `"task":"deadline"`) {
					once.Do(func() { close(working) })
				}
			}
		}()
		return cmd, working, logs
	}
	first, working, logs := start()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	if err := fake.WaitConnected(ctx); err != nil {
		t.Fatalf("the bot did not connect: %v\n%s", err, logs)
	}
	const guild, channel = "7", "8"
	ada := fakediscord.Actor{User: fakediscord.User{ID: "11", Username: "ada", GlobalName: "Ada"}, GuildID: guild, ChannelID: channel}
	ben := fakediscord.Actor{User: fakediscord.User{ID: "12", Username: "ben", GlobalName: "Ben"}, GuildID: guild, ChannelID: channel}
	send := func(ix *fakediscord.Interaction) fakediscord.Message {
		t.Helper()
		if err := fake.DispatchInteraction(ctx, ix); err != nil {
			t.Fatal(err)
		}
		for {
			if o, ok := fake.Original(ix.Token); ok && !o.Deferred {
				return o
			}
			select {
			case <-ctx.Done():
				t.Fatalf("no answer to %s\n%s", ix.ID, logs)
			case <-time.After(20 * time.Millisecond):
			}
		}
	}
	lobby := send(fake.SlashCommand(ada, "start", fakediscord.SubCommand("ingenious", fakediscord.StringOption("pace", time.Minute.String()))))
	lobby = send(fake.Click(ben.On(lobby), button(t, lobby, "join")))
	send(fake.Click(ada.On(lobby), button(t, lobby, "start")))
	// Nobody moves: a minute later the deadline is worked, and the process dies in the middle.
	select {
	case <-working:
	case <-ctx.Done():
		t.Fatalf("no deadline was worked\n%s", logs)
	}
	if err := first.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = first.Wait()
	killed := time.Now()
	if n, err := aiMoves(ctx, dir, onRedis, redisOpts, channel); err == nil {
		t.Logf("killed with %d AI moves saved", n) // 0: before the save, as meant; 1: just after it
	}
	second, _, logs2 := start()
	// The dead process's claim comes back after its lease; the new process works it.
	var board fakediscord.Message
	for board.ID == "" {
		for _, m := range fake.ChannelMessages(channel) {
			if strings.Contains(m.Content, "time ran out — the AI decided for") {
				board = m
			}
		}
		select {
		case <-ctx.Done():
			t.Fatalf("the deadline was never finished\n%s", logs2)
		case <-time.After(50 * time.Millisecond):
		}
	}
	t.Logf("the deadline's board came %v after the kill", time.Since(killed).Round(time.Millisecond))
	time.Sleep(8 * time.Second) // a second lease and a scheduler tick: nothing more may come
	var boards int
	for _, m := range fake.ChannelMessages(channel) {
		if strings.Contains(m.Content, "time ran out") {
			boards++
		}
	}
	if boards != 1 || !strings.Contains(board.Content, "🤖") {
		t.Fatalf("%d deadline boards, want 1 with the AI's move marked: %q", boards, board.Content)
	}
	if err := second.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := second.Wait(); err != nil {
		t.Fatalf("the second process's stop: %v\n%s", err, logs2)
	}
	n, err := aiMoves(ctx, dir, onRedis, redisOpts, channel)
	if err != nil || n != 1 {
		t.Fatalf("%d AI moves in the stored record (%v), want 1", n, err)
	}
}

// aiMoves counts the moves made by the AI in the channel's stored table.
func aiMoves(ctx context.Context, dir string, onRedis bool, o store.RedisOptions, channel string) (int, error) {
	var st store.Store
	var err error
	if onRedis {
		st, err = store.NewRedis(ctx, o)
	} else {
		st, err = store.OpenBolt(filepath.Join(dir, "bot.db"), store.BoltOptions{})
	}
	if err != nil {
		return 0, err
	}
	defer st.Close()
	tb, err := st.Load(ctx, channel)
	if err != nil {
		return 0, err
	}
	var data struct {
		Record struct {
			Moves []struct {
				By string `json:"by"`
			} `json:"moves"`
		} `json:"record"`
	}
	if err := json.Unmarshal(tb.Data, &data); err != nil {
		return 0, err
	}
	n := 0
	for _, m := range data.Record.Moves {
		if m.By == "ai" {
			n++
		}
	}
	return n, nil
}
