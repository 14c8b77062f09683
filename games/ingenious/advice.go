package ingenious

import (
	"fmt"
	"maps"

	"github.com/tablebot/tablebot/games"
)

var _ games.Adviser = (*State)(nil)

// MenuMoves returns the places the menu of seat's panel at draft offers — those of the
// draft's tile, best first by the quick ranking (see Ranked) — or nil when that panel has no
// menu of places (no tile chosen, a swap to decide, not seat's turn, a stale draft). It is
// the games.Adviser power that lets the referee have the search AI rank the menu.
func (s *State) MenuMoves(seat games.Seat, draft string) []games.Action {
	tile, ok := s.menuTile(seat, draft)
	if !ok {
		return nil
	}
	cands := s.candidates()[tile]
	out := make([]games.Action, len(cands))
	for i, c := range cands {
		out[i] = c.Place
	}
	return out
}

// menuTile returns the tile whose places seat's panel at draft lists in its menu.
func (s *State) menuTile(seat games.Seat, draft string) (Tile, bool) {
	if s.phase != PhasePlace || seat != s.turn {
		return Tile{}, false
	}
	d, err := ParseDraft(draft, s.radius)
	if err != nil || d.Tile == nil {
		return Tile{}, false
	}
	if _, ok := s.candidates()[*d.Tile]; !ok { // not on the rack
		return Tile{}, false
	}
	return *d.Tile, true
}

// Advised returns a copy of the state whose menu and picture number the places of the
// draft's tile in the order given (the search AI's, a reordering of MenuMoves) and whose
// menu says that the AI ranked them; the other tiles keep the quick ranking. It fails when
// the panel at draft has no menu or order is not a reordering of its places. It is the
// games.Adviser power; s is not changed.
func (s *State) Advised(seat games.Seat, draft string, order []games.Action) (games.State, error) {
	tile, ok := s.menuTile(seat, draft)
	if !ok {
		return nil, fmt.Errorf("ingenious: the panel at %q has no menu of places to rank", draft)
	}
	quick := s.candidates()
	byPlace := make(map[Place]Candidate, len(quick[tile]))
	for _, c := range quick[tile] {
		byPlace[c.Place] = c
	}
	ranked := make([]Candidate, 0, len(order))
	for _, a := range order {
		p, ok := a.(Place)
		c, listed := byPlace[p]
		if !ok || !listed {
			return nil, fmt.Errorf("ingenious: %v is not one of the menu's places for %s, or is listed twice", a, tile)
		}
		delete(byPlace, p)
		ranked = append(ranked, c)
	}
	if len(byPlace) > 0 {
		return nil, fmt.Errorf("ingenious: the order ranks %d of the %d places of %s", len(ranked), len(quick[tile]), tile)
	}
	c := s.clone()
	byTile := maps.Clone(quick)
	byTile[tile] = ranked
	c.rank.once.Do(func() { c.rank.byTile, c.rank.byAI = byTile, map[Tile]bool{tile: true} })
	return c, nil
}
