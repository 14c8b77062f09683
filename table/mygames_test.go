package table

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tablebot/tablebot/store"
	"github.com/tablebot/tablebot/store/storetest"
)

// countingStore counts the reads a store serves: each Load or LoadMany is one round trip.
type countingStore struct {
	store.Store
	loads, batches atomic.Int64
}

func (c *countingStore) Load(ctx context.Context, channel string) (store.Table, error) {
	c.loads.Add(1)
	return c.Store.Load(ctx, channel)
}

func (c *countingStore) LoadMany(ctx context.Context, channels []string) (map[string]store.Table, error) {
	c.batches.Add(1)
	return c.Store.LoadMany(ctx, channels)
}

// TestMyGamesRoundTrips seats Ben at 100 open tables on the real Redis and checks
// that /games's listing reads them in two store round trips — his index, then every table at
// once — and lists every one.
func TestMyGamesRoundTrips(t *testing.T) {
	ctx := t.Context()
	st := &countingStore{Store: storetest.OpenRedis(t)}
	s := newService(t, st, newClock())
	for i := range 100 {
		adaAndBen(t, s, fmt.Sprintf("c%d", i), Pace{Per: time.Hour})
	}
	st.loads.Store(0)
	list, err := s.MyGames(ctx, guild, ben)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 100 {
		t.Errorf("Ben's games: %d listed, want 100", len(list))
	}
	if loads, batches := st.loads.Load(), st.batches.Load(); loads != 1 || batches != 1 {
		t.Errorf("listing 100 games read the store %d times one by one and %d in batches; want his index, then one batch", loads, batches)
	}
}

// adaAndBen starts a game of Ingenious for Ada and Ben in ch at pace.
func adaAndBen(t *testing.T, s *Service, ch string, pace Pace) {
	t.Helper()
	ctx := t.Context()
	c := Click{Guild: guild, Channel: ch, User: ada, Name: "Ada"}
	lobby, err := s.Open(ctx, c, "ingenious", nil, pace, "en")
	if err != nil {
		t.Fatal(err)
	}
	j := Click{Guild: guild, Channel: ch, User: ben, Name: "Ben", Game: "ingenious", Rev: lobby.Rev()}
	if lobby, err = s.Join(ctx, j); err != nil {
		t.Fatal(err)
	}
	c.Game, c.Rev = "ingenious", lobby.Rev()
	if _, err := s.Start(ctx, c); err != nil {
		t.Fatal(err)
	}
}
