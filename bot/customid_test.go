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
		verbSuggest, verbBoardOpen, verbBoardPage, verbView, verbStep, verbGoto, verbGone, verbSettings} {
		if r[v].handle == nil {
			t.Errorf("verb %q has no handler", v)
		}
	}
	if len(r) != 28 {
		t.Errorf("%d routes, want 28: a new verb needs its line in TestEveryVerbRouted", len(r))
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

// TestViewerIDFitsDiscord: the longest archive id the referee makes (a table's ID: a channel's
// 20-digit snowflake, "-", a 20-digit revision) fits every viewer custom_id, at any move, and
// reads back; an id too long for one is reported, not built.
func TestViewerIDFitsDiscord(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("9", 20) + "-" + strings.Repeat("9", 20)
	for _, v := range []verb{verbView, verbStep, verbGoto, verbGone} {
		id, ok := viewerID("sideboards", v, lastMove, long)
		if !ok || len(id) > maxCustomID {
			t.Fatalf("%s: %q (%d bytes), %v", v, id, len(id), ok)
		}
		parsed, err := ParseID(id)
		if err != nil {
			t.Fatal(err)
		}
		move, gameID, err := parseViewerArg(parsed.Arg)
		if err != nil || move != lastMove || gameID != long {
			t.Fatalf("%q reads back as move %d, game %q: %v", id, move, gameID, err)
		}
	}
	if _, ok := viewerID("sideboards", verbGone, 1, strings.Repeat("x", 90)); ok {
		t.Fatal("a 90-byte archive id made a viewer custom_id")
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
