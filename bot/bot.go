package bot

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"log/slog"
	mrand "math/rand/v2"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/tablebot/tablebot/catalog"
	"github.com/tablebot/tablebot/store"
)

// Options configure a Bot. The zero value of each field is documented.
type Options struct {
	// ApplicationID is the Discord application's ID (required).
	ApplicationID string
	// Seed, when non-zero, makes every chance move deterministic (tests); zero draws a fresh
	// seed from crypto/rand for every chance sequence.
	Seed uint64
	// Now returns the time; nil means time.Now.
	Now func() time.Time
	// Logger receives the bot's logs; nil means slog.Default().
	Logger *slog.Logger
	// Metrics is where the bot registers its Prometheus metrics; nil means a private registry.
	Metrics prometheus.Registerer
	// Handled, when set, is called after each interaction has been completely handled (every
	// edit and channel message sent), with the error the user was told about, if any.
	Handled func(i *discordgo.Interaction, err error)
}

// Bot referees the games of every channel it is in. It keeps no game state in memory: every
// interaction loads the channel's table from the store, and every change is a compare-and-set
// write, so several Bot processes may serve the same store and any of them may restart at
// any time.
type Bot struct {
	kits     []catalog.Kit
	store    store.Store
	rest     *discordgo.Session
	appID    string
	seed     uint64
	now      func() time.Time
	log      *slog.Logger
	metrics  *metrics
	inflight inflight
	handled  func(*discordgo.Interaction, error)
}

// New builds a Bot for the given games that stores tables in st and talks to Discord's REST
// API through rest (a discordgo session whose HTTP client may point at a proxy or a fake).
func New(kits []catalog.Kit, st store.Store, rest *discordgo.Session, o Options) (*Bot, error) {
	if o.ApplicationID == "" {
		return nil, errors.New("bot: the Discord application ID is required")
	}
	if len(kits) == 0 {
		return nil, errors.New("bot: no games")
	}
	if _, err := catalog.Registry(kits); err != nil {
		return nil, fmt.Errorf("bot: %w", err)
	}
	b := &Bot{kits: kits, store: st, rest: rest, appID: o.ApplicationID, seed: o.Seed, now: o.Now, log: o.Logger, handled: o.Handled}
	if b.now == nil {
		b.now = time.Now
	}
	if b.log == nil {
		b.log = slog.Default()
	}
	reg := o.Metrics
	if reg == nil {
		reg = prometheus.NewRegistry()
	}
	m, err := newMetrics(reg)
	if err != nil {
		return nil, fmt.Errorf("bot: %w", err)
	}
	b.metrics = m
	return b, nil
}

// kit returns the kit of a game by name.
func (b *Bot) kit(name string) (catalog.Kit, bool) { return catalog.Find(b.kits, name) }

// random returns the random source for the chance moves that follow revision rev of a table.
func (b *Bot) random(table string, rev uint64) *mrand.Rand {
	if b.seed != 0 {
		h := uint64(0)
		for _, c := range table {
			h = h*31 + uint64(c)
		}
		return mrand.New(mrand.NewPCG(b.seed^h, rev))
	}
	var seed [32]byte
	if _, err := rand.Read(seed[:]); err != nil {
		// crypto/rand does not fail on supported platforms; fall back to the runtime's source.
		binary.LittleEndian.PutUint64(seed[:], mrand.Uint64())
	}
	return mrand.New(mrand.NewChaCha8(seed))
}
