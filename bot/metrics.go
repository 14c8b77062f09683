package bot

import (
	"fmt"

	"github.com/prometheus/client_golang/prometheus"
)

// metrics are the bot's Prometheus instruments.
type metrics struct {
	latency   *prometheus.HistogramVec
	moves     *prometheus.CounterVec
	conflicts prometheus.Counter
	render    *prometheus.HistogramVec
	errors    *prometheus.CounterVec
}

func newMetrics(reg prometheus.Registerer) (*metrics, error) {
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
		conflicts: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "tablebot_cas_conflicts_total",
			Help: "Table writes that lost a compare-and-set race and were retried or refused.",
		}),
		render: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "tablebot_render_seconds",
			Help:    "Time to draw and encode one picture, by game and kind (table, private).",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25},
		}, []string{"game", "kind"}),
		errors: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "tablebot_errors_total",
			Help: "Interactions that ended in an error, by class (user, stale, internal).",
		}, []string{"class"}),
	}
	for _, c := range []prometheus.Collector{m.latency, m.moves, m.conflicts, m.render, m.errors} {
		if err := reg.Register(c); err != nil {
			return nil, fmt.Errorf("register metrics: %w", err)
		}
	}
	return m, nil
}
