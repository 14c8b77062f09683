package store

import (
	"context"
	"errors"
	"syscall"
	"testing"
	"time"

	"github.com/tablebot/tablebot/store/internal/rediscluster"
)

// TestHungRedis: with the server stopped (SIGSTOP), every call fails with ErrUnavailable
// within its bound — even with a context that has no deadline — and once the server goes on
// (SIGCONT) the same store works again by itself, with nothing lost.
func TestHungRedis(t *testing.T) {
	srv, addr := rediscluster.Server(t)
	ctx := context.Background()
	r, err := NewRedis(ctx, RedisOptions{Addr: addr, Timeout: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	rev, err := r.Save(ctx, "c", []byte("before"), 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Process.Signal(syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	calls := map[string]func() error{
		"Load": func() error { _, err := r.Load(ctx, "c"); return err },
		"Save": func() error { _, err := r.Save(ctx, "c", []byte("x"), rev); return err },
		"Finish": func() error {
			_, err := r.Finish(ctx, Final{GameID: "g", Guild: "g", Game: "x", Record: []byte("{}")})
			return err
		},
		"ClaimDue": func() error { _, err := r.ClaimDue(ctx, time.Now(), time.Minute, 5); return err },
		"Schedule": func() error { return r.Schedule(ctx, "k", time.Now()) },
		"Ping":     func() error { return r.Ping(ctx) },
	}
	for name, call := range calls {
		began := time.Now()
		err := call()
		if !errors.Is(err, ErrUnavailable) {
			t.Errorf("%s with the server stopped: %v, want ErrUnavailable", name, err)
		}
		if took := time.Since(began); took > 2*time.Second {
			t.Errorf("%s took %v with the server stopped", name, took)
		}
	}
	if err := srv.Process.Signal(syscall.SIGCONT); err != nil {
		t.Fatal(err)
	}
	var tb Table
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if tb, err = r.Load(ctx, "c"); err == nil || time.Now().After(deadline) {
			break
		}
	}
	if err != nil {
		t.Fatalf("the store did not recover: %v", err)
	}
	// The Save tried while stopped may have reached the server before it stopped: either the
	// table is as before, or that write took effect — never anything else.
	if string(tb.Data) != "before" && string(tb.Data) != "x" {
		t.Fatalf("after the outage the table holds %q", tb.Data)
	}
}
