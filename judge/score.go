package judge

import (
	_ "embed"
	"math"
	"strings"

	"draughtsjudge/composition"
	"draughtsjudge/draughts"
	"draughtsjudge/rubric"
)

//go:embed rubric.tsv
var defaultRubric []byte

// Rubric is the scoring rubric (package rubric); RubricLine one line of it.
type (
	Rubric     = rubric.Rubric
	RubricLine = rubric.Line
)

// DefaultRubric returns the embedded rubric (judge/rubric.tsv).
func DefaultRubric() Rubric {
	r, err := ParseRubric("rubric.tsv", defaultRubric)
	if err != nil {
		panic(err)
	}
	return r
}

// ParseRubric reads a rubric file (rubric.Parse) whose conditions may use
// the measures of a report (rubricNames). Errors name file:line.
func ParseRubric(name string, data []byte) (Rubric, error) {
	return rubric.Parse(name, data, func(n string) bool { return rubricNames[n] })
}

// ScoreLine is one rubric line applied to a report.
type ScoreLine struct {
	ID      string  `json:"id"`
	Clause  string  `json:"clause"`
	Weight  float64 `json:"weight"`
	Applied bool    `json:"applied"`
	Detail  string  `json:"detail"`
}

// rubricNames are the names a rubric condition can use: the measures of
// measures.go and those measureValues adds. A condition on another name
// would never hold: ParseRubric refuses it.
var rubricNames = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields("variations finales finale_rare tries thematic_tries key_quiet key_sacrifice sacrifices nadstavka sacrifice_ideal sacrifice_economical sacrifice_uneconomical sacrifice_crude passive dead white_en_prise en_prise_derived ready_lock miniature balance g1h2 duals branch_inaccuracies transpositions transposition_distance board10 genre_" + composition.Problem + " genre_" + composition.Study + " genre_" + composition.Task + " genre_" + composition.Ending) {
		m[n] = true
	}
	return m
}()

// measureValues are the names a rubric condition can use.
func (rep *Report) measureValues() map[string]float64 {
	v := map[string]float64{}
	for _, m := range rep.Measures {
		v[m.ID] = m.Value
	}
	judged := rep.Genre
	if judged == "" {
		judged = rep.JudgedGenre // no genre stated: the one the material allows
	}
	for _, g := range []string{composition.Problem, composition.Study, composition.Task, composition.Ending} {
		v["genre_"+g] = flag(judged == g)
	}
	v["board10"] = flag(strings.Contains(rep.Variant, "international"))
	return v
}

// ApplyScore scores rep with the rubric rb (11.7, docs/spec.md §7): a defective entry
// scores 0 with its failed checks listed; otherwise the sum of the lines
// whose condition holds, clamped to 0..10. An undecided entry gets a
// provisional score. Originality is listed for the judge (weight 0).
func (rep *Report) ApplyScore(rb Rubric) {
	if len(rep.Parts) > 0 {
		rep.applyPartsScore(rb) // 11.1.4 (special.go)
		return
	}
	rep.ScoreLines = nil
	if rep.Verdict == Defective {
		rep.Score = 0
		for _, c := range rep.Checks {
			if c.Status == Fail {
				rep.ScoreLines = append(rep.ScoreLines, ScoreLine{ID: c.ID, Clause: c.Clause, Applied: true, Detail: "formal failure: " + c.Detail})
			}
		}
		rep.ScoreNote = "defective (11.1.1): the composition does not exist; failed " + strings.Join(checkIDs(rep, Fail), ", ")
		return
	}
	if rep.Variant == draughts.LascaID {
		rep.Score, rep.ScoreNote = 0, lascaScoreNote
		return
	}
	if len(rep.Measures) == 0 {
		rep.Score = 0
		reason := rep.Reason
		if reason == "" {
			reason = "no artistic measures (11.3): no solution play to measure"
			if rep.Check("retro") != nil {
				reason = "a retro-analysis task (11.1.4) has no solution play for the measures of 11.3; the judge scores it"
			}
		}
		rep.ScoreNote = "not scored: " + reason
		return
	}
	vals := rep.measureValues()
	sum := 0.0
	for _, l := range rb {
		ok, ev := l.Eval(vals)
		d := l.Description
		if len(ev) > 0 {
			d += " (" + strings.Join(ev, ", ") + ")"
		}
		if ok {
			sum += l.Weight
		}
		rep.ScoreLines = append(rep.ScoreLines, ScoreLine{ID: l.ID, Clause: l.Clause, Weight: l.Weight, Applied: ok, Detail: d})
	}
	rep.Score = math.Round(math.Max(0, math.Min(10, sum))*100) / 100
	rep.ScoreNote = "estimate from the rubric; originality (11.3.2) is for the judge"
	if rep.Verdict != Sound {
		rep.ScoreNote = "provisional: undecided checks " + strings.Join(checkIDs(rep, Unknown), ", ") + "; " + rep.ScoreNote
	}
}

func checkIDs(rep *Report, status Status) []string {
	var out []string
	for _, c := range rep.Checks {
		if c.Status == status {
			out = append(out, c.ID)
		}
	}
	return out
}

// Originality is the evidence for the judge's originality mark (11.3.2,
// 11.7: "identify the predecessors"), found by package tourney in the
// batch and an archive (docs/archive.md); Found is Predecessors in parts.
type Originality struct {
	Status       string         `json:"status"`         // always "left to the judge"
	Predecessors []string       `json:"predecessors"`   // the first tourney.MaxPredecessors found
	More         int            `json:"more,omitempty"` // predecessors found beyond those listed
	Found        []Anticipation `json:"found,omitempty"`
}

// Anticipation is one composition that anticipates (or follows) an entry.
type Anticipation struct {
	Entry     string   `json:"entry"`               // "file#index" in the batch, else the archive ID
	Who       string   `json:"who"`                 // author, source, date
	Relation  string   `json:"relation"`            // predecessor, successor, undated, duplicate, version
	Matches   []string `json:"matches"`             // each kind of match, with its moves
	FEN       string   `json:"fen,omitempty"`       // the shared position as the entry has it
	Dismissed string   `json:"dismissed,omitempty"` // the judge's reason (override file:line)
}
