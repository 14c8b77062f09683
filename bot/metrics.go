package bot

import (
	"fmt"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/tablebot/tablebot/images"
)

// metrics are the bot's Prometheus instruments.
type metrics struct {
	latency *prometheus.HistogramVec
	moves   *prometheus.CounterVec
	render  *prometheus.HistogramVec
	errors  *prometheus.CounterVec
	ack     prometheus.Histogram
	retries prometheus.Counter
	// panelHits counts panels answered from the cache instead of drawn.
	panelHits prometheus.Counter
	// repeats counts clicks that repeated one still being handled (see Handle).
	repeats prometheus.Counter
	// tasks counts the due tasks worked, by kind and result.
	tasks *prometheus.CounterVec
}

func newMetrics(reg prometheus.Registerer, conflicts func() uint64, pictures func() images.EncoderStats) (*metrics, error) {
	m := &metrics{
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "tablebot_interaction_seconds",
			Help:    "Time from receiving an interaction to finishing its handling, by kind.",
			Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2, 3, 5},
		}, []string{"kind"}),
		moves: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "tablebot_moves_total",
			Help: "Moves applied, by game and by who made them (player, ai, chance).",
		}, []string{"game", "by"}),
		render: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "tablebot_render_seconds",
			Help:    "Time to draw and encode one picture, by game and kind (table, private).",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25},
		}, []string{"game", "kind"}),
		errors: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "tablebot_errors_total",
			Help: "Interactions that ended in an error, by class (user, stale, internal).",
		}, []string{"class"}),
		ack: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "tablebot_ack_seconds",
			Help:    "Time from receiving an interaction to sending its acknowledgement (deferred routes).",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 3},
		}),
		panelHits: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "tablebot_panel_cache_hits_total",
			Help: "Panels answered from the cache of panels already drawn (identical clicks).",
		}),
		repeats: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "tablebot_repeated_clicks_total",
			Help: "Clicks that repeated a click of the same user on the same button and message still being handled, answered by that one.",
		}),
		tasks: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "tablebot_tasks_total",
			Help: "Due tasks worked, by kind (deadline, remind, announce) and result (done; retried or handed_back, unsaved; failed; lease_lost: another process may have worked it too).",
		}, []string{"kind", "result"}),
		retries: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "tablebot_post_retries_total",
			Help: "Channel posts retried after Discord failed on its side.",
		}),
	}
	for _, c := range []prometheus.Collector{m.latency, m.moves, m.render, m.errors, m.ack, m.retries, m.panelHits, m.repeats, m.tasks,
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "tablebot_cas_conflicts_total",
			Help: "Table writes that lost a compare-and-set race and were retried or refused.",
		}, func() float64 { return float64(conflicts()) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "tablebot_png_bands_reused_total",
			Help: "Bands of picture rows whose compression was taken from the encoder's cache.",
		}, func() float64 { return float64(pictures().Hits) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "tablebot_png_bands_compressed_total",
			Help: "Bands of picture rows compressed anew.",
		}, func() float64 { return float64(pictures().Misses) })} {
		if err := reg.Register(c); err != nil {
			return nil, fmt.Errorf("register metrics: %w", err)
		}
	}
	return m, nil
}
