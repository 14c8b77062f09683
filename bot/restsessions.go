package bot

import (
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// tokenLife is how long an interaction's token is good for: Discord accepts its webhook calls
// (the original response, follow-ups) for 15 minutes after the interaction.
const tokenLife = 15 * time.Minute

// restSessions hands out the discordgo session the bot makes its REST calls through, with a
// rate limiter never much older than an interaction token. discordgo keeps a rate-limit bucket
// for every route it has called and never drops one, and the routes of interaction webhooks
// carry the interaction's token: a bot that ran for weeks would keep a bucket (a few hundred
// bytes) for every interaction it ever answered. Every tokenLife the sessions handed out start
// afresh, as copies of the configured one with an empty limiter; calls under way keep the
// session they took, and an old limiter goes once they are done. What a fresh limiter forgets
// — the state of a channel's bucket, say — costs at most a request Discord answers with 429,
// which discordgo waits out and retries; interaction webhooks are not under the global limit.
type restSessions struct {
	base *discordgo.Session // as configured: token, HTTP client, user agent, retries
	now  func() time.Time

	mu   sync.Mutex
	cur  *discordgo.Session
	born time.Time
}

// newRESTSessions starts handing out base itself, then fresh copies of it, on the clock now
// (nil: time.Now).
func newRESTSessions(base *discordgo.Session, now func() time.Time) *restSessions {
	if now == nil {
		now = time.Now
	}
	return &restSessions{base: base, now: now, cur: base, born: now()}
}

// get returns the session to make REST calls through now. A caller keeps it for the calls of
// one interaction or task.
func (r *restSessions) get() *discordgo.Session {
	r.mu.Lock()
	defer r.mu.Unlock()
	if t := r.now(); t.Sub(r.born) >= tokenLife {
		r.cur, r.born = freshREST(r.base), t
	}
	return r.cur
}

// freshREST is a session that makes REST calls as base does, with a rate limiter of its own.
func freshREST(base *discordgo.Session) *discordgo.Session {
	return &discordgo.Session{
		Token:                  base.Token,
		Client:                 base.Client,
		UserAgent:              base.UserAgent,
		MaxRestRetries:         base.MaxRestRetries,
		ShouldRetryOnRateLimit: base.ShouldRetryOnRateLimit,
		LogLevel:               base.LogLevel,
		Debug:                  base.Debug,
		Ratelimiter:            discordgo.NewRatelimiter(),
		State:                  discordgo.NewState(),
	}
}
