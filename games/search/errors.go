package search

import "errors"

// ErrNotToAct is returned by Choose and Search when the seat is not among the seats that must
// act in the state (or is the chance seat, whose moves are sampled, not chosen).
var ErrNotToAct = errors.New("search: seat need not act")

// ErrNoMove is returned by Choose and Search when the seat must act but the game lists no
// legal move for it and its built-in AI offers none: an engine bug.
var ErrNoMove = errors.New("search: no legal move")

// ErrBadLevel is returned by ParseLevel for a name that is not a level.
var ErrBadLevel = errors.New("search: unknown level")

// ErrBadConfig is returned by Search for a Config it cannot run: a budget with neither nodes
// nor time, or a negative setting.
var ErrBadConfig = errors.New("search: bad config")

// ErrBadMoves is returned by Rank when a move it is asked to rank is not one of the seat's
// legal moves.
var ErrBadMoves = errors.New("search: moves to rank")
