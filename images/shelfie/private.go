package shelfie

import (
	"fmt"
	"image"
	"strings"

	"github.com/tablebot/tablebot/games"
	game "github.com/tablebot/tablebot/games/shelfie"
	"github.com/tablebot/tablebot/images"
)

// privateView is what a private panel shows: the viewer's seat, the die its draft picked (0:
// none), where a confirm draft would place it, and what the viewer decides now.
type privateView struct {
	v     *game.View
	mine  game.SeatView
	die   int
	place *game.Place
	stage stage
	fits  []bool
}

// stage is what the viewer decides now, and so what the panel's upper card shows.
type stage int

const (
	stageWait   stage = iota // nothing to decide: the viewer waits
	stageChoose              // choose a character card
	stageTake                // take a box
	stageShip                // place the shipment (or set the drawn die)
)

// preparePrivate checks view and draft and works out what the panel shows.
func preparePrivate(view any, draft string) (*privateView, error) {
	v, mine, err := images.PrivateOf(view, asView, (*game.View).Mine, ErrView)
	if err != nil {
		return nil, err
	}
	p := &privateView{v: v, mine: mine}
	mustAct := false
	for _, s := range v.ToAct {
		mustAct = mustAct || s == v.Viewer
	}
	switch {
	case !mustAct:
		p.stage = stageWait
	case v.Phase == game.PhaseChoose:
		p.stage = stageChoose
	case !v.Taken && !v.SetNext:
		p.stage = stageTake
	default:
		p.stage = stageShip
	}
	if p.stage != stageShip {
		return p, nil
	}
	p.die = game.SelectedDie(draft)
	if strings.HasPrefix(draft, "d") && (p.die < 1 || p.die > len(v.Shipment)) {
		return nil, fmt.Errorf("%w: draft %q names no die of the shipment", ErrView, draft)
	}
	if strings.HasPrefix(draft, "=") {
		if a, err := game.ParseMove(strings.ReplaceAll(draft[1:], "_", " ")); err == nil {
			if pl, ok := a.(game.Place); ok && pl.Die >= 1 && pl.Die <= len(v.Shipment) && pl.Col <= game.Columns {
				p.place = &pl
			}
		}
	}
	if p.die > len(v.Shipment) {
		p.die = 0
	}
	if p.die > 0 {
		p.fits = make([]bool, game.Columns)
		for _, c := range v.LegalColumns(p.die) {
			p.fits[c-1] = true
		}
	}
	return p, nil
}

// Private panel geometry.
const (
	privDie   = 50 // a die on the own shelf
	privGap   = 4
	privShelf = game.Columns*privDie + (game.Columns-1)*privGap
	shipDie   = 56 // a shipment die
	handChipH = 34
)

// privateLayout is the geometry of the private panel: the title, the upper card (hand,
// boxes or shipment) and the shelf card.
type privateLayout struct {
	size  image.Point
	title image.Rectangle
	upper image.Rectangle
	shelf image.Rectangle
}

// newPrivateLayout returns the panel's geometry for p.
func newPrivateLayout(p *privateView) privateLayout {
	inner := width - 2*margin
	var l privateLayout
	y := margin
	l.title = image.Rect(margin, y, margin+inner, y+titleH)
	y += titleH + gap
	h := 44
	switch p.stage {
	case stageChoose:
		h = 2*pad + ((len(p.mine.Hand)+2)/3)*(handChipH+6)
	case stageTake:
		h = 2*pad + 20 + 4 + 44 + 4 + 24
	case stageShip:
		h = 2*pad + 22 + shipDie + 26
	}
	l.upper = image.Rect(margin, y, margin+inner, y+h)
	y += h + gap
	l.shelf = image.Rect(margin, y, margin+inner, y+2*pad+privShelf+labelH+10)
	y = l.shelf.Max.Y
	l.size = image.Pt(width, y+margin)
	return l
}

// private draws the whole panel.
func (sc *scene) private(p *privateView, l privateLayout) error {
	v := p.v
	sc.fill(image.Rectangle{Max: l.size}, images.Slate)
	sc.box(l.title, radius, images.Card)
	x0, x1 := float64(l.title.Min.X+pad+2), float64(l.title.Max.X-pad-2)
	sc.text(sc.privateHeadline(p), x0, float64(l.title.Min.Y+17), 0, 0.5, images.Bold, big, images.Paper, x1-x0)
	sub := sc.headline(v)
	sc.text(sub, x0, float64(l.title.Min.Y+43), 0, 0.5, images.Medium, small, images.Dim, x1-x0)
	sc.box(l.upper, radius, images.Card)
	switch p.stage {
	case stageChoose:
		sc.handChips(p, l.upper)
	case stageTake:
		n := len(v.Boxes)
		w := (l.upper.Dx() - 2*pad - (n-1)*gap) / max(n, 1)
		for i := range v.Boxes {
			x := l.upper.Min.X + pad + i*(w+gap)
			sc.boxCard(v, i, image.Rect(x, l.upper.Min.Y+pad, x+w, l.upper.Max.Y-pad), min(44, (w-12)/3))
		}
	case stageShip:
		sc.shipment(p, l.upper)
	default:
		sc.text(sc.say(wWaiting), float64(l.upper.Min.X+pad), float64(l.upper.Min.Y+l.upper.Dy()/2), 0, 0.5, images.Medium, small, images.Paper, 0)
	}
	sc.box(l.shelf, radius, images.Card)
	x, y := l.shelf.Min.X+pad+3, l.shelf.Min.Y+pad+3
	sc.shelf(p.mine, x, y, privDie, privGap, p.fits, false)
	for col, ok := range p.fits {
		if ok && sc.mine(p).Shelf.Heights[col] < game.Height {
			cx := x + col*(privDie+privGap)
			cy := y + (game.Height-1-int(sc.mine(p).Shelf.Heights[col]))*(privDie+privGap)
			sc.tick(float64(cx)+float64(privDie)*0.28, float64(cy)+float64(privDie)*0.55, float64(privDie)*0.45, fitInk)
		}
	}
	if pl := p.place; pl != nil && !pl.Shame && pl.Col >= 1 {
		col := pl.Col - 1
		if h := int(p.mine.Shelf.Heights[col]); h < game.Height {
			cx := x + col*(privDie+privGap)
			cy := y + (game.Height-1-h)*(privDie+privGap)
			sc.die(cx, cy, privDie, v.Shipment[pl.Die-1])
			sc.ring(cx, cy, privDie, images.Highlight, 3)
		}
	}
	sc.ownSide(p, image.Rect(x+privShelf+14, l.shelf.Min.Y+pad, l.shelf.Max.X-pad, l.shelf.Max.Y-pad))
	return nil
}

// mine returns the viewer's seat.
func (sc *scene) mine(p *privateView) game.SeatView { return p.mine }

// privateHeadline says what the viewer decides now.
func (sc *scene) privateHeadline(p *privateView) string {
	switch p.stage {
	case stageChoose:
		return sc.say(wChooseOne)
	case stageTake:
		return sc.say(wTakeBox)
	case stageShip:
		switch {
		case p.v.SetNext:
			return sc.say(wSetDie)
		case len(p.v.Shipment) == 0:
			return sc.say(wEndTurn)
		case p.die == 0:
			return sc.say(wPick)
		}
		return sc.say(wPlace)
	}
	return sc.say(wWaiting)
}

// handChips draws the cards in hand, three to a row, with their names.
func (sc *scene) handChips(p *privateView, r image.Rectangle) {
	w := (r.Dx() - 2*pad - 2*gap) / 3
	for i, c := range p.mine.Hand {
		x := r.Min.X + pad + (i%3)*(w+gap)
		y := r.Min.Y + pad + (i/3)*(handChipH+6)
		cr := image.Rect(x, y, x+w, y+handChipH)
		sc.box(cr, 6, upFill)
		info, _ := game.CardData(int(c.Number))
		sc.text(fmt.Sprintf("%d %s", c.Number, sc.say(info.Name)), float64(x+8), float64(y+handChipH/2), 0, 0.5, images.Bold, small, upInk, float64(w-14))
		if c == p.mine.Choice && p.mine.Chosen {
			sc.frame(cr, 6, 3, images.Highlight)
		}
	}
}

// shipment draws the shipment: each die numbered above and named below, the picked one
// ringed.
func (sc *scene) shipment(p *privateView, r image.Rectangle) {
	v := p.v
	x := r.Min.X + pad
	lw := sc.text(sc.say(wShipment), float64(x), float64(r.Min.Y+pad+10), 0, 0.5, images.Bold, small, images.Paper, 0)
	_ = lw
	dx := x
	y := r.Min.Y + pad + 22
	for i, d := range v.Shipment {
		if dx+shipDie > r.Max.X-pad {
			break
		}
		placing := p.place != nil && p.place.Die == i+1
		if !placing {
			sc.die(dx, y, shipDie, d)
		} else {
			sc.box(image.Rect(dx, y, dx+shipDie, y+shipDie), 8, shelfBack)
		}
		if i+1 == p.die || (v.SetNext && i == len(v.Shipment)-1) {
			sc.ring(dx, y, shipDie, images.Highlight, 3)
		}
		sc.text(fmt.Sprintf("%d · %s", i+1, d), float64(dx+shipDie/2), float64(y+shipDie+13), 0.5, 0.5, images.Bold, small, images.Paper, 0)
		dx += shipDie + 24
	}
	if len(v.Shipment) == 0 {
		sc.text("—", float64(x), float64(y+shipDie/2), 0, 0.5, images.Bold, big, images.Dim, 0)
	}
}

// ownSide lists the viewer's face-up cards with their names, the spent ones, the shame
// shelf and the dice on card 1.
func (sc *scene) ownSide(p *privateView, r image.Rectangle) {
	x, y := float64(r.Min.X), float64(r.Min.Y)
	w := float64(r.Dx())
	sc.text(sc.say(wYourCards), x, y+10, 0, 0.5, images.Bold, small, images.Paper, w)
	y += 26
	var spent []string
	up := 0
	for _, pl := range p.mine.Played {
		if pl.Spent {
			spent = append(spent, itoa(int(pl.Card.Number)))
			continue
		}
		if up < 6 {
			info, _ := game.CardData(int(pl.Card.Number))
			sc.chip(fmt.Sprintf("%d %s", pl.Card.Number, sc.say(info.Name)), int(x), int(y), 28, upFill, upInk, images.Bold)
			y += 32
		}
		up++
	}
	if up == 0 {
		sc.text(sc.say(wNoCards), x, y+10, 0, 0.5, images.Medium, small, images.Dim, w)
		y += 26
	}
	if len(spent) > 0 {
		sc.text(sc.say(wSpent)+": "+strings.Join(spent, " "), x, y+10, 0, 0.5, images.Medium, small, images.Dim, w)
		y += 26
	}
	n := len(p.mine.Shame)
	ink := shameInk
	if p.place != nil && p.place.Shame {
		n++ // the preview: the picked die goes there
		ink = images.Highlight
	}
	sc.text(fmt.Sprintf("%s: %d (%s)", sc.say(wShame), n, signed(-game.ShamePenalty*n)), x, y+10, 0, 0.5, images.Bold, small, ink, w)
	y += 26
	if len(p.mine.Keeper) > 0 && y+22+miniDie < float64(r.Max.Y) {
		sc.text(sc.say(wCardOne), x, y+10, 0, 0.5, images.Bold, small, images.Dim, w)
		y += 22
		for i, k := range p.mine.Keeper {
			if x+float64(i*(miniDie+4)+miniDie) > float64(r.Max.X) {
				break
			}
			sc.die(int(x)+i*(miniDie+4), int(y), miniDie, k.Die)
		}
	}
	_ = games.NoSeat
}
