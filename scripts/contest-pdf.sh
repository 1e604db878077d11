#!/bin/sh
# The solving contest's and the section report's pages printed to PDF in
# headless Chromium, with their page counts and a PNG of every page to look at.
#
#   scripts/contest-pdf.sh [--db DIR] [OUT]
#
# Uses the nine entries of cmd/draughtsjudge/testdata/contest9/contest.pdn
# (three of the sample corpus, six of corpus/regression/published-2.pdn) and
# the ten answer files of cmd/draughtsjudge/testdata/contest9/answers. Builds
# the tool, writes into OUT (default: a temporary folder, printed):
#   key.json            key --format json (solves the nine entries: minutes
#                       without a warm store; with --db of a store that has
#                       their reports, seconds)
#   sheet.html key.html results.html section.html   and each as .pdf
#   *-N.png             every PDF page at 60 dpi (pdftoppm)
# and prints per page kind the PDF's page count (pdfinfo) and the seconds
# `grade` of the ten answer files against key.json took (the key's entries in
# the store: nothing but new claims is searched).
# Needs chromium, and pdfinfo and pdftoppm (poppler-utils).
set -eu
db=
case ${1:-} in
--db) db=$2; shift 2 ;;
esac
out=${1:-$(mktemp -d)}
mkdir -p "$out"
dir=cmd/draughtsjudge/testdata/contest9
bin=$out/draughtsjudge
go build -o "$bin" ./cmd/draughtsjudge
dbflag=""
[ -n "$db" ] && dbflag="--db $db"
# Exit 1 (some entry not sound) is a result, not a failure.
"$bin" key $dbflag --format json --out "$out/key.json" "$dir/contest.pdn" || [ $? -eq 1 ]
"$bin" key $dbflag --format html --out "$out/key.html" "$dir/contest.pdn" || [ $? -eq 1 ]
"$bin" sheet --format html "$dir/contest.pdn" >"$out/sheet.html"
start=$(date +%s.%N)
"$bin" grade $dbflag --key "$out/key.json" --answers "$dir/answers" --format html --out "$out/results.html"
end=$(date +%s.%N)
"$bin" report $dbflag --format html --override "$dir/judge.tsv" --out "$out/section.html" "$dir/contest.pdn" || [ $? -eq 1 ]
echo "grade, 10 answer files, 9-entry key: $(echo "$end - $start" | bc) s"
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome) ||
	{ echo "contest-pdf: no Chromium (apt-get install -y chromium)" >&2; exit 1; }
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
for page in sheet key results section; do
	# --no-pdf-header-footer: no date, title and file path in the margins.
	"$browser" --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking \
		--disable-component-update --disable-sync --user-data-dir="$profile" --no-pdf-header-footer \
		--print-to-pdf="$out/$page.pdf" "file://$(realpath "$out/$page.html")" 2>/dev/null
	pages=$(pdfinfo "$out/$page.pdf" | awk '/^Pages:/ {print $2}')
	echo "$page.pdf: $pages pages"
	pdftoppm -r 60 -png "$out/$page.pdf" "$out/$page"
done
echo "written to $out"
