package judge

import (
	"context"
	"fmt"
	"strings"
	"time"

	"draughtsjudge/composition"
	"draughtsjudge/draughts"
)

// analyseParts is Analyse for a composition of a special kind: each part
// analysed as a composition of its own, then the kind's checks and the
// combined verdict (see the package comment above).
func analyseParts(ctx context.Context, c *composition.Composition, opt Options) *Report {
	t0 := time.Now()
	r := c.Rules
	rep := newReport(c, r.ID, c.Stipulation.Text, draughts.FEN(&c.Start, r))
	rep.Kind = c.Kind
	defer func() { rep.Seconds = time.Since(t0).Seconds() }()
	// One deadline and one work budget for the whole composition: the
	// parts share them (1,000 twins under --time 60s ran past
	// 300 s, each part with a deadline of its own).
	if opt.Time > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opt.Time)
		defer cancel()
		if dl, ok := ctx.Deadline(); ok {
			opt.Solver.Budget.Deadline = dl
		}
		opt.Time = 0
	}
	if opt.Solver.Budget.Work == nil {
		opt.Solver.Budget.Work = newWork(opt)
	}
	rep.work = opt.Solver.Budget.Work
	var keys []string // the author's keys of a double composition
	for _, p := range c.Parts {
		if len(p.Moves) > 0 && p.Start.Side == draughts.White {
			if m, err := draughts.ParseMove(&p.Start, r, p.Moves[0].Text); err == nil {
				keys = append(keys, draughts.MoveString(&p.Start, r, m))
				continue
			}
		}
		keys = append(keys, "")
	}
	for i, p := range c.Parts {
		pc := c.PartComposition(p)
		popt := opt
		popt.part = true
		if strings.Contains(c.Kind, composition.KindDouble) {
			// Clause 11.1.4: the other solutions of a double composition
			// are the author's, not cooks.
			for j, k := range keys {
				if j != i && k != "" {
					popt.otherSolutions = append(popt.otherSolutions, k)
				}
			}
		}
		var pr *Report
		if p.Retro > 0 {
			pr = analyseRetro(ctx, pc, p)
		} else {
			pr = Analyse(ctx, pc, popt)
		}
		pr.Part = fmt.Sprintf("part %d: %s", i+1, p.Name)
		rep.Parts = append(rep.Parts, pr)
		rep.Nodes += pr.Nodes
		for _, k := range pr.Keys {
			if !contains(rep.Keys, k) {
				rep.Keys = append(rep.Keys, k)
			}
		}
		if i == 0 {
			rep.AuthorKey, rep.Distance, rep.Bound = pr.AuthorKey, pr.Distance, pr.Bound
		}
		st := Pass
		switch pr.Verdict {
		case Defective:
			st = Fail
		case VUnknown:
			st = Unknown
		}
		d := fmt.Sprintf("%s: %q %s", p.Name, p.Stipulation.Text, pr.Verdict)
		if pr.Reason != "" {
			d += " (" + pr.Reason + ")"
		}
		if len(pr.Keys) > 0 {
			d += "; keys " + strings.Join(pr.Keys, ", ")
		}
		rep.add(partCheck(i, st, d))
	}
	if strings.Contains(c.Kind, composition.KindDouble) {
		rep.add(doubleCheck(c, keys))
	}
	if strings.Contains(c.Kind, composition.KindTwin) || strings.Contains(c.Kind, composition.KindTurned) {
		rep.add(distinctParts(c))
	}
	rep.Finish()
	return rep
}

// doubleCheck is [double] (11.1.4: "с двумя или более разными
// художественными решениями"): the author's solutions start with
// different keys, so that they are different solutions and not
// variations of one (judgement call, docs/checks.md).
func doubleCheck(c *composition.Composition, keys []string) Check {
	seen := map[string]int{}
	for i, k := range keys {
		if k == "" {
			return newCheck(CheckDouble, Fail, fmt.Sprintf("solution %d has no White first move", i+1))
		}
		if j, ok := seen[k]; ok {
			return newCheck(CheckDouble, Fail, fmt.Sprintf("solutions %d and %d both start with %s: variations of one solution, not different solutions", j+1, i+1, k))
		}
		seen[k] = i
	}
	return newCheck(CheckDouble, Pass, fmt.Sprintf("%d solutions with different keys (%s); each other key is the author's, not a cook", len(keys), strings.Join(keys, ", ")))
}

// distinctParts is [twins] (11.1.4): the parts of a twin or turned
// composition are different positions or stipulations.
func distinctParts(c *composition.Composition) Check {
	seen := map[string]int{}
	for i, p := range c.Parts {
		k := draughts.FEN(&p.Start, c.Rules) + "|" + p.Stipulation.Text
		if j, ok := seen[k]; ok {
			return newCheck(CheckTwins, Fail, fmt.Sprintf("parts %d and %d are the same position with the same stipulation", j+1, i+1))
		}
		seen[k] = i
	}
	var fens []string
	for i, p := range c.Parts {
		fens = append(fens, fmt.Sprintf("part %d %s", i+1, draughts.FEN(&p.Start, c.Rules)))
	}
	return newCheck(CheckTwins, Pass, "different parts: "+strings.Join(fens, "; "))
}

// applyPartsScore scores each part and the composition as the mean of
// the parts' scores (0 when defective).
func (rep *Report) applyPartsScore(rubric Rubric) {
	sum := 0.0
	for _, p := range rep.Parts {
		p.ApplyScore(rubric)
		sum += p.Score
	}
	rep.ScoreLines = nil
	if rep.Verdict == Defective {
		rep.Score = 0
		rep.ScoreNote = "defective (11.1.1): the composition does not exist; failed " + strings.Join(checkIDs(rep, Fail), ", ")
		return
	}
	if len(rep.Parts) == 1 {
		rep.Score, rep.ScoreNote = rep.Parts[0].Score, rep.Parts[0].ScoreNote
		return
	}
	rep.Score = float64(int(sum/float64(len(rep.Parts))*100+0.5)) / 100
	rep.ScoreNote = fmt.Sprintf("mean of the %d parts' scores (11.1.4: each part scored as a composition of its own)", len(rep.Parts))
}
