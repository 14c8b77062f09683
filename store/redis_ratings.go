package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/redis/go-redis/v9"
)

// luaFinish: KEYS finished, archive, order, recent, names, keys, players, board, solo, solo
// records, then per outcome its history, game-opponents and all-opponents keys. ARGV[1]
// GameID, [2] archive entry, [3] summary, [4] HistoryCap, [5] "finish" or "rerate", [6] the
// number of outcomes, [7] the solo user ("" for none), [8] −solo score, [9] solo record,
// [10] solo name, [11] RatingHistoryCap; then per outcome: user, before ("" for none), after,
// −ordinal, rating point, name, the number of opponents and the opponents. Returns 1 when
// applied, 0 when the game was finished before, -1 when a player's line is not Before.
const luaFinish = luaHelpers + `
want(KEYS[1], 'set') want(KEYS[2], 'hash') want(KEYS[3], 'zset') want(KEYS[4], 'list')
want(KEYS[5], 'hash') want(KEYS[6], 'set') want(KEYS[7], 'hash') want(KEYS[8], 'zset')
want(KEYS[9], 'zset') want(KEYS[10], 'hash')
local rerate = ARGV[5] == 'rerate'
if not rerate and redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 then
	return 0
end
local outs = {}
local i = 12
for k = 1, tonumber(ARGV[6]) do
	local o = {user = ARGV[i], before = ARGV[i + 1], after = ARGV[i + 2], neg = ARGV[i + 3],
		point = ARGV[i + 4], name = ARGV[i + 5], opps = {}}
	local m = tonumber(ARGV[i + 6])
	for j = 1, m do o.opps[j] = ARGV[i + 6 + j] end
	i = i + 7 + m
	o.h, o.go, o.ao = KEYS[8 + 3 * k], KEYS[9 + 3 * k], KEYS[10 + 3 * k]
	want(o.h, 'list') want(o.go, 'zset') want(o.ao, 'zset')
	local cur = redis.call('HGET', KEYS[7], o.user)
	if not rerate and (cur or '') ~= o.before then
		return -1
	end
	outs[k] = o
end
local solo = ARGV[7] ~= ''
local better = false
if solo then
	local cur = redis.call('ZSCORE', KEYS[9], ARGV[7])
	better = not cur or tonumber(ARGV[8]) < tonumber(cur)
end
if not rerate then
	redis.call('SADD', KEYS[1], ARGV[1])
	redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
	redis.call('ZADD', KEYS[3], redis.call('ZCARD', KEYS[3]) + 1, ARGV[1])
	redis.call('LPUSH', KEYS[4], ARGV[3])
	redis.call('LTRIM', KEYS[4], 0, tonumber(ARGV[4]) - 1)
end
redis.call('SADD', KEYS[6], KEYS[5], KEYS[7], KEYS[8], KEYS[9], KEYS[10])
for _, o in ipairs(outs) do
	redis.call('HSET', KEYS[7], o.user, o.after)
	redis.call('ZADD', KEYS[8], o.neg, o.user)
	redis.call('LPUSH', o.h, o.point)
	redis.call('LTRIM', o.h, 0, tonumber(ARGV[11]) - 1)
	for _, u in ipairs(o.opps) do
		redis.call('ZINCRBY', o.go, 1, u)
		redis.call('ZINCRBY', o.ao, 1, u)
	end
	redis.call('HSET', KEYS[5], o.user, o.name)
	redis.call('SADD', KEYS[6], o.h, o.go, o.ao)
end
if solo then
	redis.call('HSET', KEYS[5], ARGV[7], ARGV[10])
	if better then
		redis.call('ZADD', KEYS[9], ARGV[8], ARGV[7])
		redis.call('HSET', KEYS[10], ARGV[7], ARGV[9])
	end
end
return 1
`

// luaBoard: KEYS players, board; ARGV offset, limit. Returns the board's size, then user ID
// and line per player.
const luaBoard = luaHelpers + `
want(KEYS[1], 'hash') want(KEYS[2], 'zset')
local out = {redis.call('ZCARD', KEYS[2])}
local off = tonumber(ARGV[1])
for _, u in ipairs(redis.call('ZRANGE', KEYS[2], off, off + tonumber(ARGV[2]) - 1)) do
	out[#out + 1] = u
	out[#out + 1] = redis.call('HGET', KEYS[1], u) or ''
end
return out
`

// luaStanding: KEYS players, board; ARGV user. Returns the 0-based rank (-1: none) and line.
const luaStanding = luaHelpers + `
want(KEYS[1], 'hash') want(KEYS[2], 'zset')
local r = redis.call('ZRANK', KEYS[2], ARGV[1])
local v = redis.call('HGET', KEYS[1], ARGV[1])
if not r or not v then return {-1, ''} end
return {r, v}
`

// luaSolo: KEYS solo, solo records; ARGV limit. Returns the records, best first.
const luaSolo = luaHelpers + `
want(KEYS[1], 'zset') want(KEYS[2], 'hash')
local out = {}
for _, u in ipairs(redis.call('ZRANGE', KEYS[1], 0, tonumber(ARGV[1]) - 1)) do
	out[#out + 1] = redis.call('HGET', KEYS[2], u) or ''
end
return out
`

// luaStats: KEYS names, all-opponents, then per game players, board, history, game-opponents,
// solo records. ARGV user, RatingHistoryCap, OpponentsShown. Returns the name, the opponents
// (user, games, name each), then per game {line, rank, board size, history, opponents, solo}.
const luaStats = luaHelpers + `
want(KEYS[1], 'hash') want(KEYS[2], 'zset')
local user = ARGV[1]
local function opps(key)
	local r = {}
	local z = redis.call('ZREVRANGE', key, 0, tonumber(ARGV[3]) - 1, 'WITHSCORES')
	for j = 1, #z, 2 do
		r[#r + 1] = z[j]
		r[#r + 1] = z[j + 1]
		r[#r + 1] = redis.call('HGET', KEYS[1], z[j]) or ''
	end
	return r
end
local out = {redis.call('HGET', KEYS[1], user) or '', opps(KEYS[2])}
for k = 3, #KEYS, 5 do
	want(KEYS[k], 'hash') want(KEYS[k + 1], 'zset') want(KEYS[k + 2], 'list')
	want(KEYS[k + 3], 'zset') want(KEYS[k + 4], 'hash')
	out[#out + 1] = {redis.call('HGET', KEYS[k], user) or '', redis.call('ZRANK', KEYS[k + 1], user) or -1,
		redis.call('ZCARD', KEYS[k + 1]), redis.call('LRANGE', KEYS[k + 2], 0, tonumber(ARGV[2]) - 1),
		opps(KEYS[k + 3]), redis.call('HGET', KEYS[k + 4], user) or ''}
end
return out
`

// luaScan: KEYS order, archive; ARGV after, limit. Returns sequence number and entry per game.
const luaScan = luaHelpers + `
want(KEYS[1], 'zset') want(KEYS[2], 'hash')
local out = {}
local ids = redis.call('ZRANGEBYSCORE', KEYS[1], '(' .. ARGV[1], '+inf', 'WITHSCORES', 'LIMIT', 0, tonumber(ARGV[2]))
for j = 1, #ids, 2 do
	out[#out + 1] = ids[j + 1]
	out[#out + 1] = redis.call('HGET', KEYS[2], ids[j]) or ''
end
return out
`

func (r *Redis) gameKey(guild, game, name string) string {
	return r.guildKey(guild, "r:"+escapeKey(game)+":"+name)
}

func (r *Redis) soloKey(guild, game, name string) string {
	return r.guildKey(guild, "s:"+escapeKey(game)+name)
}

func (r *Redis) guildsKey() string { return r.prefix + ":{guilds}" }

// call runs fn with the store's timeout after checking that the store is open, wrapping its
// error with op.
func (r *Redis) call(ctx context.Context, op string, fn func(ctx context.Context) error) error {
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	if err := r.enter(ctx); err != nil {
		return r.fail(op, err)
	}
	if err := fn(ctx); err != nil {
		var known bool
		for _, e := range []error{ErrConflict, ErrCorrupt, ErrNotFound} {
			known = known || errors.Is(err, e)
		}
		if known {
			return fmt.Errorf("store: %s: %w", op, err)
		}
		return r.fail(op, err)
	}
	return nil
}

// Finish archives f and applies its ratings in one script in the guild's hash slot; see
// Store.Finish.
func (r *Redis) Finish(ctx context.Context, f Final) (bool, error) {
	var done bool
	err := r.call(ctx, "finish "+strconv.Quote(f.GameID), func(ctx context.Context) error {
		if err := checkFinal(f); err != nil {
			return err
		}
		// Listed first, so that a guild with an archived game is always listed.
		if err := r.client.SAdd(ctx, r.guildsKey(), f.Guild).Err(); err != nil {
			return err
		}
		n, err := r.runFinish(ctx, f, "finish")
		done = n == 1
		if err == nil && n == -1 {
			return ErrConflict
		}
		return err
	})
	return done, err
}

// Rerate applies f's ratings without the compare-and-set and the archive; see Store.Rerate.
func (r *Redis) Rerate(ctx context.Context, f Final) error {
	return r.call(ctx, "rerate "+strconv.Quote(f.GameID), func(ctx context.Context) error {
		if err := checkFinal(f); err != nil {
			return err
		}
		_, err := r.runFinish(ctx, f, "rerate")
		return err
	})
}

func (r *Redis) runFinish(ctx context.Context, f Final, mode string) (int64, error) {
	entry, err := encodeArchived(f)
	if err != nil {
		return 0, err
	}
	keys := []string{r.guildKey(f.Guild, "finished"), r.guildKey(f.Guild, "archive"), r.guildKey(f.Guild, "order"),
		r.guildKey(f.Guild, "recent"), r.guildKey(f.Guild, "names"), r.guildKey(f.Guild, "keys"),
		r.gameKey(f.Guild, f.Game, "p"), r.gameKey(f.Guild, f.Game, "board"),
		r.soloKey(f.Guild, f.Game, ""), r.soloKey(f.Guild, f.Game, ":rec")}
	args := []any{f.GameID, entry, summaryOf(f), HistoryCap, mode, len(f.Outcomes), "", "", "", "", RatingHistoryCap}
	if f.Solo != nil {
		args[6], args[7], args[8], args[9] = f.Solo.UserID, strconv.Itoa(-f.Solo.Score), soloRecordOf(f), f.Solo.Name
	}
	for _, o := range f.Outcomes {
		u := escapeKey(o.UserID)
		keys = append(keys, r.gameKey(f.Guild, f.Game, "h:"+u), r.gameKey(f.Guild, f.Game, "o:"+u), r.guildKey(f.Guild, "o:"+u))
		args = append(args, o.UserID, o.Before.encode(), o.After.encode(), negOrdinal(o.After), point(f, o), o.After.Name, len(o.Opponents))
		for _, u := range o.Opponents {
			args = append(args, u)
		}
	}
	return r.finish.Run(ctx, r.client, keys, args...).Int64()
}

// Ratings returns the stored lines of users with one HMGET; see Store.Ratings.
func (r *Redis) Ratings(ctx context.Context, guild, game string, users []string) (map[string]PlayerRating, error) {
	out := make(map[string]PlayerRating)
	err := r.call(ctx, fmt.Sprintf("ratings %q %q", guild, game), func(ctx context.Context) error {
		if len(users) == 0 {
			return nil
		}
		vals, err := r.client.HMGet(ctx, r.gameKey(guild, game, "p"), users...).Result()
		if err != nil {
			return err
		}
		for i, v := range vals {
			s, ok := v.(string)
			if !ok {
				continue
			}
			p, err := decodePlayerRating(s)
			if err != nil {
				return err
			}
			out[users[i]] = p
		}
		return nil
	})
	return out, err
}

// Leaderboard returns a page of the board with one script; see Store.Leaderboard.
func (r *Redis) Leaderboard(ctx context.Context, guild, game string, offset, limit int) (Board, error) {
	var b Board
	err := r.call(ctx, fmt.Sprintf("leaderboard %q %q", guild, game), func(ctx context.Context) error {
		offset, limit = max(offset, 0), min(limit, MaxPage)
		if limit <= 0 {
			n, err := r.client.ZCard(ctx, r.gameKey(guild, game, "board")).Result()
			b.Total = int(n)
			return err
		}
		vals, err := r.board.Run(ctx, r.client, []string{r.gameKey(guild, game, "p"), r.gameKey(guild, game, "board")}, offset, limit).Slice()
		if err != nil {
			return err
		}
		total, ok := vals[0].(int64)
		if !ok {
			return fmt.Errorf("%w: board size %v", ErrCorrupt, vals[0])
		}
		b.Total = int(total)
		for i := 1; i+1 < len(vals); i += 2 {
			user, _ := vals[i].(string)
			v, _ := vals[i+1].(string)
			p, err := decodePlayerRating(v)
			if err != nil {
				return fmt.Errorf("player %q: %w", user, err)
			}
			b.Standings = append(b.Standings, Standing{Rank: offset + len(b.Standings) + 1, UserID: user, PlayerRating: p})
		}
		return nil
	})
	return b, err
}

// Standing returns user's line and place with one script; see Store.Standing.
func (r *Redis) Standing(ctx context.Context, guild, game, user string) (Standing, bool, error) {
	var s Standing
	var ok bool
	err := r.call(ctx, fmt.Sprintf("standing %q %q %q", guild, game, user), func(ctx context.Context) error {
		vals, err := r.standing.Run(ctx, r.client, []string{r.gameKey(guild, game, "p"), r.gameKey(guild, game, "board")}, user).Slice()
		if err != nil {
			return err
		}
		rank, _ := vals[0].(int64)
		if rank < 0 {
			return nil
		}
		p, err := decodePlayerRating(vals[1].(string))
		if err != nil {
			return err
		}
		s, ok = Standing{Rank: int(rank) + 1, UserID: user, PlayerRating: p}, true
		return nil
	})
	return s, ok, err
}

// SoloRecords returns the best solo scores with one script; see Store.SoloRecords.
func (r *Redis) SoloRecords(ctx context.Context, guild, game string, limit int) ([]SoloRecord, error) {
	var out []SoloRecord
	err := r.call(ctx, fmt.Sprintf("solo records %q %q", guild, game), func(ctx context.Context) error {
		limit = min(limit, MaxPage)
		if limit <= 0 {
			return nil
		}
		vals, err := r.solo.Run(ctx, r.client, []string{r.soloKey(guild, game, ""), r.soloKey(guild, game, ":rec")}, limit).StringSlice()
		if err != nil {
			return err
		}
		for _, v := range vals {
			rec, err := decodeSolo(v)
			if err != nil {
				return err
			}
			out = append(out, rec)
		}
		return nil
	})
	return out, err
}

// decodeSolo decodes a stored SoloRecord.
func decodeSolo(v string) (SoloRecord, error) { return decodeJSON[SoloRecord]("solo record", v) }

// decodePoint decodes a stored RatingPoint.
func decodePoint(v string) (RatingPoint, error) { return decodeJSON[RatingPoint]("rating point", v) }

// parseOpponents reads luaStats's opponents: user, games, name each.
func parseOpponents(v any) ([]Opponent, error) {
	list, _ := v.([]any)
	var out []Opponent
	for i := 0; i+2 < len(list); i += 3 {
		user, _ := list[i].(string)
		n, err := strconv.ParseFloat(fmt.Sprint(list[i+1]), 64)
		if err != nil {
			return nil, fmt.Errorf("%w: opponent count %v", ErrCorrupt, list[i+1])
		}
		name, _ := list[i+2].(string)
		out = append(out, Opponent{UserID: user, Name: name, Games: int(n)})
	}
	return out, nil
}

// PlayerStats returns user's record with one script; see Store.PlayerStats.
func (r *Redis) PlayerStats(ctx context.Context, guild, user string, games []string) (PlayerStats, error) {
	ps := PlayerStats{UserID: user}
	err := r.call(ctx, fmt.Sprintf("stats %q %q", guild, user), func(ctx context.Context) error {
		u := escapeKey(user)
		keys := []string{r.guildKey(guild, "names"), r.guildKey(guild, "o:"+u)}
		for _, g := range games {
			keys = append(keys, r.gameKey(guild, g, "p"), r.gameKey(guild, g, "board"), r.gameKey(guild, g, "h:"+u),
				r.gameKey(guild, g, "o:"+u), r.soloKey(guild, g, ":rec"))
		}
		vals, err := r.stats.Run(ctx, r.client, keys, user, RatingHistoryCap, OpponentsShown).Slice()
		if err != nil {
			return err
		}
		if len(vals) != 2+len(games) {
			return fmt.Errorf("%w: stats of %d parts", ErrCorrupt, len(vals))
		}
		ps.Name, _ = vals[0].(string)
		if ps.Opponents, err = parseOpponents(vals[1]); err != nil {
			return err
		}
		for i, g := range games {
			part, _ := vals[2+i].([]any)
			if len(part) != 6 {
				return fmt.Errorf("%w: stats of game %q", ErrCorrupt, g)
			}
			gs := GameStats{Game: g}
			line, _ := part[0].(string)
			rank, _ := part[1].(int64)
			total, _ := part[2].(int64)
			gs.Total = int(total)
			if line != "" && rank >= 0 {
				p, err := decodePlayerRating(line)
				if err != nil {
					return err
				}
				gs.Standing = Standing{Rank: int(rank) + 1, UserID: user, PlayerRating: p}
			}
			hist, _ := part[3].([]any)
			for _, h := range slices.Backward(hist) {
				s, _ := h.(string)
				pt, err := decodePoint(s)
				if err != nil {
					return err
				}
				gs.History = append(gs.History, pt)
			}
			if gs.Opponents, err = parseOpponents(part[4]); err != nil {
				return err
			}
			if s, _ := part[5].(string); s != "" {
				rec, err := decodeSolo(s)
				if err != nil {
					return err
				}
				gs.Solo = &rec
			}
			if gs.Standing.Rank > 0 || gs.Solo != nil {
				ps.Games = append(ps.Games, gs)
			}
		}
		return nil
	})
	return ps, err
}

// ArchivedGame reads one archive entry with HGET; see Store.ArchivedGame.
func (r *Redis) ArchivedGame(ctx context.Context, guild, gameID string) (Archived, error) {
	var a Archived
	err := r.call(ctx, fmt.Sprintf("archived game %q %q", guild, gameID), func(ctx context.Context) error {
		v, err := r.client.HGet(ctx, r.guildKey(guild, "archive"), gameID).Result()
		if errors.Is(err, redis.Nil) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		a, err = decodeArchived([]byte(v))
		return err
	})
	return a, err
}

// History reads the recent-games list with LRANGE; see Store.History.
func (r *Redis) History(ctx context.Context, guild string, limit int) ([]GameSummary, error) {
	var out []GameSummary
	err := r.call(ctx, "history "+strconv.Quote(guild), func(ctx context.Context) error {
		limit = min(limit, MaxPage)
		if limit <= 0 {
			return nil
		}
		vals, err := r.client.LRange(ctx, r.guildKey(guild, "recent"), 0, int64(limit)-1).Result()
		if err != nil {
			return err
		}
		for _, v := range vals {
			g, err := decodeJSON[GameSummary]("recent game", v)
			if err != nil {
				return err
			}
			out = append(out, g)
		}
		return nil
	})
	return out, err
}

// ArchiveScan reads a page of the archive in order with one script; see Store.ArchiveScan.
func (r *Redis) ArchiveScan(ctx context.Context, guild string, after ArchiveCursor, limit int) ([]Archived, ArchiveCursor, error) {
	var out []Archived
	next := after
	err := r.call(ctx, "archive scan "+strconv.Quote(guild), func(ctx context.Context) error {
		limit = min(limit, MaxPage)
		if limit <= 0 {
			return nil
		}
		vals, err := r.scan.Run(ctx, r.client, []string{r.guildKey(guild, "order"), r.guildKey(guild, "archive")}, uint64(after), limit).StringSlice()
		if err != nil {
			return err
		}
		for i := 0; i+1 < len(vals); i += 2 {
			seq, err := strconv.ParseUint(vals[i], 10, 64)
			if err != nil {
				return fmt.Errorf("%w: archive order %q", ErrCorrupt, vals[i])
			}
			a, err := decodeArchived([]byte(vals[i+1]))
			if err != nil {
				return err
			}
			out, next = append(out, a), ArchiveCursor(seq)
		}
		return nil
	})
	return out, next, err
}

// Guilds lists the guilds with SMEMBERS; see Store.Guilds.
func (r *Redis) Guilds(ctx context.Context) ([]string, error) {
	var out []string
	err := r.call(ctx, "guilds", func(ctx context.Context) error {
		var err error
		out, err = r.client.SMembers(ctx, r.guildsKey()).Result()
		return err
	})
	return out, err
}

// ClearRatings deletes the guild's rating keys (listed in its keys set); see
// Store.ClearRatings. It is not atomic: run the rebuild while no game finishes in the guild.
func (r *Redis) ClearRatings(ctx context.Context, guild string) error {
	return r.call(ctx, "clear ratings "+strconv.Quote(guild), func(ctx context.Context) error {
		reg := r.guildKey(guild, "keys")
		keys, err := r.client.SMembers(ctx, reg).Result()
		if err != nil {
			return err
		}
		for chunk := range slices.Chunk(append(keys, reg), 200) {
			if err := r.client.Del(ctx, chunk...).Err(); err != nil {
				return err
			}
		}
		return nil
	})
}
