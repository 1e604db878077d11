#!/bin/sh
# The HTML report of the sample corpus in headless Chromium (issue: "opens
# without errors; a screenshot is referenced from the README").
#
#   scripts/html-report.sh [OUT.png]     default docs/report.png
#
# Builds the tool, writes the report of the embedded sample corpus (default
# flags and store, so the endgame databases decide what they can), loads it
# in headless Chromium with logging on, fails if Chromium reports a console
# or page error, and writes a full-page screenshot.
set -eu
out=${1:-docs/report.png}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/draughtsjudge" ./cmd/draughtsjudge
"$tmp/draughtsjudge" check --format html >"$tmp/report.html" || true # exit 1: some entry unknown
test -s "$tmp/report.html"
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome) ||
	{ echo "html-report: no Chromium (apt-get install -y chromium)" >&2; exit 1; }
# Without the network flags Chromium hangs on, or floods the log with, lookups
# a closed network refuses; --no-sandbox because this may run as root.
chrome() {
	"$browser" --headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--user-data-dir="$tmp/profile" --hide-scrollbars "$@"
}
chrome --enable-logging=stderr --v=0 \
	--window-size=1200,2400 --screenshot="$tmp/shot.png" "file://$tmp/report.html" 2>"$tmp/chrome.log"
if grep -E 'CONSOLE|Uncaught|Failed to load|net::ERR' "$tmp/chrome.log"; then
	echo "html-report: Chromium reported errors (above)" >&2
	exit 1
fi
chrome --dump-dom "file://$tmp/report.html" 2>/dev/null >"$tmp/dom.html"
grep -q '<svg' "$tmp/dom.html" || { echo "html-report: no diagrams in the rendered page" >&2; exit 1; }
cp "$tmp/shot.png" "$out"
echo "html-report: $(grep -c '<svg' "$tmp/dom.html") diagrams rendered, no errors; screenshot in $out"
