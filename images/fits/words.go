package fits

import (
	"github.com/tablebot/tablebot/games"
	game "github.com/tablebot/tablebot/games/fits"
)

// The words on the pictures, in every language tablebot speaks. Formats take their numbers
// in the order the English names them.
var (
	wordBoard      = games.Text{EN: "Board %d", CS: "Deska %d"}
	wordStartCards = games.Say("Start pieces", "Startovní dílky")
	wordStartPiece = games.Say("Start piece", "Startovní dílek")
	wordDealing    = games.Say("Dealing the start cards…", "Rozdávají se startovní karty…")
	wordTurning    = games.Say("Turning the next card…", "Otáčí se další karta…")
	wordWaitingFor = games.Text{EN: "Waiting for %s", CS: "Čeká se na: %s"}
	wordWaiting    = games.Say("waiting", "čeká")
	wordDone       = games.Say("done", "hotovo")
	wordSkips      = games.Say("skips: own start piece", "vynechává: vlastní start")
	wordOverhang   = games.Say("overhang", "přesah")
	wordAside      = games.Say("Set aside", "Odloženo")
	wordNone       = games.Say("none", "nic")
	wordThisBoard  = games.Say("This board", "Tato deska")
	wordTotal      = games.Say("Total", "Celkem")
	wordYou        = games.Say("you", "ty")
	wordOver       = games.Say("Game over", "Konec hry")
	wordScored     = games.Text{EN: "Board %d scored", CS: "Deska %d sečtena"}
	wordNext       = games.Text{EN: "Next: board %d", CS: "Další: deska %d"}
	wordYourBoard  = games.Say("Your board", "Tvoje deska")
	wordLands      = games.Text{EN: "Column %s → rows %s", CS: "Sloupec %s → řady %s"}
	wordAfter      = games.Text{EN: "Board after the drop: %+d (%+d)", CS: "Deska po položení: %+d (%+d)"}
	wordTooHigh    = games.Text{EN: "Too high: it would reach row %d", CS: "Příliš vysoko: zasáhl by do řady %d"}
	wordNoRoom     = games.Say("Only 16 rows: set it aside or pick another place", "Jen 16 řad: odlož ho, nebo vyber jiné místo")
	wordSideways   = games.Text{EN: "Too wide for column %s", CS: "Do sloupce %s se nevejde"}
	wordPickCols   = games.Text{EN: "Turned this way it is %d wide: pick a column A–%s", CS: "Takto otočený je široký %d pole: vyber sloupec A–%s"}
	wordSetAside   = games.Say("Set aside", "Odložit")
	wordAsideNote  = games.Say("for the rest of this round", "na zbytek tohoto kola")
	wordChosen     = games.Say("Chosen — waiting for the others", "Zvoleno — čeká se na ostatní")
	wordNothing    = games.Say("Nothing to place right now", "Teď nemáš co pokládat")
	wordTurned     = games.Text{EN: "turned %d×", CS: "otočeno %d×"}
	wordFlipped    = games.Say("flipped", "převráceno")
	wordNoRoomRows = games.Say("above row 16: no piece may go here", "nad 16. řadou: sem nesmí žádný dílek")
	wordRating     = games.Say("Rating", "Hodnocení")
	wordBoards     = games.Say("Boards", "Desky")
	wordToCome     = games.Say("Still to come", "Ještě přijde")
)

// wordRule is the scoring rule of each board, for the legend under the round.
var wordRule = [5]games.Text{
	games.Say("visible dot −1", "viditelná tečka −1"),
	games.Say("visible dot −1 · full row +1", "viditelná tečka −1 · plná řada +1"),
	games.Say("visible dot −1 · visible number +1…3", "viditelná tečka −1 · viditelné číslo +1…3"),
	games.Say("visible dot −1 · white +1…3 · black −5", "viditelná tečka −1 · bílé +1…3 · černé −5"),
	games.Say("dot −1 · pair both visible +3 · one −3", "tečka −1 · celý pár +3 · půl páru −3"),
}

// The parts of a board's score breakdown.
var (
	wordDots    = games.Say("dots", "tečky")
	wordRows    = games.Say("rows", "řady")
	wordNumbers = games.Say("numbers", "čísla")
	wordWhite   = games.Say("white", "bílé")
	wordBlack   = games.Say("black", "černé")
	wordPairs   = games.Say("pairs", "páry")
	wordHalves  = games.Say("halves", "poloviny")
)

// colourLetters are the letters of the seat colours on badges, indexed by game.Colour: the
// first letter of the colour's name in each language (R G B Y, Č Z M Ž).
var colourLetters = [4]games.Text{
	game.Red:    games.Say("R", "Č"),
	game.Green:  games.Say("G", "Z"),
	game.Blue:   games.Say("B", "M"),
	game.Yellow: games.Say("Y", "Ž"),
}
