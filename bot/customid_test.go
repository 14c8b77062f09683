package bot

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

func TestIDRoundTrip(t *testing.T) {
	t.Parallel()
	for _, id := range []ID{
		{Game: "ingenious", Rev: 17, Verb: "draft", Arg: "RG:F7-F8"},
		{Game: "fits", Rev: 1, Verb: "commit", Arg: "F5/r1/f0/cC"},
		{Game: "ingenious", Rev: 18446744073709551615, Verb: "turn"},
	} {
		got, err := ParseID(id.String())
		if err != nil || got != id {
			t.Errorf("%q parsed to %+v, %v", id.String(), got, err)
		}
	}
	for _, bad := range []string{"", "a/b", "g/x/v/", "g/1//", "/1/v/", strings.Repeat("x", 101)} {
		if _, err := ParseID(bad); err == nil {
			t.Errorf("ParseID(%q) accepted", bad)
		}
	}
}

func TestEveryVerbRouted(t *testing.T) {
	t.Parallel()
	r := routeTable()
	for _, v := range []verb{verbJoin, verbLeave, verbAddAI, verbStart, verbCancel, verbTurn, verbDraft, verbCommit,
		verbMenu, verbType, verbTyped, verbRules, verbScores, verbAbandon, verbRematch, verbUndo, verbBack, verbVote, verbKick, verbGames,
		verbSuggest} {
		if r[v].handle == nil {
			t.Errorf("verb %q has no handler", v)
		}
	}
	if len(r) != 21 {
		t.Errorf("%d routes, want 21: a new verb needs its line in TestEveryVerbRouted", len(r))
	}
}

func TestBuildIDFitsDiscord(t *testing.T) {
	t.Parallel()
	// The longest custom_id a game can cause: a 60-byte draft, the longest verb, a 20-digit revision.
	id := buildID("shelfie", 18446744073709551615, verbRematch, strings.Repeat("d", 60))
	if len(id) > maxCustomID {
		t.Fatalf("%d bytes", len(id))
	}
}

func TestUniqueIDs(t *testing.T) {
	t.Parallel()
	buttons := []discordgo.MessageComponent{
		discordgo.Button{CustomID: "fits/3/draft/r0f0cA"}, discordgo.Button{CustomID: "fits/3/draft/r0f0cA"},
		discordgo.Button{CustomID: "fits/3/commit/r0f0cA"}, discordgo.Button{CustomID: "fits/3/draft/r0f0cA"},
	}
	uniqueIDs(buttons)
	seen := map[string]bool{}
	for _, c := range buttons {
		id := c.(discordgo.Button).CustomID
		if seen[id] {
			t.Fatalf("%q twice", id)
		}
		seen[id] = true
		parsed, err := ParseID(id)
		if err != nil || parsed.Arg != "r0f0cA" || (parsed.Verb != "draft" && parsed.Verb != "commit") {
			t.Fatalf("%q parses to %+v, %v", id, parsed, err)
		}
	}
}
