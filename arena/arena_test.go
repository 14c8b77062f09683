package arena

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/fits"
	"github.com/tablebot/tablebot/games/ingenious"
	"github.com/tablebot/tablebot/games/search"
	"github.com/tablebot/tablebot/games/shelfie"
)

// stable returns r without its measured times, which vary from run to run.
func stable(r Report) Report {
	r.DecisionMsP50, r.DecisionMsP99, r.DecisionMsMax, r.DecisionMsP50B, r.DecisionMsP99B = 0, 0, 0, 0, 0
	return r
}

func reportJSON(t *testing.T, r Report) string {
	t.Helper()
	var b bytes.Buffer
	if err := r.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestRunSolo(t *testing.T) {
	cfg := Config{Games: 3, Seed: 7, A: Side{Level: search.Easy}, Solo: true, Options: json.RawMessage(`{"boards":[1,2,3,4]}`)}
	rep, err := Run(context.Background(), fits.Game{}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Games != 3 || rep.Seats != 1 || !rep.Solo || len(rep.Results) != 3 || rep.B != "" {
		t.Fatalf("report %+v", rep)
	}
	share := 0.0
	for tier, s := range rep.TiersA {
		if tier == "" {
			t.Fatalf("a solo game of four boards without a tier: %+v", rep.Results)
		}
		share += s
	}
	if math.Abs(share-1) > 1e-9 {
		t.Fatalf("tiers share %v in all: %v", share, rep.TiersA)
	}
	for _, g := range rep.Results {
		if len(g.Seats) != 1 || g.Seats[0].Side != "A" || g.Seats[0].Place != 1 || len(g.Seats[0].Decisions) == 0 {
			t.Fatalf("game %+v", g)
		}
	}
	// Deterministic for a seed, whatever the number of games at once.
	cfg.Parallel = 1
	again, err := Run(context.Background(), fits.Game{}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if a, b := reportJSON(t, stable(rep)), reportJSON(t, stable(again)); a != b {
		t.Fatalf("same seed, another report:\n%s\nwant\n%s", b, a)
	}
	cfg.Seed = 8
	other, err := Run(context.Background(), fits.Game{}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if reportJSON(t, stable(rep)) == reportJSON(t, stable(other)) {
		t.Fatal("another seed, the same games")
	}
}

func TestRunVersus(t *testing.T) {
	cfg := Config{
		Games: 2, Seed: 3,
		A: Side{Level: search.Strong, Budget: search.Budget{Nodes: 6}},
		B: Side{Level: search.Easy},
	}
	rep, err := Run(context.Background(), ingenious.Game{}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if rep.WinsA+rep.WinsB+rep.Draws != 2 || rep.Solo || rep.TiersA != nil {
		t.Fatalf("report %+v", rep)
	}
	if rep.A != "strong(6 nodes)" || rep.B != "easy" {
		t.Fatalf("sides %q and %q", rep.A, rep.B)
	}
	if rep.WinRateLow > rep.WinRateA || rep.WinRateA > rep.WinRateHigh {
		t.Fatalf("win rate %v outside its interval %v–%v", rep.WinRateA, rep.WinRateLow, rep.WinRateHigh)
	}
	// Seats alternate: A starts the first game, B the second.
	if rep.Results[0].Seats[0].Side != "A" || rep.Results[1].Seats[0].Side != "B" {
		t.Fatalf("sides %+v / %+v", rep.Results[0].Seats, rep.Results[1].Seats)
	}
	var text bytes.Buffer
	if err := rep.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "win rate") {
		t.Fatalf("text report:\n%s", text.String())
	}
	var keys map[string]any
	if err := json.Unmarshal([]byte(reportJSON(t, rep)), &keys); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"games", "win_rate_a", "score_median_a", "score_median_b", "decision_ms_p50", "decision_ms_p99"} {
		if _, ok := keys[k]; !ok {
			t.Errorf("JSON report lacks %q", k)
		}
	}
	// Every seat's result keeps the game's breakdown: in Ingenious the six colours, the lowest
	// of which is the score.
	for _, r := range rep.Results {
		for _, so := range r.Seats {
			d, ok := so.Detail.(ingenious.ScoreDetail)
			if !ok {
				t.Fatalf("seat detail %T, want ingenious.ScoreDetail", so.Detail)
			}
			if low := slices.Min([]int{d.R, d.G, d.B, d.O, d.Y, d.P}); low != so.Score {
				t.Errorf("seat %s: colours %v, lowest %d, score %d", so.Side, d, low, so.Score)
			}
		}
	}
}

func TestRunRefusals(t *testing.T) {
	for name, cfg := range map[string]Config{
		"no games":    {A: Side{Level: search.Easy}, Solo: true},
		"bad level":   {Games: 1, A: Side{Level: search.Level(5)}, Solo: true},
		"too many":    {Games: 1, A: Side{Level: search.Easy}, Seats: 9},
		"one seat vs": {Games: 1, A: Side{Level: search.Easy}, Seats: 1},
		"bad options": {Games: 1, A: Side{Level: search.Easy}, Solo: true, Options: json.RawMessage(`{"boards":[9]}`)},
	} {
		if _, err := Run(context.Background(), fits.Game{}, cfg); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Run(ctx, fits.Game{}, Config{Games: 2, A: Side{Level: search.Easy}, Solo: true})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled run: %v", err)
	}
}

func TestWilson(t *testing.T) {
	for _, c := range []struct {
		p      float64
		n      int
		lo, hi float64
	}{
		{0.5, 10, 0.2366, 0.7634},
		{0.8, 100, 0.7112, 0.8666},
		{1, 20, 0.8389, 1},
		{0, 20, 0, 0.1611},
	} {
		lo, hi := Wilson(c.p, c.n)
		if math.Abs(lo-c.lo) > 1e-3 || math.Abs(hi-c.hi) > 1e-3 {
			t.Errorf("Wilson(%v, %d) = %.4f–%.4f, want %.4f–%.4f", c.p, c.n, lo, hi, c.lo, c.hi)
		}
	}
	if lo, hi := Wilson(0.3, 0); lo != 0 || hi != 1 {
		t.Errorf("Wilson of no trials = %v–%v", lo, hi)
	}
}

func TestStats(t *testing.T) {
	xs := []float64{5, 1, 4, 2, 3}
	if median(xs) != 3 || median(xs[:4]) != 3 || mean(xs) != 3 || median(nil) != 0 {
		t.Fatalf("median %v / %v, mean %v", median(xs), median(xs[:4]), mean(xs))
	}
	if percentile(xs, 50) != 3 || percentile(xs, 99) != 5 || percentile(xs, 0) != 1 {
		t.Fatalf("percentiles %v %v %v", percentile(xs, 50), percentile(xs, 99), percentile(xs, 0))
	}
}

func TestTierOf(t *testing.T) {
	for summary, want := range map[string]string{
		"Rating: master builder (34 points).": "master builder",
		"Rating: labourer (1 point).":         "labourer",
		"":                                    "",
		"Great":                               "Great",
	} {
		if got := TierOf(games.Result{Summary: games.Text{EN: summary}}); got != want {
			t.Errorf("TierOf(%q) = %q, want %q", summary, got, want)
		}
	}
}

// TestSoloAgainstShemBot checks a solo game against a built-in opponent: each game says
// whether A beat it (and no rating tier), and the report's share agrees with the games.
func TestSoloAgainstShemBot(t *testing.T) {
	cfg := Config{Games: 4, Seed: 3, A: Side{Level: search.Easy}, Solo: true, Options: json.RawMessage(`{"solo":"bot"}`)}
	rep, err := Run(context.Background(), shelfie.Game{}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if rep.OpponentGames != 4 || rep.TiersA != nil {
		t.Fatalf("opponent games %d, tiers %v: want 4 and none", rep.OpponentGames, rep.TiersA)
	}
	won := 0
	for _, g := range rep.Results {
		if g.BeatOpponent == nil || g.Tier != "" {
			t.Fatalf("game %d: beat %v, tier %q", g.Index, g.BeatOpponent, g.Tier)
		}
		if *g.BeatOpponent {
			won++
			if g.Seats[0].Score < g.OpponentScore {
				t.Errorf("game %d: A beat Shem Bot with %d against %d", g.Index, g.Seats[0].Score, g.OpponentScore)
			}
		}
	}
	if rep.BeatOpponentA != float64(won)/4 || rep.BeatOpponentLow > rep.BeatOpponentA || rep.BeatOpponentHigh < rep.BeatOpponentA {
		t.Fatalf("share %v (%v–%v), want %v", rep.BeatOpponentA, rep.BeatOpponentLow, rep.BeatOpponentHigh, float64(won)/4)
	}
	var text bytes.Buffer
	if err := rep.WriteText(&text); err != nil || !strings.Contains(text.String(), "beat the built-in opponent") {
		t.Fatalf("text %q, %v", text.String(), err)
	}
}
