package ingenious

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/tablebot/tablebot/games"
)

// areaCellsByRadius lists the cells of every possible active area, computed once.
var areaCellsByRadius = func() (a [BoardRadius + 1][]Cell) {
	for r := range a {
		a[r] = AreaCells(r)
	}
	return
}()

func (s *State) areaCells() []Cell { return areaCellsByRadius[s.radius] }

// startTouched returns the start symbol (its colour) that cell c touches, if any. Start
// symbols are five cells apart, so a cell touches at most one.
func startTouched(c Cell) (Colour, bool) {
	for col, at := range StartSymbols {
		if c.Adjacent(at) {
			return Colour(col), true
		}
	}
	return 0, false
}

// startOf returns the start symbol a placement on cells a, b touches, if any.
func startOf(cells [2]Cell) (Colour, bool) {
	if c, ok := startTouched(cells[0]); ok {
		return c, true
	}
	return startTouched(cells[1])
}

// Apply makes seat's move, the common refusals passed (see games.Check). It refuses an action
// that is not the decision faced now (ErrUnknownAction) and a move the rules forbid
// (ErrIllegal). A refused move changes nothing.
func (s *State) Apply(seat games.Seat, a games.Action) ([]games.Event, error) {
	s.rank = &ranking{} // the position changes (or, refused, stays: ranking again is harmless)
	switch a := a.(type) {
	case Draw:
		return s.applyDraw(a)
	case Place:
		if s.phase != PhasePlace {
			return nil, games.Refuse(games.ErrUnknownAction, "Decide first whether to swap your rack.", "Nejdřív rozhodni, zda vyměníš stojánek.")
		}
		return s.applyPlace(seat, a)
	case Swap, Keep:
		if s.phase != PhaseSwap {
			return nil, games.Refuse(games.ErrUnknownAction, "A swap is not offered now: place a tile.", "Výměna teď není nabízena: polož dílek.")
		}
		return s.applySwap(seat, a == Swap{})
	}
	return nil, games.Refuse(games.ErrUnknownAction, "Ingenious has no such move.", "Takový tah Ingenious nezná.")
}

// applyDraw puts the drawn tiles on the rack being filled and moves the game on.
func (s *State) applyDraw(d Draw) ([]games.Event, error) {
	if len(d.Tiles) != s.drawCount {
		return nil, games.Refuse(games.ErrIllegal, "Chance must draw %d tiles, not %d.", "Náhoda musí táhnout %d dílků, ne %d.", s.drawCount, len(d.Tiles))
	}
	bag := s.bag
	for _, t := range d.Tiles {
		if t.B < t.A || t.A < Red || t.B > Purple {
			return nil, games.Refuse(games.ErrIllegal, "Tile %s is not written in R G B O Y P order.", "Dílek %s není zapsán v pořadí R G B O Y P.", t.String())
		}
		if bag[t.kind()] == 0 {
			return nil, games.Refuse(games.ErrIllegal, "The bag has no %s tile left.", "V pytlíku už žádný %s dílek není.", t.Words())
		}
		bag[t.kind()]--
	}
	seat := s.turn
	s.bag = bag
	s.racks[seat] = append(s.racks[seat], d.Tiles...)
	for _, t := range s.returning {
		s.bag[t.kind()]++
	}
	s.returning = nil
	drawn := games.Count(len(d.Tiles), "tile", "tiles", "dílek", "dílky", "dílků")
	events := []games.Event{{Seat: games.Chance, Minor: true, Text: games.Text{
		EN: s.Names[seat] + " drew " + drawn.EN + ".", CS: s.Names[seat] + " si dobral(a) " + drawn.CS + ".",
	}}}
	switch {
	case s.Solo():
		s.phase = PhasePlace
	case s.phase == PhaseDeal && int(seat)+1 < len(s.Names):
		s.turn++
	case s.phase == PhaseDeal:
		s.turn, s.phase = 0, PhasePlace
	default:
		s.nextTurn()
	}
	return events, nil
}

// nextTurn passes play to the next seat.
func (s *State) nextTurn() {
	s.turn = (s.turn + 1) % games.Seat(len(s.Names))
	s.phase, s.bonus = PhasePlace, 0
}

// checkPlace returns why p may not be placed by seat now, or nil.
func (s *State) checkPlace(seat games.Seat, p Place) *games.Refusal {
	for _, c := range p.Cells {
		if !s.inArea(c) {
			return games.Refuse(games.ErrIllegal, "(%d, %d) is outside the board.", "(%d, %d) leží mimo hrací plochu.", c.Q, c.R)
		}
	}
	if !p.Cells[0].Adjacent(p.Cells[1]) {
		return games.Refuse(games.ErrIllegal, "%s and %s are not neighbours: a tile covers two adjacent cells.", "%s a %s nesousedí: dílek zakrývá dvě sousední pole.", p.Cells[0].Label(s.radius), p.Cells[1].Label(s.radius))
	}
	for _, c := range p.Cells {
		if !s.empty(c) {
			return games.Refuse(games.ErrIllegal, "%s is taken — pick an empty cell.", "%s je obsazené — vyber prázdné pole.", c.Label(s.radius))
		}
	}
	if !slices.Contains(s.racks[seat], p.Tile()) {
		return games.Refuse(games.ErrIllegal, "You have no %s tile.", "Nemáš %s dílek.", p.Tile().Words())
	}
	if s.firstDone[seat] {
		return nil
	}
	start, touches := startOf(p.Cells)
	switch {
	case !touches:
		return games.Refuse(games.ErrIllegal, "Your first tile must touch a start symbol.", "Tvůj první dílek se musí dotýkat startovního symbolu.")
	case !s.Solo() && s.usedStart[start]:
		return &games.Refusal{Kind: games.ErrIllegal, Reason: games.Text{
			EN: fmt.Sprintf("An earlier first tile already touches the %s start symbol — touch a free one.", start.Symbol().EN),
			CS: fmt.Sprintf("Startovního symbolu (%s) se už dotýká dřívější první dílek — vyber volný.", start.Symbol().CS),
		}}
	}
	return nil
}

// applyPlace lays the tile, scores it and decides what comes next: a bonus placement, the
// swap, the refill, or the end.
func (s *State) applyPlace(seat games.Seat, p Place) ([]games.Event, error) {
	p = s.canonical(p)
	if r := s.checkPlace(seat, p); r != nil {
		return nil, r
	}
	gains := s.lineGains(p)
	side := s.side(seat)
	before := s.scores[side]
	after, earned := addGains(before, p, gains, s.twoTracks())
	isBonus := s.bonus > 0

	for i, c := range p.Cells {
		s.board[cellIndex(c)] = int8(p.colourAt(i)) + 1
	}
	rack := s.racks[seat]
	i := slices.Index(rack, p.Tile())
	s.racks[seat] = slices.Delete(rack, i, i+1)
	s.scores[side] = after
	s.placements = append(s.placements, Placement{Seat: seat, Place: p, Gains: gains, Bonus: isBonus})
	if !s.firstDone[seat] {
		s.firstDone[seat] = true
		if start, ok := startOf(p.Cells); ok {
			s.usedStart[start] = true
		}
	}
	if isBonus {
		s.bonus--
	}
	if !s.Solo() {
		s.bonus += earned
	}
	events := []games.Event{{Seat: seat, Text: s.placeText(seat, p, before, after, isBonus)}}

	switch {
	case allAt(after, s.top()):
		s.winner = seat
		s.end()
		return append(events, games.Event{Seat: seat, Text: s.reachedAll(seat, true)}), nil
	case !s.hasEmptyPair():
		s.end()
		return append(events, games.Event{Seat: seat, Text: games.Say("No two adjacent cells are empty: the game is over.", "Na ploše už nejsou dvě sousední volná pole: hra končí.")}), nil
	case s.Solo():
		s.phase, s.drawCount = PhaseDraw, 1
		// A solo game has nobody else to hand the table to, so the channel hears of it when
		// a colour reaches 18 (half way) or the top: one board message per milestone.
		for _, c := range Colours {
			for _, mark := range []int{Cap, s.top()} {
				if before[c] < mark && after[c] >= mark {
					events = append(events, games.Event{Seat: seat, Milestone: true, Text: games.Text{
						EN: fmt.Sprintf("%s reached %d in %s.", s.Names[seat], mark, c.Name().EN),
						CS: fmt.Sprintf("%s má %s na %d.", s.Names[seat], soloColourAcc[c], mark),
					}})
					break
				}
			}
		}
		return events, nil
	case s.bonus > 0 && len(s.racks[seat]) > 0:
		return append(events, games.Event{Seat: seat, Text: games.Say("Bonus placement for %s!", "%s má tah navíc!", s.Names[seat])}), nil
	}
	s.bonus = 0
	if s.swapAllowed(seat) {
		s.phase = PhaseSwap
		return events, nil
	}
	s.refill(seat)
	return events, nil
}

// end finishes the game: owed bonuses, swap and refill are skipped.
func (s *State) end() {
	s.phase, s.bonus, s.drawCount = PhaseOver, 0, 0
}

// refill asks chance to fill seat's rack to six, or passes the turn when it is full.
func (s *State) refill(seat games.Seat) {
	s.drawCount = RackSize - len(s.racks[seat])
	if s.drawCount == 0 {
		s.nextTurn()
		return
	}
	s.phase = PhaseDraw
}

// SwapAllowed reports whether seat's rack, after its placements, shows no symbol of any colour
// tied for its lowest score, so that a swap may be offered. An empty rack is refilled anyway,
// so no swap is offered for it.
func (s *State) swapAllowed(seat games.Seat) bool {
	rack := s.racks[seat]
	if len(rack) == 0 {
		return false
	}
	track := s.scores[s.side(seat)]
	low := sortedScores(track)[0]
	for _, c := range Colours {
		if track[c] != low {
			continue
		}
		for _, t := range rack {
			if t.Has(c) {
				return false
			}
		}
	}
	return true
}

// applySwap returns the rack to the bag after six new tiles are drawn, or keeps it.
func (s *State) applySwap(seat games.Seat, swap bool) ([]games.Event, error) {
	if !swap {
		s.refill(seat)
		return []games.Event{{Seat: seat, Text: games.Say("%s kept their rack.", "%s si ponechal(a) stojánek.", s.Names[seat])}}, nil
	}
	old := s.racks[seat]
	s.returning = old
	s.racks[seat] = nil
	s.phase, s.drawCount = PhaseDraw, RackSize
	return []games.Event{{Seat: seat, Text: games.Say("%s swapped their rack: %s.", "%s vyměnil(a) stojánek: %s.", s.Names[seat], tileWords(old))}}, nil
}

// placeText says what a placement did: "Ada placed red–green on F7–F8: +2 red, +1 green"
// ("Ada položil(a) červeno-zelený dílek na F7–F8: zelená +1, …").
func (s *State) placeText(seat games.Seat, p Place, before, after [6]int, bonus bool) games.Text {
	var gains [6]int
	for c := range gains {
		gains[c] = after[c] - before[c]
	}
	what := GainsText(gains)
	tile := Tile{p.First, p.Second}.Words()
	verb := games.Say("placed %s", "položil(a) %s dílek", tile)
	if bonus {
		verb = games.Say("placed a bonus %s tile", "položil(a) %s dílek navíc", tile)
	}
	cells := p.Cells[0].Label(s.radius) + "–" + p.Cells[1].Label(s.radius)
	t := games.Text{
		EN: s.Names[seat] + " " + verb.EN + " on " + cells + ": " + what.EN,
		CS: s.Names[seat] + " " + verb.CS + " na " + cells + ": " + what.CS,
	}
	for _, c := range Colours {
		if (before[c] < Cap && after[c] == Cap) || (before[c] < TeamCap && after[c] == TeamCap) {
			t.EN += " — " + c.Name().EN + " reached " + strconv.Itoa(after[c]) + "!"
			t.CS += " — " + c.Name().CS + " dosáhla " + strconv.Itoa(after[c]) + "!"
		}
	}
	return t
}

// soloColourAcc are the colours' names as "má červenou na 18" needs them (accusative).
var soloColourAcc = [6]string{"červenou", "zelenou", "modrou", "oranžovou", "žlutou", "fialovou"}

// tileWords lists tiles the way the buttons show them: "RG BB" ("ČZ MM").
func tileWords(ts []Tile) games.Text {
	parts := make([]games.Text, len(ts))
	for i, t := range ts {
		parts[i] = games.Say("%s", "%s", t)
	}
	return games.Join(parts, " ")
}
