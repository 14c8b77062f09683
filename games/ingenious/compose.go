package ingenious

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/tablebot/tablebot/games"
)

// Drafts of the Ingenious panel:
//
//	""          pick a tile (or swap / keep when a swap is offered)
//	"RG"        tile chosen, pick a place (colours in the order they will lie)
//	"RG:F7-F8"  red on F7, green on F8: confirm
//	"swap"      swap the rack; "keep" keep it
type Draft struct {
	Tile  *Tile
	Place *Place
	Swap  *bool
}

// maxMenu is the number of placements a menu offers (Discord's limit of select options).
const maxMenu = 25

// ParseDraft reads a draft for an area of the given radius. The empty draft is valid.
func ParseDraft(draft string, radius int) (Draft, error) {
	switch draft {
	case "":
		return Draft{}, nil
	case "swap", "keep":
		b := draft == "swap"
		return Draft{Swap: &b}, nil
	}
	tile, cells, hasCells := strings.Cut(draft, ":")
	a, b, err := parsePair(tile)
	if err != nil {
		return Draft{}, err
	}
	t := NewTile(a, b)
	d := Draft{Tile: &t}
	if !hasCells {
		return d, nil
	}
	first, second, ok := strings.Cut(cells, "-")
	if !ok {
		return Draft{}, fmt.Errorf("draft %q: want TILE:CELL-CELL", draft)
	}
	c0, err := ParseCell(first, radius)
	if err != nil {
		return Draft{}, err
	}
	c1, err := ParseCell(second, radius)
	if err != nil {
		return Draft{}, err
	}
	d.Place = &Place{First: a, Second: b, Cells: [2]Cell{c0, c1}}
	return d, nil
}

// draftOf writes the draft of a placement.
func draftOf(p Place, radius int) string {
	return fmt.Sprintf("%c%c:%s-%s", p.First.Letter(), p.Second.Letter(), p.Cells[0].Label(radius), p.Cells[1].Label(radius))
}

// Compose builds seat's panel at draft.
func (s *State) Compose(seat games.Seat, draft string) (games.Panel, error) {
	if !games.IsToAct(s, seat) || seat == games.Chance {
		return games.Panel{}, games.NothingToDecide()
	}
	d, err := ParseDraft(draft, s.radius)
	if err != nil {
		return games.Panel{}, games.StaleDraft()
	}
	panel := games.Panel{Draft: draft, Hint: s.Prompt(seat)}
	if s.phase == PhaseSwap {
		// Both answers are final, so each asks once more: the first click opens its
		// confirmation, whose button commits.
		switch {
		case d.Swap != nil && *d.Swap:
			panel.Hint = games.Say("Swap your whole rack? You draw six new tiles, then your old ones go back in the bag.", "Vyměnit celý stojánek? Vytáhneš šest nových dílků a staré pak vrátíš do pytlíku.")
			panel.Controls = []games.Control{
				{Label: games.Say("Yes, swap", "Ano, vyměnit"), Emoji: "🔄", Next: "swap", Style: games.Primary, Commit: true},
				{Label: games.Say("Back", "Zpět"), Emoji: "◀", Next: ""},
			}
		case d.Swap != nil:
			panel.Hint = games.Say("Keep these tiles?", "Ponechat si tyto dílky?")
			panel.Controls = []games.Control{
				{Label: games.Say("Yes, keep them", "Ano, ponechat"), Emoji: "✋", Next: "keep", Style: games.Primary, Commit: true},
				{Label: games.Say("Back", "Zpět"), Emoji: "◀", Next: ""},
			}
		default:
			panel.Controls = []games.Control{
				{Label: games.Say("Swap rack…", "Vyměnit stojánek…"), Emoji: "🔄", Next: "swap", Style: games.Primary},
				{Label: games.Say("Keep rack…", "Ponechat stojánek…"), Emoji: "✋", Next: "keep", Style: games.Secondary},
			}
		}
		return panel, nil
	}
	if d.Swap != nil {
		return games.Panel{}, games.StaleDraft()
	}
	rack := s.racks[seat]
	if d.Tile == nil {
		for _, t := range distinctTiles(rack) {
			panel.Controls = append(panel.Controls, games.Control{Label: games.Say("%s", "%s", t), Next: t.String(), Style: games.Primary})
		}
		if hint, ok := s.Hint(seat).(Place); ok {
			panel.Controls = append(panel.Controls, games.Control{Label: games.Say("Suggest", "Poradit"), Emoji: "💡", Next: draftOf(hint, s.radius), Suggest: true})
		}
		return panel, nil
	}
	if !slices.Contains(rack, *d.Tile) {
		return games.Panel{}, games.StaleDraft()
	}
	panel.Menu = s.placeMenu(seat, *d.Tile, d.Place)
	panel.Input = &games.Input{
		Button:      games.Say("Type a placement", "Napsat umístění"),
		Title:       games.Say("Place %s", "Položit %s", *d.Tile),
		Label:       games.Say("Two cells, first colour first", "Dvě pole, první barva na první z nich"),
		Placeholder: games.Say("F7 F8", "F7 F8"),
	}
	back := games.Control{Label: games.Say("Tiles", "Dílky"), Emoji: "◀", Next: ""}
	if d.Place == nil {
		panel.Hint = games.Say("Pick a place for the %s tile from the menu, or type one", "Vyber z nabídky místo pro %s dílek, nebo ho napiš", d.Tile.Words())
		panel.Controls = []games.Control{back}
		return panel, nil
	}
	p := *d.Place
	if r := s.checkPlace(seat, p); r != nil {
		return games.Panel{}, r
	}
	_, after := s.evaluate(seat, p)
	panel.Hint = s.previewText(seat, p, after)
	panel.Controls = []games.Control{
		{Label: games.Say("Place", "Položit"), Emoji: "✅", Next: draft, Style: games.Success, Commit: true},
	}
	if !p.Tile().Double() {
		turned := Place{First: p.Second, Second: p.First, Cells: p.Cells}
		panel.Controls = append(panel.Controls, games.Control{Label: games.Say("Rotate", "Otočit"), Emoji: "🔃", Next: draftOf(turned, s.radius)})
	}
	panel.Controls = append(panel.Controls, back)
	return panel, nil
}

// previewText says what a placement would do: "Red on F7, green on F8: +2 red, +1 green".
func (s *State) previewText(seat games.Seat, p Place, after [6]int) games.Text {
	before := s.scores[s.side(seat)]
	var gains [6]int
	for c := range gains {
		gains[c] = after[c] - before[c]
	}
	g := GainsText(gains)
	r := s.radius
	return games.Text{
		EN: fmt.Sprintf("%s on %s, %s on %s: %s", p.First.Name().EN, p.Cells[0].Label(r), p.Second.Name().EN, p.Cells[1].Label(r), g.EN),
		CS: fmt.Sprintf("%s na %s, %s na %s: %s", p.First.Name().CS, p.Cells[0].Label(r), p.Second.Name().CS, p.Cells[1].Label(r), g.CS),
	}
}

// Candidate is a place for a tile and what it would score: the points each colour gains.
type Candidate struct {
	Place Place
	Gains [6]int
}

// Gain says what one colour scored: "+2 green" ("zelená +2": the Czech colour name stays in
// the nominative before the number).
func Gain(c Colour, n int) games.Text {
	return games.Text{EN: fmt.Sprintf("+%d %s", n, c.Name().EN), CS: fmt.Sprintf("%s +%d", c.Name().CS, n)}
}

// GainsText says what a placement scores, colour by colour: "+2 green, +1 blue" ("zelená +2,
// modrá +1"), or "no points".
func GainsText(gains [6]int) games.Text {
	var parts []games.Text
	for _, c := range Colours {
		if d := gains[c]; d > 0 {
			parts = append(parts, Gain(c, d))
		}
	}
	if len(parts) == 0 {
		return games.Say("no points", "žádné body")
	}
	return games.Join(parts, ", ")
}

// Ranked lists seat's places for tile, best first by the greedy player's valuation of what
// each scores now (ties in the order Legal lists them), at most as many as a menu can offer:
// the menu's quick ranking. The panel's menu and its picture number the places in this order,
// or in the search AI's order of the same places in a state from Advised, so "3" on the board
// is the menu's third row.
func (s *State) Ranked(seat games.Seat, tile Tile) []Candidate {
	before := s.scores[s.side(seat)]
	// The best maxMenu so far, best first; equal values in the order forEachPlace lists them
	// (what a stable sort of them all gives, without keeping them all).
	best := make([]rankedCandidate, 0, maxMenu+1)
	type same struct {
		cells [2]Cell
		gains [6]int
	}
	var seen map[same]bool
	var g gainTable
	s.fillGains(&g)
	s.forEachPlace(seat, []Tile{tile}, &g, func(p Place, halves [2]int) {
		v, after := s.evaluateGains(seat, p, halves)
		if p.First != p.Second && len(best) == maxMenu && v <= best[maxMenu-1].v {
			return // not better than the last one kept, and listed after it
		}
		var gains [6]int
		for c := range gains {
			gains[c] = after[c] - before[c]
		}
		// A double listed in both orders is offered twice only when the orders score
		// differently (whether or not its first order was kept).
		if p.First == p.Second {
			k := same{p.Canonical().Cells, gains}
			if seen[k] {
				return
			}
			if seen == nil {
				seen = map[same]bool{}
			}
			seen[k] = true
			if len(best) == maxMenu && v <= best[maxMenu-1].v {
				return
			}
		}
		at, _ := slices.BinarySearchFunc(best, v, func(r rankedCandidate, v int) int {
			if r.v >= v {
				return -1 // kept before a new candidate of equal value
			}
			return 1
		})
		best = slices.Insert(best, at, rankedCandidate{Candidate{p, gains}, v})
		if len(best) > maxMenu {
			best = best[:maxMenu]
		}
	})
	out := make([]Candidate, len(best))
	for i, r := range best {
		out[i] = r.c
	}
	return out
}

// rankedCandidate is a candidate with the value Ranked orders it by.
type rankedCandidate struct {
	c Candidate
	v int
}

// ranking is the ranked places of each tile of the rack of the seat in turn at one position,
// made once: the conformance suite and the bot ask for views many times per position.
type ranking struct {
	once   sync.Once
	byTile map[Tile][]Candidate
	// byAI marks the tiles whose places the search AI ordered (see Advised).
	byAI map[Tile]bool
}

// candidates returns the ranked places of every tile on the rack of the seat in turn (see
// Ranked), made on the first call at this position. The result is shared: do not change it.
func (s *State) candidates() map[Tile][]Candidate {
	r := s.rank
	if r == nil { // a State built without NewState or clone
		r = &ranking{}
	}
	r.once.Do(func() {
		r.byTile = map[Tile][]Candidate{}
		for _, t := range distinctTiles(s.racks[s.turn]) {
			r.byTile[t] = s.Ranked(s.turn, t)
		}
	})
	return r.byTile
}

// placeMenu offers the best places of tile (at most 25) numbered as on the panel's picture,
// "1 · +2 green, +1 blue · B5–B6", the chosen one marked. Its placeholder says which ranking
// it shows: the search AI's (a state from Advised) or the quick one, by points now.
func (s *State) placeMenu(seat games.Seat, tile Tile, chosen *Place) *games.Menu {
	cands := s.candidates()[tile] // seat is in turn: its ranking of this position
	m := &games.Menu{Placeholder: games.Say("Best places for %s by points now — numbered as on the picture", "Nejlepší místa pro %s podle bodů za tento tah — čísla jako na obrázku", tile)}
	if s.rank != nil && s.rank.byAI[tile] {
		m.Placeholder = games.Say("Best places for %s by the AI's judgement — numbered as on the picture", "Nejlepší místa pro %s podle úsudku AI — čísla jako na obrázku", tile)
	}
	r := s.radius
	for i, c := range cands {
		p := c.Place
		g := GainsText(c.Gains)
		cells := p.Cells[0].Label(r) + "–" + p.Cells[1].Label(r)
		m.Choices = append(m.Choices, games.Choice{
			Label: games.Text{EN: fmt.Sprintf("%d · %s · %s", i+1, g.EN, cells), CS: fmt.Sprintf("%d · %s · %s", i+1, g.CS, cells)},
			Description: games.Text{
				EN: fmt.Sprintf("%s on %s, %s on %s", p.First.Name().EN, p.Cells[0].Label(r), p.Second.Name().EN, p.Cells[1].Label(r)),
				CS: fmt.Sprintf("%s na %s, %s na %s", p.First.Name().CS, p.Cells[0].Label(r), p.Second.Name().CS, p.Cells[1].Label(r)),
			},
			Next:    draftOf(p, r),
			Default: chosen != nil && p == *chosen,
		})
	}
	return m
}

// Resolve returns the action of a complete draft.
func (s *State) Resolve(seat games.Seat, draft string) (games.Action, error) {
	d, err := ParseDraft(draft, s.radius)
	if err != nil {
		return nil, games.StaleDraft()
	}
	switch {
	case d.Swap != nil && *d.Swap:
		return Swap{}, nil
	case d.Swap != nil:
		return Keep{}, nil
	case d.Place != nil:
		return *d.Place, nil
	}
	return nil, games.Refuse(games.ErrIllegal, "Pick a place first.", "Nejdřív vyber místo.")
}

var cellPattern = regexp.MustCompile(`[A-Za-z][0-9]{1,2}`)

// Typed reads a typed placement such as "F7 F8", "f7-f8", "F7F8", "F 7 F 8" or "GR F7 F8":
// two cell labels from the picture, the tile's first colour going on the first cell. A tile
// written before the cells, in English or Czech initials ("GR", "ZČ"), replaces the one chosen
// in the draft (and sets the orientation). A refusal speaks of what the box asks for: cells.
func (s *State) Typed(seat games.Seat, draft, text string) (string, error) {
	if !games.IsToAct(s, seat) || seat == games.Chance {
		return "", games.NothingToDecide()
	}
	d, err := ParseDraft(draft, s.radius)
	if err != nil {
		return "", games.StaleDraft()
	}
	fields := strings.Fields(strings.NewReplacer("-", " ", ",", " ", "–", " ").Replace(strings.TrimSpace(text)))
	var first, second Colour
	haveTile := false
	if d.Tile != nil {
		first, second, haveTile = d.Tile.A, d.Tile.B, true
		if d.Place != nil {
			first, second = d.Place.First, d.Place.Second
		}
	}
	if len(fields) > 0 && !cellPattern.MatchString(fields[0]) {
		if a, b, ok := typedPair(fields[0]); ok {
			first, second, haveTile = a, b, true
			fields = fields[1:]
		}
	}
	if !haveTile {
		return "", games.Refuse(games.ErrIllegal, "Pick a tile first, or write it before the cells: RG F7 F8.", "Nejdřív vyber dílek, nebo ho napiš před pole: ČZ F7 F8.")
	}
	// The cells may be written apart or together: "F7 F8", "F 7 F 8", "F7F8".
	joined := strings.Join(fields, "")
	cells := cellPattern.FindAllString(joined, -1)
	if len(cells) != 2 || strings.Join(cells, "") != joined {
		bad := games.Say("Write two cells from the picture, like F7 F8.", "Napiš dvě pole z obrázku, např. F7 F8.")
		if rest := strings.Join(fields, " "); rest != "" && len(cells) == 0 {
			bad = games.Say("“%s” is not two cells: write two cells from the picture, like F7 F8.", "„%s“ nejsou dvě pole: napiš dvě pole z obrázku, např. F7 F8.", rest)
		}
		return "", &games.Refusal{Kind: games.ErrIllegal, Reason: bad}
	}
	var cs [2]Cell
	for i, label := range cells {
		c, err := ParseCell(label, s.radius)
		if err != nil {
			return "", games.Refuse(games.ErrIllegal, "There is no cell %s on this board.", "Pole %s na této ploše není.", strings.ToUpper(label))
		}
		cs[i] = c
	}
	p := Place{First: first, Second: second, Cells: cs}
	if r := s.checkPlace(seat, s.canonical(p)); r != nil {
		return "", r
	}
	return draftOf(p, s.radius), nil
}
