package shelfie

import "github.com/tablebot/tablebot/games"

// The words on the pictures.
var (
	wRound     = tx("Round %d of 7", "Kolo %d ze 7")
	wToPlay    = tx("%s to play", "na tahu %s")
	wChoosing  = tx("Choosing characters", "Výběr postav")
	wSetup     = tx("Setting up", "Příprava")
	wOver      = tx("Game over", "Konec hry")
	wOrder     = tx("Order", "Pořadí")
	wBag       = tx("Bag", "Pytlík")
	wBox       = tx("Box %d", "Přepravka %d")
	wSidekick  = tx("Sidekick", "Parťák")
	wContest   = tx("Contest", "Soutěž")
	wEndgame   = tx("End-game", "Závěrečná karta")
	wNobody    = tx("nobody yet", "zatím nikdo")
	wDice3     = tx("3+ dice", "3+ kostky")
	wShame     = tx("Shame", "Hanba")
	wGifts     = tx("Gifts", "Dárky")
	wHand      = tx("Hand", "Ruka")
	wShipment  = tx("Shipment", "Zásilka")
	wChosen    = tx("chosen", "vybráno")
	wThinking  = tx("choosing…", "vybírá…")
	wYou       = tx("you", "ty")
	wYourCards = tx("Face-up cards", "Karty lícem nahoru")
	wNoCards   = tx("none", "žádné")
	wSpent     = tx("Spent", "Použité")
	wPick      = tx("Pick a die, then a column", "Vyber kostku, pak sloupec")
	wWaiting   = tx("Waiting for the others", "Čeká se na ostatní")
	wChooseOne = tx("Choose a character card", "Vyber kartu postavy")
	wTakeBox   = tx("Take a box", "Vezmi si přepravku")
	wSetDie    = tx("Set the drawn die's value", "Nastav hodnotu vytažené kostky")
	wPlace     = tx("Place your shipment", "Umísti svou zásilku")
	wEndTurn   = tx("Shipment placed — end your turn", "Zásilka umístěná — ukonči tah")
	wCardOne   = tx("On card 1", "Na kartě 1")
	wLeave     = tx("Takes a box each round; its dice leave the game.", "Každé kolo si vezme přepravku; její kostky odcházejí ze hry.")
)

// tx is a word or a format (filled in with fmt.Sprintf after picking the language) in English
// and Czech.
func tx(en, cs string) games.Text { return games.Text{EN: en, CS: cs} }
