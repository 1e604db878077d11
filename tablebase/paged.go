package tablebase

import (
	"fmt"
	"hash/crc32"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/dgraph-io/badger/v4"

	"draughtsjudge/draughts"
)

// Paged probing. A slice whose codes (both sides, one byte per index
// entry) exceed the paging threshold is not read into RAM whole when a
// position needs it: its blocks (EndgameBlockSize codes, the store's
// values) are read one at a time as probes reach them and kept in a page
// cache of bounded size shared by the variant's paged slices. The
// international six-piece slices are 0.5-4.3 GB each (3M1K-1M1K and the
// seven slices it reaches: 16.9 GB); read whole they would not fit beside
// a search on most machines.
//
// A paged slice gives the same values as a slice in RAM: the first probe
// streams every block once through the slice's CRC (as load does, without
// keeping them), so a damaged slice is found and dropped before any of its
// values is used; every block read later is checked by Badger's block
// checksums. The builder and Verify read their slices whole (table): they
// visit every entry.

// Default paging limits: slices of more than DefaultPagingThreshold bytes
// of codes are probed by pages, from a cache of at most DefaultPageBudget
// bytes per variant. No slice of up to five pieces reaches the threshold
// (the largest, international 1M2K-1M1K, has 412 MB of codes), so only
// six-piece international slices and larger are paged.
const (
	DefaultPagingThreshold = 1 << 30
	DefaultPageBudget      = 1 << 30
)

// pagedSlice is a slice probed by pages; pages[side*blocks+block] is the
// block when it is resident, nil otherwise.
type pagedSlice struct {
	m      Material
	x      *indexer
	blocks uint64 // blocks per side
	codec  string // the blocks' codec (SliceRecord.Codec)
	pages  []atomic.Pointer[page]
}

// page is one resident block; ref is the clock's second-chance bit.
type page struct {
	codes []uint8
	ref   atomic.Bool
}

// pageCache holds the resident pages of a variant's paged slices, at most
// limit of them, evicting by the clock (second chance) algorithm.
type pageCache struct {
	mu    sync.Mutex // held while a page is read and placed
	limit int        // pages (SetPaging)
	ring  []pageRef  // the resident pages
	hand  int
	reads atomic.Int64 // pages read from the store
}

type pageRef struct {
	s *pagedSlice
	i uint64
}

// SetPaging sets the size above which a slice is probed by pages
// (threshold, bytes of codes of both sides) and the most memory the pages
// of this variant's paged slices may hold (budget, bytes; at least one
// block); the view starts with DefaultPagingThreshold and
// DefaultPageBudget. It applies to slices not yet opened; call it before
// probing.
func (e *Endgames) SetPaging(threshold, budget uint64) {
	e.pageThreshold.Store(threshold)
	e.pages.mu.Lock()
	e.pages.limit = int(max(budget/EndgameBlockSize, 1))
	e.pages.mu.Unlock()
}

// isPaged reports whether material m (canonical) is probed by pages.
func (e *Endgames) isPaged(m Material) bool {
	return 2*Positions(e.r.Board, m) > e.pageThreshold.Load()
}

// ProbedByPages reports whether a probe of the built slice m (either
// colour order) reads it by pages rather than whole (SetPaging's threshold).
func (e *Endgames) ProbedByPages(m Material) bool { return e.isPaged(m.canon()) }

// PageBudget is the most memory, bytes, the pages of this variant's paged
// slices hold.
func (e *Endgames) PageBudget() int64 {
	e.pages.mu.Lock()
	defer e.pages.mu.Unlock()
	return int64(e.pages.limit) * EndgameBlockSize
}

// PagesRead returns how many blocks of paged slices were read from the
// store since it was opened (this variant).
func (e *Endgames) PagesRead() int64 { return e.pages.reads.Load() }

// pagedOnce opens material m (canonical, built) for paged probing unless it
// is open already, checking its CRC; an error if it is damaged (forgotten).
func (e *Endgames) pagedOnce(m Material) (*pagedSlice, error) {
	c := m.code()
	return readOnce(e, "p"+strconv.Itoa(int(c)), &e.paged[c], m, e.openPaged)
}

// openPaged checks m's record and streams its blocks through the CRC.
func (e *Endgames) openPaged(m Material) (*pagedSlice, error) {
	e.loads.Add(1)
	x := newIndexer(e.r.Board, m)
	blocks := (x.n + EndgameBlockSize - 1) / EndgameBlockSize
	ps := &pagedSlice{m: m, x: x, blocks: blocks, pages: make([]atomic.Pointer[page], 2*blocks)}
	var crc uint32
	var total uint64
	rec, err := e.readBlocks(m, x, func(off uint64, v []byte) error {
		if off != total {
			return fmt.Errorf("slice %s: block at code %d where %d was due (a block missing or misplaced)", m, off, total)
		}
		crc = crc32.Update(crc, crcTable, v)
		total += uint64(len(v))
		return nil
	})
	if err == nil && total != 2*x.n {
		err = fmt.Errorf("slice %s: %d codes stored, %d expected", m, total, 2*x.n)
	}
	if err == nil && crc != rec.CRC32 {
		err = fmt.Errorf("checksum mismatch (record %08x, data %08x)", rec.CRC32, crc)
	}
	if err != nil {
		return nil, fmt.Errorf("tablebase: endgame slice %s %s in %s is damaged: %v", e.r.ID, m, e.s.where(), err)
	}
	ps.codec = rec.Codec
	return ps, nil
}

// pagedCode returns the code of index idx, side to move s, of ps; ok is
// false if the block cannot be read (the slice is then forgotten).
func (e *Endgames) pagedCode(ps *pagedSlice, s draughts.Side, idx uint64) (uint8, bool) {
	i := uint64(s)*ps.blocks + idx/EndgameBlockSize
	pg := ps.pages[i].Load()
	if pg == nil {
		var err error
		if pg, err = e.readPage(ps, i); err != nil {
			e.dropPaged(ps.m)
			e.forget(ps.m, err)
			return 0, false
		}
	} else if !pg.ref.Load() {
		pg.ref.Store(true)
	}
	return pg.codes[idx%EndgameBlockSize], true
}

// readPage reads block i of ps from the store and places it in the cache,
// evicting a page if the cache is full.
func (e *Endgames) readPage(ps *pagedSlice, i uint64) (*page, error) {
	c := &e.pages
	c.mu.Lock()
	defer c.mu.Unlock()
	if pg := ps.pages[i].Load(); pg != nil {
		return pg, nil
	}
	side, blk := draughts.Side(i/ps.blocks), uint32(i%ps.blocks)
	var codes []uint8
	err := e.s.db.View(func(txn *badger.Txn) error {
		it, err := txn.Get(blockKey(e.vb, ps.m, side, blk))
		if err != nil {
			return err
		}
		return it.Value(func(v []byte) (err error) {
			codes, err = decodeBlock(ps.codec, v, make([]byte, EndgameBlockSize))
			return err
		})
	})
	want := min(uint64(EndgameBlockSize), ps.x.n-uint64(blk)*EndgameBlockSize)
	if err == nil && uint64(len(codes)) != want {
		err = fmt.Errorf("block %d of side %d has %d codes, %d expected", blk, side, len(codes), want)
	}
	if err != nil {
		return nil, fmt.Errorf("tablebase: endgame slice %s %s in %s is damaged: %v", e.r.ID, ps.m, e.s.where(), err)
	}
	c.reads.Add(1)
	pg := &page{codes: codes}
	if len(c.ring) < c.limit {
		c.ring = append(c.ring, pageRef{ps, i})
	} else {
		for {
			r := c.ring[c.hand]
			old := r.s.pages[r.i].Load()
			if old != nil && old.ref.Load() {
				old.ref.Store(false)
				c.hand = (c.hand + 1) % len(c.ring)
				continue
			}
			r.s.pages[r.i].Store(nil)
			c.ring[c.hand] = pageRef{ps, i}
			c.hand = (c.hand + 1) % len(c.ring)
			break
		}
	}
	ps.pages[i].Store(pg)
	return pg, nil
}

// dropPaged closes material m's paged view (Release): its pages leave the
// cache, and the next probe opens it again.
func (e *Endgames) dropPaged(m Material) {
	ps := e.paged[m.code()].Swap(nil)
	if ps == nil {
		return
	}
	c := &e.pages
	c.mu.Lock()
	defer c.mu.Unlock()
	kept := c.ring[:0]
	for _, r := range c.ring {
		if r.s == ps {
			ps.pages[r.i].Store(nil)
			continue
		}
		kept = append(kept, r)
	}
	clear(c.ring[len(kept):])
	c.ring = kept
	if c.hand >= len(c.ring) {
		c.hand = 0
	}
}
