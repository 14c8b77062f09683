package store

import (
	"context"
	"fmt"
	"strconv"

	"github.com/redis/go-redis/v9"
)

// LoadMany returns the tables of channels read with one pipeline of HMGETs (see Batch): one
// round trip to a single server; a Redis Cluster client sends the pipeline's reads to each
// master node holding some of them, in parallel (every table is in a slot of its own).
func (r *Redis) LoadMany(ctx context.Context, channels []string) (map[string]Table, error) {
	if err := checkBatch(channels); err != nil {
		return nil, err
	}
	var out map[string]Table
	err := r.call(ctx, fmt.Sprintf("load %d tables", len(channels)), func(ctx context.Context) error {
		cmds, err := r.readTables(ctx, channels)
		if err != nil {
			return err
		}
		out, err = tablesOf(channels, func(i int) (Table, bool, error) { return tableOf(cmds[i].Val()) })
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// readTables sends the HMGETs of channels' tables in one pipeline (none for no channels).
func (r *Redis) readTables(ctx context.Context, channels []string) ([]*redis.SliceCmd, error) {
	cmds := make([]*redis.SliceCmd, len(channels))
	if len(channels) == 0 {
		return cmds, nil
	}
	_, err := r.client.Pipelined(ctx, func(p redis.Pipeliner) error {
		for i, ch := range channels {
			cmds[i] = p.HMGet(ctx, r.tableKey(ch), "rev", "data")
		}
		return nil
	})
	return cmds, err
}

// tableOf reads a table from the values of HMGET rev data: false when it has neither.
func tableOf(vals []any) (Table, bool, error) {
	if len(vals) != 2 || (vals[0] == nil && vals[1] == nil) {
		return Table{}, false, nil
	}
	revStr, ok1 := vals[0].(string)
	data, ok2 := vals[1].(string)
	rev, err := strconv.ParseUint(revStr, 10, 64)
	if !ok1 || !ok2 || err != nil || rev == 0 {
		return Table{}, false, fmt.Errorf("%w: revision %q, data present %v", ErrCorrupt, revStr, ok2)
	}
	return Table{Data: []byte(data), Revision: Revision(rev)}, true, nil
}
