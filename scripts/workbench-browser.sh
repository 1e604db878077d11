#!/usr/bin/env bash
# The workbench in a real browser: builds draughtsjudge, starts `serve` on a
# free loopback port with a store of its own (--db in a temp folder), and
# drives headless Chromium (playwright-core, installed by npm into a scratch
# folder for this run only; the project gains no dependency) through
# Shoshin's study from the sample corpus (corpus/sample/published.pdn, first
# entry): the file uploaded, the board cleared and the four pieces placed
# again by clicks, the FEN compared with the sample's; then the check, the
# verdict (sound), a walk through the solution tree with the keyboard, a
# finding shown on the board, a stop of a second check; the screenshot goes
# to OUT (default docs/workbench.png). Fails on any console or page error.
# Skips (exit 0, with a message) where Chromium or node/npm is absent.
#
#   scripts/workbench-browser.sh [OUT.png]
#
# The first check builds the endgame slices Shoshin's study can reach into
# the new store (Russian, up to 4 pieces); the whole run, npm install and
# build included, took 15-30 s on the project's 2-core VM (loaded).
# DRAUGHTSJUDGE_WORKBENCH_DB=DIR copies DIR as the store instead.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/docs/workbench.png}
chromium=${CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$chromium" ]; then
	echo "workbench-browser: skipped: no Chromium at $chromium (apt-get install -y chromium)"
	exit 0
fi
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
	echo "workbench-browser: skipped: no node/npm to drive Chromium (apt-get install -y nodejs npm)"
	exit 0
fi
tmp=$(mktemp -d)
pid=
cleanup() {
	if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
		kill -TERM "$pid" 2>/dev/null || true
		wait "$pid" 2>/dev/null || true
	fi
	rm -rf "$tmp"
}
trap cleanup EXIT
cd "$root"
go build -o "$tmp/draughtsjudge" ./cmd/draughtsjudge
echo '{"private": true}' >"$tmp/package.json"
(cd "$tmp" && npm install --silent --no-audit --no-fund --no-save playwright-core@1.65.1 >/dev/null)
if [ -n "${DRAUGHTSJUDGE_WORKBENCH_DB:-}" ]; then
	cp -r "$DRAUGHTSJUDGE_WORKBENCH_DB" "$tmp/db"
fi
"$tmp/draughtsjudge" serve --addr 127.0.0.1:0 --db "$tmp/db" >"$tmp/serve.log" 2>&1 &
pid=$!
url=
for _ in $(seq 1 100); do
	url=$(grep -o 'http://127\.0\.0\.1:[0-9]*/' "$tmp/serve.log" | head -1 || true)
	[ -n "$url" ] && break
	kill -0 "$pid" 2>/dev/null || { cat "$tmp/serve.log" >&2; exit 1; }
	sleep 0.1
done
[ -n "$url" ] || { echo "workbench-browser: serve printed no address" >&2; cat "$tmp/serve.log" >&2; exit 1; }
echo "workbench-browser: $url"
status=0
NODE_PATH="$tmp/node_modules" node "$root/scripts/workbench-browser/drive.js" "$url" "$chromium" "$tmp/profile" \
	"$root/corpus/sample/published.pdn" "$out" || status=$?
# A clean stop: SIGTERM, then the log must say so and the store must reopen.
kill -TERM "$pid"
wait "$pid" || { echo "workbench-browser: serve exited $? on SIGTERM" >&2; status=1; }
pid=
grep -q 'draughtsjudge serve: stopped' "$tmp/serve.log" || { echo "workbench-browser: no clean stop" >&2; cat "$tmp/serve.log" >&2; status=1; }
"$tmp/draughtsjudge" tablebase stats --db "$tmp/db" >/dev/null || { echo "workbench-browser: the store does not reopen after the stop" >&2; status=1; }
if [ "$status" -ne 0 ]; then
	cat "$tmp/serve.log" >&2
	exit "$status"
fi
echo "workbench-browser: ok, screenshot $out"
