package rating

import "testing"

// BenchmarkRate rates one game of 2 teams (the baseline) and of 4 and 6 teams, one player
// each, and an Ingenious team game (2 teams of 2), with ties in the 4-team game.
func BenchmarkRate(b *testing.B) {
	d := Default()
	cases := []struct {
		name  string
		teams [][]Rating
		ranks []float64
	}{
		{"2teams", r1(d, Rating{27, 6}), []float64{2, 1}},
		{"2teamsOf2", [][]Rating{{d, {27, 6}}, {{22, 7}, {30, 4}}}, []float64{1, 2}},
		{"4teams", r1(d, Rating{27, 6}, Rating{22, 7}, Rating{30, 4}), []float64{3, 1, 3, 2}},
		{"6teams", r1(d, Rating{27, 6}, Rating{22, 7}, Rating{30, 4}, Rating{18, 5}, Rating{25, 3}), []float64{6, 1, 3, 2, 5, 4}},
	}
	var m Model
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := m.Rate(c.teams, c.ranks); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
