package judge

import (
	stdflag "flag" // the package has a func flag (measures.go)
	"os"
	"strings"
	"testing"
)

// update rewrites the generated text the tests compare against: the
// table of checks in docs/checks.md.
var update = stdflag.Bool("update", false, "rewrite docs/checks.md's table of checks from checkDefs")

const checksDoc = "../docs/checks.md"

// The table of checks in docs/checks.md, between the checks: markers, is
// checkTable's text (go test ./judge -run TestCheckTableDoc -update
// rewrites it).
func TestCheckTableDoc(t *testing.T) {
	data, err := os.ReadFile(checksDoc)
	if err != nil {
		t.Fatal(err)
	}
	const begin, end = "<!-- checks:begin -->\n", "<!-- checks:end -->"
	doc := string(data)
	i, j := strings.Index(doc, begin), strings.Index(doc, end)
	if i < 0 || j < i {
		t.Fatalf("%s: no %q … %q markers", checksDoc, strings.TrimSpace(begin), end)
	}
	i += len(begin)
	want := checkTable()
	if doc[i:j] == want {
		return
	}
	if *update {
		if err := os.WriteFile(checksDoc, []byte(doc[:i]+want+doc[j:]), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s's table of checks differs from checkDefs (run go test ./judge -run TestCheckTableDoc -update):\n got:\n%s\nwant:\n%s", checksDoc, doc[i:j], want)
}

// Every check id has a row, and every row is a check id.
func TestCheckTableComplete(t *testing.T) {
	ids := []CheckID{CheckLegal, CheckAuthorSolution, CheckQuietKey, CheckSolvable, CheckUnique,
		CheckVariations, CheckGenre, CheckProblemBalance, CheckEconomyConstruction, CheckEconomyFinale,
		CheckExactLock, CheckKingsFunction, CheckNaturalPosition, CheckDrawRules, CheckAmendments,
		CheckDouble, CheckTwins, CheckRetro, CheckPart}
	if len(ids) != len(checkDefs) {
		t.Errorf("%d check ids, %d rows in checkDefs", len(ids), len(checkDefs))
	}
	for _, id := range ids {
		if id.Clause() == "" || id.Title() == "" {
			t.Errorf("check %s has no row in checkDefs", id)
		}
	}
}
