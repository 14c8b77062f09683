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

// luaClaim: KEYS[1] the due sorted set (score: unix milliseconds), KEYS[2] the lease sorted
// set (score: the lease's end in unix milliseconds), KEYS[3] the lease tokens (hash key →
// token), KEYS[4] the token counter; ARGV[1] now in unix milliseconds, ARGV[2] the limit,
// ARGV[3] the lease in milliseconds. Keys whose lease ran out go back to the due set (at the
// earlier of the lease's end and their deadline); then the due members without a lease,
// earliest first, move to the lease set under a new token. Returns member, token, member,
// token, ….
const luaClaim = `
for i = 1, 2 do
	local t = redis.call('TYPE', KEYS[i])['ok']
	if t ~= 'none' and t ~= 'zset' then return redis.error_reply('CORRUPT ' .. KEYS[i] .. ' holds a ' .. t) end
end
local t = redis.call('TYPE', KEYS[3])['ok']
if t ~= 'none' and t ~= 'hash' then return redis.error_reply('CORRUPT ' .. KEYS[3] .. ' holds a ' .. t) end
local now, limit = tonumber(ARGV[1]), tonumber(ARGV[2])
local expired = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now, 'WITHSCORES')
for i = 1, #expired, 2 do
	local m, ends = expired[i], tonumber(expired[i + 1])
	local at = redis.call('ZSCORE', KEYS[1], m)
	if not at or ends < tonumber(at) then
		redis.call('ZADD', KEYS[1], ends, m)
	end
	redis.call('ZREM', KEYS[2], m)
	redis.call('HDEL', KEYS[3], m)
end
local due, offset = {}, 0
while #due < limit do
	local batch = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'LIMIT', offset, limit)
	if #batch == 0 then break end
	for _, m in ipairs(batch) do
		if #due < limit and not redis.call('ZSCORE', KEYS[2], m) then
			due[#due + 1] = m
		end
	end
	offset = offset + #batch
end
local out, ends = {}, now + tonumber(ARGV[3])
for _, m in ipairs(due) do
	local tok = tostring(redis.call('INCR', KEYS[4]))
	redis.call('ZREM', KEYS[1], m)
	redis.call('ZADD', KEYS[2], ends, m)
	redis.call('HSET', KEYS[3], m, tok)
	out[#out + 1] = m
	out[#out + 1] = tok
end
return out
`

// luaLease: KEYS[1] the due set, KEYS[2] the lease set, KEYS[3] the lease tokens (as
// luaClaim's); ARGV[1] the member, ARGV[2] its claim's token, ARGV[3] the operation: "renew"
// (the lease ends at ARGV[4], unix milliseconds), "ack" (the lease ends now) or "release"
// (the lease ends now and the member is due at ARGV[4], unless due earlier). Returns 1, or 0
// when the token is not the member's lease's (nothing changed).
const luaLease = `
local t = redis.call('TYPE', KEYS[1])['ok']
if t ~= 'none' and t ~= 'zset' then return redis.error_reply('CORRUPT ' .. KEYS[1] .. ' holds a ' .. t) end
if redis.call('HGET', KEYS[3], ARGV[1]) ~= ARGV[2] then
	return 0
end
if ARGV[3] == 'renew' then
	redis.call('ZADD', KEYS[2], ARGV[4], ARGV[1])
	return 1
end
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('HDEL', KEYS[3], ARGV[1])
if ARGV[3] == 'release' then
	local at = redis.call('ZSCORE', KEYS[1], ARGV[1])
	if not at or tonumber(ARGV[4]) < tonumber(at) then
		redis.call('ZADD', KEYS[1], ARGV[4], ARGV[1])
	end
end
return 1
`
