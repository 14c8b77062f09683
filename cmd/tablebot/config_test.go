package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tablebot/tablebot/games/search"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestConfigExampleIsValid(t *testing.T) {
	c, err := loadConfig("../../config.example.toml", env(map[string]string{"DISCORD_TOKEN": "t", "DISCORD_APPLICATION_ID": "1"}))
	if err != nil {
		t.Fatalf("config.example.toml: %v", err)
	}
	if c.Discord.Mode != "gateway" || c.Redis.Addr != "" || c.Store.Path != "tablebot.db" {
		t.Errorf("example defaults: %+v", c)
	}
}

func TestConfigUnknownKeyNamed(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.toml")
	os.WriteFile(path, []byte("[discord]\ntoken = \"x\"\napplication_id = \"1\"\ncolour = \"red\"\n[redis]\nadress = \"x\"\n"), 0o644)
	_, err := loadConfig(path, env(nil))
	if err == nil || !strings.Contains(err.Error(), "discord.colour") || !strings.Contains(err.Error(), "redis.adress") {
		t.Fatalf("err %v, want both unknown keys named", err)
	}
}

func TestConfigMissingRequired(t *testing.T) {
	_, err := loadConfig(filepath.Join(t.TempDir(), "absent.toml"), env(nil))
	if err == nil || !strings.Contains(err.Error(), "absent.toml") {
		t.Fatalf("an explicit missing file must fail: %v", err)
	}
	t.Chdir(t.TempDir())
	_, err = loadConfig("", env(nil))
	if err == nil || !strings.Contains(err.Error(), "discord.token") || !strings.Contains(err.Error(), "discord.application_id") {
		t.Fatalf("err %v, want the missing keys named", err)
	}
	_, err = loadConfig("", env(map[string]string{"DISCORD_TOKEN": "t", "DISCORD_APPLICATION_ID": "1", "TABLEBOT_MODE": "http"}))
	if err == nil || !strings.Contains(err.Error(), "discord.public_key") {
		t.Fatalf("http mode without a key: %v", err)
	}
}

func TestConfigEnvironmentWins(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.toml")
	os.WriteFile(path, []byte("[discord]\ntoken = \"file\"\napplication_id = \"1\"\n[redis]\naddr = \"file:6379\"\n"), 0o644)
	c, err := loadConfig(path, env(map[string]string{"DISCORD_TOKEN": "env", "REDIS_PASSWORD": "pw"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.Discord.Token != "env" || c.Redis.Password != "pw" || c.Redis.Addr != "file:6379" {
		t.Fatalf("got %+v", c)
	}
}

// TestConfigTables: tables default to threads; "channel" keeps one table per channel, from
// the file or TABLEBOT_TABLES; anything else is refused, naming the key.
func TestConfigTables(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.toml")
	write := func(body string) {
		if err := os.WriteFile(path, []byte("[discord]\ntoken = \"x\"\napplication_id = \"1\"\n"+body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("")
	if c, err := loadConfig(path, env(nil)); err != nil || c.Discord.Tables != "threads" {
		t.Fatalf("default: %q, %v", c.Discord.Tables, err)
	}
	write("tables = \"channel\"\n")
	if c, err := loadConfig(path, env(nil)); err != nil || c.Discord.Tables != "channel" {
		t.Fatalf("channel: %q, %v", c.Discord.Tables, err)
	}
	write("")
	if c, err := loadConfig(path, env(map[string]string{"TABLEBOT_TABLES": "channel"})); err != nil || c.Discord.Tables != "channel" {
		t.Fatalf("TABLEBOT_TABLES: %q, %v", c.Discord.Tables, err)
	}
	write("tables = \"forum\"\n")
	if _, err := loadConfig(path, env(nil)); err == nil || !strings.Contains(err.Error(), "discord.tables") {
		t.Fatalf("forum: %v", err)
	}
}

func TestInvite(t *testing.T) {
	code, out, stderr := runCmd(t, "invite", "--app", "123")
	if code != 0 {
		t.Fatalf("exit %d %s", code, stderr)
	}
	for _, want := range []string{"client_id=123", "scope=bot+applications.commands", "permissions="} {
		if !strings.Contains(out, want) {
			t.Errorf("invite URL %q lacks %q", out, want)
		}
	}
}

func TestConfigAI(t *testing.T) {
	dir := t.TempDir()
	load := func(body string) (Config, error) {
		path := filepath.Join(dir, "c.toml")
		if err := os.WriteFile(path, []byte("[discord]\ntoken = \"x\"\napplication_id = \"1\"\n"+body), 0o644); err != nil {
			t.Fatal(err)
		}
		return loadConfig(path, env(nil))
	}
	c, err := load("")
	if err != nil {
		t.Fatal(err)
	}
	level, suggest, err := c.AI.options()
	if err != nil || level != search.Strong || suggest != time.Second {
		t.Fatalf("defaults: %v %v %v, want strong and 1s", level, suggest, err)
	}
	c, err = load("[ai]\ntakeover = \"normal\"\nsuggest = \"0s\"\n")
	if err != nil {
		t.Fatal(err)
	}
	if level, suggest, _ := c.AI.options(); level != search.Normal || suggest >= 0 {
		t.Fatalf("normal, no search: got %v %v", level, suggest)
	}
	for _, bad := range []string{"[ai]\ntakeover = \"grandmaster\"\n", "[ai]\nsuggest = \"soon\"\n", "[ai]\nsuggest = \"1m\"\n"} {
		if _, err := load(bad); err == nil || !strings.Contains(err.Error(), "ai.") {
			t.Errorf("%q: err %v, want the key named", bad, err)
		}
	}
}
