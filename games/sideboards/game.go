package sideboards

import (
	"encoding/json"

	"github.com/tablebot/tablebot/games"
)

// Name is the game's key in records and commands.
const Name = "sideboards"

// The variants of the option "variant".
const (
	// Basic is the game as printed: hands of 2, an exchange card each.
	Basic = "basic"
	// Four is the variant "4 cards": deal 4, lay 2, pass 2; later hands of 3; no exchange cards.
	Four = "four"
)

// Options are the game's options, {"variant": "basic", "tasks": null}.
type Options struct {
	// Variant is Basic or Four (default Basic). One player plays the solo game, Basic only.
	Variant string `json:"variant"`
	// Tasks are the colour, handle and row task numbers in play, or nil when chance draws them
	// at the start (the default).
	Tasks []int `json:"tasks"`
}

// DefaultOptions returns the options of a game with no options given: basic, tasks at random.
func DefaultOptions() Options { return Options{Variant: Basic} }

// ParseOptions reads the options object strictly: unknown keys are refused; a missing variant
// is "basic"; tasks is null (chance draws them), [colour, handle, row] task numbers (1–7,
// 8–14, 15–30), or one number 1–4 naming a suggested set ([2] is [2, 9, 18]), which is
// stored as its three numbers. nil or empty data means the defaults. Errors wrap
// games.ErrBadRecord.
func ParseOptions(data json.RawMessage) (Options, error) {
	var raw struct {
		Variant *string `json:"variant"`
		Tasks   []int   `json:"tasks"`
	}
	if given, err := games.DecodeOptions(data, &raw, Name); err != nil || !given {
		return DefaultOptions(), err
	}
	o := DefaultOptions()
	if raw.Variant != nil {
		o.Variant = *raw.Variant
	}
	o.Tasks = raw.Tasks
	if len(o.Tasks) == 1 {
		k := o.Tasks[0]
		if k < 1 || k > len(suggestedSets) {
			return Options{}, games.Refuse(games.ErrBadRecord, "There is no suggested task set %d: the sets are 1 to %d.", "Doporučená sada úkolů %d není: sady jsou 1 až %d.", k, len(suggestedSets))
		}
		set := suggestedSets[k-1]
		o.Tasks = set[:]
	}
	if err := o.check(); err != nil {
		return Options{}, err
	}
	return o, nil
}

// check returns why o is not valid (whatever the number of players), or nil.
func (o Options) check() error {
	if o.Variant != Basic && o.Variant != Four {
		return games.Refuse(games.ErrBadRecord, "Option variant is %q or %q, not %q.", "Volba variant je %q nebo %q, ne %q.", Basic, Four, o.Variant)
	}
	if o.Tasks == nil {
		return nil
	}
	if len(o.Tasks) != 3 {
		return games.Refuse(games.ErrBadRecord, "Option tasks needs three task numbers (colour 1–7, handle 8–14, row 15–30), or one suggested set 1–4, not %d numbers.",
			"Volba tasks potřebuje tři čísla úkolů (barvy 1–7, úchytky 8–14, řady 15–30) nebo jednu doporučenou sadu 1–4, ne %d čísel.", len(o.Tasks))
	}
	for k, n := range o.Tasks {
		if !Task(n).Valid() || Task(n).Kind() != Kind(k) {
			return games.Refuse(games.ErrBadRecord, "Task %[1]d cannot be the %[2]s task: that one is numbered %[4]s.", "Úkol %[1]d nemůže být úkolem %[3]s: ten má čísla %[4]s.", n, kindWords[k][0], kindWords[k][1], kindRange[k])
		}
	}
	return nil
}

// kindWords name the kinds of task in the options' error: English, then Czech.
var kindWords = [3][2]string{{"colour", "barev"}, {"handle", "úchytek"}, {"row", "řad"}}

// kindRange are the numbers of each kind of task.
var kindRange = [3]string{"1–7", "8–14", "15–30"}

// Game is the definition of Sideboards. Its zero value is ready to use.
type Game struct{ games.Base[Game] }

var _ games.Game = Game{}

// Meta describes Sideboards.
func (Game) Meta() *games.Meta { return &meta }

var meta = games.Meta{
	Name: Name, Title: games.Text{EN: "Sideboards", CS: "Sideboards"}, Emoji: "🗄️", MinSeats: 1, MaxSeats: 6,
	Options: []games.Option{
		{Name: "variant", Label: games.Say("Variant", "Varianta"), Kind: games.OptionChoice, Default: `"basic"`,
			Values: []games.OptionValue{
				{Value: Basic, Label: games.Say("basic", "základní")},
				{Value: Four, Label: games.Say("4 cards", "4 karty")},
			},
			About: games.Say("Basic: hands of 2 and an exchange card each. 4 cards: deal 4, lay 2, pass 2; hands of 3; no exchange cards (not solo).",
				"Základní: v ruce 2 karty a každý má výměnnou kartu. 4 karty: rozdají se 4, 2 položíš a 2 pošleš dál; v ruce 3 karty; bez výměnných karet (ne pro sólo).")},
		{Name: "tasks", Label: games.Say("Tasks", "Úkoly"), Kind: games.OptionList, Nullable: true, Default: "null",
			None: games.Say("drawn at random", "náhodně"),
			About: games.Say("Colour, handle and row task, e.g. 2,9,17 (1–7, 8–14, 15–30); or 1–4 for a suggested set: 1/8/17, 2/9/18, 3/10/15, 4/11/16. Empty: drawn at random.",
				"Úkol barev, úchytek a řad, např. 2,9,17 (1–7, 8–14, 15–30); nebo 1–4 pro doporučenou sadu: 1/8/17, 2/9/18, 3/10/15, 4/11/16. Prázdné: náhodně.")},
	},
	Rules:   games.Say(rulesEN, rulesCS),
	Actions: codec,
	Start:   games.NewWith(ParseOptions, NewState),
}

const rulesEN = `**Sideboards** — draft cards and build a sideboard 8 cards wide that meets three tasks.
• A card is one column of 5 drawers: every colour once (red, turquoise, pink, orange, black) and three handles (flower, square, long). You may turn a card upside down before placing it.
• Everyone plays at once. First turn: keep 2 of your 3 cards and lay them side by side, pass the third to your left neighbour. Later turns: place 1 of your 2 cards at the left or right end of your sideboard and pass the other. Then everybody draws 1.
• Once per game, in turns 2–7 before placing, you may use your exchange card: throw away both hand cards and draw 2. Unused at the end it is worth +1.
• Colour task: 4 points each time 3 drawers of one colour form its shape; handle task: 3 points each time 2 handles of one type form it (turned and mirrored shapes count; a drawer counts once per task). Row task: 2 points per drawer of the counted run(s), plus a bonus for the longest.
• After 8 cards the highest total wins; ties share the win. Solo: draw 2, keep 1, and aim for a rating.`

const rulesCS = `**Sideboards** — draftuj karty a postav komodu širokou 8 karet, která splní tři úkoly.
• Karta je jeden sloupec 5 šuplíků: každá barva jednou (červená, tyrkysová, růžová, oranžová, černá) a tři úchytky (květinová, čtvercová, dlouhá). Kartu smíš před přiložením otočit vzhůru nohama.
• Všichni hrají naráz. První kolo: ze 3 karet si 2 nech a polož je vedle sebe, třetí pošli levému sousedovi. Další kola: 1 ze 2 karet přilož k levému nebo pravému konci komody a druhou pošli dál. Pak si každý dobere 1.
• Jednou za hru, v kolech 2–7 před přiložením, smíš použít výměnnou kartu: obě karty z ruky odhoď a dober 2. Když ji nepoužiješ, dá na konci +1 bod.
• Úkol barev: 4 body za každé 3 šuplíky jedné barvy v jeho tvaru; úkol úchytek: 3 body za každé 2 úchytky jednoho druhu v jeho tvaru (platí i otočené a zrcadlené tvary; šuplík se v jednom úkolu počítá jednou). Úkol řad: 2 body za každý šuplík započtené řady (či řad) a bonus za nejdelší.
• Po 8 kartách vyhrává nejvyšší součet; při shodě se o vítězství dělí. Sólo: dober 2, 1 si nech a hraj o hodnocení.`
