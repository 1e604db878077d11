package main

import (
	"io"

	"draughtsjudge/composition"
	"draughtsjudge/judge"
	"draughtsjudge/render"
	"draughtsjudge/tourney"
)

// textStream writes check's text report entry by entry as the batch
// finishes them: an entry's report is written once it and every entry
// before it are done and no entry still to come may name it as a
// predecessor (tourney.Finder.MayName: its originality line is then
// final), so that the output is the one the whole batch would give at
// the end, only sooner. The summary is written by the caller after
// finish.
type textStream struct {
	w       io.Writer
	tree    bool
	bar     *checkBar // cleared before a report is written; nil: none
	find    *tourney.Finder
	later   []tourney.Prospect // of every entry, for MayName
	reps    []*judge.Report
	added   int // entries 0..added-1 are done
	written int // entries 0..written-1 are written
	until   int // the entry written next waits for entries up to this one; -1: not computed
}

func newTextStream(w io.Writer, comps []*composition.Composition, tree bool, bar *checkBar) *textStream {
	s := &textStream{w: w, tree: tree, bar: bar, find: tourney.NewFinder(len(comps)),
		later: make([]tourney.Prospect, len(comps)), reps: make([]*judge.Report, len(comps)), until: -1}
	for i, c := range comps {
		s.later[i] = tourney.ProspectOf(c)
	}
	return s
}

// add takes report i; the reports come in input order (batch.Config's
// OnReport), never two at once.
func (s *textStream) add(i int, r *judge.Report) {
	s.find.Add(i, r)
	s.reps[i] = r
	s.added = i + 1
	s.flush(false)
}

// finish writes the reports not yet written (all are done).
func (s *textStream) finish() { s.flush(true) }

func (s *textStream) flush(all bool) {
	for s.written < s.added {
		p := s.written
		if !all {
			if s.until < 0 {
				s.until = p
				for j := len(s.later) - 1; j > p; j-- {
					if s.find.MayName(p, s.later[j]) {
						s.until = j
						break
					}
				}
			}
			if s.until >= s.added {
				return // a later entry may still name it
			}
		}
		s.find.Fill(p)
		if s.bar != nil {
			s.bar.clear()
		}
		_ = render.Report(s.w, s.reps[p], s.tree) // a write error is kept by the errw.Writer
		s.written++
		s.until = -1
	}
}
