package ingenious

import (
	"github.com/tablebot/tablebot/games"
)

// The words on the pictures, in every language tablebot speaks.
var (
	wordPlaces    = games.Say("places a tile", "pokládá dílek")
	wordFirst     = games.Say("first tile: touch a free start", "první dílek: k volnému startu")
	wordBonus     = games.Say("bonus placement", "tah navíc")
	wordSwap      = games.Say("swap or keep the rack?", "vymění stojánek?")
	wordDrawing   = games.Say("is drawing tiles", "dobírá dílky")
	wordOver      = games.Say("Game over", "Konec hry")
	wordWinner    = games.Say("Winner", "Vítěz")
	wordWinners   = games.Say("Winners", "Vítězové")
	wordLast      = games.Say("Last", "Poslední tah")
	wordNoMoves   = games.Say("No tile placed yet", "Zatím žádný dílek")
	wordNoPoints  = games.Say("no points", "žádné body")
	wordBag       = games.Say("Bag", "V pytlíku")
	wordYou       = games.Say("you", "ty")
	wordSolo      = games.Say("Solo", "Sólo")
	wordYourTiles = games.Say("Your tiles", "Tvoje dílky")
	wordPick      = games.Say("Pick a tile", "Vyber dílek")
	wordChosen    = games.Say("pick a numbered place from the menu", "vyber z nabídky očíslované místo")
	wordPreview   = games.Say("Preview", "Náhled")
	wordOn        = games.Say("on", "na")
	wordSwapAsk   = games.Say("Swap these tiles or keep them?", "Vyměnit tyto dílky, nebo je ponechat?")
	wordSwapYes   = games.Say("Swapping these tiles", "Tyto dílky vyměníš")
	wordSwapNo    = games.Say("Keeping these tiles", "Tyto dílky ponecháš")
	wordEmpty     = games.Say("Your rack is empty", "Stojánek je prázdný")
	wordBonusMark = games.Say("bonus", "navíc")
)
