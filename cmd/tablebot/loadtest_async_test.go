package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/redis/go-redis/v9"

	"github.com/tablebot/tablebot/loadtest"
	"github.com/tablebot/tablebot/store/storetest"
)

// TestLoadtestAsync runs a small async load test — 50 tables, deadlines and reminders falling
// due for ten seconds — on the embedded store with one bot process, on Redis with two, and on
// a private three-master Redis Cluster with two, and checks what must hold whatever the machine: every deadline and reminder that fell due
// reached its channel, none was worked twice, each turn got exactly one reminder and one
// deadline board, and the JSON report has its figures.
func TestLoadtestAsync(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), asTablebot+"=1")
	for _, c := range []struct {
		name string
		args []string
	}{
		{"bolt", nil},
		{"redis-two-processes", []string{"--redis", redisURL(t), "--processes", "2"}},
		{"cluster-two-processes", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			var cluster []string
			if c.name == "cluster-two-processes" {
				cluster = storetest.ClusterAddrs(t)
				c.args = []string{"--redis-cluster", strings.Join(cluster, ","), "--processes", "2"}
			}
			var out, errs bytes.Buffer
			args := append([]string{"--async", "50", "--due-rate", "2", "--duration", "10s", "--latency", "10ms", "--live", "1", "--drain", "60s", "--json"}, c.args...)
			if err := loadtestWith(t.Context(), args, &out, &errs, self{path: exe, env: env}); err != nil {
				t.Fatalf("loadtest: %v\n%s\n%s", err, out.String(), errs.String())
			}
			t.Logf("%s", out.String())
			var rep loadtest.AsyncReport
			if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
				t.Fatalf("the report is not one JSON object: %v\n%s", err, out.String())
			}
			if rep.Tables != 50 || rep.Deadlines != 20 || rep.Reminders != 20 {
				t.Errorf("%d tables, %d deadlines and %d reminders due; want 50, 20 and 20", rep.Tables, rep.Deadlines, rep.Reminders)
			}
			if rep.WorkedTwice != 0 || rep.Lost != 0 || rep.RemindersPerTurnMax != 1 || rep.DeadlineBoardsPerTurnMax != 1 {
				t.Errorf("%d worked twice, %d lost, up to %d reminders and %d deadline boards per turn; want 0, 0, 1, 1",
					rep.WorkedTwice, rep.Lost, rep.RemindersPerTurnMax, rep.DeadlineBoardsPerTurnMax)
			}
			if rep.FireDelayMsMax <= 0 || rep.RSSMBMax <= 0 || rep.StoreBytesPerTable <= 0 || rep.Interactions == 0 {
				t.Errorf("figures missing: fire delay max %v ms, RSS %v MB, %v store bytes per table, %d interactions",
					rep.FireDelayMsMax, rep.RSSMBMax, rep.StoreBytesPerTable, rep.Interactions)
			}
			if cluster != nil {
				if n := clusterKeys(t, cluster); n > 0 {
					t.Errorf("%d load test keys left on the cluster's masters; want them deleted", n)
				}
			}
		})
	}
}

// redisURL is the test Redis as a URL for --redis.
func redisURL(t *testing.T) string {
	if u := os.Getenv("REDIS_URL"); u != "" {
		return u
	}
	o := storetest.RedisOptions(t)
	return "redis://" + o.Addr + "/0"
}

// clusterKeys counts the load tests' keys (under tablebot-loadtest:) on every master of the
// Redis Cluster with these seed nodes.
func clusterKeys(t *testing.T, addrs []string) int64 {
	c := redis.NewClusterClient(&redis.ClusterOptions{Addrs: addrs})
	defer c.Close()
	var n atomic.Int64
	err := c.ForEachMaster(t.Context(), func(ctx context.Context, m *redis.Client) error {
		iter := m.Scan(ctx, 0, "tablebot-loadtest:*", 1000).Iterator()
		for iter.Next(ctx) {
			n.Add(1)
		}
		return iter.Err()
	})
	if err != nil {
		t.Fatalf("count the cluster's keys: %v", err)
	}
	return n.Load()
}
