package solver

import "draughtsjudge/draughts"

// pnInf is the proof or disproof number of a decided node: pn = pnInf,
// dn = 0 is a disproof; pn = 0, dn = pnInf a proof.
const pnInf uint32 = 1 << 30

// pnEntry is one slot of the proof-number table, 40 bytes:
//
//	offset size field
//	0      8    white   Pieces[White]  (the full position is stored: a key
//	8      8    black   Pieces[Black]   collision can never return a wrong
//	16     8    kings   Kings           proof or disproof)
//	24     4    pn      proof number (0: proved)
//	28     4    dn      disproof number (0: disproved, path-independent)
//	32     4    work    nodes spent under this position (replacement)
//	36     2    dist    proved: attacker moves of the proof found (an upper
//	                    bound on the exact distance)
//	38     1    side    side to move + 1 (0 = empty slot)
//	39     1    padding
type pnEntry struct {
	white, black, kings draughts.Bitboard
	pn, dn              uint32
	work                uint32
	dist                uint16
	side                uint8
}

func (e *pnEntry) is(p *draughts.Position) bool {
	return e.side == uint8(p.Side)+1 && e.white == p.Pieces[0] && e.black == p.Pieces[1] && e.kings == p.Kings
}

func (e *pnEntry) final() bool { return e.pn == 0 || e.dn == 0 }

// pnBucket is the number of slots probed per key.
const pnBucket = 4

// PNTable is the proof-number table of the df-pn search (dfpn.go): one per
// composition, shared by every first move and by the author's lines, so a
// position proved or disproved once is never searched again. Proofs and
// disproofs are facts about the position alone (a disproof that rests on a
// repetition of a position above it on the search path is never stored as
// one, see Prover), so sharing is safe.
//
// Not safe for concurrent use: the searches of one composition run one
// after the other, in a fixed order, so answers and node counts are the
// same for any number of threads (threads share out compositions).
//
// Replacement: within a bucket of 4 slots, a decided entry is kept over an
// undecided one, then the one with more work.
type PNTable struct {
	slots []pnEntry
	mask  uint64
	// used counts the filled slots; the table starts small and doubles
	// when three quarters are filled, up to maxSlots (memory follows the
	// search, not --mem: a study decided in 800 nodes needs kilobytes).
	used, maxSlots int
	// cond holds the conditional disproofs: true while the positions
	// whose keys they list are on the search path (dfpn.go). Capped at
	// maxCond entries.
	cond    map[posID]condEntry
	maxCond int
	// local is the exact local analysis of the composition for this
	// table's goal, when one was made (Solve's fallback): it decides
	// every position of its reachable set.
	local *Local
	// spent remembers the positions a search left undecided, with the
	// node budget it had: asked again with no larger budget, the answer
	// is the same (the table keeps what that search learnt), so Decide
	// gives up at once instead of spending the budget again.
	spent map[posID]uint64
}

// posID is a position without its key.
type posID struct {
	white, black, kings draughts.Bitboard
	side                draughts.Side
}

func idOf(p *draughts.Position) posID {
	return posID{p.Pieces[0], p.Pieces[1], p.Kings, p.Side}
}

// condEntry lists the keys of the path positions a disproof rests on.
// Keys, not positions: a false match needs two different positions on
// one path with the same 64-bit Zobrist key.
type condEntry struct {
	n    int8
	keys [4]draughts.Key
}

// storeCond keeps a conditional disproof of p (the latest one).
func (t *PNTable) storeCond(p *draughts.Position, c condEntry) {
	if t.cond == nil {
		t.cond = map[posID]condEntry{}
	}
	if len(t.cond) >= t.maxCond {
		if _, ok := t.cond[idOf(p)]; !ok {
			return
		}
	}
	t.cond[idOf(p)] = c
}

// NewPNTable makes a table of about bytes bytes (a power of two slots, at
// least 4096).
func NewPNTable(bytes int) *PNTable {
	maxSlots := 4096
	for maxSlots*2*40 <= bytes*7/8 {
		maxSlots *= 2
	}
	n := min(maxSlots, 1<<16)
	// The conditional disproofs get about an eighth of the memory (a map
	// entry costs about 80 bytes).
	return &PNTable{slots: make([]pnEntry, n), mask: uint64(n - pnBucket), maxSlots: maxSlots, maxCond: max(bytes/8/80, 1024)}
}

func (t *PNTable) bucket(p *draughts.Position) []pnEntry {
	i := (uint64(p.Key) * 0x9E3779B97F4A7C15 >> 20) & t.mask
	return t.slots[i : i+pnBucket]
}

// probe returns p's entry, or nil.
func (t *PNTable) probe(p *draughts.Position) *pnEntry {
	b := t.bucket(p)
	for i := range b {
		if b[i].is(p) {
			return &b[i]
		}
	}
	return nil
}

// store writes p's numbers. An undecided entry never replaces a decided
// one of another position.
func (t *PNTable) store(p *draughts.Position, pn, dn, work uint32, dist int) {
	b := t.bucket(p)
	victim := -1
	for i := range b {
		if b[i].is(p) {
			victim = i
			break
		}
	}
	if victim < 0 {
		decided := pn == 0 || dn == 0
		for i := range b {
			e := &b[i]
			if e.side == 0 {
				victim = i
				break
			}
			if victim < 0 || better(&b[victim], e) {
				victim = i
			}
		}
		if v := &b[victim]; v.side != 0 && v.final() && !decided {
			return
		}
	}
	e := &b[victim]
	if e.is(p) && e.final() {
		return // a fact is never overwritten
	}
	if e.side == 0 {
		t.used++
	}
	*e = pnEntry{white: p.Pieces[0], black: p.Pieces[1], kings: p.Kings, side: uint8(p.Side) + 1,
		pn: pn, dn: dn, work: work, dist: uint16(min(dist, 65535))}
	if 4*t.used > 3*len(t.slots) && len(t.slots) < t.maxSlots {
		t.grow()
	}
}

// grow doubles the table and puts every entry back (the replacement rule
// decides where a bucket overflows).
func (t *PNTable) grow() {
	old := t.slots
	n := 2 * len(old)
	t.slots, t.mask, t.used = make([]pnEntry, n), uint64(n-pnBucket), 0
	for i := range old {
		e := &old[i]
		if e.side == 0 {
			continue
		}
		p := draughts.NewPosition(e.white, e.black, e.kings, draughts.Side(e.side-1))
		b := t.bucket(&p)
		victim := -1
		for j := range b {
			if b[j].side == 0 {
				victim = j
				break
			}
			if victim < 0 || better(&b[victim], &b[j]) {
				victim = j
			}
		}
		if v := &b[victim]; v.side != 0 {
			if better(v, e) {
				continue // the bucket keeps what it has
			}
		} else {
			t.used++
		}
		b[victim] = *e
	}
}

// better reports whether e is a better replacement victim than v: an
// undecided entry before a decided one, then less work.
func better(v, e *pnEntry) bool {
	if v.final() != e.final() {
		return !e.final()
	}
	return e.work < v.work
}

// Decided returns what the table knows of p: Proved (with the distance of
// the proof found, an upper bound), Never, or NotWithin when undecided.
func (t *PNTable) Decided(p *draughts.Position) (Outcome, int) {
	e := t.probe(p)
	switch {
	case e == nil:
		return NotWithin, 0
	case e.pn == 0:
		return Proved, int(e.dist)
	case e.dn == 0:
		return Never, 0
	}
	return NotWithin, 0
}
