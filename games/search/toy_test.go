package search

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sync/atomic"

	"github.com/tablebot/tablebot/games"
)

// guessGame is a toy game with hidden information for the tests: for each of its rounds,
// chance deals seat 1 a secret card from 0 to cards-1, then seat 0 guesses it and scores a
// point when right (seat 1 scores when it is wrong). A search that peeked at the card would
// always guess right; one that does not cannot tell the deals apart.
type guessGame struct{ rounds int }

func (guessGame) Name() string            { return "guess" }
func (guessGame) Title() games.Text       { return games.Say("Guess", "Hádej") }
func (guessGame) Emoji() string           { return "?" }
func (guessGame) Seats() (int, int)       { return 2, 2 }
func (guessGame) Options() []games.Option { return nil }
func (guessGame) Rules() games.Text       { return games.Text{} }
func (guessGame) Actions() *games.Codec {
	return games.NewCodec("guess", games.Bare[deal]("deal").ByChance(), games.Bare[guess]("guess"))
}
func (guessGame) DecodeAction([]byte) (games.Action, error) {
	return nil, fmt.Errorf("guess: %w", games.ErrBadRecord)
}
func (g guessGame) New([]string, json.RawMessage) (games.State, error) {
	return &guessState{rounds: max(g.rounds, 1), card: -1}, nil
}

// deal is chance's move: the secret card.
type deal struct{ Card int }

// guess is seat 0's move.
type guess struct{ Card int }

func (deal) ActionType() string  { return "deal" }
func (guess) ActionType() string { return "guess" }

const cards = 4

// guessState is a game of guessGame.
type guessState struct {
	rounds, done, right int
	card                int // -1 while a deal is due
}

func (s *guessState) Game() games.Game               { return guessGame{s.rounds} }
func (s *guessState) Players() []string              { return []string{"guesser", "holder"} }
func (s *guessState) Options() json.RawMessage       { return json.RawMessage(`{}`) }
func (s *guessState) Prompt(games.Seat) games.Text   { return games.Text{} }
func (s *guessState) Describe(a games.Action) string { return fmt.Sprint(a) }
func (s *guessState) Clone() games.State             { c := *s; return &c }

func (s *guessState) ToAct() []games.Seat {
	switch {
	case s.done == s.rounds:
		return nil
	case s.card < 0:
		return []games.Seat{games.Chance}
	}
	return []games.Seat{0}
}

func (s *guessState) Legal(seat games.Seat) []games.Action {
	if !games.IsToAct(s, seat) {
		return nil
	}
	var out []games.Action
	for c := range cards {
		if seat == games.Chance {
			out = append(out, deal{c})
		} else {
			out = append(out, guess{c})
		}
	}
	return out
}

func (s *guessState) Apply(seat games.Seat, a games.Action) ([]games.Event, error) {
	if !games.IsToAct(s, seat) {
		return nil, games.Refuse(games.ErrNotYourTurn, "wait", "počkej")
	}
	switch a := a.(type) {
	case deal:
		if seat != games.Chance || a.Card < 0 || a.Card >= cards {
			return nil, games.Refuse(games.ErrIllegal, "no", "ne")
		}
		s.card = a.Card
	case guess:
		if seat != 0 || a.Card < 0 || a.Card >= cards {
			return nil, games.Refuse(games.ErrIllegal, "no", "ne")
		}
		if a.Card == s.card {
			s.right++
		}
		s.done++
		s.card = -1
	default:
		return nil, games.Refuse(games.ErrIllegal, "no", "ne")
	}
	return nil, nil
}

func (s *guessState) SampleChance(r *rand.Rand) games.Action {
	if !games.IsToAct(s, games.Chance) {
		return nil
	}
	return deal{r.IntN(cards)}
}

// guessView is what a seat sees: the card on the table only when it is the holder's.
type guessView struct {
	Card, Done, Right int
}

func (s *guessState) View(seat games.Seat) any {
	v := guessView{Card: -1, Done: s.done, Right: s.right}
	if seat == 1 {
		v.Card = s.card
	}
	return v
}

func (s *guessState) Result() games.Result {
	res := games.Result{Over: s.done == s.rounds, Seats: []games.SeatResult{{Seat: 0, Score: s.right}, {Seat: 1, Score: s.done - s.right}}}
	switch {
	case s.right > s.done-s.right:
		res.Ranking = [][]games.Seat{{0}, {1}}
	case s.right < s.done-s.right:
		res.Ranking = [][]games.Seat{{1}, {0}}
	default:
		res.Ranking = [][]games.Seat{{0, 1}}
	}
	return res
}

func (s *guessState) Hint(seat games.Seat) games.Action {
	if seat != 0 || !games.IsToAct(s, seat) {
		return nil
	}
	return guess{0}
}

// Determinize deals the card on the table anew for any seat but the holder.
func (s *guessState) Determinize(seat games.Seat, r *rand.Rand) games.State {
	c := *s
	if seat != 1 && s.card >= 0 {
		c.card = r.IntN(cards)
	}
	return &c
}

// peekingState is a guessState without its Determinizer: the search then plays on clones of
// the true state, which is what peeking means.
type peekingState struct{ games.State }

func (s peekingState) Clone() games.State { return peekingState{s.State.Clone()} }

// powered is a guessState with the optional powers of the search, counting their calls.
type powered struct {
	guessState
	calls *powerCalls
}

type powerCalls struct{ estimate, rollout, ranked atomic.Int64 }

func (s *powered) Clone() games.State { c := *s; return &c }

func (s *powered) Determinize(seat games.Seat, r *rand.Rand) games.State {
	return &powered{guessState: *s.guessState.Determinize(seat, r).(*guessState), calls: s.calls}
}

func (s *powered) Estimate() []float64 {
	s.calls.estimate.Add(1)
	return []float64{0.5, 0.5}
}

func (s *powered) RolloutMove(seat games.Seat, r *rand.Rand) games.Action {
	s.calls.rollout.Add(1)
	return s.Hint(seat)
}

// RankMoves puts the highest card first.
func (s *powered) RankMoves(seat games.Seat, n int) []games.Action {
	s.calls.ranked.Add(1)
	legal := s.Legal(seat)
	for i, j := 0, len(legal)-1; i < j; i, j = i+1, j-1 {
		legal[i], legal[j] = legal[j], legal[i]
	}
	return legal
}

// buildGame is a toy game of perfect information for the reward tests: seat 0 makes one
// choice and the game ends. Holding wins 1 to 0, building wins 9 to 8: the same place, a
// wider margin for holding, a higher own score for building. With ambition (share 0.5, full
// 10) its state has the search's Ambition power.
type buildGame struct{ ambitious bool }

func (buildGame) Name() string            { return "build" }
func (buildGame) Title() games.Text       { return games.Say("Build", "Stavba") }
func (buildGame) Emoji() string           { return "🧱" }
func (buildGame) Seats() (int, int)       { return 2, 2 }
func (buildGame) Options() []games.Option { return nil }
func (buildGame) Rules() games.Text       { return games.Text{} }
func (buildGame) Actions() *games.Codec   { return games.NewCodec("build", games.Bare[choose]("choose")) }
func (buildGame) DecodeAction([]byte) (games.Action, error) {
	return nil, fmt.Errorf("build: %w", games.ErrBadRecord)
}
func (g buildGame) New([]string, json.RawMessage) (games.State, error) {
	if g.ambitious {
		return &ambitiousState{}, nil
	}
	return &buildState{}, nil
}

// choose is seat 0's move: build or hold.
type choose struct{ Build bool }

func (choose) ActionType() string { return "choose" }

// buildState is a game of buildGame without ambition.
type buildState struct{ done, built bool }

func (s *buildState) Game() games.Game               { return buildGame{} }
func (s *buildState) Players() []string              { return []string{"builder", "rival"} }
func (s *buildState) Options() json.RawMessage       { return json.RawMessage(`{}`) }
func (s *buildState) Prompt(games.Seat) games.Text   { return games.Text{} }
func (s *buildState) Describe(a games.Action) string { return fmt.Sprint(a) }
func (s *buildState) Clone() games.State             { c := *s; return &c }
func (s *buildState) View(games.Seat) any            { return *s }
func (s *buildState) SampleChance(*rand.Rand) games.Action {
	return nil
}

func (s *buildState) ToAct() []games.Seat {
	if s.done {
		return nil
	}
	return []games.Seat{0}
}

func (s *buildState) Legal(seat games.Seat) []games.Action {
	if !games.IsToAct(s, seat) {
		return nil
	}
	return []games.Action{choose{false}, choose{true}}
}

func (s *buildState) Apply(seat games.Seat, a games.Action) ([]games.Event, error) {
	c, ok := a.(choose)
	if !ok || !games.IsToAct(s, seat) {
		return nil, games.Refuse(games.ErrIllegal, "no", "ne")
	}
	s.done, s.built = true, c.Build
	return nil, nil
}

func (s *buildState) Result() games.Result {
	own, rival := 1, 0
	if s.built {
		own, rival = 9, 8
	}
	return games.Result{Over: s.done, Seats: []games.SeatResult{{Seat: 0, Score: own}, {Seat: 1, Score: rival}}, Ranking: [][]games.Seat{{0}, {1}}}
}

// Hint holds.
func (s *buildState) Hint(seat games.Seat) games.Action {
	if !games.IsToAct(s, seat) {
		return nil
	}
	return choose{false}
}

// ambitiousState is a buildState with the Ambition power.
type ambitiousState struct{ buildState }

func (s *ambitiousState) Game() games.Game                { return buildGame{ambitious: true} }
func (s *ambitiousState) Clone() games.State              { c := *s; return &c }
func (s *ambitiousState) Ambition() (share, full float64) { return 0.5, 10 }

// trusting is a powered guessState whose ranking the search trusts.
type trusting struct{ powered }

func (s *trusting) Clone() games.State { c := *s; return &c }

func (s *trusting) Determinize(seat games.Seat, r *rand.Rand) games.State {
	return &trusting{*s.powered.Determinize(seat, r).(*powered)}
}

func (s *trusting) TrustRanking() bool { return true }
