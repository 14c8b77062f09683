package arena

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/search"
)

// Run plays cfg.Games games of game between cfg.A and cfg.B (or cfg.A alone when cfg.Solo),
// cfg.Parallel at once, and reports the outcome. The moves and results are deterministic for
// cfg (see the package documentation); times per decision are measured.
//
// It fails for a bad cfg (no games, an invalid level, a number of seats the game does not
// take), when the game refuses the options or a move an AI chose (an engine bug: the error
// names the game index and the move), and with ctx's error when ctx is done before the run
// ends; no partial report is returned then.
func Run(ctx context.Context, game games.Game, cfg Config) (Report, error) {
	cfg, err := cfg.withDefaults(game)
	if err != nil {
		return Report{}, err
	}
	parallel := 1 // trees one after another: the games keep the cores busy
	if cfg.Parallel == 1 {
		parallel = 0 // one game at a time: its trees on every core
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	outs := make([]Game, cfg.Games)
	errs := make([]error, cfg.Games)
	next := make(chan int)
	var wg sync.WaitGroup
	for range cfg.Parallel {
		wg.Go(func() {
			for i := range next {
				outs[i], errs[i] = playGame(ctx, game, cfg, i, parallel)
				if errs[i] != nil {
					cancel()
				}
			}
		})
	}
feed:
	for i := range cfg.Games {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil && ctx.Err() == nil {
			return Report{}, err
		}
	}
	// Report the first real failure rather than the cancellations it caused.
	for _, err := range errs {
		if err != nil && !isCancel(err) {
			return Report{}, err
		}
	}
	if err := ctx.Err(); err != nil {
		return Report{}, fmt.Errorf("arena: %s: %w", game.Name(), err)
	}
	return summarise(game, cfg, outs), nil
}

// isCancel reports whether err is only the context being cancelled.
func isCancel(err error) bool {
	return errors.Is(err, context.Canceled)
}

// mix derives a seed from a and b (SplitMix64 finaliser of their combination).
func mix(a, b uint64) uint64 {
	z := a ^ (b+0x9e3779b97f4a7c15)*0xbf58476d1ce4e5b9
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// playGame plays game number i of the run.
func playGame(ctx context.Context, game games.Game, cfg Config, i, parallel int) (Game, error) {
	seed := mix(cfg.Seed, uint64(i))
	names := make([]string, cfg.Seats)
	out := Game{Index: i, Seed: seed, Seats: make([]SeatOutcome, cfg.Seats)}
	for s := range names {
		side, name := cfg.B, "B"
		if cfg.sideOf(i, games.Seat(s)) {
			side, name = cfg.A, "A"
		}
		names[s] = fmt.Sprintf("%s %d (%s)", name, s+1, side.Level)
		out.Seats[s] = SeatOutcome{Side: name}
	}
	rec, err := games.Start(game, names, cfg.Options)
	if err != nil {
		return out, fmt.Errorf("arena: start %s: %w", game.Name(), err)
	}
	var failed error
	seatMove := func(st games.State, seat games.Seat) games.Action {
		if failed != nil {
			return nil
		}
		side := cfg.B
		if cfg.sideOf(i, seat) {
			side = cfg.A
		}
		moves := len(rec.Record.Moves)
		start := time.Now()
		a, err := decide(ctx, st, seat, side, mix(seed, uint64(moves)), parallel)
		if err != nil {
			failed = fmt.Errorf("arena: %s game %d move %d: %w", game.Name(), i, moves, err)
			return nil
		}
		so := &out.Seats[seat]
		so.Decisions = append(so.Decisions, time.Since(start))
		return a
	}
	r := rand.New(rand.NewPCG(seed, 0xc4a2ce))
	_, err = games.Advance(rec, r, seatMove)
	switch {
	case failed != nil:
		return out, failed
	case err != nil:
		return out, fmt.Errorf("arena: %s game %d: %w", game.Name(), i, err)
	case !games.Over(rec.State):
		return out, fmt.Errorf("arena: %s game %d: stopped before the end with nobody to move", game.Name(), i)
	}
	st := rec.State
	out.Moves = len(rec.Record.Moves)
	res := st.Result()
	for s := range out.Seats {
		out.Seats[s].Score = res.Seats[s].Score
		out.Seats[s].Place = res.PlaceOf(games.Seat(s))
		out.Seats[s].Detail = res.Seats[s].Detail
	}
	out.Summary = res.Summary.EN
	switch {
	case cfg.Solo && len(res.Seats) > 1:
		// A solo game against a built-in opponent (Shelfie's Shem Bot): won or not, no tier.
		beat := res.PlaceOf(0) == 1
		for s := 1; s < len(res.Seats); s++ {
			beat = beat && res.PlaceOf(games.Seat(s)) > 1
		}
		out.BeatOpponent = &beat
		out.OpponentScore = res.Seats[1].Score
	case cfg.Solo:
		out.Tier = cfg.Tier(res)
	}
	return out, nil
}

// decide returns the move of side for seat.
func decide(ctx context.Context, st games.State, seat games.Seat, side Side, seed uint64, parallel int) (games.Action, error) {
	c, ok := side.config(parallel)
	if !ok {
		return search.Choose(ctx, st, seat, side.Level, seed)
	}
	ch, err := search.Search(ctx, st, seat, c, seed)
	return ch.Action, err
}

// parenthesised matches a parenthesised part of a summary, such as "(34 points)".
var parenthesised = regexp.MustCompile(`\s*\([^)]*\)`)

// TierOf reads the rating tier of a finished solo game from its Result.Summary (English):
// the text after the first ": " with any parenthesised part and the final full stop left
// out, so "Rating: master builder (34 points)." gives "master builder". It returns "" when
// the game gives no summary.
func TierOf(res games.Result) string {
	s := res.Summary.EN
	if _, after, ok := strings.Cut(s, ": "); ok {
		s = after
	}
	s = parenthesised.ReplaceAllString(s, "")
	return strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "."))
}
