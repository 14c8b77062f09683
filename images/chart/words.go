package chart

import "github.com/tablebot/tablebot/games"

// The words on the pictures.
var (
	wGames   = tx("Games played", "Odehrané partie")
	wNone    = tx("No rated games yet", "Zatím žádné hodnocené partie")
	wNoneWhy = tx("Games with other players are rated; solo games are not.",
		"Hodnotí se partie s dalšími hráči, sólové hry ne.")
)

// covers says how many games the chart covers, n being the longest series: "Rating over the
// last 12 games", "Hodnocení za posledních 12 partií".
func covers(n int) games.Text {
	switch {
	case n == 1:
		return tx("Rating after 1 game", "Hodnocení po 1 partii")
	case n >= 2 && n <= 4:
		return games.Say("Rating over the last %d games", "Hodnocení za poslední %d partie", n)
	}
	return games.Say("Rating over the last %d games", "Hodnocení za posledních %d partií", n)
}

// tx is a word in English and Czech.
func tx(en, cs string) games.Text { return games.Text{EN: en, CS: cs} }
