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

// luaClaim: KEYS[1] the due sorted set (score: unix milliseconds); ARGV[1] now in unix
// milliseconds, ARGV[2] the limit. Removes and returns the due members, earliest first.
const luaClaim = `
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, ARGV[2])
for _, m in ipairs(due) do
	redis.call('ZREM', KEYS[1], m)
end
return due
`
