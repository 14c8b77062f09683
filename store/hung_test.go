package store

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"syscall"
	"testing"
	"time"
)

// privateRedis starts a redis-server of the test's own on a free port (never the shared one),
// stopped at the test's end. It fails in CI when redis-server is missing (scripts/test.sh
// installs it) and skips elsewhere.
func privateRedis(t *testing.T) (*exec.Cmd, string) {
	t.Helper()
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("redis-server is needed (scripts/test.sh installs it)")
		}
		t.Skip("no redis-server here")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	cmd := exec.Command(bin, "--port", fmt.Sprint(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", t.TempDir())
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGCONT)
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			return cmd, addr
		}
		if time.Now().After(deadline) {
			t.Fatal("redis-server did not come up")
		}
	}
}

// TestHungRedis: with the server stopped (SIGSTOP), every call fails with ErrUnavailable
// within its bound — even with a context that has no deadline — and once the server goes on
// (SIGCONT) the same store works again by itself, with nothing lost.
func TestHungRedis(t *testing.T) {
	srv, addr := privateRedis(t)
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
