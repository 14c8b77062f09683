package ingenious

import (
	"encoding/json"

	"github.com/tablebot/tablebot/games"
)

// Name is the game's key in records and commands.
const Name = "ingenious"

// Options are the game's options; the zero value is the default.
type Options struct {
	// Teams pairs seats 0 & 2 against 1 & 3; it needs exactly four players.
	Teams bool `json:"teams"`
	// Talk lets partners discuss the game (shown to the table; the referee cannot enforce it).
	Talk bool `json:"talk"`
}

// Game is the definition of Ingenious. Its zero value is ready to use.
type Game struct{ games.Base[Game] }

var _ games.Game = Game{}

// Meta describes Ingenious.
func (Game) Meta() *games.Meta { return &meta }

var meta = games.Meta{
	Name: Name, Title: games.Text{EN: "Ingenious", CS: "Ingenious"}, Emoji: "🔶", MinSeats: 1, MaxSeats: 4,
	Options: []games.Option{
		{Name: "teams", Label: games.Say("Teams", "Týmy"), Kind: games.OptionBool, Default: "false", About: games.Say(
			"Four players in two teams: seats 1 & 3 against 2 & 4, one joint score per colour up to 36.",
			"Čtyři hráči ve dvou týmech: místa 1 a 3 proti 2 a 4, společné skóre každé barvy až do 36.")},
		{Name: "talk", Label: games.Say("Partners may talk", "Rady spoluhráčů"), Kind: games.OptionBool, Default: "false", About: games.Say(
			"Team partners may discuss the game.",
			"Spoluhráči v týmu se smějí radit.")},
	},
	Rules:   games.Say(rulesEN, rulesCS),
	Actions: codec,
	Start:   games.NewWith(ParseOptions, NewState),
}

// ParseOptions reads the options object strictly; nil or empty means the defaults.
func ParseOptions(data json.RawMessage) (Options, error) {
	var o Options
	_, err := games.DecodeOptions(data, &o, Name)
	return o, err
}

const rulesEN = `**Ingenious** — lay two-hex tiles, score every colour; your result is your *weakest* colour.
• On your turn place one tile from your rack on two adjacent empty cells. Your first tile must touch a start symbol no earlier player's first tile touched.
• Each half scores the unbroken lines of its colour in the five directions away from its partner half.
• A colour stops at 18. Reaching 18 gives an extra placement (one per colour).
• After placing, if your rack has none of your lowest colour(s), you may swap all six tiles. Then refill to six.
• The game ends when no two adjacent cells are empty. Highest lowest colour wins; ties compare the next lowest.`

const rulesCS = `**Ingenious** — pokládej dílky ze dvou šestiúhelníků a sbírej body ve všech šesti barvách; o výsledku rozhoduje tvoje *nejslabší* barva.
• Ve svém tahu polož jeden dílek ze stojánku na dvě sousední volná pole. Tvůj první dílek se musí dotknout startovního symbolu, u kterého ještě nikdo nepoložil svůj první dílek.
• Každá polovina dílku boduje zvlášť: ve všech pěti směrech (kromě směru k druhé polovině) spočítej symboly její barvy, které na ni v nepřerušené řadě navazují; každý dá 1 bod v této barvě.
• V každé barvě můžeš mít nejvýš 18 bodů. Když v některé barvě dosáhneš 18, hraješ hned ještě jednou (za každou barvu jen jednou).
• Když po tahu nemáš na stojánku žádný dílek se svou nejslabší barvou, smíš vyměnit všech šest dílků. Pak si stojánek doplň na šest.
• Hra končí, když na ploše nezbývají dvě sousední volná pole. Vyhrává hráč s nejvyšší nejslabší barvou; při shodě rozhoduje druhá nejslabší barva atd.`
