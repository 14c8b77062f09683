package games

import (
	"reflect"
	"testing"
)

func TestPlayerSeats(t *testing.T) {
	if got := PlayerSeats(3); !reflect.DeepEqual(got, []Seat{0, 1, 2}) {
		t.Errorf("PlayerSeats(3) = %v", got)
	}
	if got := PlayerSeats(0); len(got) != 0 {
		t.Errorf("PlayerSeats(0) = %v", got)
	}
}

func TestPlaces(t *testing.T) {
	scores := []int{5, 9, 5, 2}
	seats := PlayerSeats(len(scores))
	got := Places(seats, func(a, b Seat) int { return scores[b] - scores[a] })
	if want := [][]Seat{{1}, {0, 2}, {3}}; !reflect.DeepEqual(got, want) {
		t.Errorf("Places = %v, want %v", got, want)
	}
	if !reflect.DeepEqual(seats, []Seat{0, 1, 2, 3}) {
		t.Errorf("Places changed its items: %v", seats)
	}
	if got := Places[Seat](nil, func(a, b Seat) int { return 0 }); got != nil {
		t.Errorf("Places of nothing = %v, want nil", got)
	}
}
