// Package rubric reads the scoring rubric of a report (11.3, 11.7):
// weighted lines whose conditions test the report's artistic measures.
// Package judge applies it (Report.ApplyScore) and embeds the default.
package rubric

import (
	"draughtsjudge/internal/tsv"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Line is one criterion of the scoring rubric: its weight counts when
// every term of its condition holds.
type Line struct {
	ID          string
	Clause      string
	Weight      float64
	Condition   string
	Description string
	conds       []cond
}

type cond struct {
	name string
	op   string // "" (non-zero), "!" (zero), or a comparison
	num  float64
}

// Rubric is a parsed rubric file.
type Rubric []Line

// Parse reads a rubric: tab-separated lines id, clause, weight,
// condition, description; '#' starts a comment line. A condition is
// "always" or terms joined by "&&": a name (non-zero), "!name" (zero) or
// "name OP number" (OP one of >= <= == != > <); known says which names
// are measures (a term on another name would never hold and is refused).
// Errors name file:line; NaN and infinite numbers are refused.
func Parse(name string, data []byte, known func(string) bool) (Rubric, error) {
	var out Rubric
	err := tsv.Each(data, func(n int, f []string) error {
		if len(f) < 4 {
			return fmt.Errorf("%s:%d: want id, clause, weight, condition, description separated by tabs", name, n)
		}
		if len(out) == 0 && strings.TrimSpace(f[0]) == "id" && strings.TrimSpace(f[2]) == "weight" {
			return nil // the column header (docs/checks.md's example has one)
		}
		w, err := strconv.ParseFloat(strings.TrimSpace(f[2]), 64)
		if err != nil {
			return fmt.Errorf("%s:%d: weight %q: not a number", name, n, f[2])
		}
		if math.IsNaN(w) || math.IsInf(w, 0) {
			return fmt.Errorf("%s:%d: weight %q: not a finite number", name, n, f[2])
		}
		l := Line{ID: strings.TrimSpace(f[0]), Clause: strings.TrimSpace(f[1]), Weight: w, Condition: strings.TrimSpace(f[3])}
		if len(f) > 4 {
			l.Description = strings.TrimSpace(strings.Join(f[4:], " "))
		}
		if l.conds, err = parseCondition(l.Condition, known); err != nil {
			return fmt.Errorf("%s:%d: %v", name, n, err)
		}
		out = append(out, l)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no rubric lines", name)
	}
	return out, nil
}

func parseCondition(s string, known func(string) bool) ([]cond, error) {
	if s == "always" {
		return nil, nil
	}
	var out []cond
	for _, part := range strings.Split(s, "&&") {
		part = strings.TrimSpace(part)
		c := cond{}
		for _, op := range []string{">=", "<=", "==", "!=", ">", "<"} {
			if i := strings.Index(part, op); i > 0 {
				v, err := strconv.ParseFloat(strings.TrimSpace(part[i+len(op):]), 64)
				if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
					return nil, fmt.Errorf("condition %q: %q is not a finite number", s, part[i+len(op):])
				}
				c = cond{strings.TrimSpace(part[:i]), op, v}
				break
			}
		}
		if c.name == "" {
			if strings.HasPrefix(part, "!") {
				c = cond{strings.TrimSpace(part[1:]), "!", 0}
			} else {
				c = cond{part, "", 0}
			}
		}
		if c.name == "" || strings.ContainsAny(c.name, " \t") {
			return nil, fmt.Errorf("condition %q: bad term %q", s, part)
		}
		if !known(c.name) {
			return nil, fmt.Errorf("condition %q: unknown measure %q: the line would never apply (docs/checks.md lists the measures)", s, c.name)
		}
		out = append(out, c)
	}
	return out, nil
}

func (c cond) holds(v float64) bool {
	switch c.op {
	case "":
		return v != 0
	case "!":
		return v == 0
	case ">=":
		return v >= c.num
	case "<=":
		return v <= c.num
	case ">":
		return v > c.num
	case "<":
		return v < c.num
	case "==":
		return v == c.num
	}
	return v != c.num
}

// Eval says whether l applies to a report whose measures are vals, with
// the evidence: "name=value" for each term, or "name not measured" (then
// the line does not apply).
func (l Line) Eval(vals map[string]float64) (ok bool, evidence []string) {
	ok = true
	for _, c := range l.conds {
		v, measured := vals[c.name]
		if !measured || !c.holds(v) {
			ok = false
		}
		if measured {
			evidence = append(evidence, fmt.Sprintf("%s=%g", c.name, v))
		} else {
			evidence = append(evidence, c.name+" not measured")
		}
	}
	return ok, evidence
}
