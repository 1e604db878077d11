package judge

import "fmt"

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

// checkDefs is the table of checks: the clause of the rules a check
// stands for and its title.
var checkDefs = map[CheckID]struct{ Clause, Title string }{
	CheckLegal:               {"11.2.2", "the position is legal: possible material and a legal last move (retro-analysis)"},
	CheckAuthorSolution:      {"11.2.3", "the author's solution is legal and fulfils the stipulation"},
	CheckQuietKey:            {"11.1.3", "White's first move exists and is not a capture"},
	CheckSolvable:            {"11.2.3", "the goal is reached in every variation"},
	CheckUnique:              {"11.2.6", "no full cook; no partial cook where the genre forbids it"},
	CheckVariations:          {"11.2.5", "enough thematic variations (tasks) or branches (studies, endings)"},
	CheckGenre:               {"11.1.3", "the material fits the stated genre and group"},
	CheckProblemBalance:      {"11.2.7.1", "in a problem Black is at most one piece ahead"},
	CheckEconomyConstruction: {"11.2.4", "no statist: every piece is needed"},
	CheckEconomyFinale:       {"11.2.4", "no white piece in a finale that the finale does not need"},
	CheckExactLock:           {"11.2.8.2", "exactly the stated number and kind of pieces locked"},
	CheckKingsFunction:       {"11.2.7.4", "every king of a problem moves or is captured"},
	CheckNaturalPosition:     {"11.2.7.5", "a practical problem looks like a game position"},
	CheckDrawRules:           {"6.1.8, 7.5.2, 8.2", "the move-count draw rules do not change the solution"},
	CheckAmendments:          {"11.1.3, 11.1.4", "the amendments of a giveaway composition's checks"},
	CheckDouble:              {"11.1.4", "a double composition's solutions start with different keys"},
	CheckTwins:               {"11.1.4", "the parts of a twin differ"},
	CheckRetro:               {"11.1.4, 11.2.2", "the retro-analysis task's last moves are unique and the author's"},
	CheckPart:                {"11.1.4", "a part of a special kind is sound"},
}

// Title is the check's one-line title from the table.
func (id CheckID) Title() string { return checkDefs[id].Title }

// Clause is the clause of the rules the check stands for.
func (id CheckID) Clause() string { return checkDefs[id].Clause }

// newCheck is the check id with its clause from the table.
func newCheck(id CheckID, st Status, detail string) Check {
	def, ok := checkDefs[id]
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
