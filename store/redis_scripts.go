package store

// The Lua scripts Redis runs. Each touches the keys of one hash slot only (all KEYS share a
// hash tag), so they run unchanged on Redis Cluster. A script reports unreadable data with an
// error reply starting "CORRUPT", and checks everything before its first write, because Redis
// does not roll a script back when it fails half-way.

// luaSave: KEYS[1] the table hash {rev, data}; ARGV[1] the expected revision in decimal ("0":
// the key must not exist), ARGV[2] the data. Returns the new revision, or -1 on conflict.
const luaSave = `
local t = redis.call('TYPE', KEYS[1])['ok']
local cur = '0'
if t == 'hash' then
	cur = redis.call('HGET', KEYS[1], 'rev')
	if not cur or not string.match(cur, '^[1-9]%d*$') or #cur > 18 then
		return redis.error_reply('CORRUPT table revision field missing or garbled')
	end
elseif t ~= 'none' then
	return redis.error_reply('CORRUPT table key holds a ' .. t)
end
if cur ~= ARGV[1] then
	return -1
end
if cur == '0' then
	redis.call('HSET', KEYS[1], 'rev', '1', 'data', ARGV[2])
	return 1
end
redis.call('HSET', KEYS[1], 'data', ARGV[2])
return redis.call('HINCRBY', KEYS[1], 'rev', 1)
`

// luaRankMember is shared by luaFinish and luaBoard: a player's member in the ranking sorted
// set. All members score 0, so the set orders them by their bytes, and the member is built so
// that byte order is the leaderboard's order: 16 digits of (2^53-1 - wins), 16 digits of
// (2^52 - best), 16 digits of played, each followed by ':', then the user ID.
const luaRankMember = `
local function rankmember(w, b, p, user)
	return string.format('%016.0f:%016.0f:%016.0f:', 9007199254740991 - w, 4503599627370496 - b, p) .. user
end
local function corrupt(msg)
	error({err = 'CORRUPT ' .. msg})
end
local function want(key, typ)
	local t = redis.call('TYPE', key)['ok']
	if t ~= 'none' and t ~= typ then
		corrupt(key .. ' holds a ' .. t .. ', not a ' .. typ)
	end
end
local function int(v, what)
	if not v or not string.match(v, '^%-?%d+$') or #v > 17 then
		corrupt(what .. ' is not an integer')
	end
	return tonumber(v)
end
`

// luaFinish: KEYS finished set, history list, rank zset, then the wins, played, best and name
// hashes (user ID → value). ARGV[1] GameID, ARGV[2] the archive entry, ARGV[3] the history
// cap, then four per outcome: user ID, name, "1" if won else "0", score. Returns 1 if the
// game was counted, 0 if it had been already.
const luaFinish = luaRankMember + `
want(KEYS[1], 'set')
want(KEYS[2], 'list')
want(KEYS[3], 'zset')
for i = 4, 7 do want(KEYS[i], 'hash') end
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 then
	return 0
end
local stats, order = {}, {}
for i = 4, #ARGV, 4 do
	local user = ARGV[i]
	local s = stats[user]
	if not s then
		local w = redis.call('HGET', KEYS[4], user)
		local p = redis.call('HGET', KEYS[5], user)
		local b = redis.call('HGET', KEYS[6], user)
		if not p then
			if w or b then corrupt('player ' .. user .. ' has no games played') end
			s = {w = 0, p = 0}
		else
			s = {w = int(w, 'wins'), p = int(p, 'played'), b = int(b, 'best'), bs = b}
			s.old = rankmember(s.w, s.b, s.p, user)
		end
		stats[user] = s
		order[#order + 1] = user
	end
	s.p = s.p + 1
	if ARGV[i + 2] == '1' then s.w = s.w + 1 end
	local score = tonumber(ARGV[i + 3])
	if not s.b or score > s.b then
		s.b, s.bs = score, ARGV[i + 3]
	end
	s.name = ARGV[i + 1]
end
redis.call('SADD', KEYS[1], ARGV[1])
redis.call('LPUSH', KEYS[2], ARGV[2])
redis.call('LTRIM', KEYS[2], 0, tonumber(ARGV[3]) - 1)
for _, user in ipairs(order) do
	local s = stats[user]
	if s.old then redis.call('ZREM', KEYS[3], s.old) end
	redis.call('ZADD', KEYS[3], 0, rankmember(s.w, s.b, s.p, user))
	redis.call('HSET', KEYS[4], user, string.format('%.0f', s.w))
	redis.call('HSET', KEYS[5], user, string.format('%.0f', s.p))
	redis.call('HSET', KEYS[6], user, s.bs)
	redis.call('HSET', KEYS[7], user, s.name)
end
return 1
`

// luaBoard: KEYS as luaFinish's KEYS[3..7]; ARGV[1] the limit. Returns five strings per
// player, best first: rank member, wins, played, best, name (false where a hash has no entry).
const luaBoard = luaRankMember + `
want(KEYS[1], 'zset')
for i = 2, 5 do want(KEYS[i], 'hash') end
local out = {}
for _, m in ipairs(redis.call('ZRANGE', KEYS[1], 0, tonumber(ARGV[1]) - 1)) do
	local user = string.sub(m, 52)
	out[#out + 1] = m
	for i = 2, 5 do
		out[#out + 1] = redis.call('HGET', KEYS[i], user)
	end
end
return out
`

// luaClaim: KEYS[1] the due sorted set (score: unix milliseconds); ARGV[1] now in unix
// milliseconds, ARGV[2] the limit. Removes and returns the due members, earliest first.
const luaClaim = `
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, ARGV[2])
for _, m in ipairs(due) do
	redis.call('ZREM', KEYS[1], m)
end
return due
`
