package fits

import "github.com/tablebot/tablebot/games"

// The words on the pictures, in English and Czech.
var (
	wordRound    = games.Text{EN: "Round", CS: "Kolo"}
	wordRounds   = games.Text{EN: "Rounds", CS: "Kola"}
	wordBoard    = games.Text{EN: "Board", CS: "Deska"}
	wordCard     = games.Text{EN: "Card", CS: "Karta"}
	wordStart    = games.Text{EN: "Start pieces", CS: "Startovní dílky"}
	wordPlacing  = games.Text{EN: "placing…", CS: "pokládá…"}
	wordDone     = games.Text{EN: "done", CS: "hotovo"}
	wordSkips    = games.Text{EN: "skips (own start)", CS: "vynechává (vlastní start)"}
	wordOverhang = games.Text{EN: "overhang", CS: "přesah"}
	wordAside    = games.Text{EN: "Set aside", CS: "Odloženo"}
	wordThis     = games.Text{EN: "This board", CS: "Tato deska"}
	wordTotal    = games.Text{EN: "Total", CS: "Celkem"}
	wordYou      = games.Text{EN: "you", CS: "ty"}
	wordOver     = games.Text{EN: "Game over", CS: "Konec hry"}
	wordScored   = games.Text{EN: "Round scored", CS: "Kolo sečteno"}
	wordYourTurn = games.Text{EN: "Your piece", CS: "Tvůj dílek"}
	wordLands    = games.Text{EN: "Lands on rows %d–%d", CS: "Dopadne na řádky %d–%d"}
	wordTooHigh  = games.Text{EN: "Too high: above row 16", CS: "Příliš vysoko: nad řádek 16"}
	wordWillSet  = games.Text{EN: "This piece will be set aside", CS: "Tento dílek odložíš"}
	wordWaiting  = games.Text{EN: "Chosen — waiting for the others", CS: "Vybráno — čeká se na ostatní"}
	wordNothing  = games.Text{EN: "Nothing to place right now", CS: "Teď nemáš co pokládat"}
	wordDots     = games.Text{EN: "%d dots visible", CS: "viditelných teček: %d"}
	wordOf       = games.Text{EN: "of", CS: "z"}
)
