package main

import (
	"strings"
	"testing"
)

func TestConfigShards(t *testing.T) {
	base := map[string]string{"DISCORD_TOKEN": "t", "DISCORD_APPLICATION_ID": "1"}
	t.Chdir(t.TempDir())
	c, err := loadConfig("", env(base))
	if err != nil || c.Discord.ShardID != 0 || c.Discord.ShardCount != 1 {
		t.Fatalf("default shards: %+v %v", c.Discord, err)
	}
	with := func(id, count string) map[string]string {
		m := map[string]string{"TABLEBOT_SHARD_ID": id, "TABLEBOT_SHARD_COUNT": count}
		for k, v := range base {
			m[k] = v
		}
		return m
	}
	c, err = loadConfig("", env(with("1", "2")))
	if err != nil || c.Discord.ShardID != 1 || c.Discord.ShardCount != 2 {
		t.Fatalf("shard 1 of 2: %+v %v", c.Discord, err)
	}
	s, err := newSession(c.Discord)
	if err != nil || s.ShardID != 1 || s.ShardCount != 2 {
		t.Fatalf("session shard: %v", err)
	}
	for _, bad := range [][2]string{{"2", "2"}, {"-1", "2"}, {"x", "2"}, {"0", "0x"}} {
		if _, err := loadConfig("", env(with(bad[0], bad[1]))); err == nil || !strings.Contains(err.Error(), "shard") {
			t.Errorf("shard %s of %s: %v", bad[0], bad[1], err)
		}
	}
}

func TestNewcomerHelpAndChecks(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"-h"}, {"help"}} {
		code, out, _ := runCmd(t, args...)
		if code != 0 || !strings.Contains(out, "tablebot replay") || !strings.Contains(out, "tablebot selfplay") {
			t.Errorf("tablebot %v: exit %d, %q", args, code, out)
		}
	}
	if code, _, stderr := runCmd(t, "selfplay", "-h"); code != 0 || !strings.Contains(stderr, "-players") {
		t.Errorf("selfplay -h: exit %d %q", code, stderr)
	}
	t.Chdir(t.TempDir())
	_, err := loadConfig("", env(map[string]string{"DISCORD_TOKEN": "t", "DISCORD_APPLICATION_ID": "…"}))
	if err == nil || !strings.Contains(err.Error(), "application_id") {
		t.Fatalf("the README's literal … as the application ID: %v", err)
	}
}
