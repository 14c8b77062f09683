package bot

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/table"
)

// maxCustomID is Discord's limit on a component's custom_id.
const maxCustomID = 100

// ID is a parsed custom_id: "<game>/<revision>/<verb>/<arg>". Game names the game of the table
// the component was drawn for, Rev the table's revision at that time, Verb the route and Arg the
// route's argument (a panel draft, for instance), which may itself contain slashes. Discord
// wants the custom_ids of one message distinct, so two buttons leading to the same place carry
// a "~N" after the verb (see uniqueIDs); ParseID drops it.
type ID struct {
	Game string
	Rev  table.Revision
	Verb string
	Arg  string
}

// String writes the custom_id form.
func (id ID) String() string {
	return id.Game + "/" + strconv.FormatUint(uint64(id.Rev), 10) + "/" + id.Verb + "/" + id.Arg
}

// ParseID reads a custom_id. It fails for anything that is not four slash-separated parts
// with a numeric revision and a non-empty game and verb.
func ParseID(s string) (ID, error) {
	if len(s) > maxCustomID {
		return ID{}, fmt.Errorf("custom_id of %d bytes is longer than %d", len(s), maxCustomID)
	}
	parts := strings.SplitN(s, "/", 4)
	if len(parts) != 4 || parts[0] == "" || parts[2] == "" {
		return ID{}, fmt.Errorf("custom_id %q: want game/revision/verb/arg", s)
	}
	rev, err := strconv.ParseUint(parts[1], 10, 64)
	if err != nil {
		return ID{}, fmt.Errorf("custom_id %q: revision: %w", s, err)
	}
	v, _, _ := strings.Cut(parts[2], "~")
	if v == "" {
		return ID{}, fmt.Errorf("custom_id %q: no verb", s)
	}
	return ID{Game: parts[0], Rev: table.Revision(rev), Verb: v, Arg: parts[3]}, nil
}

// uniqueIDs makes the custom_ids of buttons distinct by marking repeats "verb~N".
func uniqueIDs(buttons []discordgo.MessageComponent) {
	seen := map[string]int{}
	for i, c := range buttons {
		b, ok := c.(discordgo.Button)
		if !ok {
			continue
		}
		n := seen[b.CustomID]
		seen[b.CustomID] = n + 1
		if n == 0 {
			continue
		}
		parts := strings.SplitN(b.CustomID, "/", 4)
		if len(parts) == 4 {
			parts[2] += "~" + strconv.Itoa(n)
			b.CustomID = strings.Join(parts, "/")
			buttons[i] = b
		}
	}
}

// verb is a route of the component router. The verbs are matched exactly; Bot.routes maps
// every verb to its handler, and buildID is the only way a custom_id is made, so a button can
// never name a route that does not exist (TestEveryVerbRouted).
type verb string

// The verbs of component custom_ids.
const (
	verbJoin    verb = "join"    // lobby: take a seat
	verbLeave   verb = "leave"   // lobby: give up a seat
	verbAddAI   verb = "ai"      // lobby: seat an AI player
	verbStart   verb = "start"   // lobby: start the game
	verbCancel  verb = "cancel"  // lobby: close the lobby
	verbTurn    verb = "turn"    // public message: open my panel
	verbDraft   verb = "draft"   // panel: go to draft Arg
	verbCommit  verb = "commit"  // panel: apply the move of draft Arg
	verbSuggest verb = "suggest" // panel: show the search AI's suggestion (draft Arg: the game's own)
	verbMenu    verb = "menu"    // panel select menu: the chosen value is the next draft
	verbType    verb = "type"    // panel: open the "type a move" modal at draft Arg
	verbTyped   verb = "typed"   // modal submit at draft Arg
	verbRules   verb = "rules"   // public message: show the rules
	verbScores  verb = "scores"  // public message: show the scores
	verbAbandon verb = "abandon" // /abandon confirmation
	verbRematch verb = "rematch" // end message: a new lobby with the same players
	verbUndo    verb = "undo"    // panel: take back my last move
	verbBack    verb = "back"    // panel: I am back, play my seat myself
	verbVote    verb = "vote"    // deadline message: let the AI play seat Arg
	verbKick    verb = "kick"    // /kick confirmation: put user Arg's seat on the AI
	verbGames   verb = "games"   // board message: my games
	// The leaderboard's and the replay viewer's verbs carry no table: their revision is 0.
	verbBoardOpen verb = "lb"     // public leaderboard ◀ ▶: page Arg (an offset), for the clicker alone
	verbBoardPage verb = "lbpage" // the clicker's leaderboard page ◀ ▶: turn to offset Arg
	verbView      verb = "view"   // /history: open the viewer of archived game Arg ("move/id")
	verbStep      verb = "step"   // viewer ⏮ ◀ ▶ ⏭: show move Arg ("move/id")
	verbGoto      verb = "goto"   // viewer: open the "Go to move…" modal (Arg "move/id")
	verbGone      verb = "gone"   // "Go to move…" modal submit (Arg "move/id": the move shown)
	// The /settings panel's menus carry no table either (game "settings", revision 0).
	verbSettings verb = "set" // /settings menu: change setting Arg ("tables", "pace", "ai", "games", "lang")
)

// buildID makes the custom_id of a verb for a table's game at a revision.
func buildID(game string, rev table.Revision, v verb, arg string) string {
	s := ID{Game: game, Rev: rev, Verb: string(v), Arg: arg}.String()
	if len(s) > maxCustomID {
		// Drafts are at most 60 bytes by the Composer contract; a longer one is a bug in a game.
		panic(fmt.Sprintf("bot: custom_id %q exceeds %d bytes", s, maxCustomID))
	}
	return s
}
