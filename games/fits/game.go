package fits

import (
	"encoding/json"
	"slices"

	"github.com/tablebot/tablebot/games"
)

// Name is the game's key in records and commands.
const Name = "fits"

// Options are the game's options.
type Options struct {
	// Boards are the board numbers (1–4) of the rounds, in play order: 1 to 4 distinct
	// numbers, one round each. Default [1, 2, 3, 4].
	Boards []int `json:"boards"`
}

// DefaultOptions returns the options of a game with no options given: boards 1, 2, 3, 4.
func DefaultOptions() Options { return Options{Boards: []int{1, 2, 3, 4}} }

// ParseOptions reads the options object strictly: unknown keys are refused, a missing (or
// null) "boards" takes the default, and boards must be 1 to 4 distinct numbers from 1 to 4.
// nil or empty data means the defaults. Errors wrap games.ErrBadRecord.
func ParseOptions(data json.RawMessage) (Options, error) {
	var raw struct {
		Boards *[]int `json:"boards"`
	}
	if given, err := games.DecodeOptions(data, &raw, Name); err != nil || !given {
		return DefaultOptions(), err
	}
	if raw.Boards == nil {
		return DefaultOptions(), nil
	}
	o := Options{Boards: slices.Clone(*raw.Boards)}
	if err := o.check(); err != nil {
		return Options{}, err
	}
	return o, nil
}

// check returns why o is not a valid set of options, or nil.
func (o Options) check() error {
	if len(o.Boards) < 1 || len(o.Boards) > 4 {
		return games.Refuse(games.ErrBadRecord, "Option boards needs 1 to 4 board numbers, not %d.", "Volba boards potřebuje 1 až 4 čísla desek, ne %d.", len(o.Boards))
	}
	for i, b := range o.Boards {
		if b < 1 || b > 4 {
			return games.Refuse(games.ErrBadRecord, "There is no board %d: the boards are 1 to 4.", "Deska %d neexistuje: desky jsou 1 až 4.", b)
		}
		if slices.Contains(o.Boards[:i], b) {
			return games.Refuse(games.ErrBadRecord, "Board %d is listed twice: each board is played once.", "Deska %d je uvedena dvakrát: každá deska se hraje jednou.", b)
		}
	}
	return nil
}

// Game is the definition of FITS. Its zero value is ready to use.
type Game struct{ games.Base[Game] }

var _ games.Game = Game{}

// Meta describes FITS.
func (Game) Meta() *games.Meta { return &meta }

var meta = games.Meta{
	Name: Name, Title: games.Text{EN: "FITS", CS: "FITS"}, Emoji: "🧱", MinSeats: 1, MaxSeats: 4,
	Options: []games.Option{{Name: "boards", Label: games.Say("Boards", "Desky"), Kind: games.OptionList, Default: "[1,2,3,4]", About: games.Say(
		"The boards to play, one round each, in this order: 1 to 4 different numbers from 1 to 4.",
		"Desky, které se hrají, jedno kolo na každé, v tomto pořadí: 1 až 4 různá čísla od 1 do 4.")}},
	Rules:   games.Say(rulesEN, rulesCS),
	Actions: codec,
	Start:   games.NewWith(ParseOptions, NewState),
}

const rulesEN = `**FITS** — drop pieces into your own board like Tetris; cover the dots, mind the special cells.
• Each round is played on one board (6 columns A–F, 12 rows). Pieces enter from above in the column of their leftmost square and slide straight down — they never move sideways, so a hole once covered stays open.
• First everybody places their start piece. Then 16 building cards are turned one at a time; for each, everybody at once places that piece or sets it aside for the round. Your choice stays hidden until all have chosen. The card showing your start piece you skip.
• Pieces may stick out into the 4 overhang rows above the board (they score nothing); nothing may reach a 17th row.
• Scoring: −1 for every visible dot. Board 1: +1 per complete row. Board 2: visible numbers score. Board 3: visible white cells score their value, visible black cells −5. Board 4: a symbol with both cells visible +3, with one visible −3.
• The highest total over all rounds wins; ties share the win.`

const rulesCS = `**FITS** — shazuj dílky do své desky jako v Tetrisu; zakryj tečky a hlídej zvláštní pole.
• Každé kolo se hraje na jedné desce (6 sloupců A–F, 12 řad). Dílek vstupuje shora ve sloupci svého nejlevějšího čtverečku a padá rovně dolů — nikdy se neposune do strany, takže zakrytá díra už zůstane prázdná.
• Nejprve každý položí svůj startovní dílek. Pak se jedna po druhé otočí 16 stavebních karet; u každé všichni naráz dílek položí, nebo ho na zbytek kola odloží. Tvá volba zůstane skrytá, dokud nezvolí všichni. Kartu se svým startovním dílkem vynecháš.
• Dílky smějí vyčnívat do 4 řad přesahu nad deskou (ty se nepočítají); do 17. řady nesmí nic zasáhnout.
• Bodování: −1 za každou viditelnou tečku. Deska 1: +1 za každou plnou řadu. Deska 2: viditelná čísla se přičtou. Deska 3: viditelná bílá pole dají svou hodnotu, viditelná černá −5. Deska 4: symbol s oběma poli viditelnými +3, s jedním viditelným −3.
• Vyhrává nejvyšší součet ze všech kol; při shodě se o vítězství dělí.`
