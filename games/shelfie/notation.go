package shelfie

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tablebot/tablebot/games"
)

// The text notation of moves, what Describe writes and ParseMove reads (case does not
// matter; Describe's form is canonical):
//
//	choose 5          take 2          set 1=4          place 1 c3          place 1 shame
//	retrieve 1        done
//	use 1 d2          use 2 c3        use 3 d1 | c2    use 7 d1 c3         use 8 as 3 c2
//	use 9 b1.2 b3.1   use 10 d1 d3    use 11 d1 d2     use 12 s1 c3        use 14 d1=5 | c2=5
//	use 16 d3 c2@1
//	deal 1,2,3,4,5,6,7,8 / ...        rewards S2 K7 E1                   fill P3 G6 B1 / ...
//	reveal 5          roll 4 2        draw G
//
// In abilities "d" names a shipment die, "c" a column, "s" a shame-shelf die, "b box.pos" a
// die of a box, "@" a height and "=" a value.

// Describe writes an action in the notation above.
func (s *State) Describe(a games.Action) string { return Notation(a) }

// Notation writes an action in the move notation (see Describe).
func Notation(a games.Action) string {
	switch a := a.(type) {
	case Choose:
		return fmt.Sprintf("choose %d", a.Card)
	case Take:
		return fmt.Sprintf("take %d", a.Box)
	case Set:
		return fmt.Sprintf("set %d=%d", a.Die, a.Value)
	case Place:
		if a.Shame {
			return fmt.Sprintf("place %d shame", a.Die)
		}
		return fmt.Sprintf("place %d c%d", a.Die, a.Col)
	case Retrieve:
		return fmt.Sprintf("retrieve %d", a.Slot)
	case Done:
		return "done"
	case Ability:
		return a.String()
	case Deal:
		var hands []string
		for _, h := range a.Hands {
			hands = append(hands, joinInts(h, ","))
		}
		return "deal " + strings.Join(hands, " / ")
	case Rewards:
		var parts []string
		if a.Sidekick != 0 {
			parts = append(parts, fmt.Sprintf("S%d", a.Sidekick))
		}
		if a.Contest != 0 {
			parts = append(parts, fmt.Sprintf("K%d", a.Contest))
		}
		for _, e := range a.Endgame {
			parts = append(parts, fmt.Sprintf("E%d", e))
		}
		return strings.TrimSpace("rewards " + strings.Join(parts, " "))
	case Fill:
		var boxes []string
		for _, b := range a.Boxes {
			boxes = append(boxes, diceString(b))
		}
		return "fill " + strings.Join(boxes, " / ")
	case Reveal:
		return fmt.Sprintf("reveal %d", a.Card)
	case Roll:
		return strings.TrimSpace("roll " + joinInts(a.Values, " "))
	case Draw:
		return "draw " + a.Colour.String()
	}
	return fmt.Sprintf("%v", a)
}

// String writes the ability in the notation: "use 14 d1=5", "use 8 as 3 c2".
func (a Ability) String() string {
	parts := []string{fmt.Sprintf("use %d", a.Card)}
	if a.Card == cardFlash {
		parts = append(parts, fmt.Sprintf("as %d", a.Copy))
	}
	if a.Shame != 0 {
		parts = append(parts, fmt.Sprintf("s%d", a.Shame))
	}
	if a.Die != 0 {
		t := fmt.Sprintf("d%d", a.Die)
		if a.Value != 0 {
			t += fmt.Sprintf("=%d", a.Value)
		}
		parts = append(parts, t)
	}
	if a.Other != 0 {
		parts = append(parts, fmt.Sprintf("d%d", a.Other))
	}
	for _, d := range a.Dice {
		parts = append(parts, fmt.Sprintf("d%d", d))
	}
	if a.Col != 0 {
		t := fmt.Sprintf("c%d", a.Col)
		if a.At != 0 {
			t += fmt.Sprintf("@%d", a.At)
		}
		if a.Value != 0 && a.Die == 0 {
			t += fmt.Sprintf("=%d", a.Value)
		}
		parts = append(parts, t)
	}
	if a.Box != 0 || a.Box2 != 0 {
		parts = append(parts, fmt.Sprintf("b%d.%d", a.Box, a.Pos), fmt.Sprintf("b%d.%d", a.Box2, a.Pos2))
	}
	return strings.Join(parts, " ")
}

func joinInts(v []int, sep string) string {
	parts := make([]string, len(v))
	for i, n := range v {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, sep)
}

// ParseMove reads a move in the notation (see Describe). It checks the form only, not
// whether the move is legal. The error is a *games.Refusal saying what is wrong.
func ParseMove(text string) (Action, error) {
	f := strings.Fields(strings.ToLower(strings.TrimSpace(text)))
	bad := games.Refuse(games.ErrIllegal, "“%s” is not a move. Write e.g. “take 2”, “place 1 c3”, “place 1 shame”, “set 1=4”, “use 3 d1” or “done”.",
		"„%s“ není tah. Napiš např. „take 2“, „place 1 c3“, „place 1 shame“, „set 1=4“, „use 3 d1“ nebo „done“.", text)
	if len(f) == 0 {
		return nil, bad
	}
	if f[0] == "use" {
		a, ok := parseAbility(f[1:])
		if !ok {
			return nil, bad
		}
		if r := a.checkForm(); r != nil {
			return nil, r
		}
		return a, nil
	}
	a, ok := parsePlayerMove(f)
	if !ok {
		a, ok = parseChanceMove(f)
	}
	if !ok {
		return nil, bad
	}
	return a, nil
}

// positive reads a whole number from 1.
func positive(s string) (int, bool) {
	n, err := strconv.Atoi(s)
	return n, err == nil && n >= 1
}

// parsePlayerMove reads the words of a player's move but an ability; false when they are none.
func parsePlayerMove(f []string) (Action, bool) {
	switch f[0] {
	case "choose", "take", "retrieve", "reveal":
		if len(f) != 2 {
			return nil, false
		}
		n, ok := positive(f[1])
		if !ok {
			return nil, false
		}
		switch f[0] {
		case "choose":
			return Choose{Card: n}, true
		case "take":
			return Take{Box: n}, true
		case "retrieve":
			return Retrieve{Slot: n}, true
		}
		return Reveal{Card: n}, true
	case "done":
		if len(f) != 1 {
			return nil, false
		}
		return Done{}, true
	case "set":
		if len(f) != 2 {
			return nil, false
		}
		d, v, ok := strings.Cut(f[1], "=")
		die, ok1 := positive(d)
		val, ok2 := positive(v)
		if !ok || !ok1 || !ok2 {
			return nil, false
		}
		return Set{Die: die, Value: val}, true
	case "place":
		if len(f) != 3 {
			return nil, false
		}
		die, ok := positive(f[1])
		if !ok {
			return nil, false
		}
		if f[2] == "shame" || f[2] == "hanba" {
			return Place{Die: die, Shame: true}, true
		}
		col, ok := positive(strings.TrimPrefix(f[2], "c"))
		if !ok {
			return nil, false
		}
		return Place{Die: die, Col: col}, true
	}
	return nil, false
}

// parseChanceMove reads the words of a chance move; false when they are none.
func parseChanceMove(f []string) (Action, bool) {
	switch f[0] {
	case "draw":
		if len(f) != 2 {
			return nil, false
		}
		c, ok := ParseColour(f[1])
		if !ok {
			return nil, false
		}
		return Draw{Colour: c}, true
	case "roll":
		values, ok := readAll(f[1:], positive)
		if !ok {
			return nil, false
		}
		return Roll{Values: values}, true
	case "rewards":
		var r Rewards
		r.Endgame = []int{}
		for _, x := range f[1:] {
			x = strings.ToUpper(x)
			var err error
			switch x[0] {
			case 'S':
				r.Sidekick, err = cardName(x, 'S', NumSidekicks)
			case 'K':
				r.Contest, err = cardName(x, 'K', NumContests)
			case 'E':
				var e int
				e, err = cardName(x, 'E', NumEndgames)
				r.Endgame = append(r.Endgame, e)
			default:
				return nil, false
			}
			if err != nil {
				return nil, false
			}
		}
		return r, true
	case "deal":
		var d Deal
		for _, h := range strings.Split(strings.Join(f[1:], " "), "/") {
			hand, ok := readAll(strings.Split(strings.TrimSpace(h), ","), func(x string) (int, bool) { return positive(strings.TrimSpace(x)) })
			if !ok {
				return nil, false
			}
			d.Hands = append(d.Hands, hand)
		}
		return d, true
	case "fill":
		var fl Fill
		for _, b := range strings.Split(strings.Join(f[1:], " "), "/") {
			dice, ok := readAll(strings.Fields(b), func(x string) (Die, bool) { return ParseDie(strings.ToUpper(x)) })
			if !ok {
				return nil, false
			}
			fl.Boxes = append(fl.Boxes, dice)
		}
		return fl, true
	}
	return nil, false
}

// parseAbility reads the words after "use".
func parseAbility(f []string) (Ability, bool) {
	var a Ability
	if len(f) == 0 {
		return a, false
	}
	n, err := strconv.Atoi(f[0])
	if err != nil {
		return a, false
	}
	a.Card, f = n, f[1:]
	if len(f) >= 2 && f[0] == "as" {
		k, err := strconv.Atoi(f[1])
		if err != nil {
			return a, false
		}
		a.Copy, f = k, f[2:]
	}
	for _, w := range f {
		if !a.readWord(w) {
			return a, false
		}
	}
	return a, true
}

// readWord reads one word of an ability's targets into a: "d2", "c3", "c3@2", "s1", "b1.2",
// any of them with "=v" for a value. It reports false for a word that is none of them or
// names a target a has already.
func (a *Ability) readWord(w string) bool {
	head, value, hasValue := strings.Cut(w, "=")
	if hasValue {
		v, ok := positive(value)
		if !ok || a.Value != 0 {
			return false
		}
		a.Value = v
	}
	if len(head) < 2 {
		return false
	}
	body := head[1:]
	switch head[0] {
	case 'd':
		k, ok := positive(body)
		switch {
		case !ok:
			return false
		case a.Acting() == cardDiceLord:
			a.Dice = append(a.Dice, k)
		case a.Die == 0:
			a.Die = k
		case a.Other == 0:
			a.Other = k
		default:
			return false
		}
	case 'c':
		c, at, hasAt := strings.Cut(body, "@")
		k, ok := positive(c)
		if !ok || a.Col != 0 {
			return false
		}
		a.Col = k
		if hasAt {
			h, ok := positive(at)
			if !ok {
				return false
			}
			a.At = h
		}
	case 's':
		k, ok := positive(body)
		if !ok || a.Shame != 0 {
			return false
		}
		a.Shame = k
	case 'b':
		bs, ps, ok := strings.Cut(body, ".")
		b, ok1 := positive(bs)
		p, ok2 := positive(ps)
		if !ok || !ok1 || !ok2 {
			return false
		}
		switch {
		case a.Box == 0:
			a.Box, a.Pos = b, p
		case a.Box2 == 0:
			a.Box2, a.Pos2 = b, p
		default:
			return false
		}
	default:
		return false
	}
	return true
}

// readAll reads every word by read: nil for no words, false when one cannot be read.
func readAll[T any](words []string, read func(string) (T, bool)) ([]T, bool) {
	var out []T
	for _, w := range words {
		v, ok := read(w)
		if !ok {
			return nil, false
		}
		out = append(out, v)
	}
	return out, true
}
