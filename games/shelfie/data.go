package shelfie

import "github.com/tablebot/tablebot/games"

// This file holds every piece of card data, as printed or as chosen in
// shared/rules/shelfie.md, so that it can be corrected without touching the logic. The rules of
// the abilities themselves are in abilities.go, one section per card in the same order.

// NumCards is the number of character cards in a deck (1–16).
const NumCards = 16

// The character cards by number, named after the English edition (shared/rules/shelfie.md), for
// the rules that single one card out.
const (
	cardKeeper         = 1
	cardNitpicker      = 2
	cardUpgrader       = 3
	cardRegifter       = 4
	cardCat            = 5
	cardBargainHunter  = 6
	cardColourBlind    = 7
	cardFlash          = 8
	cardFestivalGoer   = 9
	cardDiceLord       = 10
	cardPerfectionist  = 11
	cardGeek           = 12
	cardBoxCrusher     = 13
	cardPlaytester     = 14
	cardArchaeologist  = 15
	cardMasterShuffler = 16
)

// HandSize is the number of character cards each player holds at the start.
const HandSize = 8

// Rounds is the number of rounds of a game.
const Rounds = 7

// Field is a part of an ability's move ({"type":"ability",...}) that names what it acts on.
type Field uint16

// The fields of an ability move. A card's Fields say which it takes: Die|Col means one of the
// two, Die+Col both.
const (
	FieldDie   Field = 1 << iota // a shipment die, "die"
	FieldCol                     // a column of the shelf, "col"
	FieldValue                   // a value 1–6, "value"
	FieldOther                   // a second shipment die, "other"
	FieldShame                   // a die of the shame shelf, "shame"
	FieldBoxes                   // two dice of two boxes, "box", "pos", "box2", "pos2"
	FieldDice                    // a list of shipment dice, "dice"
	FieldAt                      // a height in a column, "at"
)

// CardInfo is what is printed on one character card.
type CardInfo struct {
	// Number is the card's value, 1–16.
	Number int
	// Name is the character's name in the English and the Czech edition.
	Name games.Text
	// Ability is the card's ability as the rules file states it.
	Ability games.Text
	// Solo are the boxes (1–3) the solo opponent takes with this card: the first choice, and
	// the second when the player holds the first.
	Solo [2]int
	// Forms are the field sets a move of this card may name, each complete (card 3 takes a
	// die or a column: two forms).
	Forms []Field
	// Before is true for the one card used before taking a box (9); every other card is used
	// after.
	Before bool
}

// cardTable is the deck, indexed by number (entry 0 unused).
var cardTable = [NumCards + 1]CardInfo{
	{},
	{cardKeeper, games.Say("Keeper", "Nevraceč"), games.Say(
		"Put 1 shipment die on this card. On any later turn (after taking your box) you may move it back into your shipment. A die left here scores nothing.",
		"Polož 1 kostku ze zásilky na tuto kartu. V kterémkoli pozdějším tahu (po vzetí přepravky) ji smíš vrátit do zásilky. Kostka, která tu zůstane, nic nepřinese."),
		[2]int{1, 3}, []Field{FieldDie}, false},
	{cardNitpicker, games.Say("Nitpicker", "Puntičkář"), games.Say(
		"Take the top die of one of your columns back into your shipment; place it again this turn.",
		"Vezmi horní kostku jednoho svého sloupce zpět do zásilky; v tomto tahu ji znovu umísti."),
		[2]int{2, 3}, []Field{FieldCol}, false},
	{cardUpgrader, games.Say("Upgrader", "Kompletářka"), games.Say(
		"+1 to one die: a shipment die, or the top die of a column (not a 6).",
		"+1 jedné kostce: kostce ze zásilky, nebo horní kostce sloupce (ne šestce)."),
		[2]int{3, 2}, []Field{FieldDie, FieldCol}, false},
	{cardRegifter, games.Say("Regifter", "Recyklátorka dárků"), games.Say(
		"Put 1 die — a shipment die or the top die of a column — into this card's gift box for the rest of the game (no points).",
		"Dej 1 kostku — ze zásilky, nebo horní kostku sloupce — do dárkové krabice na této kartě až do konce hry (bez bodů)."),
		[2]int{1, 2}, []Field{FieldDie, FieldCol}, false},
	{cardCat, games.Say("Cat", "Kočka"), games.Say(
		"−1 to one die: a shipment die, or the top die of a column unless it would then equal the die below it (not a 1).",
		"−1 jedné kostce: kostce ze zásilky, nebo horní kostce sloupce, pokud by se pak nerovnala kostce pod ní (ne jedničce)."),
		[2]int{2, 1}, []Field{FieldDie, FieldCol}, false},
	{cardBargainHunter, games.Say("Bargain Hunter", "Lovkyně slev"), games.Say(
		"Turn one shipment die to its opposite face (1↔6, 2↔5, 3↔4).",
		"Otoč jednu kostku ze zásilky na protější stěnu (1↔6, 2↔5, 3↔4)."),
		[2]int{3, 1}, []Field{FieldDie}, false},
	{cardColourBlind, games.Say("Colour-blind", "Jednobarvič"), games.Say(
		"Place 1 shipment die ignoring the colour rule (it must still be higher than the die below).",
		"Umísti 1 kostku ze zásilky bez ohledu na barvu (pořád musí být vyšší než kostka pod ní)."),
		[2]int{1, 3}, []Field{FieldDie | FieldCol}, false},
	{cardFlash, games.Say("Flash", "Blesk do police"), games.Say(
		"Use again the ability of one of your spent cards (not card 8).",
		"Použij znovu schopnost jedné své už použité karty (ne karty 8)."),
		[2]int{2, 3}, nil, false},
	{cardFestivalGoer, games.Say("Festival-goer", "Festiválečník"), games.Say(
		"Only before you take your box: swap 1 die of one untaken box with 1 die of another untaken box.",
		"Jen než si vezmeš přepravku: prohoď 1 kostku jedné nevzaté přepravky s 1 kostkou jiné nevzaté přepravky."),
		[2]int{3, 2}, []Field{FieldBoxes}, true},
	{cardDiceLord, games.Say("Dice Lord", "Vládce kostek"), games.Say(
		"Reroll any number of your shipment dice; the results stand.",
		"Přehoď libovolný počet kostek ze své zásilky; výsledky platí."),
		[2]int{1, 2}, []Field{FieldDice}, false},
	{cardPerfectionist, games.Say("Perfectionist", "Perfekcionista"), games.Say(
		"Swap the values of two shipment dice.",
		"Prohoď hodnoty dvou kostek ze zásilky."),
		[2]int{2, 1}, []Field{FieldDie | FieldOther}, false},
	{cardGeek, games.Say("Geek", "Geek"), games.Say(
		"Move 1 die from your shame shelf straight onto your shelf, by the placement rules.",
		"Přesuň 1 kostku z police hanby rovnou do své police, podle pravidel umísťování."),
		[2]int{3, 1}, []Field{FieldShame | FieldCol}, false},
	{cardBoxCrusher, games.Say("Box Crusher", "Drtička krabic"), games.Say(
		"Place 1 shipment die ignoring the number rule (the colour rule still applies).",
		"Umísti 1 kostku ze zásilky bez ohledu na čísla (barva platí dál)."),
		[2]int{1, 3}, []Field{FieldDie | FieldCol}, false},
	{cardPlaytester, games.Say("Playtester", "Testerka"), games.Say(
		"Set one die to any value: a shipment die, or the top die of a column as long as it stays higher than the die below it.",
		"Nastav jedné kostce libovolnou hodnotu: kostce ze zásilky, nebo horní kostce sloupce, pokud zůstane vyšší než kostka pod ní."),
		[2]int{2, 3}, []Field{FieldDie | FieldValue, FieldCol | FieldValue}, false},
	{cardArchaeologist, games.Say("Archaeologist", "Archeolog"), games.Say(
		"Return 1 shipment die to the bag; draw 1 die from the bag, set it to any value and add it to your shipment.",
		"Vrať 1 kostku ze zásilky do pytlíku; vytáhni z pytlíku 1 kostku, nastav jí libovolnou hodnotu a přidej ji do zásilky."),
		[2]int{3, 2}, []Field{FieldDie}, false},
	{cardMasterShuffler, games.Say("Master Shuffler", "Mistr míchač"), games.Say(
		"In a column of 1–4 dice, shift the dice from a height up by one and put a shipment die into the gap: the column's colour, higher than the die below, lower than the die above.",
		"Ve sloupci s 1–4 kostkami posuň kostky od zvolené výšky o jednu nahoru a do mezery vlož kostku ze zásilky: v barvě sloupce, vyšší než kostka pod ní a nižší než kostka nad ní."),
		[2]int{1, 2}, []Field{FieldCol | FieldAt | FieldDie}, false},
}

// CardData returns the printed data of card number n (1–16), or false.
func CardData(n int) (CardInfo, bool) {
	if n < 1 || n > NumCards {
		return CardInfo{}, false
	}
	return cardTable[n], true
}

// SidekickPoints is what a sidekick card scores for its holder.
const SidekickPoints = 4

// NumSidekicks, NumContests and NumEndgames are the sizes of the reward decks.
const (
	NumSidekicks = 4
	NumContests  = 12
	NumEndgames  = 12
)

// sidekickColours are the colours of sidekicks S1–S4 (entry 0 unused).
var sidekickColours = [NumSidekicks + 1]Colour{NoColour, Purple, Green, Blue, Orange}

// SidekickColour returns the colour of sidekick card k (1–4), or NoColour.
func SidekickColour(k int) Colour {
	if k < 1 || k > NumSidekicks {
		return NoColour
	}
	return sidekickColours[k]
}

// contestTable holds the contest cards K1–K12: the pattern, rows from the top separated by
// "/", "." for any space, and the points (entry 0 unused).
var contestTable = [NumContests + 1]struct {
	pattern string
	points  int
}{
	{},
	{"P G B", 3},
	{"B O G", 3},
	{". . O / . G . / P . .", 4},
	{"B . . / . O . / . . G", 4},
	{"G B / G B", 4},
	{"O . / O . / O P", 4},
	{"B . G / . P .", 4},
	{". O . / G . P", 4},
	{"P O P", 5},
	{"B P / B P / B P", 5},
	{"G O B / G O B", 6},
	{"P . B / P . B", 5},
}

// endgameTable holds the end-game cards E1–E12: what they reward and how they score a
// shelf with a number of dice on the shame shelf (entry 0 unused). A column's colour counts
// only when all its dice really have that colour (see Shelf.PureColour).
var endgameTable = [NumEndgames + 1]struct {
	text  games.Text
	score func(sh *Shelf, shame int) int
}{
	{},
	{games.Say("+2 per column whose top die is a 6", "+2 za každý sloupec s šestkou nahoře"), func(sh *Shelf, _ int) int {
		return 2 * sh.countColumns(func(c []Die) bool { return len(c) > 0 && c[len(c)-1].Value == 6 })
	}},
	{games.Say("+3 per pair of columns of the same height and colour", "+3 za každou dvojici sloupců stejné výšky a barvy"), func(sh *Shelf, _ int) int {
		var groups [Height + 1][NumColours + 1]int
		for col := range Columns {
			if c := sh.PureColour(col); c != NoColour {
				groups[sh.Heights[col]][c]++
			}
		}
		pairs := 0
		for _, g := range groups {
			for _, n := range g {
				pairs += n / 2
			}
		}
		return 3 * pairs
	}},
	{games.Say("+2 per column whose bottom die is a 1", "+2 za každý sloupec s jedničkou dole"), func(sh *Shelf, _ int) int {
		return 2 * sh.countColumns(func(c []Die) bool { return len(c) > 0 && c[0].Value == 1 })
	}},
	{games.Say("+3 per column of 3+ dice, each exactly 1 above the die below", "+3 za každý sloupec se 3+ kostkami, každá přesně o 1 vyšší než ta pod ní"), func(sh *Shelf, _ int) int {
		return 3 * sh.countColumns(func(c []Die) bool {
			if len(c) < 3 {
				return false
			}
			for i := 1; i < len(c); i++ {
				if c[i].Value != c[i-1].Value+1 {
					return false
				}
			}
			return true
		})
	}},
	{games.Say("+2 per column whose top die is a 5", "+2 za každý sloupec s pětkou nahoře"), func(sh *Shelf, _ int) int {
		return 2 * sh.countColumns(func(c []Die) bool { return len(c) > 0 && c[len(c)-1].Value == 5 })
	}},
	{games.Say("+5 if your shame shelf is empty", "+5, když je tvoje police hanby prázdná"), func(_ *Shelf, shame int) int {
		if shame == 0 {
			return 5
		}
		return 0
	}},
	{games.Say("+4 for a single-colour column of each colour", "+4 za jednobarevný sloupec od každé barvy"), func(sh *Shelf, _ int) int {
		var seen [NumColours + 1]bool
		for col := range Columns {
			seen[sh.PureColour(col)] = true
		}
		for _, c := range Colours() {
			if !seen[c] {
				return 0
			}
		}
		return 4
	}},
	{games.Say("+3 per column of 2+ dice, all even", "+3 za každý sloupec se 2+ kostkami, všemi sudými"), func(sh *Shelf, _ int) int {
		return 3 * sh.countColumns(func(c []Die) bool { return len(c) >= 2 && allDice(c, func(d Die) bool { return d.Value%2 == 0 }) })
	}},
	{games.Say("+3 per column of 2+ dice, all odd", "+3 za každý sloupec se 2+ kostkami, všemi lichými"), func(sh *Shelf, _ int) int {
		return 3 * sh.countColumns(func(c []Die) bool { return len(c) >= 2 && allDice(c, func(d Die) bool { return d.Value%2 == 1 }) })
	}},
	{games.Say("+2 per pair of neighbouring columns of equal height (2+ dice)", "+2 za každou dvojici sousedních sloupců stejné výšky (2+ kostky)"), func(sh *Shelf, _ int) int {
		n := 0
		for col := 0; col+1 < Columns; col++ {
			if sh.Heights[col] >= 2 && sh.Heights[col] == sh.Heights[col+1] {
				n++
			}
		}
		return 2 * n
	}},
	{games.Say("+3 per colour with 5+ dice on your shelf", "+3 za každou barvu s 5+ kostkami v polici"), func(sh *Shelf, _ int) int {
		n := 0
		for _, c := range Colours() {
			if sh.Count(c) >= 5 {
				n++
			}
		}
		return 3 * n
	}},
	{games.Say("+1 per shelf die showing 1 or 6", "+1 za každou kostku v polici s jedničkou nebo šestkou"), func(sh *Shelf, _ int) int {
		n := 0
		for col := range Columns {
			for _, d := range sh.Column(col) {
				if d.Value == 1 || d.Value == 6 {
					n++
				}
			}
		}
		return n
	}},
}

// EndgameText says what end-game card k (1–12) rewards.
func EndgameText(k int) games.Text {
	if k < 1 || k > NumEndgames {
		return games.Text{}
	}
	return endgameTable[k].text
}

// bagPerColour is the number of dice of each colour in the bag for a number of players
// (solo plays as two): all 22 with four, 17 with three, 12 with one or two.
func bagPerColour(players int) int {
	switch {
	case players >= 4:
		return 22
	case players == 3:
		return 17
	}
	return 12
}

// ratingTable is the solo "beat your score" rating line, best first.
var ratingTable = games.Ranks{
	{Least: 70, Name: games.Say("Legendary stacker", "legendární skladník")},
	{Least: 60, Name: games.Say("Master stacker", "mistr skladník")},
	{Least: 50, Name: games.Say("Shelf expert", "znalec polic")},
	{Least: 40, Name: games.Say("Skilled stacker", "zručný skladník")},
	{Least: 30, Name: games.Say("Apprentice stacker", "učeň skladník")},
}

// Column bonuses: a column of exactly 5, 4 or 3 dice.
var heightBonus = [Height + 1]int{0, 0, 0, 1, 3, 6}

// ShamePenalty is what each die on the shame shelf costs.
const ShamePenalty = 2
