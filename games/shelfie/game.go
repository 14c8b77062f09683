package shelfie

import (
	"github.com/tablebot/tablebot/games"
)

// Name is the game's key in records and commands.
const Name = "shelfie"

// Game is the definition of Shelfie Stacker. Its zero value is ready to use.
type Game struct{ games.Base[Game] }

var (
	_ games.Game   = Game{}
	_ games.Undoer = Game{}
)

// Meta describes Shelfie Stacker.
func (Game) Meta() *games.Meta { return &meta }

var meta = games.Meta{
	Name: Name, Title: games.Text{EN: "Shelfie Stacker", CS: "Deskovkáři"}, Emoji: "📦", MinSeats: 1, MaxSeats: 4,
	Options: optionList(), Rules: games.Say(rulesEN, rulesCS), Actions: codec,
	Start: games.NewWith(ParseOptions, NewState),
}

// Undoable allows taking back every decision of a turn that draws nothing: taking a box,
// setting, placing, retrieving, ending the turn and every ability but cards 10 and 15 (and
// card 8 copying them), whose rolls and draws follow at once. A choice of character may be
// taken back too: it stays secret until the last player has chosen, and the referee allows
// an undo only until then (the reveal is a milestone event with its own board message).
func (Game) Undoable(a games.Action) bool {
	if a, ok := a.(Ability); ok {
		return a.Acting() != cardDiceLord && a.Acting() != cardArchaeologist
	}
	return codec.IsUndoable(a)
}

const rulesEN = `**Shelfie Stacker** — draft boxes of dice (game boxes!) and stack them on your shelf. 7 rounds.
• Each round the boxes (players + 1) get 3 dice each. Everybody picks a character card in secret; lower cards pick a box first (ties: letter A first).
• On your turn take a box, then place all 3 dice: a column holds one colour (its bottom die's) and each die must be strictly higher than the one below it; at most 5 per column. A die you cannot or will not place goes to your shame shelf (−2). Sixes in your shipment are wild: turn them to any value.
• A character's ability may be used once, this turn or on any later turn of yours; then the card is spent.
• Rewards: the sidekick (+4) for the most dice of its colour (3+), the contest (+3–6) for the first to show its pattern, the end-game card for everybody.
• Scoring: columns of 5/4/3 dice score 6/3/1, plus the pips of every column's top die, rewards, −2 per shame die. Ties: the lower card left in hand wins.`

const rulesCS = `**Deskovkáři** — vybírejte přepravky s kostkami (deskovkami!) a skládejte je do své police. 7 kol.
• Každé kolo dostane každá přepravka (o jednu víc, než je hráčů) 3 kostky. Všichni tajně vyberou kartu postavy; nižší karta vybírá přepravku dřív (při shodě rozhoduje písmeno, A první).
• Ve svém tahu si vezmi přepravku a umísti všechny 3 kostky: sloupec má jednu barvu (barvu spodní kostky) a každá kostka musí být ostře vyšší než ta pod ní; nejvýš 5 ve sloupci. Kostka, kterou umístit nemůžeš nebo nechceš, jde na polici hanby (−2). Šestky v zásilce jsou žolíci: otoč je na libovolnou hodnotu.
• Schopnost postavy použiješ jednou, v tomto nebo kterémkoli pozdějším tahu; pak je karta použitá.
• Odměny: parťák (+4) za nejvíc kostek jeho barvy (3+), soutěž (+3–6) pro prvního, kdo ukáže její vzor, a závěrečná karta pro všechny.
• Bodování: sloupce s 5/4/3 kostkami dávají 6/3/1, k tomu body horní kostky každého sloupce, odměny a −2 za každou kostku na polici hanby. Při shodě vyhrává nižší karta, která zůstala v ruce.`
