package batch

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"draughtsjudge/draughts"
	"draughtsjudge/tablebase"
)

// The endgame slices of one entry. An entry is analysed with exactly the
// slices its plan names, whatever else the store holds or the batch
// builds meanwhile, so that its report, and the cache key that names
// those slices, do not depend on timing or on the number of threads:
//
//   - want: the slices of at most Config.Endgames pieces (for this
//     entry's piece count) its initial material can reach (captures
//     remove pieces, men may become kings). The batch builds them, each
//     holding at least the cone of the entry's start (below): they are
//     loaded (their checksums checked) and, if missing, damaged or not
//     holding that cone, built before the entry is analysed, in input
//     order: an entry is analysed as soon as its own slices are ready,
//     while those of later entries build;
//   - need: want, and the other slices its material can reach that the
//     store held when the run began and that hold its cone (whole
//     slices, or partial ones an earlier run built for this start). These
//     are the slices the entry may probe, and those its key names.
//
// So an entry is analysed with the same slices on a first run, which
// builds them, and on a second, which finds them (a slice the first run
// built for other entries does not hold this one's cone, on either run):
// its cached report is found before any slice is read.
//
// The batch builds its slices partial (tablebase/cone.go): each material
// holds the positions the starts of the entries that want it can reach
// (their cones), and a later batch extends them. An entry probes only
// positions of its own start's cone, so its report does not depend on
// what else a slice holds (a whole slice, or one extended for other
// entries); a partial slice is named in the key by its generator, not
// its checksum, which changes as it is extended.
//
// Lasca has no endgame databases (docs/lasca.md): its plan is empty.

// entryPlan is what one entry needs of the endgame databases.
type entryPlan struct {
	e     *tablebase.Endgames // nil: no store, or Lasca
	start tablebase.Material
	seed  tablebase.Seed       // the start, whose cone the entry probes
	cone  *tablebase.Cone      // the cone of seed
	want  []tablebase.Material // canonical, build order
	need  []tablebase.Material // canonical, build order; a superset of want
}

// wantOf lists the canonical materials of 2..limit pieces that material s
// can reach, both sides with a piece, in build order (the closure the
// builder computes from them is the same set).
func wantOf(r *draughts.Rules, s tablebase.Material, limit int) []tablebase.Material {
	var out []tablebase.Material
	for _, m := range tablebase.MaterialsUpTo(r, limit) {
		if s.Reaches(m) {
			out = append(out, m)
		}
	}
	return out
}

// sliceSet is a set of canonical materials of one variant, indexed by
// the 4-bit counts (a material with a count over 15 is in no set).
type sliceSet struct {
	in  [1 << 16]bool
	max int // the most pieces of a member
}

func setIndex(m tablebase.Material) (int, bool) {
	if m.WM > 15 || m.WK > 15 || m.BM > 15 || m.BK > 15 {
		return 0, false
	}
	return int(m.WM)<<12 | int(m.WK)<<8 | int(m.BM)<<4 | int(m.BK), true
}

func newSliceSet(ms []tablebase.Material) *sliceSet {
	s := &sliceSet{}
	for _, m := range ms {
		if i, ok := setIndex(m); ok {
			s.in[i] = true
			s.max = max(s.max, m.Pieces())
		}
	}
	return s
}

// sliceProber is the solver.Prober of one entry: the store's endgame
// databases of the entry's variant, restricted to the slices of its key
// and to the cone of its start. A position of any other slice, or outside
// the cone, is not covered, as if it were not built. Positions where a
// side has no piece are answered as the store answers them (they need no
// slice).
type sliceProber struct {
	e    *tablebase.Endgames
	set  *sliceSet
	cone *tablebase.Cone
}

func (p *sliceProber) Probe(r *draughts.Rules, pos draughts.Position) (int, int, bool) {
	if p.e == nil || r != p.e.Rules() {
		return 0, 0, false
	}
	if pos.Pieces[draughts.White] != 0 && pos.Pieces[draughts.Black] != 0 {
		if pos.Occupied().Count() > p.set.max {
			return 0, 0, false
		}
		m := tablebase.MaterialOf(&pos)
		if !m.Canonical() {
			m = m.Mirror()
		}
		if i, ok := setIndex(m); !ok || !p.set.in[i] {
			return 0, 0, false
		}
		if p.cone != nil && !p.cone.Covers(&pos) {
			return 0, 0, false
		}
	}
	v, ok := p.e.Probe(&pos)
	if !ok {
		return 0, 0, false
	}
	return int(v.WDL), v.Plies, true
}

// sliceID names a set of built slices in the cache key: "0" for none (as
// the key of a store without slices always said), else "e" and 16 hex
// digits of a digest of each slice's variant, material and checksum (a
// whole slice) or "p" and its generator (a partial one, whose checksum
// changes as later batches extend it), in build order. (Keys before it
// counted every slice of the store, a decimal number; the letter keeps the
// two apart.)
func sliceID(r *draughts.Rules, ms []tablebase.Material, recs map[string]tablebase.SliceRecord) string {
	if len(ms) == 0 {
		return "0"
	}
	h := sha256.New()
	for _, m := range ms {
		rec := recs[r.ID+" "+m.String()]
		if len(rec.Seeds) > 0 {
			fmt.Fprintf(h, "%s %s p%s|", r.ID, m, rec.Generator)
			continue
		}
		fmt.Fprintf(h, "%s %s %08x|", r.ID, m, rec.CRC32)
	}
	return "e" + hex.EncodeToString(h.Sum(nil))[:16]
}

// recordsByName indexes the store's slice records by "variant material".
func recordsByName(s *tablebase.Store) map[string]tablebase.SliceRecord {
	out := map[string]tablebase.SliceRecord{}
	for _, rec := range s.SliceRecords() {
		out[rec.Variant+" "+rec.Material] = rec
	}
	return out
}
