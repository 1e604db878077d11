package tablebase

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"

	badger "github.com/dgraph-io/badger/v4"
	"golang.org/x/sync/singleflight"

	"draughtsjudge/draughts"
	"draughtsjudge/internal/hugepages"
)

// Endgame databases: on-disk format.
//
// Values. Each position of a slice has one byte, its code:
//
//	0        draw (no forced win for either side, theory mode: no move-count rule)
//	1..254   decided: plies = code-1 is the length of the game with best play
//	         (the winner plays for the shortest, the loser for the longest);
//	         plies 0 = the side to move has no legal move (or no piece).
//	255      not a position (the index's white and black men overlap)
//
// Who wins follows from the parity: in the standard game the side without a
// move loses (6.1.7), so the side to move wins when plies is odd; in the
// giveaway variants (8.1) it wins when plies is even. Distances are in
// plies (half-moves); Value.Moves converts to the moves of the side to move.
//
// Every position is stored, including those where the side to move must
// capture (their values come from smaller slices during the build). This
// keeps Probe a single array read with no search; ZSTD squeezes the
// redundancy (figures in docs/performance.md).
//
// Keys (big-endian; docs/tablebases.md "On-disk format"):
//
//	'E' variant wm wk bm bk side block(uint32)   → EndgameBlockSize codes, index order
//	'M' 'E' variant wm wk bm bk                  → JSON SliceRecord, written last
//
// variant is one byte: 'r' russian, 'b' brazilian, 'i' international, 'R'
// russian-giveaway, 'I' international-giveaway. Only canonical materials
// (Material.Canonical) are stored; the others are probed mirrored. A slice
// without its record is incomplete and is rebuilt from scratch; a slice
// with a record is never rebuilt unless its schema or rules digest differ.

// EndgameSchema is the version of the endgame values and keys.
const EndgameSchema = 1

// EndgameBlockSize is the number of codes per Badger value.
const EndgameBlockSize = 1 << 16

const (
	codeDraw    = 0
	codeInvalid = 255
	maxPlies    = 253
)

// WDL is a game-theoretic result from the side to move's view.
type WDL int8

// The three results.
const (
	Loss WDL = -1
	Draw WDL = 0
	Win  WDL = 1
)

func (w WDL) String() string {
	switch w {
	case Win:
		return "win"
	case Loss:
		return "loss"
	}
	return "draw"
}

// Value is an endgame database value from the side to move's view: the
// result and, if decided, the number of plies to the end of the game with
// best play (winner shortest, loser longest; 0 = no legal move now).
type Value struct {
	WDL   WDL
	Plies int
}

// Moves returns the distance in moves of the side to move: ceil(Plies/2).
// For a win in the standard game it is the number of moves the winner makes,
// the last one leaving the loser without a move.
func (v Value) Moves() int { return (v.Plies + 1) / 2 }

func (v Value) String() string {
	if v.WDL == Draw {
		return "draw"
	}
	return fmt.Sprintf("%s in %d plies (%d moves)", v.WDL, v.Plies, v.Moves())
}

// valueOf decodes a code (not codeInvalid).
func valueOf(c uint8, giveaway bool) Value {
	if c == codeDraw {
		return Value{}
	}
	d := int(c) - 1
	if (d&1 == 1) != giveaway {
		return Value{WDL: Win, Plies: d}
	}
	return Value{WDL: Loss, Plies: d}
}

// SliceRecord is the completion record of one material (both sides to
// move). It is written after all the slice's blocks.
type SliceRecord struct {
	Schema    int       `json:"schema"`
	Variant   string    `json:"variant"`
	Rules     string    `json:"rules"` // rulesDigest
	Material  string    `json:"material"`
	N         uint64    `json:"n"` // index size per side to move
	BlockSize int       `json:"block_size"`
	Positions [2]uint64 `json:"positions"` // valid positions, [white to move, black to move]
	Wins      [2]uint64 `json:"wins"`
	Draws     [2]uint64 `json:"draws"`
	Losses    [2]uint64 `json:"losses"`
	Longest   [2]int    `json:"longest_win"` // plies of the longest win, -1 if none
	CRC32     uint32    `json:"crc32"`       // Castagnoli, over both sides' codes
	Seconds   float64   `json:"seconds"`     // build time
	Generator string    `json:"generator"`
	// Codec is how the blocks' values are stored (compress.go): "zstd",
	// one zstd frame a block; "" (slices written before 2026-12-04), the
	// raw codes.
	Codec string `json:"codec,omitempty"`
	// Seeds, if any, make the slice partial (cone.go): it holds the men
	// configurations the cones of these starts reach (Seed.format), and
	// codeInvalid elsewhere. A slice without seeds is whole.
	Seeds []string `json:"seeds,omitempty"`
}

var crcTable = crc32.MakeTable(crc32.Castagnoli)

func variantByte(r *draughts.Rules) byte {
	switch r.ID {
	case "russian":
		return 'r'
	case "brazilian":
		return 'b'
	case "international":
		return 'i'
	case "russian-giveaway":
		return 'R'
	case "international-giveaway":
		return 'I'
	}
	panic("tablebase: no endgame variant byte for " + r.ID)
}

// rulesDigest names every rule that changes endgame values.
func rulesDigest(r *draughts.Rules) string {
	return fmt.Sprintf("%s/%d/majority=%v/promote-in-capture=%v/giveaway=%v",
		r.ID, r.Board.Size, r.Majority, r.PromoteInCapture, r.Giveaway)
}

func blockKey(vb byte, m Material, side draughts.Side, block uint32) []byte {
	k := []byte{'E', vb, m.WM, m.WK, m.BM, m.BK, byte(side), 0, 0, 0, 0}
	binary.BigEndian.PutUint32(k[7:], block)
	return k
}

func recordKey(vb byte, m Material) []byte {
	return []byte{'M', 'E', vb, m.WM, m.WK, m.BM, m.BK}
}

// table is one material's codes in RAM, immutable once published.
type table struct {
	m     Material
	x     *indexer
	codes []uint8 // side*n + index
}

// Endgames is the in-memory view of one variant's endgame databases: slices
// are read from the store the first time a position needs them and then
// probed from RAM (no Badger read); a slice above the paging threshold is
// read by blocks into a bounded page cache instead (paged.go). Safe for
// concurrent use.
type Endgames struct {
	s        *Store
	r        *draughts.Rules
	g        *geometry
	vb       byte
	giveaway bool

	loading singleflight.Group // one read per slice at a time (loadOnce)
	buildMu sync.Mutex         // serialises Build calls
	tabs    [1 << 16]atomic.Pointer[table]
	paged   [1 << 16]atomic.Pointer[pagedSlice] // slices probed by pages (paged.go)
	pages   pageCache
	// pageThreshold is the size of codes above which a slice is probed by
	// pages (SetPaging).
	pageThreshold atomic.Uint64
	built         [1 << 16]atomic.Bool // a complete record exists in the store
	partMu        sync.Mutex
	part          map[uint16][]Seed // the seeds of the partial slices built (cone.go)
	maxPcs        atomic.Int32
	loads         atomic.Int64 // slices read from the store (load)
}

// Endgames returns the endgame view of variant r (one per store and
// variant, created on first use).
func (s *Store) Endgames(r *draughts.Rules) *Endgames {
	s.egMu.Lock()
	defer s.egMu.Unlock()
	if s.eg == nil {
		s.eg = map[string]*Endgames{}
	}
	if e := s.eg[r.ID]; e != nil {
		return e
	}
	e := &Endgames{s: s, r: r, g: geometryOf(r.Board), vb: variantByte(r), giveaway: r.Giveaway}
	e.SetPaging(DefaultPagingThreshold, DefaultPageBudget)
	for _, rec := range s.records(e.vb) {
		if m, err := ParseMaterial(rec.Material); err == nil && e.recordOK(rec) {
			if seeds, err := e.parseSeeds(rec.Seeds); err == nil {
				e.setSeeds(m, seeds)
				e.markBuilt(m)
			}
		}
	}
	s.eg[r.ID] = e
	return e
}

// Rules returns the variant.
func (e *Endgames) Rules() *draughts.Rules { return e.r }

func (e *Endgames) recordOK(rec SliceRecord) bool {
	return rec.Schema == EndgameSchema && rec.Rules == rulesDigest(e.r) && codecKnown(rec.Codec)
}

func (e *Endgames) markBuilt(m Material) {
	e.built[m.code()].Store(true)
	for {
		old := e.maxPcs.Load()
		if int32(m.Pieces()) <= old || e.maxPcs.CompareAndSwap(old, int32(m.Pieces())) {
			return
		}
	}
}

// Built reports whether material m (either colour order) is complete in the store.
func (e *Endgames) Built(m Material) bool {
	if m.WM > 15 || m.WK > 15 || m.BM > 15 || m.BK > 15 {
		return false
	}
	return e.built[m.canon().code()].Load()
}

// setSeeds records the seeds of material m's slice (canonical): nil for a
// whole slice.
func (e *Endgames) setSeeds(m Material, seeds []Seed) {
	e.partMu.Lock()
	defer e.partMu.Unlock()
	if seeds == nil {
		delete(e.part, m.code())
		return
	}
	if e.part == nil {
		e.part = map[uint16][]Seed{}
	}
	e.part[m.code()] = seeds
}

// seedsOf returns the seeds of material m's slice (canonical): nil if it
// is whole or not built.
func (e *Endgames) seedsOf(m Material) []Seed {
	e.partMu.Lock()
	defer e.partMu.Unlock()
	return e.part[m.code()]
}

// parseSeeds reads a record's seeds.
func (e *Endgames) parseSeeds(texts []string) ([]Seed, error) {
	if len(texts) == 0 {
		return nil, nil
	}
	out := make([]Seed, 0, len(texts))
	for _, t := range texts {
		s, err := parseSeed(e.r.Board, t)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// Covers reports whether material m's slice (either colour order) is
// built and holds the cones of every seed: it is whole, or partial with
// each of them among its seeds. No seeds: whether it is whole.
func (e *Endgames) Covers(m Material, seeds ...Seed) bool {
	if !e.Built(m) {
		return false
	}
	have := e.seedsOf(m.canon())
	if have == nil {
		return true
	}
	if len(seeds) == 0 {
		return false
	}
	for _, s := range seeds {
		if !slices.Contains(have, s) {
			return false
		}
	}
	return true
}

// Partial reports whether material m's slice is built partial.
func (e *Endgames) Partial(m Material) bool {
	return e.seedsOf(m.canon()) != nil
}

// MaxPieces returns the largest piece count of a built slice.
func (e *Endgames) MaxPieces() int { return int(e.maxPcs.Load()) }

// records lists the completion records of variant vb (all variants if vb is 0).
func (s *Store) records(vb byte) []SliceRecord {
	var out []SliceRecord
	prefix := []byte{'M', 'E'}
	if vb != 0 {
		prefix = append(prefix, vb)
	}
	_ = s.db.View(func(txn *badger.Txn) error {
		it := txn.NewIterator(badger.IteratorOptions{Prefix: prefix, PrefetchValues: true, PrefetchSize: 100})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			_ = it.Item().Value(func(v []byte) error {
				var rec SliceRecord
				if json.Unmarshal(v, &rec) == nil {
					out = append(out, rec)
				}
				return nil
			})
		}
		return nil
	})
	return out
}

// SliceRecords returns the completion records of every built endgame slice
// in the store (all variants), in key order.
func (s *Store) SliceRecords() []SliceRecord { return s.records(0) }

// table returns material m's table (m canonical), loading it from the store
// if needed; nil if it is not built.
func (e *Endgames) table(m Material) *table {
	c := m.code()
	if t := e.tabs[c].Load(); t != nil {
		return t
	}
	if !e.built[c].Load() {
		return nil
	}
	t, _ := e.loadOnce(m)
	return t
}

// loadOnce reads material m (canonical) from the store into RAM unless it
// is there already. Concurrent calls for one material share one read;
// different materials are read in parallel. A slice that fails its read
// is forgotten (forget) and its error returned.
func (e *Endgames) loadOnce(m Material) (*table, error) {
	c := m.code()
	return readOnce(e, strconv.Itoa(int(c)), &e.tabs[c], m, e.load)
}

// readOnce returns *slot, filling it with open(m) unless it is set: one
// read per key at a time (concurrent calls share it), a slice that fails
// its read forgotten (forget) and its error returned. loadOnce (whole
// slices) and pagedOnce (paged.go) read through it.
func readOnce[T any](e *Endgames, key string, slot *atomic.Pointer[T], m Material, open func(Material) (*T, error)) (*T, error) {
	if v := slot.Load(); v != nil {
		return v, nil
	}
	v, err, _ := e.loading.Do(key, func() (any, error) {
		if v := slot.Load(); v != nil {
			return v, nil
		}
		v, err := open(m)
		if err != nil {
			e.forget(m, err)
			return nil, err
		}
		slot.Store(v)
		return v, nil
	})
	if err != nil {
		return nil, err
	}
	return v.(*T), nil
}

// forget drops a slice that failed to load: it is reported in
// Store.Damage, is no longer built, and (unless the store is read-only)
// its record is deleted so that the next Build rebuilds it.
func (e *Endgames) forget(m Material, err error) {
	e.built[m.code()].Store(false)
	e.setSeeds(m, nil)
	e.s.damageMu.Lock()
	e.s.damage = append(e.s.damage, err)
	e.s.damageMu.Unlock()
	if !e.s.readOnly {
		_ = e.s.db.Update(func(txn *badger.Txn) error { return txn.Delete(recordKey(e.vb, m)) })
	}
}

// Damage returns the endgame slices found damaged since the store was
// opened (a checksum mismatch, a block Badger cannot read, a record that
// does not fit), one error each naming the variant, the material and the
// store. Each was dropped: probes no longer see it, and the next Build of
// a writable store rebuilds it.
func (s *Store) Damage() []error {
	s.damageMu.Lock()
	defer s.damageMu.Unlock()
	return append([]error(nil), s.damage...)
}

// Load reads every built slice of the closure of ms into RAM, checking
// its CRC, and returns the errors of the damaged ones (see Damage). Call
// it before Build to have damaged slices rebuilt before they are probed.
// A slice probed by pages (paged.go) is streamed through its CRC and not
// kept.
func (e *Endgames) Load(ms []Material) []error {
	var errs []error
	for _, m := range closure(e.r.Board, ms...) {
		if !e.Built(m) {
			continue
		}
		load := func(m Material) error { _, err := e.loadOnce(m); return err }
		if e.isPaged(m) && e.tabs[m.code()].Load() == nil {
			load = func(m Material) error { _, err := e.pagedOnce(m); return err }
		}
		if err := load(m); err != nil {
			errs = append(errs, err)
		}
	}
	return errs
}

// Release drops the RAM copy of the slices ms (either colour order), or
// their pages if they are probed by pages:
// the memory is freed once no probe holds it, and the next probe reads
// the slice from the store again (checking its CRC). A batch releases
// the slices none of its remaining entries can reach. A read of one of
// ms still in flight (loadOnce) keeps its table in RAM until the next
// Release: release only slices nothing is probing.
func (e *Endgames) Release(ms []Material) {
	for _, m := range ms {
		if m.WM > 15 || m.WK > 15 || m.BM > 15 || m.BK > 15 {
			continue
		}
		e.tabs[m.canon().code()].Store(nil)
		e.dropPaged(m.canon())
	}
}

// SlicesRead returns how many endgame slices were read from the store
// (and checksummed) since it was opened, all variants: a run that reads
// its reports from the cache reads none.
func (s *Store) SlicesRead() int64 {
	s.egMu.Lock()
	defer s.egMu.Unlock()
	var n int64
	for _, e := range s.eg {
		n += e.loads.Load()
	}
	return n
}

// load reads material m from the store and checks its CRC.
func (e *Endgames) load(m Material) (*table, error) {
	e.loads.Add(1)
	x := newIndexer(e.r.Board, m)
	t := &table{m: m, x: x, codes: hugepages.Make[uint8](2 * x.n)}
	rec, err := e.readBlocks(m, x, func(off uint64, v []byte) error {
		copy(t.codes[off:], v)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("tablebase: endgame slice %s %s in %s is damaged: %v", e.r.ID, m, e.s.where(), err)
	}
	if got := crc32.Checksum(t.codes, crcTable); got != rec.CRC32 {
		return nil, fmt.Errorf("tablebase: endgame slice %s %s in %s is damaged: checksum mismatch (record %08x, data %08x)", e.r.ID, m, e.s.where(), rec.CRC32, got)
	}
	return t, nil
}

// readBlocks reads material m's record, checks that it fits x, and calls
// visit with each stored block in key order (side, then block) and its
// offset in the codes of both sides (side*n + block*EndgameBlockSize),
// decoded (v is valid until visit returns). The error names what does not
// fit; the callers say the slice is damaged.
func (e *Endgames) readBlocks(m Material, x *indexer, visit func(off uint64, v []byte) error) (SliceRecord, error) {
	var rec SliceRecord
	err := e.s.db.View(func(txn *badger.Txn) error {
		it, err := txn.Get(recordKey(e.vb, m))
		if err != nil {
			return err
		}
		if err := it.Value(func(v []byte) error { return json.Unmarshal(v, &rec) }); err != nil {
			return err
		}
		if !e.recordOK(rec) || rec.N != x.n || rec.BlockSize != EndgameBlockSize {
			return fmt.Errorf("slice %s: record does not match this program", m)
		}
		prefix := []byte{'E', e.vb, m.WM, m.WK, m.BM, m.BK}
		iter := txn.NewIterator(badger.IteratorOptions{Prefix: prefix, PrefetchValues: true, PrefetchSize: 16})
		defer iter.Close()
		buf := make([]byte, EndgameBlockSize)
		for iter.Rewind(); iter.Valid(); iter.Next() {
			k := iter.Item().Key()
			side := uint64(k[6])
			off := side*x.n + uint64(binary.BigEndian.Uint32(k[7:]))*EndgameBlockSize
			if side > 1 || off >= 2*x.n {
				return fmt.Errorf("slice %s: bad key %x", m, k)
			}
			if err := iter.Item().Value(func(v []byte) error {
				codes, err := decodeBlock(rec.Codec, v, buf)
				if err != nil {
					return fmt.Errorf("slice %s: key %x: %v", m, k, err)
				}
				return visit(off, codes)
			}); err != nil {
				return err
			}
		}
		return nil
	})
	return rec, err
}

// mirrorPos swaps the colours and turns the board (key left stale).
func (e *Endgames) mirrorPos(p *draughts.Position) draughts.Position {
	l := e.g.last
	return draughts.Position{
		Pieces: mirrorSides(p.Pieces, l),
		Kings:  mirrorBits(p.Kings, l),
		Side:   p.Side ^ 1,
	}
}

// code returns the stored code of p, ok=false if p's slice is not built or
// p is not a position of the databases (a side without pieces while the
// other is to move, a man on its promotion row).
func (e *Endgames) code(p *draughts.Position) (uint8, bool) {
	us := p.Side
	if p.Pieces[us] == 0 {
		return 1, true // no piece: no legal move, plies 0
	}
	if p.Pieces[us^1] == 0 {
		return 0, false
	}
	m := MaterialOf(p)
	if m.Pieces() > int(e.maxPcs.Load()) {
		return 0, false
	}
	b := e.r.Board
	if p.Men(draughts.White)&b.Promo[draughts.White] != 0 || p.Men(draughts.Black)&b.Promo[draughts.Black] != 0 {
		return 0, false
	}
	q := p
	var mq draughts.Position
	if !m.Canonical() {
		mq = e.mirrorPos(p)
		q, m = &mq, m.Mirror()
	}
	k := m.code()
	t := e.tabs[k].Load()
	if t == nil {
		if ps := e.paged[k].Load(); ps != nil {
			c, ok := e.pagedCode(ps, q.Side, ps.x.index(q))
			return c, ok && c != codeInvalid
		}
		if !e.built[k].Load() {
			return 0, false
		}
		if e.isPaged(m) {
			ps, err := e.pagedOnce(m)
			if err != nil {
				return 0, false
			}
			c, ok := e.pagedCode(ps, q.Side, ps.x.index(q))
			return c, ok && c != codeInvalid
		}
		if t, _ = e.loadOnce(m); t == nil {
			return 0, false
		}
	}
	c := t.codes[uint64(q.Side)*t.x.n+t.x.index(q)]
	return c, c != codeInvalid
}

// Probe returns the database value of p from the side to move's view;
// ok is false when p's slice is not built. Only a slice's first probe reads
// the store; later probes are one array read. Safe for concurrent use.
func (e *Endgames) Probe(p *draughts.Position) (v Value, ok bool) {
	c, ok := e.code(p)
	if !ok {
		return Value{}, false
	}
	return valueOf(c, e.giveaway), true
}

// BestMoves returns the moves that keep the value of p: for a win, every
// move winning in the fewest plies; for a loss, every move losing in the
// most; for a draw, every drawing move. ok is false if p or a successor is
// outside the built slices.
func (e *Endgames) BestMoves(p *draughts.Position) (moves []draughts.Move, v Value, ok bool) {
	v, ok = e.Probe(p)
	if !ok {
		return nil, v, false
	}
	var ml draughts.MoveList
	draughts.Generate(p, e.r, &ml)
	for _, m := range ml.Slice() {
		q := p.Play(m)
		w, ok := e.Probe(&q)
		if !ok {
			return nil, v, false
		}
		if w.WDL == -v.WDL && (v.WDL == Draw || w.Plies == v.Plies-1) {
			moves = append(moves, m)
		}
	}
	return moves, v, true
}

// derive computes the code of p from its successors' codes (the rule the
// builder applies; Verify re-applies it). ok is false if a successor is
// not available.
func (e *Endgames) derive(p *draughts.Position, ml *draughts.MoveList) (uint8, bool) {
	draughts.Generate(p, e.r, ml)
	if ml.N == 0 {
		return 1, true
	}
	var acc combiner
	for i := 0; i < ml.N; i++ {
		q := p.Play(ml.Moves[i])
		c, ok := e.code(&q)
		if !ok {
			return 0, false
		}
		acc.add(c, e.giveaway)
	}
	return acc.result(), true
}

// combiner folds successor codes into the code of their parent.
type combiner struct {
	winBy   int // shortest losing successor +1, 0 none
	draw    bool
	loseMax int // longest winning successor (plies)
}

func (a *combiner) add(c uint8, giveaway bool) {
	if c == codeDraw {
		a.draw = true
		return
	}
	d := int(c) - 1
	if (d&1 == 1) != giveaway { // the successor's mover wins
		if d > a.loseMax {
			a.loseMax = d
		}
		return
	}
	if a.winBy == 0 || d+1 < a.winBy {
		a.winBy = d + 1
	}
}

func (a *combiner) result() uint8 {
	switch {
	case a.winBy > 0:
		return uint8(a.winBy + 1)
	case a.draw:
		return codeDraw
	}
	return uint8(a.loseMax + 2)
}

// putMeta writes one meta record.
func (s *Store) putMeta(key, value []byte) error {
	return s.db.Update(func(txn *badger.Txn) error { return txn.Set(key, value) })
}

// parseBlockKey is the inverse of blockKey.
func parseBlockKey(k []byte) (vb byte, m Material, side draughts.Side, block uint32, ok bool) {
	if len(k) != 11 || k[0] != 'E' || k[6] > 1 {
		return 0, Material{}, 0, 0, false
	}
	return k[1], Material{k[2], k[3], k[4], k[5]}, draughts.Side(k[6]), binary.BigEndian.Uint32(k[7:]), true
}
