package games

import (
	"encoding/json"
	"fmt"
	"strconv"
)

// Seat is a place at the table. Seats 0..n-1 are the players in clockwise order; the next
// player after seat s is (s+1) mod n. Chance is the seat that makes every random move.
type Seat int

const (
	// Chance is the seat of the random events: draws, shuffles, deals. Its JSON form is "chance".
	Chance Seat = -1
	// NoSeat stands for "nobody", for example the seat to highlight when none is.
	NoSeat Seat = -2
)

// String returns "chance", "none" or the seat number.
func (s Seat) String() string {
	switch s {
	case Chance:
		return "chance"
	case NoSeat:
		return "none"
	}
	return strconv.Itoa(int(s))
}

// MarshalJSON writes a player seat as its number and Chance as "chance".
// NoSeat cannot be written and returns an error.
func (s Seat) MarshalJSON() ([]byte, error) {
	switch {
	case s == Chance:
		return []byte(`"chance"`), nil
	case s < 0:
		return nil, fmt.Errorf("seat %d cannot be written", int(s))
	}
	return []byte(strconv.Itoa(int(s))), nil
}

// UnmarshalJSON reads a non-negative seat number or "chance"; anything else is an error.
func (s *Seat) UnmarshalJSON(b []byte) error {
	var name string
	if err := json.Unmarshal(b, &name); err == nil {
		if name != "chance" {
			return fmt.Errorf("seat %q: want a number or \"chance\"", name)
		}
		*s = Chance
		return nil
	}
	var n int
	if err := json.Unmarshal(b, &n); err != nil || n < 0 {
		return fmt.Errorf("seat %s: want a number from 0 or \"chance\"", string(b))
	}
	*s = Seat(n)
	return nil
}

// At returns seat's entry in a list kept per seat, seat 0 first (a view's seats), or false
// when seat has none there: Chance, NoSeat (a spectator), a seat beyond the list.
func At[T any](list []T, seat Seat) (T, bool) {
	if seat < 0 || int(seat) >= len(list) {
		var zero T
		return zero, false
	}
	return list[seat], true
}
