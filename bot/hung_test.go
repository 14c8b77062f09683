package bot

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tablebot/tablebot/store"
)

// TestRedisHungMidGame: Redis stops answering (SIGSTOP) in the middle of a game. Every click is
// still acknowledged at once (never "This interaction failed"), and each one that needed the
// store gets a clear message; once Redis goes on (SIGCONT), the game goes on, nothing lost.
func TestRedisHungMidGame(t *testing.T) {
	t.Parallel()
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("redis-server is needed (scripts/test.sh installs it)")
		}
		t.Skip("no redis-server here")
	}
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	srv := exec.Command(bin, "--port", fmt.Sprint(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", t.TempDir())
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Process.Signal(syscall.SIGCONT); _ = srv.Process.Kill(); _ = srv.Wait() })
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	var st *store.Redis
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if st, err = store.NewRedis(context.Background(), store.RedisOptions{Addr: addr, Timeout: 500 * time.Millisecond}); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal(err)
		}
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
