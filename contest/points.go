package contest

import (
	_ "embed"
	"fmt"
	"math"
	"strconv"
	"strings"

	"draughtsjudge/internal/tsv"
	"draughtsjudge/solver"
)

//go:embed points.tsv
var defaultPoints []byte

// Kinds of a points line (points.tsv).
const (
	PointsDifficulty = "difficulty"
	PointsShare      = "share"
	PointsExtra      = "extra"
	PointsCooked     = "cooked" // measure credit or drop: a cooked composition's winning keys
)

// Claim kinds a solver may make and the key offers extra points for
// (11.6.1).
const (
	ClaimCook       = "cook"       // another key (full cook, 11.2.6)
	ClaimInaccuracy = "inaccuracy" // another winning White move inside the solution
	ClaimUnsolvable = "unsolvable" // the stipulation cannot be fulfilled (11.2.3)
	// OffSolution is the extra line for a verified inaccuracy outside the
	// author's lines (default 0: checked, not rewarded).
	OffSolution = "off-solution"
)

// Policies for a winning key of a cooked composition (points line of
// kind "cooked").
const (
	CookedCredit = "credit" // any winning key earns the key's points (default)
	CookedDrop   = "drop"   // the composition counts for nobody
)

// PointsLine is one term of the points formula of a solving contest.
type PointsLine struct {
	ID          string  `json:"id"`
	Kind        string  `json:"kind"`
	Weight      float64 `json:"weight"`
	Measure     string  `json:"measure"`
	Cap         float64 `json:"cap,omitempty"`
	Description string  `json:"description"`
}

// Points is a parsed points file (contest/points.tsv).
type Points []PointsLine

// DefaultPoints returns the embedded points formula.
func DefaultPoints() Points {
	p, err := ParsePoints("points.tsv", defaultPoints)
	if err != nil {
		panic(err)
	}
	return p
}

// pointsMeasures are the measures a difficulty line may name.
var pointsMeasures = map[string]bool{"always": true, "distance": true, "tree_nodes": true, "variations": true,
	"defences": true, "tries": true, "key_quiet": true, "key_sacrifice": true, "sacrifices": true, "pieces": true,
	"genre_problem": true, "genre_study": true, "genre_task": true, "genre_ending": true, "board10": true}

// ParsePoints reads a points file: tab-separated id, kind, weight,
// measure, cap, description; '#' starts a comment line. Errors name
// file:line.
func ParsePoints(name string, data []byte) (Points, error) {
	var out Points
	err := tsv.Each(data, func(n int, f []string) error {
		if len(f) < 5 {
			return fmt.Errorf("%s:%d: want id, kind, weight, measure, cap, description separated by tabs", name, n)
		}
		for i := range f {
			f[i] = strings.TrimSpace(f[i])
		}
		w, err := strconv.ParseFloat(f[2], 64)
		if err != nil {
			return fmt.Errorf("%s:%d: weight %q: not a number", name, n, f[2])
		}
		if math.IsNaN(w) || math.IsInf(w, 0) { // NaN would make every total NaN, and the JSON unwritable
			return fmt.Errorf("%s:%d: weight %q: not a finite number", name, n, f[2])
		}
		c, err := strconv.ParseFloat(f[4], 64)
		if err != nil || !(c >= 0) || math.IsInf(c, 0) {
			return fmt.Errorf("%s:%d: cap %q: want a finite number >= 0 (0 = no cap)", name, n, f[4])
		}
		l := PointsLine{ID: f[0], Kind: f[1], Weight: w, Measure: f[3], Cap: c}
		if len(f) > 5 {
			l.Description = strings.Join(f[5:], " ")
		}
		switch l.Kind {
		case PointsDifficulty:
			if !pointsMeasures[l.Measure] {
				return fmt.Errorf("%s:%d: unknown measure %q", name, n, l.Measure)
			}
		case PointsShare:
			if l.Measure != "key" && l.Measure != "defence" {
				return fmt.Errorf("%s:%d: a share line names \"key\" or \"defence\", not %q", name, n, l.Measure)
			}
			if l.Measure == "key" && (w < 0 || w > 1) {
				return fmt.Errorf("%s:%d: the key's share %g is not between 0 and 1", name, n, w)
			}
		case PointsExtra:
			if l.Measure != ClaimCook && l.Measure != ClaimInaccuracy && l.Measure != ClaimUnsolvable && l.Measure != OffSolution {
				return fmt.Errorf("%s:%d: an extra line names cook, inaccuracy, unsolvable or off-solution, not %q", name, n, l.Measure)
			}
		case PointsCooked:
			if l.Measure != CookedCredit && l.Measure != CookedDrop {
				return fmt.Errorf("%s:%d: a cooked line names credit or drop, not %q", name, n, l.Measure)
			}
		default:
			return fmt.Errorf("%s:%d: kind %q: want difficulty, share, extra or cooked", name, n, l.Kind)
		}
		out = append(out, l)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no points lines", name)
	}
	return out, nil
}

// share returns the weight of the share line for measure, or def.
func (ps Points) share(measure string, def float64) float64 {
	for _, l := range ps {
		if l.Kind == PointsShare && l.Measure == measure {
			return l.Weight
		}
	}
	return def
}

// Extra returns the extra points for a verified claim of kind.
func (ps Points) Extra(kind string) float64 {
	for _, l := range ps {
		if l.Kind == PointsExtra && l.Measure == kind {
			return l.Weight
		}
	}
	return 0
}

// Cooked is the policy for a winning key of a cooked composition:
// CookedCredit (the default) or CookedDrop.
func (ps Points) Cooked() string {
	for _, l := range ps {
		if l.Kind == PointsCooked {
			return l.Measure
		}
	}
	return CookedCredit
}

// PointsTerm is one difficulty line applied to a composition.
type PointsTerm struct {
	ID     string  `json:"id"`
	Value  float64 `json:"value"`  // the measure
	Points float64 `json:"points"` // weight x min(value, cap)
	Detail string  `json:"detail"`
}

// Difficulty computes the points of a composition (11.6.1) from its
// measures: the sum of weight x min(measure, cap) over the difficulty
// lines, rounded to the nearest 0.5, at least 1.
func (ps Points) Difficulty(m map[string]float64) (float64, []PointsTerm) {
	sum := 0.0
	var terms []PointsTerm
	for _, l := range ps {
		if l.Kind != PointsDifficulty {
			continue
		}
		v := m[l.Measure]
		if l.Measure == "always" {
			v = 1
		}
		x := v
		if l.Cap > 0 && x > l.Cap {
			x = l.Cap
		}
		p := l.Weight * x
		sum += p
		d := fmt.Sprintf("%s: %s=%g x %g", l.Description, l.Measure, v, l.Weight)
		if x != v {
			d = fmt.Sprintf("%s: %s=%g, capped at %g, x %g", l.Description, l.Measure, v, l.Cap, l.Weight)
		}
		terms = append(terms, PointsTerm{ID: l.ID, Value: v, Points: round2(p), Detail: d})
	}
	return math.Max(1, math.Round(sum*2)/2), terms
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }

// treeSize counts the positions of a solution tree.
func treeSize(n *solver.Node) int {
	if n == nil {
		return 0
	}
	s := 1
	for _, b := range n.Branches {
		s += treeSize(b.Child)
	}
	return s
}
