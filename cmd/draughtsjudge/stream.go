package main

import (
	"io"

	"draughtsjudge/archive"
	"draughtsjudge/composition"
	"draughtsjudge/judge"
	"draughtsjudge/render"
	"draughtsjudge/tourney"
)

// textStream writes check's text report entry by entry as the batch
// finishes them: an entry's report head (render.ReportHead: identity,
// verdict, checks, tries) is written once it and every report before it
// are written, its tail (the score block, which holds the originality
// line) once no entry still to come may name it as a predecessor
// (tourney.Stream.Ready: that line is then final), so that the output is
// the one the whole batch would give at the end, only sooner. The
// summary is written by the caller after finish.
type textStream struct {
	w       io.Writer
	tree    bool
	bar     *checkBar // cleared before a report is written; nil: none
	find    *tourney.Stream
	reps    []*judge.Report
	added   int   // entries 0..added-1 are done
	head    int   // entries 0..head-1 have their head written (head <= written+1)
	written int   // entries 0..written-1 are written
	err     error // the predecessor search's first error
}

// newTextStream is the stream of comps' reports; arch (nil: none) is
// --archive. Close it after use.
func newTextStream(w io.Writer, comps []*composition.Composition, tree bool, bar *checkBar, arch *archive.Archive) (*textStream, error) {
	find, err := tourney.NewStream(comps, arch)
	if err != nil {
		return nil, err
	}
	return &textStream{w: w, tree: tree, bar: bar, find: find, reps: make([]*judge.Report, len(comps))}, nil
}

// add takes report i; the reports come in input order (batch.Config's
// OnReport), never two at once.
func (s *textStream) add(i int, r *judge.Report) {
	if err := s.find.Add(i, r); err != nil && s.err == nil {
		s.err = err
	}
	s.reps[i] = r
	s.added = i + 1
	s.flush()
}

// finish writes the reports not yet written (all are done) and returns
// the predecessor search's first error.
func (s *textStream) finish() error {
	s.flush()
	return s.err
}

func (s *textStream) close() { _ = s.find.Close() }

func (s *textStream) flush() {
	for s.written < s.added && s.err == nil {
		p := s.written
		if s.head == p {
			if s.bar != nil {
				s.bar.clear()
			}
			_ = render.ReportHead(s.w, s.reps[p]) // a write error is kept by the errw.Writer
			s.head++
		}
		if !s.find.Ready(p) {
			return // a later entry may still name it: its score block waits
		}
		if err := s.find.Fill(p); err != nil {
			s.err = err
			return
		}
		if s.bar != nil {
			s.bar.clear()
		}
		_ = render.ReportTail(s.w, s.reps[p], s.tree)
		s.written++
	}
}
