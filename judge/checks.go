package judge

import (
	"fmt"
	"strings"
)

// CheckID names a check of the report (its "id" in the JSON).
type CheckID string

// The checks. Every check a report carries is built from checkDefs, which
// gives its clause and title.
const (
	CheckLegal               CheckID = "legal"
	CheckAuthorSolution      CheckID = "author-solution"
	CheckQuietKey            CheckID = "quiet-key"
	CheckSolvable            CheckID = "solvable"
	CheckUnique              CheckID = "unique"
	CheckVariations          CheckID = "variations"
	CheckGenre               CheckID = "genre"
	CheckProblemBalance      CheckID = "problem-balance"
	CheckEconomyConstruction CheckID = "economy-construction"
	CheckEconomyFinale       CheckID = "economy-finale"
	CheckExactLock           CheckID = "exact-lock"
	CheckKingsFunction       CheckID = "kings-function"
	CheckNaturalPosition     CheckID = "natural-position"
	CheckDrawRules           CheckID = "draw-rules"
	CheckAmendments          CheckID = "amendments"
	CheckDouble              CheckID = "double"
	CheckTwins               CheckID = "twins"
	CheckRetro               CheckID = "retro"
	// CheckPart is the [part-N] check of a composition of a special kind
	// (partCheck numbers it).
	CheckPart CheckID = "part"
)

// checkDef is one row of the table of checks: the check, the clause of
// the rules it stands for and its one-line title.
type checkDef struct {
	ID            CheckID
	Clause, Title string
}

// checkDefs is the table of checks, in the order of docs/checks.md
// (its table between the checks: markers is checkTable's text, which
// TestCheckTableDoc keeps equal).
var checkDefs = []checkDef{
	{CheckLegal, "11.2.2", "the position is legal: possible material and a legal last move"},
	{CheckGenre, "11.1.3", "the material fits the stated genre and group"},
	{CheckProblemBalance, "11.2.7.1", "in a problem Black is at most one piece ahead"},
	{CheckNaturalPosition, "11.2.7.5", "a practical problem looks like a game position"},
	{CheckAuthorSolution, "11.2.3", "every move of the author's solution is legal"},
	{CheckQuietKey, "11.1.3", "White's first move exists and is not a capture"},
	{CheckDrawRules, "6.1.8, 7.5.2, 8.2", "theory and game draw rules agree on the key"},
	{CheckVariations, "11.2.5", "enough thematic variations (tasks) or branches (studies, endings)"},
	{CheckSolvable, "11.2.3", "the goal is forced in every author's line"},
	{CheckExactLock, "11.2.8.2", "exactly the stated number and kind of pieces locked"},
	{CheckEconomyFinale, "11.2.4", "no white piece in a finale that the finale does not need"},
	{CheckEconomyConstruction, "11.2.4", "no statist: every piece is needed"},
	{CheckUnique, "11.2.6", "no full cook; no partial cook where the genre forbids it"},
	{CheckKingsFunction, "11.2.7.4", "every king of a problem moves or is captured"},
	{CheckPart, "11.1.4", "a part of a special-kind composition is sound"},
	{CheckDouble, "11.1.4", "a double composition's solutions start with different keys"},
	{CheckTwins, "11.1.4", "the parts of a twin differ"},
	{CheckRetro, "11.1.4, 11.2.2", "retro-analysis: exactly one sequence of last moves leads to the position"},
	{CheckAmendments, "11.1.3, 11.1.4", "giveaway: which checks apply with amendments, and why"},
}

// checkByID indexes checkDefs.
var checkByID = func() map[CheckID]checkDef {
	m := map[CheckID]checkDef{}
	for _, d := range checkDefs {
		if _, dup := m[d.ID]; dup {
			panic("judge: check " + string(d.ID) + " twice in the table")
		}
		m[d.ID] = d
	}
	return m
}()

// Title is the check's one-line title from the table.
func (id CheckID) Title() string { return checkByID[id].Title }

// Clause is the clause of the rules the check stands for.
func (id CheckID) Clause() string { return checkByID[id].Clause }

// checkTable is the table of checks as the markdown table of
// docs/checks.md (columns id, clause, title); the [part-N] check is
// written part-N.
func checkTable() string {
	var b strings.Builder
	b.WriteString("| id | clause | title |\n|---|---|---|\n")
	for _, d := range checkDefs {
		id := string(d.ID)
		if d.ID == CheckPart {
			id += "-N"
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s |\n", id, d.Clause, d.Title)
	}
	return b.String()
}

// newCheck is the check id with its clause from the table.
func newCheck(id CheckID, st Status, detail string) Check {
	def, ok := checkByID[id]
	if !ok {
		panic("judge: check " + string(id) + " is not in the table")
	}
	return Check{ID: string(id), Clause: def.Clause, Status: st, Detail: detail}
}

// newCheckAt is newCheck citing another clause than the table's: a
// sub-clause the finding rests on (economy-finale in a task, 11.2.8.1;
// White without a first move, 11.2.8.3) or the Lasca rules beside it.
func newCheckAt(id CheckID, clause string, st Status, detail string) Check {
	c := newCheck(id, st, detail)
	c.Clause = clause
	return c
}

// partCheck is the [part-N] check of part i (0-based).
func partCheck(i int, st Status, detail string) Check {
	c := newCheck(CheckPart, st, detail)
	c.ID = fmt.Sprintf("%s-%d", CheckPart, i+1)
	return c
}
