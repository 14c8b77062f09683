package imagestest

import (
	"image"
	"testing"

	"github.com/tablebot/tablebot/games"
)

// Suite is the kit bound to one game's renderer: what a renderer's tests would otherwise say
// again in every call (the renderer to make, the error its refusals wrap, how its seeded games
// are played, its pictures' budget). R is the renderer, S the game's state and *V its view.
// A renderer's tests declare one Suite and call it: their files keep only their game's states,
// pictures and checks.
type Suite[R Renderer, S games.State, V any] struct {
	// New makes a fresh renderer, its caches empty.
	New func() R
	// ErrView is wrapped by the errors of the views the renderer refuses.
	ErrView error
	// Game is played by Play, with Salt keeping its seeded games apart from another package's
	// of the same seed and Decide choosing every seat's move (games.Hints or LastFirst). Nil
	// when the tests make their states themselves.
	Game   games.Game
	Salt   uint64
	Decide games.Decide
	// Budget is what every picture of the renderer must keep to (see Sizes).
	Budget Budget
}

// Play is the package function Play for the suite's game: players seats with options (a JSON
// object; "" for the defaults), chance seeded by seed, until stop holds or the game ends (stop
// nil: to its end).
func (s Suite[R, S, V]) Play(tb testing.TB, players int, options string, seed uint64, stop func(S) bool) S {
	tb.Helper()
	return Play(tb, s.Game, players, options, seed, s.Salt, s.Decide, stop)
}

// View returns st as seat sees it (games.NoSeat: a spectator).
func (s Suite[R, S, V]) View(st S, seat games.Seat) *V { return st.View(seat).(*V) }

// Table is the picture called name of the table of st as seat sees it, in lang.
func (s Suite[R, S, V]) Table(name string, st S, seat games.Seat, lang games.Lang) Picture[R] {
	return TablePicture[R](name, s.View(st, seat), lang)
}

// Private is the picture called name of seat's private panel of st at draft, in lang.
func (s Suite[R, S, V]) Private(name string, st S, seat games.Seat, draft string, lang games.Lang) Picture[R] {
	return PrivatePicture[R](name, s.View(st, seat), draft, lang)
}

// Goldens is the package function Goldens on fresh renderers: every picture compared with its
// PNG in testdata, then all drawn at once on one fresh renderer.
func (s Suite[R, S, V]) Goldens(t *testing.T, pics []Picture[R]) {
	t.Helper()
	Goldens(t, s.New, pics)
}

// Sizes checks every picture, drawn by a fresh renderer, against the suite's Budget.
func (s Suite[R, S, V]) Sizes(t *testing.T, pics []Picture[R]) {
	t.Helper()
	Sizes(t, s.New(), s.Budget, pics)
}

// Samples writes every picture, drawn by a fresh renderer, into the directory -out names (see
// the package function Samples).
func (s Suite[R, S, V]) Samples(t *testing.T, phone bool, pics func() []Picture[R]) {
	t.Helper()
	Samples(t, s.New(), phone, pics)
}

// BadViews checks that a fresh renderer refuses the views every renderer refuses
// (WrongViews, of st's spectator's view) and the game's own broken views more, each with an
// error wrapping ErrView.
func (s Suite[R, S, V]) BadViews(t *testing.T, st S, more ...BadView) {
	t.Helper()
	BadViews(t, s.New(), s.ErrView, append(WrongViews(s.View(st, games.NoSeat)), more...))
}

// Broken is the bad view called name: st's spectator's view, broken by breaks.
func (s Suite[R, S, V]) Broken(name string, st S, breaks func(v *V)) BadView {
	v := s.View(st, games.NoSeat)
	breaks(v)
	return BadView{Name: name, View: v}
}

// EveryStep plays a game as Play does, to its end, and draws every seat's pictures (DrawAll)
// at every step and once it is over; at says where the game stands when a drawing fails.
func (s Suite[R, S, V]) EveryStep(t *testing.T, players int, options string, seed uint64, at func(S) string) {
	t.Helper()
	r := s.New()
	draw := func(st S) {
		t.Helper()
		if err := DrawAll(r, st, players); err != nil {
			t.Fatalf("%s: %v", at(st), err)
		}
	}
	st := s.Play(t, players, options, seed, func(st S) bool {
		draw(st)
		return false
	})
	draw(st)
	if !games.Over(st) {
		t.Fatal("the game did not end")
	}
}

// SimilarTable checks that a fresh renderer draws the table of st, as a spectator sees it, the
// same both ways (see the package function SimilarTable).
func (s Suite[R, S, V]) SimilarTable(t *testing.T, st S, frac float64) {
	t.Helper()
	SimilarTable(t, s.New(), s.View(st, games.NoSeat), frac)
}

// BenchTable is the naive-vs-fast Pair of the table of st as a spectator sees it, on a fresh
// renderer (see the package function BenchTable).
func (s Suite[R, S, V]) BenchTable(b *testing.B, st S) {
	BenchTable(b, s.New(), s.View(st, games.NoSeat))
}

// BenchPrivate measures drawing seat's private panel of st at draft, in English, and encoding
// it the way the bot does (BenchFast).
func (s Suite[R, S, V]) BenchPrivate(b *testing.B, st S, seat games.Seat, draft string) {
	v := s.View(st, seat)
	r := s.New()
	BenchFast(b, r.Kit(), func() (image.Image, error) { return r.Private(v, draft, games.English) })
}
