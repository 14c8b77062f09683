package bot

import (
	"context"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tablebot/tablebot/store"
	"github.com/tablebot/tablebot/store/storetest"
)

// TestRedisHungMidGame: Redis stops answering (SIGSTOP) in the middle of a game. Every click is
// still acknowledged at once (never "This interaction failed"), and each one that needed the
// store gets a clear message; once Redis goes on (SIGCONT), the game goes on, nothing lost.
func TestRedisHungMidGame(t *testing.T) {
	t.Parallel()
	srv, addr := storetest.PrivateRedis(t)
	st, err := store.NewRedis(context.Background(), store.RedisOptions{Addr: addr, Timeout: 500 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	h := newHarness(t, st)
	in := h.addBot("http")
	h.startGame(in, ben.ID)
	h.playTurn(firstChoice)
	before := playerMoves(h.table())
	board := h.lastBoard()
	if err := srv.Process.Signal(syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	for _, u := range []string{ada.ID, ben.ID} {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		ix := h.fake.Click(actor(people[u]).On(board), mustFind(t, board, verbTurn, "").CustomID)
		began := time.Now()
		reply, err := h.fake.PostInteraction(ctx, in.endpoint, ix)
		cancel()
		if err != nil || reply.Status != 200 || time.Since(began) > time.Second {
			t.Fatalf("acknowledging with Redis stopped: %v, status %d, after %v", err, reply.Status, time.Since(began))
		}
		if err := h.waitHandled(ix.ID); err == nil {
			t.Fatal("no error with Redis stopped")
		}
		said := h.seen(ix).Content
		if !strings.Contains(said, "storage is not answering") && !strings.Contains(said, "Úložiště stolu teď neodpovídá") {
			t.Fatalf("with Redis stopped the player saw %q", said)
		}
	}
	if err := srv.Process.Signal(syscall.SIGCONT); err != nil {
		t.Fatal(err)
	}
	time.Sleep(100 * time.Millisecond)
	if got := playerMoves(h.table()); got != before {
		t.Fatalf("%d moves after the outage, want %d", got, before)
	}
	h.playTurn(firstChoice)
}
