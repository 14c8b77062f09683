#!/usr/bin/env bash
# Runs every test of tablebot. Tests that need Redis use $REDIS_URL or 127.0.0.1:6379; when
# nothing answers there this script starts a throw-away redis-server (installing Debian's
# package first if it is missing and we are root); the browser test needs Chromium, installed
# the same way. Extra arguments go to `go test`.
set -euo pipefail
cd "$(dirname "$0")/.."

redis_up() { (exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null; }

if [ -z "${REDIS_URL:-}" ] && ! redis_up; then
  if ! command -v redis-server >/dev/null; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
      echo "test.sh: installing redis-server" >&2
      apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
    else
      echo "test.sh: no Redis on 127.0.0.1:6379 and no redis-server to start; install Redis or set REDIS_URL" >&2
      exit 1
    fi
  fi
  echo "test.sh: starting redis-server on 127.0.0.1:6379" >&2
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no \
    --logfile /tmp/tablebot-test-redis.log >/dev/null
  for _ in $(seq 50); do redis_up && break; sleep 0.1; done
  redis_up || { echo "test.sh: redis-server did not come up" >&2; exit 1; }
fi

# The local table's browser test drives Debian's Chromium (with an emoji font for names).
if ! command -v chromium >/dev/null && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "test.sh: installing chromium for the browser test" >&2
  apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-color-emoji >/dev/null
fi

# The rules and the pictures of each game are pure, sequential code, and their tests are most
# of the CPU the suite spends: they run without the race detector (which slows code five to
# ten times), before the rest; so does the catalog's, which draws every picture of every game
# (its subtests run in parallel, but each on a game and renderers of its own, starting no
# goroutine). Everything concurrent runs under -race: the platform, the code the games share
# (games, games/search, images), the arena's tests, which share games between
# goroutines, and the bot's and the referee's, which drive every game's rules, AI and pictures
# from many goroutines at once.
mod=$(go list -m)
pure=$(go list ./games/... ./images/... ./catalog | grep -v -x \
  -e "$mod/games" -e "$mod/games/search" -e "$mod/images" -e "$mod/images/imagestest")
status=0
# First, alone: the timing-sensitive tests of the rest (the load test, a process killed
# mid-deadline) must not share two cores with them.
go test -count=1 -p 2 -timeout 30m "$@" $pure || status=$?
go test -race -count=1 -p 4 -timeout 30m "$@" $(go list ./... | grep -v -x -F "$pure") || status=$?
exit $status
