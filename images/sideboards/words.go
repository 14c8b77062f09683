package sideboards

import "github.com/tablebot/tablebot/games"

// The words on the pictures.
var (
	wordTurn       = games.Text{EN: "Turn %d of 7", CS: "Kolo %d ze 7"}
	wordSetup      = games.Text{EN: "Setting up", CS: "Příprava"}
	wordOver       = games.Text{EN: "Game over", CS: "Konec hry"}
	wordPile       = games.Text{EN: "draw pile %d", CS: "balíček %d"}
	wordWaiting    = games.Text{EN: "Waiting for %s", CS: "Čeká se na: %s"}
	wordDrawing    = games.Text{EN: "Drawing cards", CS: "Dobírají se karty"}
	wordExchanging = games.Text{EN: "%s draws new cards", CS: "%s si dobírá nové karty"}
	wordPlaced     = games.Text{EN: "placed", CS: "přiloženo"}
	wordPlacing    = games.Text{EN: "placing", CS: "přikládá"}
	wordHand       = games.Text{EN: "hand %d", CS: "v ruce %d"}
	wordKnown      = games.Text{EN: "known: %s", CS: "znáš: %s"}
	wordYou        = games.Text{EN: "you", CS: "ty"}
	wordExchange   = games.Text{EN: "exchange +1", CS: "výměna +1"}
	wordExchanged  = games.Text{EN: "exchanged (turn %d)", CS: "vyměněno (kolo %d)"}
	wordBonus      = games.Text{EN: "bonus %s", CS: "bonus %s"}
	wordNoExchange = games.Text{EN: "no exchange card", CS: "bez výměnné karty"}

	wordColours   = games.Text{EN: "Colours %d", CS: "Barvy %d"}
	wordHandles   = games.Text{EN: "Handles %d", CS: "Úchytky %d"}
	wordRows      = games.Text{EN: "Rows %d", CS: "Řady %d"}
	wordEach4     = games.Text{EN: "4 points each", CS: "4 body za splnění"}
	wordEach3     = games.Text{EN: "3 points each", CS: "3 body za splnění"}
	wordPerDrawer = games.Text{EN: "2 per drawer", CS: "2 za šuplík"}
	wordNoTask    = games.Text{EN: "drawn soon", CS: "losuje se"}

	wordYourMove = games.Text{EN: "Your move · turn %d of 7", CS: "Tvůj tah · kolo %d ze 7"}
	wordYourHand = games.Text{EN: "Your hand", CS: "Tvoje karty"}
	wordUpTurned = games.Text{EN: "upright / turned", CS: "neotočená / otočená"}
	wordFrom     = games.Text{EN: "from %s", CS: "od: %s"}
	wordAfter    = games.Text{EN: "Your sideboard after this move", CS: "Tvoje komoda po tomto tahu"}
	wordYours    = games.Text{EN: "Your sideboard", CS: "Tvoje komoda"}
	wordChosen   = games.Text{EN: "Your choice (hidden until all have placed)", CS: "Tvoje volba (skrytá, dokud všichni nepřiloží)"}
	wordThrow    = games.Text{EN: "Exchange: these go to the discard pile, you draw 2 new cards.", CS: "Výměna: tyto karty odhodíš a dobereš 2 nové."}
	wordLose1    = games.Text{EN: "The exchange card then no longer scores +1.", CS: "Výměnná karta pak už nedá +1."}
	wordPass     = games.Text{EN: "pass", CS: "dál"}
	wordAway     = games.Text{EN: "away", CS: "pryč"}
)
