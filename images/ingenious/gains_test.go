package ingenious

import (
	"strings"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/ingenious"
)

// TestFooterGains: the last move's line lists only the colours that scored ("červená +1", not
// "červená +1, modrá +0"), one entry for a tile of one colour, and "no points" when nothing did.
func TestFooterGains(t *testing.T) {
	red, blue := ingenious.Red, ingenious.Blue
	cases := []struct {
		g          [2]int
		first, sec ingenious.Colour
		lang       games.Lang
		want       string
	}{
		{[2]int{1, 0}, red, blue, games.Czech, ingenious.Gain(red, 1).CS},
		{[2]int{0, 2}, red, blue, games.English, ingenious.Gain(blue, 2).EN},
		{[2]int{1, 2}, red, blue, games.English, ingenious.Gain(red, 1).EN + ", " + ingenious.Gain(blue, 2).EN},
		{[2]int{1, 2}, red, red, games.Czech, ingenious.Gain(red, 3).CS},
		{[2]int{0, 0}, red, blue, games.Czech, "žádné body"},
		{[2]int{0, 0}, blue, blue, games.English, "no points"},
	}
	for _, c := range cases {
		got := gains(c.g, c.first, c.sec, c.lang)
		if got != c.want || strings.Contains(got, "+0") {
			t.Errorf("gains(%v, %v, %v, %s) = %q, want %q", c.g, c.first, c.sec, c.lang, got, c.want)
		}
	}
}
