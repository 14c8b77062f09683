package loadtest

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/bot/restproxy"
	"github.com/tablebot/tablebot/games/search"
	"github.com/tablebot/tablebot/images"
	"github.com/tablebot/tablebot/table"
)

// inside is a bot run inside the load test's process, on Config.Store.
type inside struct {
	r       *run
	bot     *bot.Bot
	tables  *table.Service
	srv     *http.Server
	url     string
	peak    atomic.Int64 // kB
	quit    chan struct{}
	sampled chan struct{}
}

// startInside builds the bot on cfg.Store and serves its endpoint on a loopback port.
func startInside(ctx context.Context, r *run) (*inside, error) {
	cfg := r.cfg
	kits := r.cfg.Kits
	suggest := time.Duration(-1)
	if cfg.SuggestSearch {
		suggest = 0 // the referee's default
	}
	tables, err := table.New(cfg.Store, images.GamesOf(kits), table.Options{Logger: r.log, Takeover: search.Strong, Suggest: suggest})
	if err != nil {
		return nil, fmt.Errorf("loadtest: %w", err)
	}
	session, err := discordgo.New("Bot " + r.fake.Token())
	if err != nil {
		return nil, fmt.Errorf("loadtest: session: %w", err)
	}
	session.Client = restproxy.Client(r.fake.URL(), 20*time.Second)
	session.LogLevel = -1
	b, err := bot.New(kits, tables, session, bot.Options{
		ApplicationID: r.fake.ApplicationID(), Logger: r.log, Workers: cfg.Workers, DrawSlots: cfg.DrawSlots,
		Handled: func(i *discordgo.Interaction, err error) { r.finished(i.ID, err != nil) },
	})
	if err != nil {
		return nil, fmt.Errorf("loadtest: bot: %w", err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("loadtest: listen: %w", err)
	}
	in := &inside{r: r, bot: b, tables: tables, url: "http://" + ln.Addr().String() + "/interactions",
		srv:  &http.Server{Handler: botLabelled(b.Interactions(r.fake.PublicKey())), ReadHeaderTimeout: 10 * time.Second},
		quit: make(chan struct{}), sampled: make(chan struct{})}
	go func() { _ = in.srv.Serve(ln) }()
	go in.sample()
	if err := b.RegisterCommands(ctx, guildID); err != nil {
		_ = in.srv.Close()
		close(in.quit)
		return nil, fmt.Errorf("loadtest: register commands: %w", err)
	}
	return in, nil
}

// sample keeps the process's peak resident memory, read every 100 ms, until quit.
func (in *inside) sample() {
	defer close(in.sampled)
	t := time.NewTicker(100 * time.Millisecond)
	defer t.Stop()
	for {
		in.note()
		select {
		case <-in.quit:
			return
		case <-t.C:
		}
	}
}

func (in *inside) note() {
	if kb := statusKB(os.Getpid(), "VmRSS:"); kb > in.peak.Load() {
		in.peak.Store(kb)
	}
}

func (in *inside) endpoint() string { return in.url }

// cpu is the whole process's user and system CPU time.
func (in *inside) cpu() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func (in *inside) peakRSSKB() int64 {
	in.note()
	return in.peak.Load()
}

func (in *inside) bandsReused(context.Context) float64 {
	ps := in.bot.PictureStats()
	if ps.Hits+ps.Misses == 0 {
		return 0
	}
	return float64(ps.Hits) / float64(ps.Hits+ps.Misses)
}

// heapProfile writes Config.HeapProfile, if asked for, after a collection.
func (in *inside) heapProfile() {
	if in.r.cfg.HeapProfile == nil {
		return
	}
	runtime.GC() // the profile shows what is live after a collection
	if err := pprof.WriteHeapProfile(in.r.cfg.HeapProfile); err != nil {
		in.r.log.Warn("loadtest: heap profile", "err", err)
	}
}

func (in *inside) stop(ctx context.Context) (*table.Service, func(), error) {
	err := in.bot.Wait(ctx)
	_ = in.srv.Close()
	select {
	case <-in.quit:
	default:
		close(in.quit)
	}
	<-in.sampled
	if err != nil {
		return nil, nil, fmt.Errorf("loadtest: waiting for the bot: %w", err)
	}
	return in.tables, func() {}, nil
}

// statusKB reads a field in kB (such as "VmRSS:" or "VmHWM:") of process pid's
// /proc/PID/status; 0 where there is none.
func statusKB(pid int, field string) int64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, field); ok {
			n, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			return n
		}
	}
	return 0
}

// botLabelled runs h with the profiler label side=bot, which the goroutines it starts (the
// work after each acknowledgement, the connections of its REST client) inherit: in a CPU
// profile of the run, `go tool pprof -tags` then tells the bot's share from the fake Discord's
// and the players' (unlabelled, as is the collector's background work).
func botLabelled(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		pprof.Do(r.Context(), pprof.Labels("side", "bot"), func(ctx context.Context) {
			h.ServeHTTP(w, r.WithContext(ctx))
		})
	})
}
