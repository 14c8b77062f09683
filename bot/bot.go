package bot

import (
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/images"
	"github.com/tablebot/tablebot/images/chart"
	"github.com/tablebot/tablebot/table"
)

// Options configure a Bot. The zero value of each field is documented.
type Options struct {
	// ApplicationID is the Discord application's ID (required).
	ApplicationID string
	// Logger receives the bot's logs; nil means slog.Default().
	Logger *slog.Logger
	// Metrics is where the bot registers its Prometheus metrics; nil means a private registry.
	Metrics prometheus.Registerer
	// Handled, when set, is called after each interaction has been completely handled (every
	// edit and channel message sent), with the error the user was told about, if any.
	Handled func(i *discordgo.Interaction, err error)
	// Paces are the times per decision /start offers besides live play; nil means
	// DefaultPaces. Each must be at least a minute.
	Paces []time.Duration
	// Workers bounds the handlers that run at once (each after its interaction was
	// acknowledged); zero means 32 per CPU: handlers mostly wait on Discord's REST API, and
	// their CPU work (pictures) is bounded apart, on one CPU fewer than the machine has.
	// Acknowledgements never wait for a worker. When all are busy, the interactions that
	// make a move (and the pictures they draw) go before panels being opened or drafted.
	Workers int
	// DrawSlots bounds the pictures drawn and encoded at once, the handlers' CPU work; zero
	// means one CPU fewer than the machine has (at least one), so that acknowledgements always
	// find a CPU.
	DrawSlots int
	// PostRetries is how often a failed channel post is retried, with back-off, before the
	// board is left owed to a later poster; zero means 4.
	PostRetries int
	// PictureCache is the memory, in bytes, the PNG encoder spends remembering the bands of
	// rows it compressed lately (see images.Encoder); 0 means images.DefaultBandCache,
	// negative none.
	PictureCache int
	// TaskWorkers bounds the due tasks (deadlines, reminders, owed boards) worked at once, so
	// that one slow AI search does not hold up the others; zero means one per CPU.
	TaskWorkers int
	// TaskTimeout is the time limit of one due task; zero means a minute.
	TaskTimeout time.Duration
	// StopGrace is how long RunScheduler, once its context ends, lets the tasks it holds
	// finish before it hands the rest back to the queue; zero means 8 seconds.
	StopGrace time.Duration
	// Tables is how servers run their tables: TablesThreads (a thread per table) or
	// TablesChannel (one table per channel, played in it). Empty means TablesChannel, the
	// behaviour of tablebot before threads; tablebot's configuration defaults to TablesThreads.
	Tables string
	// Now is the bot's clock; nil means time.Now. The bot reads it only to know when its REST
	// session starts afresh (every interaction token's life, 15 minutes: see restSessions);
	// the referee keeps the game clock.
	Now func() time.Time
}

// Bot is the Discord adapter of the referee: it turns interactions into table operations and
// their outcomes into messages. It keeps no game state in memory: the table.Service reads and
// writes every table in the store, so several Bot processes may serve one store and any of them
// may restart at any time.
type Bot struct {
	kits     []images.GameArt
	tables   *table.Service
	rest     *restSessions
	appID    string
	log      *slog.Logger
	metrics  *metrics
	encoder  *images.Encoder
	inflight inflight
	handled  func(*discordgo.Interaction, error)
	// workers bounds the handlers that run at once (see Options.Workers).
	workers *gate
	// drawSlots bounds the pictures drawn and encoded at once (see encode and
	// Options.DrawSlots).
	drawSlots *gate
	// pictureSizes sizes each picture's buffer by the last of its kind.
	pictureSizes sizes
	// inputs remembers the text input of every panel drawn, by the custom_id of its ⌨️ button,
	// so that the modal opens at once, without store I/O; a miss opens a generic one.
	inputs  *lru[string, games.Input]
	paces   []time.Duration
	panels  *lru[string, panel]
	drawing flight[string, panel]
	// clicks holds the clicks being handled that a repeat may wait for (see Handle).
	clicks      flight[string, struct{}]
	postRetries int
	// tablesOpt is Options.Tables, read through tablesOf only.
	tablesOpt   string
	routes      map[verb]route
	commands    map[string]command
	commandList []command
	// sched is the scheduler's pool of due tasks being worked.
	sched sched

	// charts draws /stats' rating charts.
	charts *chart.Renderer
	// replays keeps the states the replay viewer lately showed, by guild, archive id and
	// record position (see Bot.replayed).
	replays *lru[string, games.State]
	// archives keeps the archived games the viewer lately read, decoded, by guild and archive
	// id (see Bot.archived).
	archives *lru[string, *archivedReplay]
}

// New builds a Bot for the given games, refereed by tables, talking to Discord's REST API
// through rest (a discordgo session whose HTTP client may point at a proxy or a fake).
func New(kits []images.GameArt, tables *table.Service, rest *discordgo.Session, o Options) (*Bot, error) {
	if o.ApplicationID == "" {
		return nil, errors.New("bot: the Discord application ID is required")
	}
	if len(kits) == 0 {
		return nil, errors.New("bot: no games")
	}
	for _, k := range kits {
		if _, ok := tables.Game(k.Game.Name()); !ok {
			return nil, fmt.Errorf("bot: the referee does not know the game %q", k.Game.Name())
		}
	}
	b := &Bot{kits: kits, tables: tables, rest: newRESTSessions(rest, o.Now), appID: o.ApplicationID, log: o.Logger, handled: o.Handled,
		encoder: images.NewEncoderCache(pictureCache(o.PictureCache)), postRetries: o.PostRetries, charts: chart.New()}
	if b.log == nil {
		b.log = slog.Default()
	}
	workers := o.Workers
	if workers <= 0 {
		workers = 32 * runtime.GOMAXPROCS(0)
	}
	b.workers = newGate(workers)
	b.sched = newSched(o.TaskWorkers, o.TaskTimeout, o.StopGrace)
	drawSlots := o.DrawSlots
	if drawSlots <= 0 {
		drawSlots = max(1, runtime.GOMAXPROCS(0)-1)
	}
	b.drawSlots = newGate(drawSlots)
	b.inputs = newLRU[string, games.Input](4096)
	b.panels = newLRU[string, panel](256)
	b.replays = newLRU[string, games.State](256)
	b.archives = newLRU[string, *archivedReplay](64)
	b.paces = o.Paces
	if len(b.paces) == 0 {
		b.paces = DefaultPaces()
	}
	for _, p := range b.paces {
		if p < time.Minute {
			return nil, fmt.Errorf("bot: a pace of %v is shorter than a minute", p)
		}
	}
	switch o.Tables {
	case "", TablesChannel:
		b.tablesOpt = TablesChannel
	case TablesThreads:
		b.tablesOpt = TablesThreads
	default:
		return nil, fmt.Errorf("bot: tables %q: want %q or %q", o.Tables, TablesThreads, TablesChannel)
	}
	if b.postRetries == 0 {
		b.postRetries = 4
	}
	reg := o.Metrics
	if reg == nil {
		reg = prometheus.NewRegistry()
	}
	m, err := newMetrics(reg, tables.Conflicts, b.encoder.Stats)
	if err != nil {
		return nil, fmt.Errorf("bot: %w", err)
	}
	b.metrics = m
	b.routes = routeTable()
	b.commandList = b.buildCommands()
	b.commands = map[string]command{}
	for _, c := range b.commandList {
		b.commands[c.def.Name] = c
	}
	return b, nil
}

// kit returns the kit of a game by name.
func (b *Bot) kit(name string) (images.GameArt, bool) { return images.FindGameArt(b.kits, name) }

// Tables returns the referee the bot plays through.
func (b *Bot) Tables() *table.Service { return b.tables }

// pictureCache is the encoder's band cache for Options.PictureCache: 0 means the default,
// negative none.
func pictureCache(option int) int {
	switch {
	case option == 0:
		return images.DefaultBandCache
	case option < 0:
		return 0
	}
	return option
}

// PictureStats counts the bands of picture rows the bot's encoder took from its cache and
// compressed anew since it started.
func (b *Bot) PictureStats() images.EncoderStats { return b.encoder.Stats() }
