package main

import (
	"bytes"
	"os"
	"regexp"
	"strings"
	"testing"
)

// asTablebot, set in a child's environment, makes this test binary run as the tablebot
// program: the load test starts the bot as a process of its own, and under `go test` the
// program it finds is this binary.
const asTablebot = "TBTEST_AS_TABLEBOT"

func TestMain(m *testing.M) {
	if os.Getenv(asTablebot) == "1" {
		main()
		return
	}
	os.Exit(m.Run())
}

// TestLoadtestBotProcess runs a small load test with the bot in a process of its own, started
// as `tablebot run` from the configuration the load test writes, and checks what the report
// must say whatever the machine: moves applied and none lost, no error, every acknowledgement
// within 3 s, the storm applying exactly one move, and figures that are the bot process's.
func TestLoadtestBotProcess(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// Variables the bot would take over its configuration file must not reach it.
	env := append(os.Environ(), asTablebot+"=1", "TABLEBOT_LISTEN=127.0.0.1:1", "DISCORD_TOKEN=wrong")
	var out, errs bytes.Buffer
	// Long enough for a move to finish even where the machine is busy with other tests and
	// this binary (so the bot) is built with -race: its panels then take seconds to show.
	args := []string{"--games", "4", "--duration", "12s", "--latency", "10ms", "--storm", "30"}
	if err := loadtestWith(t.Context(), args, &out, &errs, self{path: exe, env: env}); err != nil {
		t.Fatalf("loadtest: %v\n%s\n%s", err, out.String(), errs.String())
	}
	report := out.String()
	t.Logf("\n%s", report)
	for _, want := range []string{
		"the bot in a process of its own",
		"(0 answered after 3 s, 0 errors)",
		"(the bot's process), 0 lost",
		"storm                30 identical clicks: 1 applied,",
	} {
		if !strings.Contains(report, want) {
			t.Errorf("the report lacks %q", want)
		}
	}
	if m := regexp.MustCompile(`moves\s+(\d+) applied`).FindStringSubmatch(report); m == nil || m[1] == "0" {
		t.Errorf("no move was applied")
	}
	if m := regexp.MustCompile(`peak RSS\s+(\d+) MB`).FindStringSubmatch(report); m == nil || m[1] == "0" {
		t.Errorf("the bot process's peak memory was not read")
	}
}

// TestLoadtestFlagsInsideOnly refuses the flags that measure a bot inside the load test when
// it runs in a process of its own.
func TestLoadtestFlagsInsideOnly(t *testing.T) {
	var out, errs bytes.Buffer
	err := loadtestWith(t.Context(), []string{"--cpuprofile", "x.prof"}, &out, &errs, self{path: "/nonexistent"})
	if err == nil || !strings.Contains(err.Error(), "--process=false") {
		t.Fatalf("got %v, want a usage error naming --process=false", err)
	}
}

// TestLoadtestRedisFlagsExclusive refuses --redis and --redis-cluster together, and a seed
// list with an empty node.
func TestLoadtestRedisFlagsExclusive(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--async", "10", "--redis", "redis://127.0.0.1:6379/0", "--redis-cluster", "127.0.0.1:7000"}, "--redis and --redis-cluster"},
		{[]string{"--async", "10", "--redis-cluster", "127.0.0.1:7000,,127.0.0.1:7001"}, "empty seed node"},
	} {
		var out, errs bytes.Buffer
		err := loadtestWith(t.Context(), c.args, &out, &errs, self{path: "/nonexistent"})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want a usage error saying %q", c.args, err, c.want)
		}
	}
}
