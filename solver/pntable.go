package solver

import (
	"unsafe"

	"draughtsjudge/draughts"
	"draughtsjudge/internal/hugepages"
)

// pnInf is the proof or disproof number of a decided node: pn = pnInf,
// dn = 0 is a disproof; pn = 0, dn = pnInf a proof.
const pnInf uint32 = 1 << 30

// pnEntry is one slot of the proof-number table, 32 bytes, so a bucket
// of 4 is two cache lines on a 128-byte boundary (the adjacent-line
// prefetcher fetches them together: one memory access per probe;
// docs/performance.md has the measurements). The full position is
// stored, so a key collision can never return a wrong proof or disproof.
// Squares use bits 0..53 of a Bitboard (the ghost-square
// layout of a 10x10 board ends at bit 53; init checks every board), so
// bits 54..63 carry the other fields:
//
//	word bits   field
//	w    0-53   Pieces[White]
//	w    54-61  work, low 8 bits: nodes spent under this position
//	            (replacement), saturating at 2^18-1
//	w    62     side to move
//	w    63     filled (0 = empty slot)
//	b    0-53   Pieces[Black]
//	b    54-63  work, high 10 bits
//	k    0-53   Kings
//	k    54-63  dist: proved, attacker moves of the proof found (an upper
//	            bound on the exact distance), saturating at pnDistMax =
//	            1023; phase 2 searches at most
//	            MaxDepth = 120 moves, and no proof in the regression
//	            corpus comes near either
//	pn          proof number (0: proved)
//	dn          disproof number (0: disproved, path-independent)
type pnEntry struct {
	w, b, k uint64
	pn, dn  uint32
}

const (
	pnSquareBits = 54
	pnSquares    = 1<<pnSquareBits - 1
	pnFilled     = 1 << 63
	pnSideBit    = 1 << 62
	pnWorkLow    = 8
	pnWorkMax    = 1<<18 - 1
	pnWorkBits   = (1<<pnWorkLow - 1) << pnSquareBits
	pnDistShift  = pnSquareBits
	pnDistMax    = 1<<(64-pnDistShift) - 1
)

// tagW is the w word of p's entry without its work bits.
func tagW(p *draughts.Position) uint64 {
	return uint64(p.Pieces[0]) | pnFilled | uint64(p.Side)<<62
}

func (e *pnEntry) is(p *draughts.Position) bool {
	return e.b&pnSquares == uint64(p.Pieces[1]) && e.w&^pnWorkBits == tagW(p) && e.k&pnSquares == uint64(p.Kings)
}

func (e *pnEntry) empty() bool { return e.w&pnFilled == 0 }

func (e *pnEntry) final() bool { return e.pn == 0 || e.dn == 0 }

// dist is the attacker moves of a proved entry's proof.
func (e *pnEntry) dist() int { return int(e.k >> pnDistShift) }

// work is the nodes spent under the entry (saturating).
func (e *pnEntry) work() uint64 {
	return e.w&pnWorkBits>>pnSquareBits | e.b>>pnSquareBits<<pnWorkLow
}

// position is the entry's position.
func (e *pnEntry) position() draughts.Position {
	side := draughts.White
	if e.w&pnSideBit != 0 {
		side = draughts.Black
	}
	return draughts.NewPosition(draughts.Bitboard(e.w&pnSquares), draughts.Bitboard(e.b&pnSquares), draughts.Bitboard(e.k&pnSquares), side)
}

func makeEntry(p *draughts.Position, pn, dn, work uint32, dist int) pnEntry {
	wk := uint64(min(work, pnWorkMax))
	return pnEntry{
		w:  tagW(p) | wk&(1<<pnWorkLow-1)<<pnSquareBits,
		b:  uint64(p.Pieces[1]) | wk>>pnWorkLow<<pnSquareBits,
		k:  uint64(p.Kings) | uint64(min(max(dist, 0), pnDistMax))<<pnDistShift,
		pn: pn, dn: dn,
	}
}

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
// undecided one, then the one with more work; an unexpanded position's
// initial numbers (work 0) go only into a free slot or over another such
// entry (storeLeaf).
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
	// condSeen has bit key&condSeenMask set for every position in cond:
	// most positions have no conditional disproof, and the bit (a
	// 128 KiB array, in cache) answers that without the map (5% of phase
	// 1's time when every leaf asked the map).
	condSeen []uint64
	sink     uint64 // touch's loads
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
		t.condSeen = make([]uint64, (condSeenMask+1)/64)
	}
	if len(t.cond) >= t.maxCond {
		if _, ok := t.cond[idOf(p)]; !ok {
			return
		}
	}
	t.cond[idOf(p)] = c
	k := uint64(p.Key) & condSeenMask
	t.condSeen[k/64] |= 1 << (k % 64)
}

const condSeenMask = 1<<20 - 1

// condOf returns p's conditional disproof, if it has one.
func (t *PNTable) condOf(p *draughts.Position) (condEntry, bool) {
	if t.cond == nil {
		return condEntry{}, false
	}
	if k := uint64(p.Key) & condSeenMask; t.condSeen[k/64]&(1<<(k%64)) == 0 {
		return condEntry{}, false
	}
	c, ok := t.cond[idOf(p)]
	return c, ok
}

// NewPNTable makes a table of about bytes bytes (a power of two slots, at
// least 4096).
func NewPNTable(bytes int) *PNTable {
	maxSlots := 4096
	for maxSlots*2*int(unsafe.Sizeof(pnEntry{})) <= bytes*7/8 {
		maxSlots *= 2
	}
	n := min(maxSlots, 1<<16)
	// The conditional disproofs get about an eighth of the memory (a map
	// entry costs about 80 bytes).
	slots := hugepages.Make[pnEntry](uint64(n))
	return &PNTable{slots: slots, mask: uint64(n - pnBucket), maxSlots: maxSlots, maxCond: max(bytes/8/80, 1024)}
}

// index is the first slot of p's bucket.
func (t *PNTable) index(p *draughts.Position) uint64 {
	return (uint64(p.Key) * 0x9E3779B97F4A7C15 >> 20) & t.mask
}

func (t *PNTable) bucket(p *draughts.Position) []pnEntry {
	i := t.index(p)
	return t.slots[i : i+pnBucket]
}

// touch loads the buckets of ps, one independent load per cache line, so
// the processor fetches them all at once from memory before they are
// probed one by one, with move generation between (Go has no prefetch
// instruction; the loads' sum is kept so they are not removed).
func (t *PNTable) touch(ps []draughts.Position) {
	s := t.sink
	for i := range ps {
		b := t.bucket(&ps[i])
		s += b[0].w + b[2].w
	}
	t.sink = s
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
			if e.empty() {
				victim = i
				break
			}
			if victim < 0 || better(&b[victim], e) {
				victim = i
			}
		}
		if v := &b[victim]; !v.empty() && v.final() && !decided {
			return
		}
	}
	e := &b[victim]
	if e.is(p) && e.final() {
		return // a fact is never overwritten
	}
	t.put(e, p, pn, dn, work, dist)
}

// put writes p's entry into slot e, counting a slot newly filled, and
// grows the table past three quarters full (up to maxSlots).
func (t *PNTable) put(e *pnEntry, p *draughts.Position, pn, dn, work uint32, dist int) {
	if e.empty() {
		t.used++
	}
	*e = makeEntry(p, pn, dn, work, dist)
	if 4*t.used > 3*len(t.slots) && len(t.slots) < t.maxSlots {
		t.grow()
	}
}

// storeLeaf keeps the initial numbers of p, a position evaluated but not
// expanded (work 0), in an empty slot of its bucket or over another such
// entry: never over an expanded position's entry or a decided one, so
// leaves only fill room the search has not used yet, and any store of
// an expanded node takes their slots first (less work). The numbers are
// the ones a new evaluation would give, so the search is the same; what
// is saved is the evaluation (one node) each time the parent is expanded
// again.
func (t *PNTable) storeLeaf(p *draughts.Position, pn, dn uint32) {
	b := t.bucket(p)
	victim := -1
	for i := range b {
		e := &b[i]
		if e.empty() {
			victim = i
			break
		}
		if victim < 0 && !e.final() && e.work() == 0 {
			victim = i
		}
	}
	if victim >= 0 {
		t.put(&b[victim], p, pn, dn, 0, 0)
	}
}

// grow doubles the table. A bucket's index is a run of the key's hash
// bits, and doubling adds the next bit, so the entries of old bucket i go
// to new bucket i or i+len(old), never more than the 4 that were in it:
// the buckets are copied in order, two sequential streams instead of a
// random read-modify-write per entry, and no replacement decision is ever
// needed: the layout, and so the search, is the one the old re-insertion
// gave. What is left of grow's time (10% of the 42-47 proof) is the first
// touch of the new memory.
func (t *PNTable) grow() {
	old := t.slots
	n := len(old)
	t.slots, t.mask = hugepages.Make[pnEntry](uint64(2*n)), uint64(2*n-pnBucket)
	for i := 0; i < n; i += pnBucket {
		lo, hi := i, i+n
		for j := i; j < i+pnBucket; j++ {
			e := &old[j]
			if e.empty() {
				continue
			}
			p := e.position()
			if t.index(&p) == uint64(i) {
				t.slots[lo] = *e
				lo++
			} else {
				t.slots[hi] = *e
				hi++
			}
		}
	}
}

// better reports whether e is a better replacement victim than v: an
// undecided entry before a decided one, then less work.
func better(v, e *pnEntry) bool {
	if v.final() != e.final() {
		return !e.final()
	}
	return e.work() < v.work()
}

// Decided returns what the table knows of p: Proved (with the distance of
// the proof found, an upper bound), Never, or NotWithin when undecided.
func (t *PNTable) Decided(p *draughts.Position) (Outcome, int) {
	e := t.probe(p)
	switch {
	case e == nil:
		return NotWithin, 0
	case e.pn == 0:
		return Proved, e.dist()
	case e.dn == 0:
		return Never, 0
	}
	return NotWithin, 0
}

func init() {
	for _, b := range []*draughts.Board{draughts.Board8, draughts.Board10} {
		if uint64(b.Mask)&^pnSquares != 0 {
			panic("solver: a board's squares overlap the proof-number entry's packed fields")
		}
	}
}
