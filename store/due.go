package store

import (
	"errors"
	"time"
)

// ErrLeaseLost is returned (wrapped) by Renew, Ack and Release when the claim no longer holds
// its key's lease: it was acknowledged or released already, or it ran out and another claim
// took the key. Nothing was changed.
var ErrLeaseLost = errors.New("store: the task's lease is not this claim's any more")

// Claim is a due task handed to one caller by ClaimDue: its key, and the token of the lease
// under which the caller owns it. The lease lasts until Ack or Release, or until it runs out;
// then the key comes back due, to be claimed again (by any process).
type Claim struct {
	Key string
	// Token tells this claim's lease from a later claim's of the same key: it is new for
	// every claim, and never zero.
	Token uint64
}

// DefaultLease is a lease long enough for any task the bot runs (an AI search and a few
// store and Discord calls), for callers that have no better figure.
const DefaultLease = 2 * time.Minute
