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

// luaHelpers are shared by the scripts that check the types of their keys.
const luaHelpers = `
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
