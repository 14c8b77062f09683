package games

import "slices"

// PlayerSeats returns the seats of n players, 0 to n−1.
func PlayerSeats(n int) []Seat {
	seats := make([]Seat, n)
	for i := range seats {
		seats[i] = Seat(i)
	}
	return seats
}

// Places orders items best first by cmp (negative when a ranks above b; the sort is stable,
// so items cmp finds equal keep their order) and groups the items cmp finds equal into one
// place, the first place first: a Result's Ranking, given the seats. items is not changed.
func Places[T any](items []T, cmp func(a, b T) int) [][]T {
	order := slices.Clone(items)
	slices.SortStableFunc(order, cmp)
	var places [][]T
	for i, x := range order {
		if i == 0 || cmp(order[i-1], x) != 0 {
			places = append(places, nil)
		}
		places[len(places)-1] = append(places[len(places)-1], x)
	}
	return places
}
