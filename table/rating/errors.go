package rating

import "errors"

// Errors returned (wrapped, with the team, player or field at fault) by [Model.Rate] and
// [Model.RateScores]; test them with errors.Is. Whenever one is returned, no rating was
// computed and the input slices are unchanged.
var (
	// ErrTooFewTeams: the game has fewer than two teams. A solo game has no one to be ranked
	// against and is not rated.
	ErrTooFewTeams = errors.New("rating: a rated game needs at least two teams")
	// ErrEmptyTeam: a team has no players.
	ErrEmptyTeam = errors.New("rating: empty team")
	// ErrRanks: the ranks (or scores) are not nil and do not have one entry per team.
	ErrRanks = errors.New("rating: need one rank per team")
	// ErrNotFinite: a μ, σ, rank or score is NaN or infinite, a σ is negative, or the game's
	// numbers are so large that a result would not be finite.
	ErrNotFinite = errors.New("rating: not a finite number")
	// ErrModel: a parameter of the [Model] is negative or NaN, or Kappa is above 1.
	ErrModel = errors.New("rating: invalid model parameter")
)
