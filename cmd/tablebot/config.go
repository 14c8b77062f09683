package main

import (
	"errors"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/games/search"
	"github.com/tablebot/tablebot/table"
)

// defaultConfigPath is read when --config is not given and the file exists.
const defaultConfigPath = "tablebot.toml"

// Config is the bot's configuration: config.example.toml documents every key. Secrets may come
// from the environment instead of the file (see applyEnv).
type Config struct {
	Discord DiscordConfig `toml:"discord"`
	HTTP    HTTPConfig    `toml:"http"`
	Store   StoreConfig   `toml:"store"`
	Redis   RedisConfig   `toml:"redis"`
	Log     LogConfig     `toml:"log"`
	Async   AsyncConfig   `toml:"async"`
	AI      AIConfig      `toml:"ai"`
}

// AIConfig sets the search AI's work that no lobby chooses.
type AIConfig struct {
	// Takeover is the level that plays for an absent player: "easy", "normal" or "strong".
	Takeover string `toml:"takeover"`
	// Suggest is how long the 💡 Suggest button's search may take (a Go duration); "0s"
	// means no search (the game's quick suggestion).
	Suggest string `toml:"suggest"`
}

// options returns the referee's AI settings: the takeover level, and the suggestion's time
// budget in table.Options' terms (negative: no search).
func (c AIConfig) options() (search.Level, time.Duration, error) {
	level, err := search.ParseLevel(c.Takeover)
	if err != nil {
		return 0, 0, fmt.Errorf("config: ai.takeover: %w", err)
	}
	d, err := time.ParseDuration(c.Suggest)
	if err != nil || d < 0 || d > 10*time.Second {
		return 0, 0, fmt.Errorf("config: ai.suggest has %q; want a duration from \"0s\" (no search) to \"10s\", like \"1s\"", c.Suggest)
	}
	if d == 0 {
		d = -1
	}
	return level, d, nil
}

// AsyncConfig is slow play: the paces /start offers, and the scheduler that works deadlines
// and reminders.
type AsyncConfig struct {
	// Paces replaces the times per move offered besides live play (Go durations such as
	// "10m", "24h"; each at least a minute). Empty means 1 h, 12 h, 24 h, 3 days and 7 days.
	Paces []string `toml:"paces"`
	// Workers bounds the due tasks (deadlines with their AI search, reminders, owed boards)
	// worked at once; 0 means one per CPU.
	Workers int `toml:"workers"`
	// Lease is how long a claimed due task stays the claiming process's before another may
	// take it (a Go duration; renewed while the task runs). Empty means "2m".
	Lease string `toml:"lease"`
	// StepDownNormal and StepDownEasy are how late a deadline's move may start before the
	// takeover AI plays it at most at normal, and at easy (Go durations, or "off"; see
	// table.StepDown). Empty means "1s" and "3s".
	StepDownNormal string `toml:"step_down_normal"`
	StepDownEasy   string `toml:"step_down_easy"`
}

// stepDown parses the configured step-down rule of late deadlines.
func (c AsyncConfig) stepDown() (table.StepDown, error) {
	var sd table.StepDown
	for _, f := range []struct {
		key, v string
		to     *time.Duration
	}{{"async.step_down_normal", c.StepDownNormal, &sd.Normal}, {"async.step_down_easy", c.StepDownEasy, &sd.Easy}} {
		if f.v == "off" {
			*f.to = -1
			continue
		}
		if f.v == "" {
			continue
		}
		d, err := time.ParseDuration(f.v)
		if err != nil || d < 100*time.Millisecond || d > 24*time.Hour {
			return sd, fmt.Errorf("config: %s has %q; want \"off\" or a duration from \"100ms\" to \"24h\", like \"5s\"", f.key, f.v)
		}
		*f.to = d
	}
	return sd, nil
}

// lease parses the configured lease of a claimed due task (zero: the default).
func (c AsyncConfig) lease() (time.Duration, error) {
	if c.Lease == "" {
		return 0, nil
	}
	d, err := time.ParseDuration(c.Lease)
	if err != nil || d < time.Second || d > time.Hour {
		return 0, fmt.Errorf("config: async.lease has %q; want a duration from \"1s\" to \"1h\", like \"2m\"", c.Lease)
	}
	return d, nil
}

// paces parses the configured paces.
func (c AsyncConfig) paces() ([]time.Duration, error) {
	var out []time.Duration
	for _, p := range c.Paces {
		d, err := time.ParseDuration(p)
		if err != nil || d < time.Minute {
			return nil, fmt.Errorf("config: async.paces has %q; want durations of at least a minute, like \"10m\" or \"24h\"", p)
		}
		out = append(out, d)
	}
	return out, nil
}

// DiscordConfig says how to reach Discord.
type DiscordConfig struct {
	Token            string `toml:"token"`
	ApplicationID    string `toml:"application_id"`
	PublicKey        string `toml:"public_key"`
	Mode             string `toml:"mode"`
	RESTBaseURL      string `toml:"rest_base_url"`
	GuildID          string `toml:"guild_id"`
	RegisterCommands *bool  `toml:"register_commands"`
	// ShardID and ShardCount split the gateway's guilds between processes (Discord's
	// sharding): process i of n sets shard_id = i, shard_count = n. Zero count means 1.
	ShardID    int `toml:"shard_id"`
	ShardCount int `toml:"shard_count"`
	// Tables is how servers run their tables: "threads" (default; a thread per table, any
	// number under one channel) or "channel" (one table per channel, played in it).
	Tables string `toml:"tables"`
}

// HTTPConfig is the bot's own HTTP server: /healthz, /metrics and, in http mode, /interactions.
type HTTPConfig struct {
	Listen string `toml:"listen"`
}

// StoreConfig is the embedded store, used when no Redis address is set.
type StoreConfig struct {
	Path string `toml:"path"`
}

// RedisConfig is the Redis store; an empty address means the embedded store.
type RedisConfig struct {
	Addr string `toml:"addr"`
	// Addrs are more seed nodes of a Redis Cluster (Cluster must be set).
	Addrs []string `toml:"addrs"`
	// Cluster connects to a Redis Cluster through Addr and Addrs.
	Cluster  bool   `toml:"cluster"`
	Username string `toml:"username"`
	Password string `toml:"password"`
	DB       int    `toml:"db"`
	TLS      bool   `toml:"tls"`
	Prefix   string `toml:"prefix"`
}

// LogConfig sets the logs' level and format.
type LogConfig struct {
	Level  string `toml:"level"`
	Format string `toml:"format"`
}

// loadConfig reads the TOML file at path ("" means tablebot.toml if it exists, else only
// defaults and environment), rejecting unknown keys, then applies the environment and the
// defaults, and checks that every required value is there.
func loadConfig(path string, getenv func(string) string) (Config, error) {
	var c Config
	explicit := path != ""
	if !explicit {
		path = defaultConfigPath
	}
	data, err := os.ReadFile(path)
	switch {
	case err == nil:
		md, err := toml.Decode(string(data), &c)
		if err != nil {
			return c, fmt.Errorf("config %s: %w", path, err)
		}
		if und := md.Undecoded(); len(und) > 0 {
			keys := make([]string, len(und))
			for i, k := range und {
				keys[i] = k.String()
			}
			sort.Strings(keys)
			return c, fmt.Errorf("config %s: unknown key %s (see config.example.toml)", path, strings.Join(keys, ", "))
		}
	case explicit || !errors.Is(err, os.ErrNotExist):
		return c, fmt.Errorf("config: %w", err)
	}
	applyEnv(&c, getenv)
	applyDefaults(&c)
	return c, c.check()
}

// applyEnv lets the environment supply secrets and deployment values; a set variable wins over
// the file.
func applyEnv(c *Config, getenv func(string) string) {
	for env, dst := range map[string]*string{
		"DISCORD_TOKEN":          &c.Discord.Token,
		"DISCORD_APPLICATION_ID": &c.Discord.ApplicationID,
		"DISCORD_PUBLIC_KEY":     &c.Discord.PublicKey,
		"DISCORD_REST_BASE_URL":  &c.Discord.RESTBaseURL,
		"TABLEBOT_MODE":          &c.Discord.Mode,
		"TABLEBOT_TABLES":        &c.Discord.Tables,
		"TABLEBOT_LISTEN":        &c.HTTP.Listen,
		"TABLEBOT_STORE_PATH":    &c.Store.Path,
		"REDIS_ADDR":             &c.Redis.Addr,
		"REDIS_USERNAME":         &c.Redis.Username,
		"REDIS_PASSWORD":         &c.Redis.Password,
	} {
		if v := getenv(env); v != "" {
			*dst = v
		}
	}
	for env, dst := range map[string]*int{
		"TABLEBOT_SHARD_ID":    &c.Discord.ShardID,
		"TABLEBOT_SHARD_COUNT": &c.Discord.ShardCount,
	} {
		if v := getenv(env); v != "" {
			if n, err := strconv.Atoi(v); err == nil {
				*dst = n
			} else {
				*dst = -1 // refused by check, naming the key
			}
		}
	}
}

func applyDefaults(c *Config) {
	def := func(s *string, v string) {
		if *s == "" {
			*s = v
		}
	}
	def(&c.Discord.Mode, "gateway")
	def(&c.Discord.Tables, bot.TablesThreads)
	def(&c.Discord.RESTBaseURL, "https://discord.com")
	def(&c.HTTP.Listen, ":8080")
	def(&c.Store.Path, "tablebot.db")
	def(&c.Redis.Prefix, "tablebot")
	def(&c.Log.Level, "info")
	def(&c.Log.Format, "json")
	def(&c.AI.Takeover, "strong")
	def(&c.AI.Suggest, "1s")
	if c.Discord.RegisterCommands == nil {
		yes := true
		c.Discord.RegisterCommands = &yes
	}
	if c.Discord.ShardCount == 0 {
		c.Discord.ShardCount = 1
	}
}

// snowflake reports whether s looks like a Discord ID: digits only, 1 to 20 of them.
func snowflake(s string) bool {
	if len(s) == 0 || len(s) > 20 {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// check refuses a configuration that lacks a required value, naming the key.
func (c Config) check() error {
	var missing []string
	if c.Discord.Token == "" {
		missing = append(missing, "discord.token (or DISCORD_TOKEN)")
	}
	if c.Discord.ApplicationID == "" {
		missing = append(missing, "discord.application_id (or DISCORD_APPLICATION_ID)")
	}
	if c.Discord.Mode == "http" && c.Discord.PublicKey == "" {
		missing = append(missing, "discord.public_key (or DISCORD_PUBLIC_KEY), needed in http mode")
	}
	if len(missing) > 0 {
		return fmt.Errorf("config: missing %s", strings.Join(missing, "; "))
	}
	if !snowflake(c.Discord.ApplicationID) {
		return fmt.Errorf("config: discord.application_id %q is not an application ID: copy the digits from the Developer Portal (General Information → Application ID)", c.Discord.ApplicationID)
	}
	switch c.Discord.Mode {
	case "gateway", "http":
	default:
		return fmt.Errorf("config: discord.mode is %q; want \"gateway\" or \"http\"", c.Discord.Mode)
	}
	switch c.Discord.Tables {
	case bot.TablesThreads, bot.TablesChannel:
	default:
		return fmt.Errorf("config: discord.tables is %q; want %q or %q", c.Discord.Tables, bot.TablesThreads, bot.TablesChannel)
	}
	if c.Discord.ShardCount < 1 || c.Discord.ShardID < 0 || c.Discord.ShardID >= c.Discord.ShardCount {
		return fmt.Errorf("config: discord.shard_id %d and discord.shard_count %d: want 0 ≤ shard_id < shard_count", c.Discord.ShardID, c.Discord.ShardCount)
	}
	if _, err := c.Async.paces(); err != nil {
		return err
	}
	if _, err := c.Async.lease(); err != nil {
		return err
	}
	if _, err := c.Async.stepDown(); err != nil {
		return err
	}
	if c.Async.Workers < 0 || c.Async.Workers > 1024 {
		return fmt.Errorf("config: async.workers is %d; want 0 (one per CPU) to 1024", c.Async.Workers)
	}
	switch c.Log.Level {
	case "debug", "info", "warn", "error":
	default:
		return fmt.Errorf("config: log.level is %q; want debug, info, warn or error", c.Log.Level)
	}
	switch c.Log.Format {
	case "json", "text":
	default:
		return fmt.Errorf("config: log.format is %q; want json or text", c.Log.Format)
	}
	if _, _, err := c.AI.options(); err != nil {
		return err
	}
	return nil
}
