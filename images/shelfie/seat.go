package shelfie

import (
	"fmt"
	"image"

	"github.com/tablebot/tablebot/games"
	game "github.com/tablebot/tablebot/games/shelfie"
	"github.com/tablebot/tablebot/images"
)

// seatCard draws one seat: its name and score, its shelf with the column heads, its shame
// shelf and dice on cards 1 and 4, its cards, and its hand (or, on its turn, its shipment).
func (sc *scene) seatCard(v *game.View, sv game.SeatView, r image.Rectangle) {
	sc.box(r, radius, images.Card)
	if sv.Seat == v.Current {
		sc.frame(r, radius, 3, images.Highlight)
	}
	x, y := r.Min.X+pad, r.Min.Y+pad
	sc.badge(sv.Seat, float64(x+12), float64(y+14), 24)
	score := number(sv.Score.Total())
	if sv.Opponent && v.Solo == game.SoloBeat {
		score = ""
	}
	marks := ""
	if v.Sidekick != 0 && v.SidekickHolder == sv.Seat {
		marks += fmt.Sprintf(" S%d", v.Sidekick)
	}
	if v.Contest != 0 && v.ContestHolder == sv.Seat {
		marks += fmt.Sprintf(" K%d", v.Contest)
	}
	right := float64(r.Max.X - pad)
	sw := sc.text(score, right, float64(y+14), 1, 0.5, images.Bold, mid, images.Gold, 0)
	if marks != "" {
		sw += 6 + sc.text(marks, right-sw-6, float64(y+14), 1, 0.5, images.Bold, small, images.Gold, 0)
	}
	name := sc.nameOf(v, sv.Seat)
	if sv.Seat == v.Current {
		name = "► " + name
	}
	sc.text(name, float64(x+30), float64(y+14), 0, 0.5, images.Bold, mid, images.Paper, right-float64(x+30)-sw-10)
	y += headH
	if sv.Opponent && v.Solo == game.SoloBeat {
		sc.leaving(v, sv, x, y, r.Max.X-pad)
		return
	}
	sc.shelf(sv, x, y, seatDie, seatGap, nil, true)
	sc.sidePanel(sv, image.Rect(x+seatShelf+10, y, r.Max.X-pad, y+seatShelf+labelH))
	y += seatShelf + labelH + 6
	sc.cardChips(v, sv, x, y, r.Max.X-pad)
	y += chipH + 6
	sc.handRow(v, sv, x, y, r.Max.X-pad)
}

// shelf draws sv's shelf with its top-left corner at (x, y), dice die wide with gap between;
// under each column its number and colour letter. fits (columns 0–4) tints the columns where
// a picked die fits; recent rings the dice placed on the seat's latest turn.
func (sc *scene) shelf(sv game.SeatView, x, y, die, g int, fits []bool, recent bool) {
	w := game.Columns*die + (game.Columns-1)*g
	sc.box(image.Rect(x-3, y-3, x+w+3, y+w+3), 6, shelfWood)
	for col := range game.Columns {
		cx := x + col*(die+g)
		column := sv.Shelf.Column(col)
		for h := range game.Height {
			cy := y + (game.Height-1-h)*(die+g)
			if h < len(column) {
				sc.die(cx, cy, die, column[h])
				continue
			}
			fill := shelfBack
			if col < len(fits) && fits[col] {
				fill = fitFill
			}
			sc.box(image.Rect(cx, cy, cx+die, cy+die), 4, fill)
		}
		label := itoa(col + 1)
		if c := sv.Shelf.ColourOf(col); c != game.NoColour {
			label += sc.say(c.Initial())
		}
		ink := images.Dim
		if col < len(fits) && fits[col] {
			ink = fitInk
		}
		sc.text(label, float64(cx+die/2), float64(y+w+labelH/2+2), 0.5, 0.5, images.Bold, small, ink, 0)
	}
	if recent {
		for _, sp := range sv.Recent {
			if int(sp.Col) < game.Columns && sp.Height >= 0 && int(sp.Height) < len(sv.Shelf.Column(int(sp.Col))) {
				sc.ring(x+int(sp.Col)*(die+g), y+(game.Height-1-int(sp.Height))*(die+g), die, images.Highlight, 3)
			}
		}
	}
}

// sidePanel draws the shame shelf's count and penalty, the dice on card 1 and the gifts of
// card 4, top to bottom within r.
func (sc *scene) sidePanel(sv game.SeatView, r image.Rectangle) {
	x, y := r.Min.X, r.Min.Y
	w := float64(r.Dx())
	sc.box(image.Rect(x, y, r.Max.X, y+62), 8, shameFill)
	sc.text(sc.say(wShame), float64(x+r.Dx()/2), float64(y+13), 0.5, 0.5, images.Bold, small, shameInk, w-6)
	n := len(sv.Shame)
	sc.text(fmt.Sprintf("%d · %s", n, signed(-game.ShamePenalty*n)), float64(x+r.Dx()/2), float64(y+42), 0.5, 0.5, images.Bold, mid, images.Paper, w-6)
	y += 70
	if len(sv.Keeper) > 0 {
		sc.text(sc.say(games.Say("Card 1", "Karta 1")), float64(x), float64(y+10), 0, 0.5, images.Bold, small, images.Dim, w)
		y += 22
		per := max(1, (r.Dx()+3)/(miniDie+3))
		for i, k := range sv.Keeper {
			if i >= 2*per {
				break
			}
			sc.die(x+(i%per)*(miniDie+3), y+(i/per)*(miniDie+3), miniDie, k.Die)
		}
		y += ((min(len(sv.Keeper), 2*per)+per-1)/per)*(miniDie+3) + 4
	}
	if len(sv.Gifts) > 0 && y+22 <= r.Max.Y {
		sc.text(fmt.Sprintf("%s %d", sc.say(wGifts), len(sv.Gifts)), float64(x), float64(y+10), 0, 0.5, images.Bold, small, images.Dim, w)
	}
}

// cardChips draws the seat's revealed cards from x to x1: this round's card ringed, face-up
// cards light, spent cards dark; before the reveal, whether the player has chosen.
func (sc *scene) cardChips(v *game.View, sv game.SeatView, x, y, x1 int) {
	if v.Phase == game.PhaseChoose {
		label := sc.say(wThinking)
		if sv.Chosen {
			label = sc.say(wChosen)
			if sv.Choice.Number != 0 {
				label += " " + itoa(int(sv.Choice.Number))
			}
		}
		if !sv.Opponent {
			sc.chip(label, x, y, chipH, spentFill, images.Paper, images.Bold)
		}
	}
	cx := x
	if v.Phase == game.PhaseChoose {
		cx += int(sc.c.TextWidth(sc.say(wChosen)+" 16D", images.Bold, small)) + 20
	}
	for i := len(sv.Played) - 1; i >= 0; i-- {
		p := sv.Played[i]
		label := itoa(int(p.Card.Number))
		fill, ink, style := upFill, upInk, images.Bold
		if p.Spent {
			fill, ink, style = spentFill, images.Dim, images.Medium
		}
		w := int(sc.c.TextWidth(label, style, small)) + 12
		if cx+w > x1 {
			break
		}
		sc.chip(label, cx, y, chipH, fill, ink, style)
		if p.Round == int8(v.Round) && v.Phase != game.PhaseChoose {
			sc.frame(image.Rect(cx-2, y-2, cx+w+2, y+chipH+2), 7, 2, images.Highlight)
		}
		cx += w + 6
	}
}

// handRow draws, for the seat on turn with its box taken, its shipment; otherwise its hand.
func (sc *scene) handRow(v *game.View, sv game.SeatView, x, y, x1 int) {
	if sv.Seat == v.Current && v.Taken {
		lw := sc.text(sc.say(wShipment)+":", float64(x), float64(y+rowH/2), 0, 0.5, images.Bold, small, images.Paper, 0)
		dx := x + int(lw) + 8
		for _, d := range v.Shipment {
			if dx+miniDie+4 > x1 {
				break
			}
			sc.die(dx, y+(rowH-miniDie)/2, miniDie+4, d)
			dx += miniDie + 8
		}
		return
	}
	s := sc.say(wHand) + ":"
	for _, c := range sv.Hand {
		s += " " + itoa(int(c.Number))
	}
	sc.text(s, float64(x), float64(y+rowH/2), 0, 0.5, images.Medium, small, images.Dim, float64(x1-x))
}

// leaving draws the "beat your score" opponent: its cards, and where its dice go.
func (sc *scene) leaving(v *game.View, sv game.SeatView, x, y, x1 int) {
	for k, line := range sc.wrap(sc.say(wLeave), images.Medium, small, float64(x1-x), 3) {
		sc.text(line, float64(x), float64(y+12+k*24), 0, 0.5, images.Medium, small, images.Dim, 0)
	}
	y += 84
	sc.cardChips(v, sv, x, y, x1)
	y += chipH + 6
	sc.handRow(v, sv, x, y, x1)
}
