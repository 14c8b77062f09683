package bot

import (
	"net/http"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// TestRESTSessionsStartAfresh: the bot's REST session is the configured one until an
// interaction token's life has passed, then a fresh copy with an empty rate limiter that makes
// calls as the configured one does; within a token's life it stays the same.
func TestRESTSessionsStartAfresh(t *testing.T) {
	base, err := discordgo.New("Bot test-token")
	if err != nil {
		t.Fatal(err)
	}
	base.Client = &http.Client{Timeout: 7 * time.Second}
	base.UserAgent = "DiscordBot (test, 1)"
	base.MaxRestRetries = 5
	base.ShouldRetryOnRateLimit = false
	clock := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	r := newRESTSessions(base, func() time.Time { return clock })
	if r.get() != base {
		t.Fatal("the first session is not the configured one")
	}
	clock = clock.Add(tokenLife - time.Second)
	if r.get() != base {
		t.Fatal("the session changed within a token's life")
	}
	clock = clock.Add(time.Second)
	fresh := r.get()
	if fresh == base {
		t.Fatal("the session did not start afresh after a token's life")
	}
	if fresh.Ratelimiter == base.Ratelimiter || fresh.Ratelimiter == nil {
		t.Error("the fresh session shares the old rate limiter, or has none")
	}
	if fresh.Token != base.Token || fresh.Client != base.Client || fresh.UserAgent != base.UserAgent ||
		fresh.MaxRestRetries != base.MaxRestRetries || fresh.ShouldRetryOnRateLimit != base.ShouldRetryOnRateLimit {
		t.Errorf("fresh session %+v does not call as the configured one", fresh)
	}
	clock = clock.Add(tokenLife / 2)
	if r.get() != fresh {
		t.Error("the fresh session changed within a token's life")
	}
	clock = clock.Add(tokenLife)
	if r.get() == fresh {
		t.Error("the session did not start afresh again")
	}
}
