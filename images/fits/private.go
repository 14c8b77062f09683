package fits

import (
	"fmt"
	"image"
	"image/color"

	"github.com/tablebot/tablebot/games"
	game "github.com/tablebot/tablebot/games/fits"
	"github.com/tablebot/tablebot/images"
)

// privateCell is the cell size of the board on a private panel.
const privateCell = 40

// drawPrivate draws the viewer's board with the current piece as a ghost at draft, and beside
// it the piece, the card and what the placement would do.
func (r *Renderer) drawPrivate(v *game.View, draft string, lang games.Lang) (*image.RGBA, error) {
	fonts, err := r.kit.Fonts()
	if err != nil {
		return nil, fmt.Errorf("fits art: fonts: %w", err)
	}
	mine, _ := v.Mine()
	bsize := frame{cell: privateCell}.size()
	width, height := 780, 86+bsize.Y+20
	img := image.NewRGBA(image.Rect(0, 0, width, height))
	c := images.NewCanvas(img, images.NewFaces(fonts))
	p := &painter{r: r, c: c}
	p.fill(img.Rect, images.Slate)
	face, edge, _ := seatShade(int(mine.Seat))
	title := fmt.Sprintf("%s · %s %d %s %d · %s %d", mine.Name, wordRound.In(lang), v.Round+1, wordOf.In(lang), len(v.Boards), wordBoard.In(lang), v.Board)
	c.Text(truncate(title, 48), 24, 40, 0, 0.5, images.Bold, 26, images.Paper)
	f := frame{x: 14, y: 80, cell: privateCell}
	p.fill(image.Rect(f.x-6, f.y-6, f.x+bsize.X+6, f.y+bsize.Y+6), images.Card)
	p.board(f, v.Board, lang)
	p.pieces(f, mine, mine.Last)

	px := f.x + bsize.X + 34
	p.fill(image.Rect(px-14, f.y-6, width-14, f.y+bsize.Y+6), images.Card)
	line := func(y int, s string, style images.Style, size float64, col color.RGBA) {
		c.Text(truncate(s, 34), float64(px), float64(y), 0, 0.5, style, size, col)
	}
	d, draftErr := v.Draft(draft)
	switch {
	case mine.Piece == game.NoShape && mine.Decided:
		line(f.y+40, wordWaiting.In(lang), images.Bold, 22, images.Paper)
	case mine.Piece == game.NoShape || draftErr != nil:
		line(f.y+40, wordNothing.In(lang), images.Bold, 22, images.Dim)
	default:
		line(f.y+34, fmt.Sprintf("%s: %s", wordYourTurn.In(lang), mine.Piece), images.Bold, 26, images.Paper)
		if len(v.Turned) > 0 && v.Phase == game.PhaseBuild {
			line(f.y+68, fmt.Sprintf("%s %d %s 16", wordCard.In(lang), len(v.Turned), wordOf.In(lang)), images.Medium, 19, images.Dim)
		} else {
			line(f.y+68, wordStart.In(lang), images.Medium, 19, images.Dim)
		}
		o := mine.Piece.Orient(d.Rot, d.Flip)
		if d.Aside {
			o = mine.Piece.Orient(0, false)
		}
		const sq = 44
		p.shape(o, px+10, f.y+110+o.Height*sq, sq, face, edge)
		ty := f.y + 140 + o.Height*sq
		if d.Aside {
			line(ty, wordWillSet.In(lang), images.Bold, 21, images.Highlight)
			break
		}
		pl, err := v.Ghost(d)
		p.ghost(f, int(mine.Seat), pl.Cells, err == nil)
		if err != nil {
			line(ty, wordTooHigh.In(lang), images.Bold, 19, badGhost)
		} else {
			line(ty, fmt.Sprintf(wordLands.In(lang), pl.Bottom+1, pl.Top+1), images.Bold, 21, images.Paper)
		}
	}
	by := f.y + bsize.Y - 60
	line(by, fmt.Sprintf("%s: %+d", wordThis.In(lang), mine.Now.Total), images.Bold, 21, images.Paper)
	line(by+30, fmt.Sprintf(wordDots.In(lang), mine.Now.Dots), images.Medium, 18, images.Dim)
	if err := c.Err(); err != nil {
		return nil, fmt.Errorf("fits art: %w", err)
	}
	return img, nil
}
