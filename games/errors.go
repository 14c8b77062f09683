package games

import (
	"errors"
	"fmt"
)

// Errors a caller of [State.Apply] can branch on with errors.Is. Apply wraps each in a
// *[Refusal] that carries a sentence a player can read.
var (
	// ErrNotYourTurn is returned when the seat is not among those who must act now.
	ErrNotYourTurn = errors.New("not your turn")
	// ErrGameOver is returned for any move after the game has ended.
	ErrGameOver = errors.New("the game is over")
	// ErrUnknownAction is returned for an action of a type the game does not know, or one of
	// this game's types that is not a decision the seat faces now.
	ErrUnknownAction = errors.New("unknown action")
	// ErrIllegal is returned for a well-formed action that the rules forbid.
	ErrIllegal = errors.New("illegal move")
	// ErrBadRecord is returned by record and option decoding for malformed input.
	ErrBadRecord = errors.New("bad record")
)

// Refusal is the error Apply returns for a move it does not make. Reason is the sentence to
// show the player ("That space is taken — pick another"); Kind is one of the Err values above.
type Refusal struct {
	Kind   error
	Reason Text
}

// Refuse builds a *Refusal of the given kind with an English and a Czech reason.
func Refuse(kind error, en, cs string, args ...any) *Refusal {
	return &Refusal{Kind: kind, Reason: Say(en, cs, args...)}
}

// Error returns the English reason.
func (r *Refusal) Error() string { return r.Reason.EN }

// Unwrap returns the kind, so errors.Is(err, ErrIllegal) works.
func (r *Refusal) Unwrap() error { return r.Kind }

// ReasonOf returns the player-readable reason of err: the Refusal's text when err is or wraps
// one, and a generic sentence otherwise.
func ReasonOf(err error) Text {
	var r *Refusal
	if errors.As(err, &r) {
		return r.Reason
	}
	return Text{EN: fmt.Sprintf("That did not work: %v", err), CS: fmt.Sprintf("To nešlo: %v", err)}
}
