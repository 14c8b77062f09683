package fakediscord

import (
	"context"
	"errors"
	"fmt"
)

// ErrNotConnected is returned by Dispatch when no gateway session is ready.
var ErrNotConnected = errors.New("fakediscord: no gateway session connected")

// Dispatch sends an op 0 dispatch named event (e.g. "INTERACTION_CREATE")
// with data to every connected session, each with its next sequence number.
// data may be json.RawMessage or []byte (sent as is) or any value
// json.Marshal accepts. It returns ErrNotConnected when no session is ready.
func (s *Server) Dispatch(ctx context.Context, event string, data any) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("fakediscord: dispatch %s: %w", event, err)
	}
	g := &s.gw
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closed {
		return ErrClosed
	}
	var errs []error
	sent := 0
	for _, sess := range g.sessions {
		if sess.conn == nil {
			continue
		}
		sent++
		if err := g.dispatchLocked(sess, event, data); err != nil {
			errs = append(errs, err)
		}
	}
	if sent == 0 {
		return fmt.Errorf("fakediscord: dispatch %s: %w", event, ErrNotConnected)
	}
	return errors.Join(errs...)
}

// RequestReconnect sends op 7 RECONNECT to every connection, asking the bot
// to reconnect and RESUME.
func (s *Server) RequestReconnect(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("fakediscord: reconnect: %w", err)
	}
	g := &s.gw
	g.mu.Lock()
	defer g.mu.Unlock()
	var errs []error
	for c := range g.conns {
		if err := g.writeLocked(c, map[string]any{"op": opReconnect, "d": nil, "s": nil, "t": nil}); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// WaitConnected waits until a gateway session is ready: the bot identified
// (or resumed) and got READY (or RESUMED).
func (s *Server) WaitConnected(ctx context.Context) error {
	g := &s.gw
	return g.wait(ctx, &g.mu, "wait for gateway session", func() bool {
		for _, sess := range g.sessions {
			if sess.conn != nil {
				return true
			}
		}
		return false
	})
}

// GatewayFrames returns every payload the bot sent over the gateway, oldest
// first: heartbeats, IDENTIFY, RESUME, presence updates...
func (s *Server) GatewayFrames() []GatewayFrame {
	g := &s.gw
	g.mu.Lock()
	defer g.mu.Unlock()
	return cloneEach(g.frames, GatewayFrame.clone)
}

// Identifies returns the IDENTIFY payloads received, oldest first.
func (s *Server) Identifies() []Identify {
	g := &s.gw
	g.mu.Lock()
	defer g.mu.Unlock()
	return cloneEach(g.identifies, Identify.clone)
}
