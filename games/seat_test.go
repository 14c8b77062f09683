package games

import "testing"

func TestAt(t *testing.T) {
	names := []string{"Ada", "Ben"}
	for _, tc := range []struct {
		seat Seat
		want string
		ok   bool
	}{{0, "Ada", true}, {1, "Ben", true}, {2, "", false}, {Chance, "", false}, {NoSeat, "", false}} {
		if got, ok := At(names, tc.seat); got != tc.want || ok != tc.ok {
			t.Errorf("At(%v) = %q, %v; want %q, %v", tc.seat, got, ok, tc.want, tc.ok)
		}
	}
}
