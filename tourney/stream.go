package tourney

import (
	"fmt"

	"draughtsjudge/archive"
	"draughtsjudge/composition"
	"draughtsjudge/judge"
)

// A Stream is FindPredecessorsIn one report at a time, for a batch whose
// reports are written as they finish (check's text output): Add each
// report in input order as it is done; once Ready says so, Fill gives
// report i the Originality FindPredecessorsIn would give it with the
// whole batch. Report i is ready when every entry that may share
// something with it is added: an entry whose author's lines share a
// position or an author listing with i's (found before any analysis, in
// an archive of the compositions alone), or whose material may reach one
// of i's finales (MayName).
type Stream struct {
	comps     []*composition.Composition
	prospects []Prospect
	linked    [][]int // linked[i]: the entries found with i before the analysis
	all       []bool  // all[i]: i waits for every entry (too many sources to list)
	reps      []*judge.Report
	es        []*archive.Entry
	waitFor   []int // waitFor[i]: the last entry report i waits for (-1: not yet computed)
	added     int
	batch     *archive.Archive // the reports added so far
	arch      *archive.Archive
}

// NewStream is a Stream over comps (the batch in input order) and arch
// (nil: none). Close it after use.
func NewStream(comps []*composition.Composition, arch *archive.Archive) (*Stream, error) {
	s := &Stream{comps: comps, prospects: make([]Prospect, len(comps)), linked: make([][]int, len(comps)),
		all: make([]bool, len(comps)), reps: make([]*judge.Report, len(comps)), es: make([]*archive.Entry, len(comps)), waitFor: make([]int, len(comps)), arch: arch}
	for i := range s.waitFor {
		s.waitFor[i] = -1
	}
	pre, err := archive.Temporary()
	if err != nil {
		return nil, err
	}
	defer pre.Close()
	index := map[string]int{}
	pes := make([]*archive.Entry, len(comps))
	var put []*archive.Entry
	for i, c := range comps {
		s.prospects[i] = ProspectOf(c)
		r := &judge.Report{File: c.File, Index: c.Index, Line: c.Line, Author: c.Author, Source: c.Source}
		index[fmt.Sprintf("%s#%d", c.File, c.Index)] = i
		if pes[i] = entryOf(r, c); pes[i] != nil {
			put = append(put, pes[i])
		}
	}
	if _, err := pre.Put(put); err != nil {
		return nil, err
	}
	for i, e := range pes {
		if e == nil {
			continue
		}
		hits, err := pre.Find(e, archive.FindOptions{Max: len(comps) + 1})
		if err != nil {
			return nil, err
		}
		for _, h := range hits {
			if h.MoreSources > 0 {
				s.all[i] = true
			}
			for _, src := range h.Sources {
				if j, ok := index[src.Entry]; ok && j != i {
					s.linked[i] = append(s.linked[i], j)
				}
			}
		}
	}
	if s.batch, err = archive.Temporary(); err != nil {
		return nil, err
	}
	return s, nil
}

// Close releases the Stream's temporary archive.
func (s *Stream) Close() error { return s.batch.Close() }

// Add takes report i, the next in input order.
func (s *Stream) Add(i int, r *judge.Report) error {
	s.reps[i] = r
	s.added = i + 1
	if s.es[i] = entryOf(r, s.comps[i]); s.es[i] != nil {
		if _, err := s.batch.Put([]*archive.Entry{s.es[i]}); err != nil {
			return err
		}
	}
	return nil
}

// Ready reports whether report i (added) can be filled: every entry that
// may share something with it is added. What it waits for is worked out
// once, when it is first asked.
func (s *Stream) Ready(i int) bool {
	if s.waitFor[i] < 0 {
		w := i
		if s.all[i] {
			w = len(s.comps) - 1
		}
		for _, j := range s.linked[i] {
			w = max(w, j)
		}
		n := namedOf(s.reps[i])
		for j := len(s.comps) - 1; j > w; j-- {
			if n.mayBeNamedBy(s.prospects[j]) {
				w = j
				break
			}
		}
		s.waitFor[i] = w
	}
	return s.waitFor[i] < s.added
}

// Fill sets the Originality of report i (added and Ready).
func (s *Stream) Fill(i int) error { return fillOne(s.reps[i], s.es[i], s.batch, s.arch) }
