package shelfie

import (
	"fmt"
	"strings"

	"github.com/tablebot/tablebot/games"
)

// This file holds how Shelfie Stacker's pieces read in sentences: the dice with each
// language's colour initials, dice and cards in words, and the rules pages of the sixteen
// characters.

// czechInitials are the colours' Czech initials, indexed by Colour (fialová, zelená, modrá,
// oranžová): F Z M O. The English letters are P G B O; the two sets share only O, orange in
// both, so neither can be misread for the other.
var czechInitials = [NumColours + 1]string{"?", "F", "Z", "M", "O"}

// Initial returns the colour's initial in each language: P G B O, F Z M O in Czech.
func (c Colour) Initial() games.Text {
	if !c.Valid() {
		return games.Text{EN: "?", CS: "?"}
	}
	return games.Text{EN: c.String(), CS: czechInitials[c]}
}

// In writes the die with lang's colour initial and its value: "G6" in English, "Z6" in
// Czech ("G?" / "Z?" before card 15's drawn die is set). Say writes a Die argument this way;
// records and typed moves use String.
func (d Die) In(lang games.Lang) string {
	v := "?"
	if d.Value != 0 {
		v = fmt.Sprint(d.Value)
	}
	return d.Colour.Initial().In(lang) + v
}

// Words names the die in words: "green 4" / "zelená 4".
func (d Die) Words() games.Text {
	n := d.Colour.Name()
	return games.Text{EN: fmt.Sprintf("%s %d", n.EN, d.Value), CS: fmt.Sprintf("%s %d", n.CS, d.Value)}
}

// diceText writes dice as the panel's buttons and the pictures show them: "P3 G6 B1"
// ("F3 Z6 M1"), for a button or a hint listing buttons; a sentence uses diceWords.
func diceText(ds []Die) games.Text {
	parts := make([]games.Text, len(ds))
	for i, d := range ds {
		parts[i] = games.Say("%s", "%s", d)
	}
	return games.Join(parts, " ")
}

// patternText writes contest card k's pattern as the picture draws it, with each language's
// colour initials: "G B / G B" ("Z M / Z M"), rows from the top split by "/", "." for a space
// that takes any die. The pattern is a small picture of its own, which no sentence can say
// shorter, so the text labels it the way the card on the picture does.
func patternText(k int) games.Text {
	var en, cs []string
	for _, f := range strings.Fields(contestTable[k].pattern) {
		if c, ok := ParseColour(f); ok {
			en, cs = append(en, c.Initial().EN), append(cs, c.Initial().CS)
			continue
		}
		en, cs = append(en, f), append(cs, f)
	}
	return games.Text{EN: strings.Join(en, " "), CS: strings.Join(cs, " ")}
}

// diceWords lists dice in words: "green 4, blue 5 and green 4" ("zelená 4, modrá 5 a
// zelená 4").
func diceWords(ds []Die) games.Text {
	var en, cs []string
	for _, d := range ds {
		w := d.Words()
		en, cs = append(en, w.EN), append(cs, w.CS)
	}
	return games.Text{EN: games.And(en).EN, CS: games.And(cs).CS}
}

// cardWords names a revealed card for a sentence: "3 Upgrader" ("3 Kompletářka"), with its
// tie-break letter when another revealed card has the same number ("3 Upgrader, letter C").
func cardWords(c Card, tie bool) games.Text {
	n := cardTable[c.Number].Name
	t := games.Text{EN: fmt.Sprintf("%d %s", c.Number, n.EN), CS: fmt.Sprintf("%d %s", c.Number, n.CS)}
	if tie {
		t.EN += fmt.Sprintf(" (letter %c)", c.Letter())
		t.CS += fmt.Sprintf(" (písmeno %c)", c.Letter())
	}
	return t
}

// cardShort are the abilities said within the 100 characters of a menu description, complete
// (no cut): the cards whose full text is longer. The full text is in the panel and in /rules.
var cardShort = map[int]games.Text{
	1: games.Say("Park 1 shipment die here; bring it back on a later turn. Left here, it scores nothing.",
		"Odlož sem 1 kostku ze zásilky; v pozdějším tahu ji smíš vrátit. Když tu zůstane, nic nepřinese."),
	4: games.Say("Put 1 die (from the shipment or a column top) into the gift box for good: no points.",
		"Dej 1 kostku (ze zásilky nebo z vršku sloupce) natrvalo do dárkové krabice: bez bodů."),
	5: games.Say("−1 to a shipment die or a column's top die (not a 1, nor down to the die below).",
		"−1 kostce ze zásilky nebo horní kostce sloupce (ne jedničce, ani na hodnotu kostky pod ní)."),
	9: games.Say("Before you take a box: swap 1 die of an untaken box with 1 die of another.",
		"Než si vezmeš přepravku: prohoď 1 kostku nevzaté přepravky s 1 kostkou jiné."),
	14: games.Say("Set a shipment die, or a column's top die (still above the one below), to any value.",
		"Nastav kostce ze zásilky nebo horní kostce sloupce (nad nižší kostkou) libovolnou hodnotu."),
	15: games.Say("Return 1 shipment die to the bag; draw another, set its value, add it to your shipment.",
		"Vrať 1 kostku ze zásilky do pytlíku, vytáhni jinou, nastav jí hodnotu a přidej ji do zásilky."),
	16: games.Say("Slide a shipment die into a column of 1–4 dice: its colour, between the dice below and above.",
		"Vsuň kostku ze zásilky do sloupce s 1–4 kostkami: v jeho barvě, mezi kostky pod ní a nad ní."),
}

// shortAbility is card n's ability within 100 characters, for a menu description.
func shortAbility(n int) games.Text {
	if t, ok := cardShort[n]; ok {
		return t
	}
	return cardTable[n].Ability
}

// cardNotes are what the rules file says of a card beyond the ability printed in cardTable.
var cardNotes = map[int]games.Text{
	1:  games.Say("A die left on this card does not count for the sidekick.", "Kostka ponechaná na kartě se nepočítá pro parťáka."),
	4:  games.Say("A die in the gift box does not count for the sidekick.", "Kostka v dárkové krabici se nepočítá pro parťáka."),
	7:  games.Say("The die keeps its real colour, and the column keeps its colour.", "Kostka si ponechá svou skutečnou barvu a sloupec také tu svou."),
	8:  games.Say("It may copy any card you have spent, this round's or an earlier one's.", "Zkopírovat smí kteroukoli kartu, kterou už jsi použil(a), z tohoto i dřívějšího kola."),
	12: games.Say("The die never passes through the shipment, so it cannot be changed on the way.", "Kostka neprochází zásilkou, takže ji cestou nelze změnit."),
	13: games.Say("Later dice in that column must still be higher than it.", "Další kostky v tom sloupci pak musí být vyšší než ona."),
	16: games.Say("Not usable without a shipment die that fits such a gap.", "Bez kostky ze zásilky, která se do takové mezery hodí, kartu použít nelze."),
}

// RulePages returns a page of the rules for each of the sixteen characters: its ability in
// full, when it is used, and which boxes the solo opponent takes with it. Each page stays
// well within Discord's 2,000 characters.
func (Game) RulePages() []games.RulePage {
	pages := make([]games.RulePage, 0, NumCards)
	for n := 1; n <= NumCards; n++ {
		info := cardTable[n]
		when := games.Say("When: after you take your box, on this turn or any later turn of yours; then the card is spent.",
			"Kdy: až si vezmeš přepravku, v tomto nebo kterémkoli pozdějším svém tahu; pak je karta použitá.")
		if info.Before {
			when = games.Say("When: only before you take your box, on this turn or any later turn of yours; then the card is spent.",
				"Kdy: jen než si vezmeš přepravku, v tomto nebo kterémkoli pozdějším svém tahu; pak je karta použitá.")
		}
		lines := []games.Text{
			games.Say("**%d · %s**", "**%d · %s**", n, info.Name),
			info.Ability,
		}
		if note, ok := cardNotes[n]; ok {
			lines = append(lines, note)
		}
		lines = append(lines,
			games.Say("• Value %d: in turn order, lower cards take a box first.", "• Hodnota %d: nižší karta si bere přepravku dřív.", n),
			games.Join([]games.Text{games.Say("• ", "• "), when}, ""),
			games.Say("• Solo: the opponent with this card takes box %d, or box %d when you hold box %d.",
				"• Sólo: soupeř s touto kartou si vezme přepravku %d, nebo %d, když máš přepravku %d ty.", info.Solo[0], info.Solo[1], info.Solo[0]),
		)
		pages = append(pages, games.RulePage{
			Label: games.Text{EN: fmt.Sprintf("%d %s", n, info.Name.EN), CS: fmt.Sprintf("%d %s", n, info.Name.CS)},
			Text:  games.Join(lines, "\n"),
		})
	}
	return pages
}

// abilityLines lists in full the abilities of the cards a menu offers, one line each
// ("• 3 Upgrader: +1 to one die…"), as long as they fit within budget characters; the rest
// are left to /rules. It is how a player reads what a menu description only summarises.
func abilityLines(cards []int, budget int) games.Text {
	var en, cs []string
	n := 0
	for i, c := range cards {
		info := cardTable[c]
		l := games.Text{EN: fmt.Sprintf("• %d %s: %s", c, info.Name.EN, info.Ability.EN), CS: fmt.Sprintf("• %d %s: %s", c, info.Name.CS, info.Ability.CS)}
		size := max(len([]rune(l.EN)), len([]rune(l.CS))) + 1
		if n+size > budget {
			more := games.Say("• … and %d more: /rules shelfie", "• … a další (%d): /rules shelfie", len(cards)-i)
			en, cs = append(en, more.EN), append(cs, more.CS)
			break
		}
		n += size
		en, cs = append(en, l.EN), append(cs, l.CS)
	}
	return games.Text{EN: strings.Join(en, "\n"), CS: strings.Join(cs, "\n")}
}

// Tell says a move in words after the player's name: "took box 2", "placed a die in column
// 3", "used card 3 Upgrader". A chosen card is secret until the reveal: "chose a character".
func (s *State) Tell(a games.Action) games.Text {
	switch a := a.(type) {
	case Choose:
		return games.Say("chose a character", "vybral(a) postavu")
	case Take:
		return games.Say("took box %d", "vzal(a) si přepravku %d", a.Box)
	case Set:
		return games.Say("turned a six into %d", "otočil(a) šestku na %d", a.Value)
	case Place:
		if a.Shame {
			return games.Say("put a die on the shame shelf", "dal(a) kostku na polici hanby")
		}
		return games.Say("placed a die in column %d", "postavil(a) kostku do sloupce %d", a.Col)
	case Retrieve:
		return games.Say("took a die back from card 1", "vrátil(a) kostku z karty 1")
	case Ability:
		return games.Say("used card %s", "použil(a) kartu %s", s.cardLabel(a))
	case Done:
		return games.Say("ended the turn", "ukončil(a) tah")
	}
	d := s.Describe(a)
	return games.Text{EN: d, CS: d}
}
