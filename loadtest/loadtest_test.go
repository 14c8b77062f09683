package loadtest

import (
	"testing"
	"time"

	"github.com/tablebot/tablebot/catalog"
	"github.com/tablebot/tablebot/store/storetest"
)

// TestLoadTestSmall runs a small load test on the embedded store and on Redis and checks what
// it must guarantee whatever the machine: every interaction answered within Discord's 3 s, no
// applied move missing from the records, no error shown, and a storm of identical clicks
// applying exactly one move. The figures themselves are for `tablebot loadtest`.
func TestLoadTestSmall(t *testing.T) {
	for _, c := range []struct {
		name string
		cfg  func(t *testing.T) Config
	}{
		{"bolt", func(t *testing.T) Config { return Config{Store: storetest.OpenBolt(t)} }},
		{"redis", func(t *testing.T) Config {
			return Config{Store: storetest.OpenRedis(t), RESTLatency: 20 * time.Millisecond}
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg := c.cfg(t)
			cfg.Kits = catalog.Kits()
			// Six seconds: a turn takes a few clicks, and Ingenious's tile menu waits up to about
			// a second and a half for the AI's ranking of its places, longer under -race on a
			// busy machine; three seconds could end before the first move was made.
			cfg.Games, cfg.Duration, cfg.Storm = 6, 6*time.Second, 40
			rep, err := Run(t.Context(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("\n%s", rep)
			if rep.Moves == 0 {
				t.Fatal("no move was applied")
			}
			if rep.PanelP50 <= 0 || rep.DoneP50 <= 0 {
				t.Errorf("panel shown p50 %v, move visible p50 %v: both are measured on every run", rep.PanelP50, rep.DoneP50)
			}
			if rep.AcksOver3s != 0 || rep.Lost != 0 || rep.Errors != 0 {
				t.Errorf("%d acknowledgements over 3 s, %d moves lost, %d errors", rep.AcksOver3s, rep.Lost, rep.Errors)
			}
			if rep.StormClicks != 40 || rep.StormApplied != 1 {
				t.Errorf("storm of %d identical clicks applied %d moves, want exactly 1", rep.StormClicks, rep.StormApplied)
			}
		})
	}
}
