package shelfie

import (
	"bytes"
	"encoding/json"

	"github.com/tablebot/tablebot/games"
)

// The values of the "cards" option.
const (
	// CardsBasic: every player uses cards 1–8.
	CardsBasic = "basic"
	// CardsShared: one random set of 8 numbers for everybody.
	CardsShared = "shared"
	// CardsOwn: each player a random 8.
	CardsOwn = "own"
)

// The values of the "solo" option.
const (
	// SoloBeat is "beat your score": the opponent only takes boxes away.
	SoloBeat = "beat"
	// SoloBot is Shem Bot: the opponent keeps its dice and scores like a player.
	SoloBot = "bot"
)

// The values of the "botcards" option.
const (
	// BotSame gives the solo opponent the same 8 card numbers as the player.
	BotSame = "same"
	// BotRandom gives the solo opponent a random 8.
	BotRandom = "random"
)

// Options are the game's options; see the package documentation.
type Options struct {
	// Cards is basic (cards 1–8, the default), shared or own.
	Cards string `json:"cards"`
	// Draft passes every seat's remaining hand to the next seat after every round but the
	// last; it needs shared or own cards.
	Draft bool `json:"draft"`
	// Solo is the solo mode, beat or bot, with one player (nil there means beat), and nil
	// with more.
	Solo *string `json:"solo"`
	// Hard makes Shem Bot score each column's highest die instead of its top die.
	Hard bool `json:"hard"`
	// BotCards is same (the default) or random: the solo opponent's card numbers.
	BotCards string `json:"botcards"`
}

// DefaultOptions returns the options of a game with none given.
func DefaultOptions() Options { return Options{Cards: CardsBasic, BotCards: BotSame} }

// ParseOptions reads the options object strictly: unknown keys and unknown values are
// refused, missing keys take their defaults. nil or empty data means the defaults. It does
// not check what depends on the number of players (see Options.Check). Errors wrap
// games.ErrBadRecord.
func ParseOptions(data json.RawMessage) (Options, error) {
	o := DefaultOptions()
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 || string(trimmed) == "null" {
		return o, nil
	}
	var raw struct {
		Cards    *string         `json:"cards"`
		Draft    *bool           `json:"draft"`
		Solo     json.RawMessage `json:"solo"`
		Hard     *bool           `json:"hard"`
		BotCards *string         `json:"botcards"`
	}
	if err := games.DecodeStrict(trimmed, &raw, "shelfie options"); err != nil {
		return Options{}, err
	}
	if raw.Cards != nil {
		o.Cards = *raw.Cards
	}
	if raw.Draft != nil {
		o.Draft = *raw.Draft
	}
	if s := bytes.TrimSpace(raw.Solo); len(s) > 0 && string(s) != "null" {
		var mode string
		if err := json.Unmarshal(s, &mode); err != nil {
			return Options{}, games.Refuse(games.ErrBadRecord, "Option solo is beat, bot or null, not %s.", "Volba solo je beat, bot nebo null, ne %s.", s)
		}
		o.Solo = &mode
	}
	if raw.Hard != nil {
		o.Hard = *raw.Hard
	}
	if raw.BotCards != nil {
		o.BotCards = *raw.BotCards
	}
	if err := o.checkValues(); err != nil {
		return Options{}, err
	}
	return o, nil
}

// SoloMode returns the solo mode, or "" with several players.
func (o Options) SoloMode() string {
	if o.Solo == nil {
		return ""
	}
	return *o.Solo
}

// checkValues returns why a value or a combination of values is not allowed, or nil.
func (o Options) checkValues() *games.Refusal {
	switch o.Cards {
	case CardsBasic, CardsShared, CardsOwn:
	default:
		return games.Refuse(games.ErrBadRecord, "Option cards is basic, shared or own, not %q.", "Volba cards je basic, shared nebo own, ne %q.", o.Cards)
	}
	switch o.SoloMode() {
	case "", SoloBeat, SoloBot:
	default:
		return games.Refuse(games.ErrBadRecord, "Option solo is beat, bot or null, not %q.", "Volba solo je beat, bot nebo null, ne %q.", o.SoloMode())
	}
	switch o.BotCards {
	case BotSame, BotRandom:
	default:
		return games.Refuse(games.ErrBadRecord, "Option botcards is same or random, not %q.", "Volba botcards je same nebo random, ne %q.", o.BotCards)
	}
	if o.Draft && o.Cards == CardsBasic {
		return games.Refuse(games.ErrBadRecord, "The draft needs shared or own cards: set cards to shared or own.", "Draft potřebuje společné nebo vlastní karty: nastav cards na shared nebo own.")
	}
	if o.Hard && o.SoloMode() != SoloBot {
		return games.Refuse(games.ErrBadRecord, "Option hard applies only to the solo game against Shem Bot (solo bot).", "Volba hard platí jen pro sólo hru proti Shem Botovi (solo bot).")
	}
	if o.BotCards == BotRandom && o.Solo == nil {
		return games.Refuse(games.ErrBadRecord, "Option botcards applies only to the solo game.", "Volba botcards platí jen pro sólo hru.")
	}
	return nil
}

// Check returns why o does not suit a game of n players, or nil: solo is required with one
// player and not allowed with more.
func (o Options) Check(n int) *games.Refusal {
	if err := o.checkValues(); err != nil {
		return err
	}
	if n < 1 || n > 4 {
		return games.Refuse(games.ErrBadRecord, "Shelfie Stacker takes 1 to 4 players, not %d.", "Deskovkáře hrají 1 až 4 hráči, ne %d.", n)
	}
	if n == 1 && o.Solo == nil {
		return games.Refuse(games.ErrBadRecord, "Playing alone, pick a solo mode: beat (beat your score) or bot (against Shem Bot).", "Při hře o samotě zvol sólo režim: beat (překonej své skóre) nebo bot (proti Shem Botovi).")
	}
	if n > 1 && o.Solo != nil {
		return games.Refuse(games.ErrBadRecord, "The solo modes are for one player; with %d players leave solo empty.", "Sólo režimy jsou pro jednoho hráče; při %d hráčích nech solo prázdné.", n)
	}
	return nil
}

// dealt reports whether the game starts with chance dealing hands: with shared or own
// cards, or a solo opponent with random numbers.
func (o Options) dealt() bool { return o.Cards != CardsBasic || o.BotCards == BotRandom }

// optionList is the lobby's description of the options.
func optionList() []games.Option {
	return []games.Option{
		{Name: "cards", Label: games.Say("Character cards", "Karty postav"), Kind: games.OptionChoice, Default: `"basic"`,
			Values: []games.OptionValue{
				{Value: CardsBasic, Label: games.Say("cards 1–8", "karty 1–8")},
				{Value: CardsShared, Label: games.Say("the same random 8 for all", "stejných náhodných 8 pro všechny")},
				{Value: CardsOwn, Label: games.Say("a random 8 each", "každý náhodných 8")},
			},
			About: games.Say("Which 8 character cards each player holds.", "Kterých 8 karet postav má každý hráč v ruce.")},
		{Name: "draft", Label: games.Say("Draft", "Draft"), Kind: games.OptionBool, Default: "false",
			About: games.Say("After every round but the last, pass your remaining hand to the next player (needs shared or own cards).",
				"Po každém kole kromě posledního předej zbylé karty v ruce dalšímu hráči (jen se společnými nebo vlastními kartami).")},
		{Name: "solo", Label: games.Say("Solo mode", "Sólo režim"), Kind: games.OptionChoice, Nullable: true, Default: "null",
			None: games.Say("beat your score if alone (none with 2–4 players)", "překonej své skóre, hraješ-li sám (ve 2–4 hráčích žádný)"),
			Values: []games.OptionValue{
				{Value: SoloBeat, Label: games.Say("beat your score", "překonej své skóre")},
				{Value: SoloBot, Label: games.Say("against Shem Bot", "proti Shem Botovi")},
			},
			About: games.Say("Only for one player; left unset, a lone player plays beat your score.", "Jen pro jednoho hráče; když žádný nezvolíš, hraješ na překonání svého skóre.")},
		{Name: "hard", Label: games.Say("Hard Shem Bot", "Těžký Shem Bot"), Kind: games.OptionBool, Default: "false",
			About: games.Say("Shem Bot scores each column's highest die instead of its top die.", "Shem Bot boduje nejvyšší kostku sloupce místo horní.")},
		{Name: "botcards", Label: games.Say("Solo opponent's cards", "Karty sólo soupeře"), Kind: games.OptionChoice, Default: `"same"`,
			Values: []games.OptionValue{
				{Value: BotSame, Label: games.Say("the same as yours", "stejné jako tvoje")},
				{Value: BotRandom, Label: games.Say("a random 8", "náhodných 8")},
			},
			About: games.Say("The card numbers of the solo opponent's deck.", "Čísla karet v balíčku sólo soupeře.")},
	}
}
