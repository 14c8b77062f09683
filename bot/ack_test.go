package bot

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablebot/tablebot/bot/fakediscord"
	"github.com/tablebot/tablebot/store"
)

// switchStore holds every read, while held, until released, and counts the reads waiting.
type switchStore struct {
	store.Store
	mu      sync.Mutex
	held    chan struct{} // nil when reads go through
	waiting int
}

func (s *switchStore) hold() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.held = make(chan struct{})
}

// release lets the reads held go on; it may be called again.
func (s *switchStore) release() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.held != nil {
		close(s.held)
		s.held = nil
	}
}

func (s *switchStore) blocked() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.waiting
}

func (s *switchStore) Load(ctx context.Context, channel string) (store.Table, error) {
	s.mu.Lock()
	held := s.held
	if held != nil {
		s.waiting++
	}
	s.mu.Unlock()
	if held != nil {
		defer func() {
			s.mu.Lock()
			s.waiting--
			s.mu.Unlock()
		}()
		select {
		case <-held:
		case <-ctx.Done():
			return store.Table{}, ctx.Err()
		}
	}
	return s.Store.Load(ctx, channel)
}

// firstResponseType is the type of the first response in the body of the endpoint's answer.
func firstResponseType(t *testing.T, body []byte) int {
	t.Helper()
	var first struct {
		Type int `json:"type"`
	}
	if err := json.Unmarshal(body, &first); err != nil {
		t.Fatalf("first response %s: %v", body, err)
	}
	return first.Type
}

// TestClickAcknowledgedBeforeStorage holds what the README's "How a click flows" says: a click
// on a deferred route (Join) is acknowledged while its handler already waits for the store —
// the deferral comes before any store read — and an inline route (a page of the rules menu)
// answers by itself, the store still held. The answers follow once the store does.
func TestClickAcknowledgedBeforeStorage(t *testing.T) {
	t.Parallel()
	s := &switchStore{Store: openBolt(t)}
	h := newHarness(t, s)
	in := h.addBot("http")
	lobby := h.openLobby(in)
	rules := h.command(in, ben, "rules", fakediscord.StringOption("game", "shelfie"))

	s.hold()
	t.Cleanup(s.release) // a failure must not leave handlers waiting for the store
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	join := h.fake.Click(actor(ben).On(lobby), mustFind(t, lobby, verbJoin, "").CustomID)
	reply, err := h.fake.PostInteraction(ctx, in.endpoint, join)
	if err != nil || reply.Status != http.StatusOK {
		t.Fatalf("the endpoint did not answer Join while the store was held: %v %+v", err, reply)
	}
	if typ := firstResponseType(t, reply.Body); typ != 6 {
		t.Fatalf("Join's first response %s, want type 6 (deferred update)", reply.Body)
	}
	waitFor(t, func() bool { return s.blocked() > 0 }) // the handler runs, and waits for the store

	page := h.fake.Select(actor(ben).On(rules), mustFind(t, rules, verbRules, "").CustomID, "3")
	reply, err = h.fake.PostInteraction(ctx, in.endpoint, page)
	if err != nil || reply.Status != http.StatusOK {
		t.Fatalf("the endpoint did not answer the rules menu while the store was held: %v %+v", err, reply)
	}
	if typ := firstResponseType(t, reply.Body); typ != 7 || !strings.Contains(string(reply.Body), "Kompletářka") {
		t.Fatalf("the rules page's first response %s, want type 7 (update) with card 3", reply.Body)
	}

	s.release()
	if err := h.waitHandled(join.ID); err != nil {
		t.Fatal(err)
	}
	if m := h.seen(join); !strings.Contains(m.Content, "2. <@"+ben.ID+">") {
		t.Fatalf("the lobby after Join: %q", m.Content)
	}
}
