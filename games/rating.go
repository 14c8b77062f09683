package games

// Rank is one rank of a solo game's rating scale: the least total that earns it and its name.
type Rank struct {
	Least int
	Name  Text
}

// Ranks is a solo game's rating scale, the best rank first.
type Ranks []Rank

// Of returns the first rank of r whose Least total reaches, or false when total earns none
// (a scale whose last Least is math.MinInt rates every total).
func (r Ranks) Of(total int) (Rank, bool) {
	for _, k := range r {
		if total >= k.Least {
			return k, true
		}
	}
	return Rank{}, false
}
