package games

import (
	"fmt"
	"slices"
	"strings"
)

// Lang is a language tablebot speaks: English or Czech.
type Lang string

const (
	// English is the default language.
	English Lang = "en"
	// Czech is used for users whose Discord locale is cs.
	Czech Lang = "cs"
)

// LangOf maps a Discord locale ("cs", "en-US", "en-GB", ...) to a language tablebot speaks;
// every locale but Czech gets English.
func LangOf(locale string) Lang {
	if strings.HasPrefix(strings.ToLower(locale), "cs") {
		return Czech
	}
	return English
}

// Text is one message in every language tablebot speaks. Games return Text rather than strings
// so that the Discord layer can show each user their own language without knowing the game.
type Text struct {
	EN string `json:"en"`
	CS string `json:"cs"`
}

// Localized is a value that reads differently in each language: a Text, or a game's piece
// written with the language's letters (an Ingenious tile "RG" / "ČZ", a Shelfie die "G6" /
// "Z6"). Say formats such an argument in the language of each format string.
type Localized interface {
	In(lang Lang) string
}

// Say builds a Text from an English and a Czech format string sharing the same arguments. An
// argument that is Localized (a Text, a tile, a die) is written in each format's language.
func Say(en, cs string, args ...any) Text {
	if len(args) == 0 {
		return Text{EN: en, CS: cs}
	}
	if !slices.ContainsFunc(args, func(a any) bool { _, ok := a.(Localized); return ok }) {
		// Forwarding args as they are keeps Say a printf wrapper for go vet's checks.
		return Text{EN: fmt.Sprintf(en, args...), CS: fmt.Sprintf(cs, args...)}
	}
	return Text{EN: fmt.Sprintf(en, argsIn(args, English)...), CS: fmt.Sprintf(cs, argsIn(args, Czech)...)}
}

// argsIn returns args with every Localized argument replaced by its text in lang.
func argsIn(args []any, lang Lang) []any {
	out := args
	for i, a := range args {
		l, ok := a.(Localized)
		if !ok {
			continue
		}
		if &out[0] == &args[0] {
			out = append([]any(nil), args...)
		}
		out[i] = l.In(lang)
	}
	return out
}

// In returns the text in lang, falling back to English when the translation is empty.
func (t Text) In(lang Lang) string {
	if lang == Czech && t.CS != "" {
		return t.CS
	}
	return t.EN
}

// IsZero reports whether the text is empty in every language.
func (t Text) IsZero() bool { return t.EN == "" && t.CS == "" }

// Join concatenates texts with a separator, language by language.
func Join(parts []Text, sep string) Text {
	var en, cs []string
	for _, p := range parts {
		en = append(en, p.EN)
		cs = append(cs, p.In(Czech))
	}
	return Text{EN: strings.Join(en, sep), CS: strings.Join(cs, sep)}
}

// Count writes n with the noun in the right plural form for each language: English one/many;
// Czech one (1), few (2–4) and many (0, 5 and more), e.g. Count(2, "win", "wins", "výhra",
// "výhry", "výher") is "2 wins" / "2 výhry".
func Count(n int, enOne, enMany, csOne, csFew, csMany string) Text {
	en, cs := enMany, csMany
	switch {
	case n == 1:
		en, cs = enOne, csOne
	case n >= 2 && n <= 4:
		cs = csFew
	}
	return Text{EN: fmt.Sprintf("%d %s", n, en), CS: fmt.Sprintf("%d %s", n, cs)}
}

// And lists names the way each language does: "Ada", "Ada and Ben", "Ada, Ben and Cid";
// in Czech "Ada a Ben", "Ada, Ben a Cid".
func And(names []string) Text {
	if len(names) <= 1 {
		s := strings.Join(names, "")
		return Text{EN: s, CS: s}
	}
	head := strings.Join(names[:len(names)-1], ", ")
	last := names[len(names)-1]
	return Text{EN: head + " and " + last, CS: head + " a " + last}
}

// OutOf says "n of total" ("round 1 of 4", "kolo 1 ze 4"): Czech takes "ze" before a number
// read aloud beginning with s, z, š, ž or a cluster such as tř, čt, dv (ze tří, ze čtyř,
// ze šestnácti, ze dvou) and "z" before the rest (z pěti, z osmi).
func OutOf(en, cs string, n, total int) Text {
	return Say(en+" %d of %d", cs+" %d "+czechFrom(total)+" %d", n, total)
}

// czechFrom returns the preposition "z" or "ze" for a cardinal number that follows it.
func czechFrom(n int) string {
	switch {
	case n == 2, n == 3, n == 4, n == 6, n == 7, n >= 12 && n <= 14, n == 16, n == 17:
		return "ze"
	case n >= 20 && n < 50, n >= 60 && n < 80:
		return "ze" // ze dvaceti, ze třiceti, ze čtyřiceti, ze šedesáti, ze sedmdesáti
	}
	return "z"
}
