package tourney

import (
	"fmt"
	"path/filepath"
	"strings"

	"draughtsjudge/archive"
	"draughtsjudge/composition"
	"draughtsjudge/draughts"
	"draughtsjudge/judge"
)

// MaxPredecessors caps the predecessors listed per report, so that a batch
// of n copies of one composition gives a report of size linear in n.
const MaxPredecessors = 5

// FindPredecessors fills each report's Originality from the other reports
// of the batch (FindPredecessorsIn without an archive).
func FindPredecessors(reps []*judge.Report) error { return FindPredecessorsIn(reps, nil, nil) }

// FindPredecessorsIn fills each report's Originality (11.3.2; 11.7: the
// judges "identify their predecessors"): the batch is indexed into a
// temporary archive, and every entry's positions, finales and play are
// looked up in it and in arch (nil: none; docs/archive.md). comps[i], when
// given, is reps[i]'s composition, whose lines and [Date] are used;
// without it a report's lines are its finales' lines, its date unknown.
// Each anticipation says how it matches, its date against the entry's
// (older: a predecessor; later: a successor), or that it is the same
// composition or a version (same author, initial position within two
// squares). Deterministic: the order of the reports and of the archive's
// IDs decide. It runs after the report cache: a cached report is the same
// with or without an archive.
func FindPredecessorsIn(reps []*judge.Report, comps []*composition.Composition, arch *archive.Archive) error {
	es := make([]*archive.Entry, len(reps))
	var put []*archive.Entry
	for i, r := range reps {
		var c *composition.Composition
		if i < len(comps) {
			c = comps[i]
		}
		es[i] = entryOf(r, c)
		if es[i] != nil {
			put = append(put, es[i])
		}
	}
	batch, err := archive.Temporary()
	if err != nil {
		return err
	}
	defer batch.Close()
	if _, err := batch.Put(put); err != nil {
		return err
	}
	for i, r := range reps {
		if err := fillOne(r, es[i], batch, arch); err != nil {
			return err
		}
	}
	return nil
}

// fillOne sets r's Originality and its originality score line from the
// hits of its entry e (nil: none) in the batch's archive and in arch (nil:
// none).
func fillOne(r *judge.Report, e *archive.Entry, batch, arch *archive.Archive) error {
	o := &judge.Originality{Status: "left to the judge", Predecessors: []string{}}
	if e != nil {
		for _, a := range []*archive.Archive{batch, arch} {
			if a == nil {
				continue
			}
			hits, err := a.Find(e, archive.FindOptions{Max: MaxPredecessors + 1})
			if err != nil {
				return err
			}
			for _, h := range hits {
				addHits(o, e, &h, a == batch)
			}
		}
	}
	r.Originality = o
	r.ScoreLines = append(r.ScoreLines, judge.ScoreLine{ID: "originality", Clause: "11.3.2", Weight: 0, Applied: false, Detail: originalityDetail(o, arch != nil)})
	return nil
}

// originalityDetail is the originality line of the report.
func originalityDetail(o *judge.Originality, withArchive bool) string {
	d := "left to the judge; predecessor search over the loaded batch"
	if withArchive {
		d += " and the archive"
	}
	d += " (every position of every line, up to colours reversed and board turned; finales; shared play): "
	if len(o.Predecessors) == 0 {
		return d + "none found"
	}
	d += strings.Join(o.Predecessors, "; ")
	if o.More > 0 {
		d += fmt.Sprintf("; and %d more", o.More)
	}
	return d
}

// entryOf is the archive entry of a report: its composition's, with the
// report's fulfilled finales; or, without the composition, replayed from
// the report's lines. nil for Lasca or an unreadable position.
func entryOf(r *judge.Report, c *composition.Composition) *archive.Entry {
	name := fmt.Sprintf("%s#%d", r.File, r.Index)
	var e *archive.Entry
	if c != nil {
		e, _ = archive.FromComposition(c)
	}
	if e == nil {
		e = replayReport(r)
	}
	if e == nil {
		return nil
	}
	e.Source.Entry = name
	e.Source.File, e.Source.Index, e.Source.Line = r.File, r.Index, r.Line
	if e.Source.Author == "" {
		e.Source.Author, e.Source.Source = r.Author, r.Source
	}
	for i, f := range r.Finales {
		if p, err := draughts.ParseFEN(e.Rules, f.FEN); err == nil && f.Fulfilled && i < len(e.Lines) {
			e.AddFinale(i, p)
		}
	}
	return e
}

// replayReport builds an entry from a report alone: its finales' lines
// (or its main line), each up to its first move that does not parse.
func replayReport(r *judge.Report) *archive.Entry {
	rules, err := draughts.RulesByID(r.Variant)
	if err != nil {
		return nil
	}
	start, err := draughts.ParseFEN(rules, r.FEN)
	if err != nil {
		return nil
	}
	var lines [][]string
	for _, f := range r.Finales {
		lines = append(lines, f.Line)
	}
	if len(lines) == 0 {
		lines = [][]string{r.MainLine}
	}
	rec := archive.Record{Variant: r.Variant, FEN: r.FEN, Genre: r.Genre, Stipulation: r.Stipulation}
	e := &archive.Entry{Rules: rules}
	for _, l := range lines {
		p := start
		ps, text := []draughts.Position{p}, []string{}
		for _, t := range l {
			m, err := draughts.ParseMove(&p, rules, t)
			if err != nil {
				break
			}
			text = append(text, draughts.MoveString(&p, rules, m))
			p = p.Play(m)
			ps = append(ps, p)
		}
		e.Lines = append(e.Lines, ps)
		rec.Lines = append(rec.Lines, text)
	}
	e.Record = rec
	e.ID = rec.ID()
	return e
}

// addHits adds an archive's hit to o: one anticipation per source (the
// entry's own source left out), at most MaxPredecessors, the rest counted.
func addHits(o *judge.Originality, e *archive.Entry, h *archive.Hit, inBatch bool) {
	srcs, more := h.Sources, 0
	if inBatch {
		// In the batch each source is an entry; an entry of the same
		// composition is its exact duplicate.
		var others []archive.Source
		for _, s := range srcs {
			if s.Entry != e.Source.Entry {
				others = append(others, s)
			}
		}
		more = h.MoreSources
		if h.ID == e.ID && len(others) == len(srcs) && more > 0 {
			more-- // the entry itself is among the sources not read
		}
		srcs = others
	} else if len(srcs) > 1 {
		srcs = srcs[:1] // the oldest names the composition; the others are its duplicates
	}
	if len(srcs) == 0 {
		return
	}
	var matches []string
	var fen string
	for _, m := range h.Matches {
		text, f := describe(e, h, m)
		matches = append(matches, text)
		if fen == "" {
			fen = f
		}
	}
	for _, s := range srcs {
		if len(o.Predecessors) == MaxPredecessors {
			o.More++
			continue
		}
		a := judge.Anticipation{Entry: s.Entry, Who: who(s), Matches: matches, FEN: fen}
		if !inBatch {
			a.Entry = h.ID.String()
			if n := len(h.Sources) - 1 + h.MoreSources; n > 0 {
				a.Who += fmt.Sprintf(" (and %d more source(s) of the same composition)", n)
			}
		}
		a.Relation = relation(e, h, s)
		o.Found = append(o.Found, a)
		o.Predecessors = append(o.Predecessors, anticipationText(a))
	}
	o.More += more
}

// anticipationText is one anticipation on one line.
func anticipationText(a judge.Anticipation) string {
	s := fmt.Sprintf("%s %s, %s: %s", a.Entry, a.Who, a.Relation, strings.Join(a.Matches, "; "))
	if a.Dismissed != "" {
		s += " [dismissed by the judge: " + a.Dismissed + "]"
	}
	return s
}

func who(s archive.Source) string {
	var parts []string
	for _, p := range []string{s.Author, s.Source, s.Event} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	d := "date unknown"
	if s.Date != "" {
		d = s.Date
	}
	parts = append(parts, d)
	if s.Entry == "" {
		parts = append(parts, s.Name())
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// relation says what the hit is to the entry: the same composition, a
// version, or by the dates an older predecessor or a later successor.
func relation(e *archive.Entry, h *archive.Hit, s archive.Source) string {
	if h.ID == e.ID {
		return "exact duplicate"
	}
	if archive.Version(e, h) {
		return "version (the same author, the initial position within two squares): not a predecessor"
	}
	switch archive.CompareDates(s.Date, e.Source.Date) {
	case -1:
		return "predecessor (older)"
	case 1:
		return "successor (later than this entry): not a predecessor"
	}
	if s.Date == "" || e.Source.Date == "" {
		return "predecessor if older (a date unknown)"
	}
	return "same date"
}

// describe is a match in words, with the shared position (this entry's
// orientation) in FEN.
func describe(e *archive.Entry, h *archive.Hit, m archive.Match) (string, string) {
	mirror := ""
	if m.Mirrored {
		mirror = " (colours reversed, board turned)"
	}
	at := func(ply int) string {
		if m.Line >= len(e.Lines) || ply >= len(e.Lines[m.Line]) {
			return ""
		}
		p := e.Lines[m.Line][ply]
		return draughts.FEN(&p, e.Rules)
	}
	switch m.Kind {
	case archive.SameComposition:
		return "the same composition (initial position, stipulation and lines)", at(0)
	case archive.SameInitial:
		return "same initial position" + mirror, at(0)
	case archive.SharedPosition:
		return fmt.Sprintf("this entry's %s is that one's %s%s", after(e.Record, m.Line, m.Ply),
			after(h.Record, m.OtherLine, m.OtherPly), mirror), at(m.Ply)
	case archive.SamePlay:
		moves := ""
		if m.Line < len(e.Record.Lines) && m.Ply+m.Plies <= len(e.Record.Lines[m.Line]) {
			moves = " (" + strings.Join(e.Record.Lines[m.Line][m.Ply:m.Ply+m.Plies], " ") + ")"
		}
		return fmt.Sprintf("same play for %d plies from this entry's %s%s%s", m.Plies, after(e.Record, m.Line, m.Ply), moves, mirror), at(m.Ply)
	case archive.NearlySame:
		return "nearly the same initial position (by the same author, at most two squares apart)" + mirror, at(0)
	case archive.SameFinale:
		return fmt.Sprintf("same finale (this entry's %s, that one's %s)%s", after(e.Record, m.Line, m.Ply),
			after(h.Record, m.OtherLine, m.OtherPly), mirror), at(m.Ply)
	}
	return string(m.Kind), ""
}

// after names the position after ply plies of a record's line: "initial
// position" or "position after 2... f4:b4".
func after(r archive.Record, line, ply int) string {
	if ply == 0 || line >= len(r.Lines) || ply > len(r.Lines[line]) {
		return "initial position"
	}
	side := draughts.White
	if strings.HasPrefix(strings.ToUpper(strings.TrimSpace(r.FEN)), "B") {
		side = draughts.Black
	}
	l := r.Lines[line]
	return "position after " + composition.MoveNo(l[:ply-1], side) + " " + l[ply-1]
}

// DismissPredecessors applies the judge's overrides whose item is
// "predecessor" (11.7: the judges identify the predecessors; a link the
// tool found may be no anticipation): the value is the anticipation's
// entry as the report lists it (file#index, or the archive ID), the
// comment the reason, which is required. The anticipation stays listed,
// marked dismissed with the reason and the override's file:line. It
// returns the other overrides, for BuildSectionNumbered, and an error per
// override it cannot apply.
func DismissPredecessors(reps []*judge.Report, nums []int, ovs []Override) ([]Override, []string) {
	var rest []Override
	var errs []string
	for _, o := range ovs {
		if o.Item != "predecessor" {
			rest = append(rest, o)
			continue
		}
		r := findReport(reps, nums, o.Entry)
		switch {
		case r == nil:
			errs = append(errs, fmt.Sprintf("%s: entry %q is not in the report (use its number, file#index or basename#index)", o.Where, o.Entry))
		case o.Comment == "":
			errs = append(errs, fmt.Sprintf("%s: dismissing predecessor %s of %s needs the reason in the comment column", o.Where, o.Value, o.Entry))
		case !dismiss(r, o):
			errs = append(errs, fmt.Sprintf("%s: %s is not among the predecessors listed for %s", o.Where, o.Value, o.Entry))
		}
	}
	return rest, errs
}

// dismiss marks r's anticipation o.Value dismissed; false when r lists none.
func dismiss(r *judge.Report, o Override) bool {
	if r.Originality == nil {
		return false
	}
	found := false
	for i := range r.Originality.Found {
		a := &r.Originality.Found[i]
		if a.Entry != o.Value || i >= len(r.Originality.Predecessors) {
			continue
		}
		old := r.Originality.Predecessors[i]
		a.Dismissed = o.Comment + " (" + o.Where + ")"
		r.Originality.Predecessors[i] = anticipationText(*a)
		for j := range r.ScoreLines {
			if l := &r.ScoreLines[j]; l.ID == "originality" {
				l.Detail = strings.Replace(l.Detail, old, r.Originality.Predecessors[i], 1)
			}
		}
		found = true
	}
	return found
}

// findReport is the report an override names: its number (nums[i], else
// its place), file#index or basename#index.
func findReport(reps []*judge.Report, nums []int, id string) *judge.Report {
	for i, r := range reps {
		n := i + 1
		if i < len(nums) && nums[i] > 0 {
			n = nums[i]
		}
		name := fmt.Sprintf("%s#%d", r.File, r.Index)
		if id == fmt.Sprint(n) || id == name || id == fmt.Sprintf("%s#%d", filepath.Base(r.File), r.Index) {
			return r
		}
	}
	return nil
}
