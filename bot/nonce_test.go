package bot

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/table"
)

// TestBoardPostedOnceAfterCrash: Discord creates a move's board but its answer never reaches
// the bot — as when the process is killed between posting the board and recording that it did.
// The table still owes the board; the poster after a restart (or the same poster's retry)
// posts it again with the same nonce, and the channel shows it exactly once.
func TestBoardPostedOnceAfterCrash(t *testing.T) {
	t.Parallel()
	for _, how := range []string{"restart", "retry"} {
		t.Run(how, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, openBolt(t))
			h.lease = 50 * time.Millisecond
			if how == "restart" {
				h.opts.PostRetries = -1 // the poster gives up at once: it is gone
			}
			in := h.addBot("gateway")
			h.startGame(in, ben.ID)
			before := len(h.fake.ChannelMessages(testChannel))
			tries := len(h.fake.Matching(boardPosts))
			h.fake.InjectLostReply(boardPosts, 1, http.StatusInternalServerError, 0, "Internal Server Error")
			h.playTurn(firstChoice)
			if got := len(h.fake.ChannelMessages(testChannel)); got != before+1 {
				t.Fatalf("the move's board: %d new messages, want 1", got-before)
			}
			if how == "restart" {
				if tb := h.table(); tb.Owed == nil {
					t.Fatal("the table does not owe the board it never learned was posted")
				}
				// The process is gone; a new one on the same store finds the owed board.
				in.session.Close()
				h.bots = nil
				in = h.addBot("gateway")
				time.Sleep(80 * time.Millisecond) // the dead poster's lease runs out
				ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
				defer cancel()
				in.bot.tick(ctx)
			}
			waitFor(t, func() bool { return h.table().Owed == nil })
			if got := len(h.fake.Matching(boardPosts)) - tries; got != 2 {
				t.Fatalf("%d board posts, want the lost one and the repost", got)
			}
			msgs := h.fake.ChannelMessages(testChannel)
			if len(msgs) != before+1 {
				t.Fatalf("the channel shows %d new messages, want the board once", len(msgs)-before)
			}
			if tb := h.table(); tb.Board == nil || tb.Board.ID != msgs[before].ID || tb.Announced != len(tb.Record.Moves) {
				t.Fatalf("the table's board %+v, announced %d of %d; the channel's is %s", tb.Board, tb.Announced, len(tb.Record.Moves), msgs[before].ID)
			}
			// Both posts carried the same nonce, asking Discord to enforce it.
			posts := h.fake.Matching(boardPosts)
			var nonces []string
			for _, r := range posts[len(posts)-2:] {
				var p struct {
					Nonce   string `json:"nonce"`
					Enforce bool   `json:"enforce_nonce"`
				}
				if err := r.Decode(&p); err != nil || p.Nonce == "" || !p.Enforce {
					t.Fatalf("board post %s: %v", r.JSON, err)
				}
				nonces = append(nonces, p.Nonce)
			}
			if nonces[0] != nonces[1] {
				t.Fatalf("nonces %q", nonces)
			}
			// The game goes on: the next move's board is a new message.
			h.playTurn(firstChoice)
			if got := len(h.fake.ChannelMessages(testChannel)); got != before+2 {
				t.Fatalf("the next move's board: %d messages, want %d", got, before+2)
			}
		})
	}
}

// TestBoardNonce: a board's nonce fits Discord's 25 characters, is the same for the same board
// and differs with the table, the range of moves and the moves in it.
func TestBoardNonce(t *testing.T) {
	move := func(seat int, action string) games.Move {
		return games.Move{Seat: games.Seat(seat), Action: json.RawMessage(action)}
	}
	tb := func(id string, moves ...games.Move) *table.Table {
		return &table.Table{ID: id, Record: &games.Record{Moves: moves}}
	}
	a := tb("c-1", move(-1, `"deal"`), move(0, `{"p":1}`), move(1, `{"p":2}`))
	base := boardNonce(a, 1, 3)
	if len(base) > 25 || base != boardNonce(tb("c-1", move(-1, `"deal"`), move(0, `{"p":1}`), move(1, `{"p":2}`)), 1, 3) {
		t.Fatalf("nonce %q (%d characters) is not the same for the same board", base, len(base))
	}
	for name, other := range map[string]string{
		"another table":      boardNonce(tb("c-9", a.Record.Moves...), 1, 3),
		"another range":      boardNonce(a, 2, 3),
		"fewer moves":        boardNonce(a, 1, 2),
		"another move":       boardNonce(tb("c-1", move(-1, `"deal"`), move(0, `{"p":1}`), move(1, `{"p":3}`)), 1, 3),
		"past the record":    boardNonce(a, 1, 9),
		"before any move":    boardNonce(a, 0, 0),
		"a record of no one": boardNonce(&table.Table{ID: "c-1"}, 1, 3),
	} {
		if other == base || len(other) > 25 {
			t.Errorf("%s: nonce %q (base %q)", name, other, base)
		}
	}
}
