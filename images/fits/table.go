package fits

import (
	"fmt"
	"image"
	"slices"
	"strings"

	"github.com/tablebot/tablebot/games"
	game "github.com/tablebot/tablebot/games/fits"
	"github.com/tablebot/tablebot/images"
)

// cellFor is the cell size of the overview's boards by the number of seats.
func cellFor(seats int) int {
	switch seats {
	case 1, 2:
		return 40
	case 3:
		return 36
	}
	return 32
}

// headerH is the height of the overview's header band.
const headerH = 112

// drawTable draws the overview: the header with the round and the revealed card, then every
// seat's board with its name, state and scores.
func (r *Renderer) drawTable(v *game.View, lang games.Lang, naive bool) (*image.RGBA, error) {
	fonts, err := r.kit.Fonts()
	if err != nil {
		return nil, fmt.Errorf("fits art: fonts: %w", err)
	}
	n := len(v.Seats)
	cell := cellFor(n)
	bsize := frame{cell: cell}.size()
	colW := bsize.X + 40
	width := max(640, n*colW+40)
	height := headerH + 78 + bsize.Y + 112
	img := image.NewRGBA(image.Rect(0, 0, width, height))
	c := images.NewCanvas(img, images.NewFaces(fonts))
	c.SetBaseline(naive)
	p := &painter{r: r, c: c, naive: naive}
	p.fill(img.Rect, images.Slate)
	p.header(v, lang, width)
	x0 := (width - n*colW) / 2
	for i, sv := range v.Seats {
		x := x0 + i*colW
		p.seat(v, sv, lang, image.Rect(x+8, headerH, x+colW-8, height-12), cell)
	}
	if err := c.Err(); err != nil {
		return nil, fmt.Errorf("fits art: %w", err)
	}
	return img, nil
}

// header draws the title, the round and board, and the revealed card (or the result).
func (p *painter) header(v *game.View, lang games.Lang, width int) {
	c := p.c
	c.Text("FITS", 28, 46, 0, 0.5, images.Bold, 40, images.Paper)
	round := fmt.Sprintf("%s %d %s %d · %s %d", wordRound.In(lang), v.Round+1, wordOf.In(lang), len(v.Boards), wordBoard.In(lang), v.Board)
	c.Text(round, 28, 88, 0, 0.5, images.Medium, 22, images.Dim)
	right := float64(width - 28)
	switch {
	case v.Phase == game.PhaseOver:
		c.Text(wordOver.In(lang), right, 40, 1, 0.5, images.Bold, 30, images.Gold)
		c.Text(truncate(v.Result.Summary.In(lang), 60), right, 84, 1, 0.5, images.Medium, 20, images.Paper)
	case v.RoundOver:
		c.Text(wordScored.In(lang), right, 56, 1, 0.5, images.Bold, 28, images.Gold)
	case v.Phase == game.PhaseStart || v.Card == game.NoShape:
		c.Text(wordStart.In(lang), right, 56, 1, 0.5, images.Bold, 28, images.Paper)
	default:
		label := fmt.Sprintf("%s %d %s 16", wordCard.In(lang), len(v.Turned), wordOf.In(lang))
		o := v.Card.Orient(0, false)
		const sq = 20
		sx := int(right) - o.Width*sq
		p.fill(image.Rect(sx-14, 12, int(right)+14, 100), images.Card)
		p.shape(o, sx, 56+o.Height*sq/2, sq, images.Paper, images.Slate)
		c.Text(label, float64(sx-30), 44, 1, 0.5, images.Bold, 26, images.Paper)
		c.Text(v.Card.String(), float64(sx-30), 80, 1, 0.5, images.Medium, 20, images.Dim)
	}
}

// seat draws one seat's column: name and state, board, scores.
func (p *painter) seat(v *game.View, sv game.SeatView, lang games.Lang, box image.Rectangle, cell int) {
	c := p.c
	face, edge, _ := seatShade(int(sv.Seat))
	p.fill(box, images.Card)
	acting := slices.Contains(v.ToAct, sv.Seat)
	if acting {
		p.fill(image.Rect(box.Min.X, box.Min.Y, box.Max.X, box.Min.Y+4), images.Highlight)
	}
	x, y := box.Min.X+16, box.Min.Y+30
	p.fill(image.Rect(x, y-11, x+22, y+11), face)
	p.edges(image.Rect(x, y-11, x+22, y+11), 2, edge, func(int, int) bool { return false })
	c.Text(string("RGBY"[int(sv.Seat)%4]), float64(x+11), float64(y), 0.5, 0.5, images.Bold, 14, images.Slate)
	name := sv.Name
	if sv.Seat == v.Viewer {
		name += " (" + wordYou.In(lang) + ")"
	}
	c.Text(truncate(name, 20), float64(x+32), float64(y), 0, 0.5, images.Bold, 22, images.Paper)
	var state string
	var col = images.Dim
	switch {
	case acting:
		state, col = wordPlacing.In(lang), images.Highlight
	case sv.Decided:
		state = "✓ " + wordDone.In(lang)
	case v.Phase == game.PhaseBuild && sv.Piece == game.NoShape && len(v.StartCards) > int(sv.Seat) && v.StartCards[sv.Seat] == v.Card:
		state = wordSkips.In(lang)
	}
	c.Text(state, float64(x), float64(y+26), 0, 0.5, images.Medium, 16, col)
	bsize := frame{cell: cell}.size()
	f := frame{x: box.Min.X + (box.Dx()-bsize.X)/2 - 6, y: box.Min.Y + 76, cell: cell}
	p.board(f, v.Board, lang)
	p.pieces(f, sv, sv.Last)
	iy := float64(f.y + bsize.Y + 14)
	c.Text(fmt.Sprintf("%s: %+d", wordThis.In(lang), sv.Now.Total), float64(x), iy, 0, 0.5, images.Bold, 19, images.Paper)
	c.Text(fmt.Sprintf("%s: %d", wordTotal.In(lang), sv.Total+boardIfOpen(v, sv)), float64(box.Max.X-16), iy, 1, 0.5, images.Bold, 19, images.Gold)
	if len(sv.Rounds) > 0 {
		var parts []string
		for _, r := range sv.Rounds {
			parts = append(parts, fmt.Sprintf("%+d", r.Total))
		}
		c.Text(wordRounds.In(lang)+": "+strings.Join(parts, " · "), float64(x), iy+28, 0, 0.5, images.Medium, 16, images.Dim)
	}
	if len(sv.Aside) > 0 {
		var names []string
		for _, s := range sv.Aside {
			names = append(names, s.String())
		}
		c.Text(truncate(wordAside.In(lang)+": "+strings.Join(names, " "), 34), float64(x), iy+52, 0, 0.5, images.Medium, 16, images.Dim)
	}
}

// boardIfOpen is what the board on the table adds to a total while its round is unscored.
func boardIfOpen(v *game.View, sv game.SeatView) int {
	if v.RoundOver || v.Phase == game.PhaseOver || v.Phase == game.PhaseDeal {
		return 0
	}
	return sv.Now.Total
}

// truncate shortens s to n characters with an ellipsis.
func truncate(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}
