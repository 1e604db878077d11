#!/bin/sh
# Crash safety of the endgame build: SIGKILL a build part-way, restart it,
# and check that the finished database verifies and has the same
# statistics as an uninterrupted build.
#
#   scripts/tablebase-crash.sh [variant] [pieces] [seconds-before-kill]
#
# (The same check runs in-process in `go test ./tablebase -run Crash`,
# with -tablebase.crash for 4 pieces.)
set -eu
variant=${1:-russian}
pieces=${2:-4}
delay=${3:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/dj" ./cmd/draughtsjudge

"$tmp/dj" tablebase build --variant "$variant" --pieces "$pieces" --db "$tmp/killed" >/dev/null &
pid=$!
sleep "$delay"
if kill -9 "$pid" 2>/dev/null; then
	echo "killed build $pid after ${delay}s"
else
	echo "build finished before the kill: use a shorter delay" >&2
	exit 1
fi
wait "$pid" 2>/dev/null || true
"$tmp/dj" tablebase stats --variant "$variant" --db "$tmp/killed" | tail -1 | sed 's/^/complete before the restart: /'
"$tmp/dj" tablebase build --variant "$variant" --pieces "$pieces" --db "$tmp/killed"
"$tmp/dj" tablebase verify --variant "$variant" --db "$tmp/killed"

"$tmp/dj" tablebase build --variant "$variant" --pieces "$pieces" --db "$tmp/clean" >/dev/null
# Compare everything but the build-time column.
strip() { "$tmp/dj" tablebase stats --variant "$variant" --db "$1" | awk '{$NF=""; print}'; }
strip "$tmp/killed" >"$tmp/a"
strip "$tmp/clean" >"$tmp/b"
if cmp -s "$tmp/a" "$tmp/b"; then
	echo "OK: resumed build verifies and its statistics equal an uninterrupted build's ($(wc -l <"$tmp/a") lines)"
else
	diff "$tmp/a" "$tmp/b"
	exit 1
fi
