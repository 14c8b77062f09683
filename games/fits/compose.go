package fits

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/tablebot/tablebot/games"
)

// Draft is one step of the FITS panel: where the seat's current piece would be dropped, or
// the choice to set it aside. Its string form is "r1f0cC" (rot 0–3, flip 0 or 1, column A–F
// of the piece's leftmost square) or "aside". The piece is always the one the seat must place
// now, so a draft does not name it. The empty draft stands for the suggested placement (see
// View.Suggested).
type Draft struct {
	// Aside is set for "aside"; the other fields are then zero.
	Aside bool
	// Rot, Flip and Col are the placement's turns, flip and column (0 for A).
	Rot  int
	Flip bool
	Col  int
}

// AsideDraft is the draft of setting the current piece aside.
const AsideDraft = "aside"

// ParseDraft reads a non-empty draft: "aside" or "r<rot>f<flip>c<col>" such as "r1f0cC". It
// fails with a *games.Refusal for anything else.
func ParseDraft(draft string) (Draft, error) {
	if draft == AsideDraft {
		return Draft{Aside: true}, nil
	}
	if len(draft) != 6 || draft[0] != 'r' || draft[2] != 'f' || draft[4] != 'c' ||
		draft[1] < '0' || draft[1] > '3' || (draft[3] != '0' && draft[3] != '1') ||
		draft[5] < 'A' || draft[5] >= 'A'+Cols {
		return Draft{}, games.StaleDraft()
	}
	return Draft{Rot: int(draft[1] - '0'), Flip: draft[3] == '1', Col: int(draft[5] - 'A')}, nil
}

// String writes the draft: "aside" or "r1f0cC".
func (d Draft) String() string {
	if d.Aside {
		return AsideDraft
	}
	f := 0
	if d.Flip {
		f = 1
	}
	return fmt.Sprintf("r%df%dc%s", d.Rot, f, ColumnLabel(d.Col))
}

// Place returns the placement of piece the draft describes (d must not be Aside).
func (d Draft) Place(piece Shape) Place {
	return Place{Piece: piece, Rot: d.Rot, Flip: d.Flip, Col: d.Col}
}

// draftOf writes the draft of a placement.
func draftOf(p Place) string { return Draft{Rot: p.Rot, Flip: p.Flip, Col: p.Col}.String() }

// maxMenu is the number of placements the menu offers (Discord's limit of select options).
const maxMenu = 25

// suggestedDraft is the draft the empty draft stands for: the greedy player's placement, or
// the first legal one when it would set the piece aside, or "aside" when nothing fits.
func (s *State) suggestedDraft(seat games.Seat) string { return s.suggestion(seat, s.Hint(seat)) }

// suggestion is suggestedDraft given seat's hint.
func (s *State) suggestion(seat games.Seat, hint games.Action) string {
	if p, ok := hint.(Place); ok {
		return draftOf(p)
	}
	if places := s.LegalPlaces(seat); len(places) > 0 {
		return draftOf(places[0])
	}
	return AsideDraft
}

// mustAct returns why seat has nothing to place now, or nil.
func (s *State) mustAct(seat games.Seat) *games.Refusal {
	switch {
	case s.Piece(seat) != NoShape:
		return nil
	case s.IsSeat(seat) && s.seats[seat].pending.made:
		return games.ChosenAlready(s, games.Say("have chosen", "jsi zvolil(a)"))
	}
	return games.NothingToDecide()
}

// draftFor parses draft for seat, who must act; "" becomes the suggestion.
func (s *State) draftFor(seat games.Seat, draft string) (Draft, error) {
	if r := s.mustAct(seat); r != nil {
		return Draft{}, r
	}
	if draft == "" {
		draft = s.suggestedDraft(seat)
	}
	d, err := ParseDraft(draft)
	if err != nil {
		return Draft{}, err
	}
	if d.Aside && s.phase == PhaseStart {
		return Draft{}, games.Refuse(games.ErrIllegal, "Your start piece must be placed; it cannot be set aside.", "Startovní dílek musíš položit; odložit ho nelze.")
	}
	return d, nil
}

// Compose builds seat's panel at draft: arrows to move the column, turn and flip, Drop when
// the landing is legal, Set aside for a building card, a menu of the best placements and a
// typed input. The hint line says where the piece would land and what it would cover.
func (s *State) Compose(seat games.Seat, draft string) (games.Panel, error) {
	if r := s.mustAct(seat); r != nil {
		return games.Panel{}, r
	}
	hint := s.Hint(seat)
	if draft == "" {
		draft = s.suggestion(seat, hint)
	}
	d, err := s.draftFor(seat, draft)
	if err != nil {
		return games.Panel{}, err
	}
	piece := s.Piece(seat)
	// Setting aside costs the piece for the round, so it asks first: the button opens a
	// confirmation whose button commits.
	aside := games.Control{Label: games.Say("Set aside…", "Odložit…"), Emoji: "🗑️", Next: AsideDraft, Style: games.Danger}
	if d.Aside {
		aside = games.Control{Label: games.Say("Yes, set it aside", "Ano, odložit"), Emoji: "🗑️", Next: AsideDraft, Style: games.Danger, Commit: true}
		panel := games.Panel{Draft: AsideDraft, Hint: games.Say("Set %s aside for the rest of this round? It cannot be placed later.", "Odložit dílek %s na zbytek kola? Později už ho položit nepůjde.", piece)}
		if _, ok := hint.(Aside); ok {
			panel.Hint = games.Say("Suggested: set %s aside — every placement would cost points.", "Doporučení: odlož dílek %s — každé umístění by stálo body.", piece)
		}
		panel.Controls = []games.Control{aside}
		if back := s.suggestion(seat, hint); back != AsideDraft {
			panel.Controls = append(panel.Controls, games.Control{Label: games.Say("Place it", "Položit"), Emoji: "◀", Next: back})
		}
		return panel, nil
	}
	p := d.Place(piece)
	o := orientOf(piece, p.Rot, p.Flip)
	if p.Col+o.w > Cols {
		return games.Panel{}, games.StaleDraft()
	}
	heights := s.seats[seat].board.height
	pl, landErr := landOn(heights, p)
	here := d.String()
	panel := games.Panel{Draft: here, Hint: s.previewText(seat, pl, landErr)}
	move := func(col int) string {
		if col < 0 || col+o.w > Cols {
			return here
		}
		return Draft{Rot: p.Rot, Flip: p.Flip, Col: col}.String()
	}
	turned, canTurn := s.turnOf(p)
	flipped, canFlip := s.flipOf(p)
	panel.Controls = []games.Control{
		{Label: games.Say("Left", "Doleva"), Emoji: "◀", Next: move(p.Col - 1), Disabled: p.Col == 0},
		{Label: games.Say("Right", "Doprava"), Emoji: "▶", Next: move(p.Col + 1), Disabled: p.Col+o.w >= Cols},
		{Label: games.Say("Rotate", "Otočit"), Emoji: "⟳", Next: turned, Disabled: !canTurn},
		{Label: games.Say("Flip", "Převrátit"), Emoji: "⇋", Next: flipped, Disabled: !canFlip},
		{Label: games.Say("Drop", "Pustit"), Emoji: "⬇️", Next: here, Style: games.Success, Commit: true, Disabled: landErr != nil},
	}
	if s.phase == PhaseBuild {
		panel.Controls = append(panel.Controls, aside)
	}
	next := AsideDraft
	if hp, ok := hint.(Place); ok {
		next = draftOf(hp)
	}
	panel.Controls = append(panel.Controls, games.Control{Label: games.Say("Suggest", "Poradit"), Emoji: "💡", Next: next, Disabled: next == draftOf(p.Canonical()), Suggest: true})
	panel.Menu = s.placeMenu(seat, p)
	panel.Input = &games.Input{
		Button:      games.Say("Type a placement", "Napsat umístění"),
		Title:       games.Say("Place %s", "Položit %s", piece),
		Label:       games.Say("Column A–F, turns 0–3, flip", "Sloupec A–F, otočení 0–3, převrátit"),
		Placeholder: games.Say("C 1 flip", "C 1 převrátit"),
	}
	return panel, nil
}

// turnOf returns the draft of p turned clockwise to its next different cell set (its column
// kept, or moved left as far as needed to stay on the board), and false when every turn
// looks the same.
func (s *State) turnOf(p Place) (string, bool) {
	cur := orientOf(p.Piece, p.Rot, p.Flip).first
	for k := 1; k < 4; k++ {
		q := p
		q.Rot = (p.Rot + k) % 4
		if o := orientOf(q.Piece, q.Rot, q.Flip); o.first != cur {
			q.Col = min(q.Col, Cols-o.w)
			return draftOf(q), true
		}
	}
	return draftOf(p), false
}

// flipOf returns the draft of p flipped (column kept or moved left to fit), and false when
// flipping does not change it.
func (s *State) flipOf(p Place) (string, bool) {
	q := p
	q.Flip = !p.Flip
	o := orientOf(q.Piece, q.Rot, q.Flip)
	if o.first == orientOf(p.Piece, p.Rot, p.Flip).first {
		return draftOf(p), false
	}
	q.Col = min(q.Col, Cols-o.w)
	return draftOf(q), true
}

// previewText says where a placement would land and what it would cover, the piece in words
// as every sentence names it: "T (4 squares) in column C: lands on rows 3–4, covers 2 dots,
// seals 1 empty cell below".
func (s *State) previewText(seat games.Seat, pl Placed, landErr error) games.Text {
	if landErr != nil {
		return games.ReasonOf(landErr)
	}
	p := pl.Place
	rows := rowsText(pl)
	en := []string{fmt.Sprintf("%s in column %s: lands on %s", p.Piece.In(games.English), ColumnLabel(p.Col), rows.EN)}
	cs := []string{fmt.Sprintf("%s ve sloupci %s: dopadne na %s", p.Piece.In(games.Czech), ColumnLabel(p.Col), strings.Replace(rows.CS, "řada", "řadu", 1))}
	c := s.coverage(seat, pl)
	dots := count(c.dots, "dot", "dots", "tečku", "tečky", "teček")
	en = append(en, "covers "+dots.EN)
	cs = append(cs, "zakryje "+dots.CS)
	for _, sp := range c.specials {
		en = append(en, "covers "+specialName(sp).EN)
		cs = append(cs, "zakryje "+specialName(sp).CS)
	}
	if c.sealed > 0 {
		sealed := count(c.sealed, "empty cell", "empty cells", "prázdné pole", "prázdná pole", "prázdných polí")
		en = append(en, "seals "+sealed.EN+" below")
		cs = append(cs, "uzavře pod sebou "+sealed.CS)
	}
	if c.overhang > 0 {
		over := count(c.overhang, "square", "squares", "čtvereček", "čtverečky", "čtverečků")
		en = append(en, over.EN+" in the overhang")
		cs = append(cs, over.CS+" v přesahu")
	}
	return games.Text{EN: strings.Join(en, ", "), CS: strings.Join(cs, ", ")}
}

// coverage is what a placement covers: plain dots, special cells, grid cells it seals (empty
// cells below it that no piece can reach any more) and squares in the overhang.
type coverage struct {
	dots, sealed, overhang int
	specials               []Special
}

func (s *State) coverage(seat games.Seat, pl Placed) coverage {
	var c coverage
	b := &s.seats[seat].board
	for _, cell := range pl.Cells {
		if !cell.InGrid() {
			c.overhang++
			continue
		}
		if sp := MarkAt(s.Board(), cell); sp.Mark == Dot {
			c.dots++
		} else {
			c.specials = append(c.specials, sp)
		}
	}
	for col := range Cols {
		low := Rows
		for _, cell := range pl.Cells {
			if cell.Col == col {
				low = min(low, cell.Row)
			}
		}
		if low == Rows {
			continue
		}
		for row := b.height[col]; row < min(low, GridRows); row++ {
			c.sealed++
		}
	}
	return c
}

// specialName names a special cell with its label: "B6 (+3)", "black F6", "star C11".
func specialName(sp Special) games.Text {
	l := sp.Cell.Label()
	switch sp.Mark {
	case Number, White:
		return games.Say("%s (+%d)", "%s (+%d)", l, sp.Value)
	case Black:
		return games.Say("black %s (−5)", "černé %s (−5)", l)
	case SymbolMark:
		n := sp.Symbol.Name()
		return games.Text{EN: n.EN + " " + l, CS: n.CS + " " + l}
	}
	return games.Text{EN: l, CS: l}
}

// placeWords says how a piece is placed, in a player's words: "Column C, turned twice,
// flipped" ("Sloupec C, otočit 2×, převrátit").
func placeWords(p Place) games.Text {
	en := []string{"Column " + ColumnLabel(p.Col)}
	cs := []string{"Sloupec " + ColumnLabel(p.Col)}
	switch p.Rot {
	case 1:
		en, cs = append(en, "turned once"), append(cs, "otočit 1×")
	case 2:
		en, cs = append(en, "turned twice"), append(cs, "otočit 2×")
	case 3:
		en, cs = append(en, "turned 3 times"), append(cs, "otočit 3×")
	}
	if p.Flip {
		en, cs = append(en, "flipped"), append(cs, "převrátit")
	}
	return games.Text{EN: strings.Join(en, ", "), CS: strings.Join(cs, ", ")}
}

// placeMenu offers the best-valued placements (at most 25) in the greedy player's order, the
// current one marked.
func (s *State) placeMenu(seat games.Seat, current Place) *games.Menu {
	places := s.rate(seat, s.newEvaluator(seat))
	slices.SortStableFunc(places, func(a, b rated) int { return b.value - a.value })
	places = places[:min(maxMenu, len(places))]
	m := &games.Menu{Placeholder: games.Say("Best places for %s", "Nejlepší místa pro %s", current.Piece)}
	heights := s.seats[seat].board.height
	now := ScoreGrid(s.Board(), &s.seats[seat].board.grid).Total
	for _, r := range places {
		p := r.place
		pl, _ := landOn(heights, p)
		label := placeWords(p)
		c := s.coverage(seat, pl)
		rows := rowsText(pl)
		dots := count(c.dots, "dot covered", "dots covered", "zakrytá tečka", "zakryté tečky", "zakrytých teček")
		after := ScoreAfter(s.Board(), s.seats[seat].board.grid, pl)
		desc := games.Text{
			EN: fmt.Sprintf("%s · %s · board %+d (%+d)", rows.EN, dots.EN, after, after-now),
			CS: fmt.Sprintf("%s · %s · deska %+d (%+d)", rows.CS, dots.CS, after, after-now),
		}
		if c.sealed > 0 {
			sealed := count(c.sealed, "hole left", "holes left", "díra", "díry", "děr")
			desc.EN += " · " + sealed.EN
			desc.CS += " · " + sealed.CS
		}
		m.Choices = append(m.Choices, games.Choice{
			Label:       label,
			Description: desc,
			Next:        draftOf(p),
			Default:     p == current.Canonical(),
		})
	}
	return m
}

// Resolve returns the action of a draft: the placement (in its canonical form) or Aside. The
// empty draft stands for the suggestion. It fails with a *games.Refusal when seat need not
// act, the draft is malformed, or the move is illegal now.
func (s *State) Resolve(seat games.Seat, draft string) (games.Action, error) {
	d, err := s.draftFor(seat, draft)
	if err != nil {
		return nil, err
	}
	piece := s.Piece(seat)
	if d.Aside {
		return Aside{Piece: piece}, nil
	}
	p := d.Place(piece).Canonical()
	if _, err := landOn(s.seats[seat].board.height, p); err != nil {
		return nil, err
	}
	return p, nil
}

// Typed reads a typed placement and returns its draft. It accepts, in any order and case,
// separated by spaces or commas: a column letter A–F (required), the number of clockwise
// quarter turns as "1" or "r1" (0–3), the word "flip" (or "f", "mirror", "zrcadlit"), and
// optionally the piece's name, which must be the current piece. Without turns and flip the
// draft's orientation is kept; with either, the orientation is exactly what was typed. The
// words "aside" or "odložit" alone set a building card's piece aside. Describe's form of a
// placement ("F5 C r1 flip") is accepted, and so are the parts written together: "C1",
// "c1f", "cr1", "1c" (see expandCompact).
func (s *State) Typed(seat games.Seat, draft, text string) (string, error) {
	d, err := s.draftFor(seat, draft)
	if err != nil {
		return "", err
	}
	piece := s.Piece(seat)
	help := func(why games.Text) *games.Refusal {
		return &games.Refusal{Kind: games.ErrIllegal, Reason: games.Text{
			EN: why.EN + " Write a column A–F, then optionally turns 0–3 and flip, like “C 1 flip”.",
			CS: why.CS + " Napiš sloupec A–F, případně otočení 0–3 a „převrátit“, např. „C 1 převrátit“.",
		}}
	}
	fields := strings.Fields(strings.NewReplacer(",", " ", ";", " ").Replace(strings.ToLower(text)))
	if len(fields) == 1 && (fields[0] == "aside" || fields[0] == "odložit" || fields[0] == "odlozit") {
		if s.phase != PhaseBuild {
			return "", games.Refuse(games.ErrIllegal, "Your start piece must be placed; it cannot be set aside.", "Startovní dílek musíš položit; odložit ho nelze.")
		}
		return AsideDraft, nil
	}
	col, rot, flip, oriented := -1, 0, false, false
	for _, f := range expandCompact(fields) {
		switch {
		case len(f) == 1 && f[0] >= 'a' && f[0] < 'a'+Cols:
			if col >= 0 {
				return "", help(games.Say("Give one column only.", "Zadej jen jeden sloupec."))
			}
			col = int(f[0] - 'a')
		case len(f) == 1 && f[0] >= '0' && f[0] <= '3', len(f) == 2 && f[0] == 'r' && f[1] >= '0' && f[1] <= '3':
			rot, oriented = int(f[len(f)-1]-'0'), true
		case f == "flip" || f == "f" || f == "mirror" || f == "zrcadlit" || f == "převrátit" || f == "prevratit" || f == "převrať" || f == "prevrat":
			flip, oriented = true, true
		default:
			if sh, ok := ParseShape(f); ok {
				if sh != piece {
					return "", help(games.Say("You are placing %s, not %s.", "Pokládáš %s, ne %s.", piece, sh))
				}
				continue
			}
			return "", help(games.Say("“%s” is not understood.", "Zápisu „%s“ nerozumím.", f))
		}
	}
	if col < 0 {
		return "", help(games.Say("Which column?", "Který sloupec?"))
	}
	if !oriented && !d.Aside {
		rot, flip = d.Rot, d.Flip
	}
	p := Place{Piece: piece, Rot: rot, Flip: flip, Col: col}
	if _, err := landOn(s.seats[seat].board.height, p); err != nil {
		return "", err
	}
	return draftOf(p), nil
}

// compactPlace is a column written together with its turns and flip: "c1", "cr1", "c1f",
// "c1flip", "1c", "r1c". No piece name has this form (a piece's digit is its size, 3–5).
var compactPlace = regexp.MustCompile(`^(?:([a-f])(r?[0-3])?(f|flip)?|(r?[0-3])([a-f])(f|flip)?)$`)

// expandCompact splits every compact field ("c1f") into its parts ("c", "1", "f"); a piece's
// name and every other field stay as they are.
func expandCompact(fields []string) []string {
	var out []string
	for _, f := range fields {
		m := compactPlace.FindStringSubmatch(f)
		if len(f) < 2 || m == nil {
			out = append(out, f)
			continue
		}
		if _, ok := ParseShape(f); ok {
			out = append(out, f)
			continue
		}
		for i, part := range m[1:] {
			if part != "" && (i == 2 || i == 5) {
				part = "flip" // "f" alone would read as column F
			}
			if part != "" {
				out = append(out, part)
			}
		}
	}
	return out
}
