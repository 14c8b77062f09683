package shelfie

import (
	"slices"

	"github.com/tablebot/tablebot/games"
)

// opponentTurn plays the solo opponent's turn by the rules: it takes the box its card names
// first, or its second choice when the first is taken. In "beat your score" the dice leave
// the game; Shem Bot places them (see BotPlacement).
func (s *State) opponentTurn() []games.Event {
	info := cardTable[s.seats[Opponent].choice.Number]
	b := info.Solo[0]
	if s.boxes[b-1].taker != games.NoSeat {
		b = info.Solo[1]
	}
	bx := &s.boxes[b-1]
	bx.taker = Opponent
	dice := slices.Clone(bx.dice)
	st := &s.seats[Opponent]
	st.recent = nil
	if !s.bot() {
		for _, d := range dice {
			s.gone[d.Colour]++
		}
		return []games.Event{event(Opponent, games.Say("%s took box %d: %s leave the game.", "%s si bere přepravku %d: %s odcházejí ze hry.", OpponentName, b, diceWords(dice)))}
	}
	var where []games.Text
	for _, p := range BotPlacement(&st.shelf, dice, s.reserved()) {
		if p.Col < 0 {
			st.shame = append(st.shame, p.Die)
			where = append(where, games.Say("%s on its shame shelf", "%s jde na polici hanby", p.Die.Words()))
			continue
		}
		s.putOnShelf(Opponent, p.Die, p.Col)
		where = append(where, games.Say("%s in column %d", "%s jde do sloupce %d", p.Die.Words(), p.Col+1))
	}
	return []games.Event{event(Opponent, games.Say("%s took box %d and placed %s.", "%s si bere přepravku %d: %s.", OpponentName, b, games.Join(where, ", ")))}
}

// reserved returns the colours reserved for Shem Bot's first columns while the contest is
// unclaimed: the colour of each column of the contest's pattern, left-aligned (NoColour for a
// column of the pattern with no colour, which is not reserved); nil otherwise.
func (s *State) reserved() []Colour {
	if s.contest == 0 || s.contestHolder != games.NoSeat {
		return nil
	}
	return PatternColumns(contestPattern(s.contest))
}

// PatternColumns returns the colour of each column of p, left to right (NoColour for a
// column with no coloured space; each column of the printed patterns has at most one colour).
func PatternColumns(p Pattern) []Colour {
	out := make([]Colour, p.Width())
	for _, row := range p {
		for c, col := range row {
			if col != NoColour {
				out[c] = col
			}
		}
	}
	return out
}

// BotMove is where Shem Bot puts one die: a column (0-based), or -1 for the shame shelf.
type BotMove struct {
	Die Die
	Col int
}

// BotPlacement returns where Shem Bot places dice on shelf sh (which it does not change):
// from the highest value down (equal values in the order P, G, B, O), ignoring values. Its
// first columns are reserved for the contest pattern's colours (reserved, left-aligned;
// nil when the contest is claimed): a die of a reserved colour goes to the non-full reserved
// column of that colour holding the fewest dice (leftmost on a tie). Otherwise a die goes onto
// the leftmost non-full column of its colour, else into the leftmost empty unreserved column,
// else onto the shame shelf.
func BotPlacement(sh *Shelf, dice []Die, reserved []Colour) []BotMove {
	shelf := *sh
	dice = slices.Clone(dice)
	slices.SortStableFunc(dice, func(a, b Die) int {
		if a.Value != b.Value {
			return int(b.Value) - int(a.Value)
		}
		return int(a.Colour) - int(b.Colour)
	})
	isReserved := func(col int) bool { return col < len(reserved) && reserved[col] != NoColour }
	var out []BotMove
	for _, d := range dice {
		col := -1
		for c := range reserved {
			if reserved[c] == d.Colour && shelf.Heights[c] < Height && (col < 0 || shelf.Heights[c] < shelf.Heights[col]) {
				col = c
			}
		}
		if col < 0 {
			for c := range Columns {
				if shelf.Heights[c] > 0 && shelf.Heights[c] < Height && shelf.ColourOf(c) == d.Colour && !(isReserved(c) && reserved[c] != d.Colour) {
					col = c
					break
				}
			}
		}
		if col < 0 {
			for c := range Columns {
				if shelf.Heights[c] == 0 && !isReserved(c) {
					col = c
					break
				}
			}
		}
		if col >= 0 {
			shelf.put(d, col)
		}
		out = append(out, BotMove{Die: d, Col: col})
	}
	return out
}
