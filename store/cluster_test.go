package store

import (
	"context"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/tablebot/tablebot/store/internal/rediscluster"
	"github.com/tablebot/tablebot/store/internal/redistest"
)

// openCluster connects to a private three-master Redis Cluster under a fresh prefix.
func openCluster(t *testing.T, addrs []string) *Redis {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	r, err := NewRedis(ctx, RedisOptions{Cluster: true, Addrs: addrs, Prefix: redistest.Prefix(t, "tbtest")})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = r.Close() })
	return r
}

// TestRedisCluster runs the store's contract suite and its model-based simulation against a
// real three-master Redis Cluster: every script and call must stay within one hash slot
// (Redis refuses a script whose keys span slots with CROSSSLOT), and the keys of different
// channels and guilds must spread over the masters.
func TestRedisCluster(t *testing.T) {
	addrs := rediscluster.Start(t, 3)
	t.Run("contract", func(t *testing.T) {
		runContract(t, func(t *testing.T) Store { return openCluster(t, addrs) })
	})
	t.Run("simulation", func(t *testing.T) {
		runSimulation(t, func(t *testing.T) Store { return openCluster(t, addrs) })
	})
	t.Run("slots", func(t *testing.T) {
		r := openCluster(t, addrs)
		ctx := t.Context()
		slot := func(key string) int64 {
			n, err := r.client.ClusterKeySlot(ctx, key).Result()
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		// One guild's keys share a slot, so Finish and Leaderboard run as one script each.
		keys := []string{r.guildKey("g1", "finished"), r.guildKey("g1", "archive"), r.gameKey("g1", "fits", "board"),
			r.gameKey("g1", "fits", "h:u1"), r.guildKey("g1", "o:u1"), r.soloKey("g1", "fits", ":rec")}
		for _, k := range keys[1:] {
			if slot(k) != slot(keys[0]) {
				t.Errorf("%s is in slot %d, %s in %d", k, slot(k), keys[0], slot(keys[0]))
			}
		}
		// Many channels' tables land on every master.
		nodes := map[string]bool{}
		cc := r.client.(*redis.ClusterClient)
		for i := range 60 {
			key := r.tableKey("channel-" + string(rune('a'+i%26)) + string(rune('a'+i/26)))
			node, err := cc.MasterForKey(ctx, key)
			if err != nil {
				t.Fatal(err)
			}
			nodes[node.Options().Addr] = true
		}
		if len(nodes) != len(addrs) {
			t.Errorf("60 channels' tables landed on %d of %d masters", len(nodes), len(addrs))
		}
	})
}
