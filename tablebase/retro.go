package tablebase

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"

	"golang.org/x/sync/errgroup"

	"draughtsjudge/draughts"
	"draughtsjudge/internal/hugepages"
)

// retro is the state of one material's build (see the comment in build.go).
type retro struct {
	e        *Endgames
	r        *draughts.Rules
	m        Material
	x        *indexer
	n        uint64
	giveaway bool
	// codes[side*n + index] is the position's final code, written when its
	// men configuration's sub-slice is done (one byte an entry: what the
	// further sub-slices read of it). The working state of a sub-slice is
	// its own (subWork), so a build holds the slice's codes plus the
	// sub-slices in progress, not three bytes an entry of the whole slice.
	codes []uint8
	// done[mc] is set when configuration mc's codes are written (after
	// the writes: a worker that loads it true reads them); a worker whose
	// sub-slice steps into an unfinished configuration waits on wake.
	done    []atomic.Bool
	mu      sync.Mutex
	wake    *sync.Cond
	waiting atomic.Int32

	progress func(int64)
	// sym: the material is its own mirror image and has men; of two twin
	// configurations the second is copied from the first (symmetric.go).
	sym bool
	// cover, if set, is the bitmap of the men configurations a partial
	// slice holds (Cone.coverOf); the others are codeInvalid.
	cover []uint64
}

// covers reports whether men configuration mc is built.
func (rt *retro) covers(mc uint64) bool {
	return rt.cover == nil || rt.cover[mc/64]>>(mc%64)&1 != 0
}

// finish marks configuration mc done and wakes the waiting workers.
func (rt *retro) finish(mc uint64) {
	if rt.done == nil {
		return
	}
	rt.done[mc].Store(true)
	if rt.waiting.Load() > 0 {
		rt.mu.Lock()
		rt.wake.Broadcast()
		rt.mu.Unlock()
	}
}

// await returns when every configuration the men's steps of si lead to
// is done, or ctx is.
func (rt *retro) await(ctx context.Context, si *subIndex) error {
	if rt.done == nil {
		return nil
	}
	for s := range si.steps {
		for i := range si.steps[s] {
			st := &si.steps[s][i]
			if st.promote {
				continue
			}
			mc := st.next.base[0] / rt.x.kings
			if rt.done[mc].Load() {
				continue
			}
			rt.waiting.Add(1)
			rt.mu.Lock()
			for !rt.done[mc].Load() && ctx.Err() == nil {
				rt.wake.Wait()
			}
			rt.mu.Unlock()
			rt.waiting.Add(-1)
			if err := ctx.Err(); err != nil {
				return err
			}
		}
	}
	return nil
}

// scratch is one worker's reusable memory.
type scratch struct {
	buckets [maxPlies + 2][]uint32 // bucketEntry: side and placement of the sub-slice
	top     int                    // the last bucket that may be non-empty
	ml      draughts.MoveList
	sub     subIndex
	preds   predScratch // propagate: one position's predecessors
	touch   uint16      // propagate: keeps the touching loads
	succ    succCache   // init: the successor materials
	work    subWork     // the sub-slice this worker builds
}

// subWork is the working state of one sub-slice, indexed by side*kings +
// placement: st is a position's code (low byte) and its count of
// undecided king moves (high byte; 255 = cannot lose, noPred = must
// capture), one memory access for both in the propagation's random
// reads; ext is its longest winning looked-up successor (plies). A
// sub-slice of a slice with men holds a few thousand to a few hundred
// thousand placements, so both stay in the caches while it is built.
type subWork struct {
	st  []uint16
	ext []uint8
}

// reset sizes w for span positions, every st zero.
func (w *subWork) reset(span uint64) {
	if uint64(cap(w.st)) < span || uint64(cap(w.ext)) < span {
		// A slice without men is one sub-slice: its work is read at random.
		w.st, w.ext = hugepages.Make[uint16](span), hugepages.Make[uint8](span)
		return
	}
	w.st, w.ext = w.st[:span], w.ext[:span]
	clear(w.st)
}

func (rt *retro) errDistance() error {
	return fmt.Errorf("tablebase: %s %s: distance over %d plies", rt.r.ID, rt.m, maxPlies)
}

// retrograde computes the codes of material m: of every men configuration,
// or of those of cover (a partial slice: cone.go), the others codeInvalid.
func (e *Endgames) retrograde(ctx context.Context, m Material, threads int, progress func(int64), cover []uint64) (*table, error) {
	x := newIndexer(e.r.Board, m)
	n := x.n
	// A distance bucket holds a position as its side and its king placement
	// within the men configuration in 31 bits (bucketEntry); the slice's own
	// index is a uint64, so only the placements limit its size (six-piece
	// international 2M2K-1M1K has 4.3 G entries, 48,645 placements each).
	if x.kings >= 1<<31 {
		return nil, fmt.Errorf("tablebase: slice %s too large (%d king placements per men configuration)", m, x.kings)
	}
	rt := &retro{e: e, r: e.r, m: m, x: x, n: n, giveaway: e.giveaway, progress: progress, cover: cover,
		sym: m.symmetric() && x.menConfigs > 1}
	if x.menConfigs > 1 || !rt.covers(0) {
		rt.codes = hugepages.Make[uint8](2 * n)
	} // else the one sub-slice's ext becomes the codes (subslice)
	// Men configurations by advancement.
	var levels [][]uint64
	var skipped []uint64 // not in cover
	for mc := uint64(0); mc < x.menConfigs; mc++ {
		a, ok := x.advancement(mc)
		if !ok || !rt.covers(mc) {
			if ok {
				skipped = append(skipped, mc)
			}
			for s := uint64(0); s < 2; s++ {
				lo := s*n + mc*x.kings
				fill(rt.codes[lo:lo+x.kings], codeInvalid)
			}
			progress(4 * int64(x.kings))
			continue
		}
		if rt.copied(mc) {
			continue // written when its twin is done
		}
		for len(levels) <= a {
			levels = append(levels, nil)
		}
		levels[a] = append(levels[a], mc)
	}
	pool := sync.Pool{New: func() any { return new(scratch) }}
	if x.menConfigs == 1 || x.kings < overlapKings {
		if err := rt.byLevel(ctx, levels, threads, &pool); err != nil {
			return nil, err
		}
		return &table{m: m, x: x, codes: rt.codes}, nil
	}
	// Every configuration by decreasing advancement, one list: a worker
	// takes the next and first waits for the configurations its men's
	// steps lead to (one level further, so taken before it), not for the
	// whole level: the workers do not idle at the end of a level of few
	// large sub-slices (a level of 1M3K-1K is 4 or 5 configurations).
	// The codes do not depend on the order: a sub-slice reads only
	// finished sub-slices and materials.
	var order []uint64
	for a := len(levels) - 1; a >= 0; a-- {
		order = append(order, levels[a]...)
	}
	rt.done = make([]atomic.Bool, x.menConfigs)
	for _, mc := range skipped {
		rt.done[mc].Store(true) // no covered configuration steps into it (subslice)
	}
	rt.wake = sync.NewCond(&rt.mu)
	if err := rt.configs(ctx, order, threads, &pool, func() { // a worker failed: wake the waiters
		rt.mu.Lock()
		rt.wake.Broadcast()
		rt.mu.Unlock()
	}); err != nil {
		return nil, err
	}
	return &table{m: m, x: x, codes: rt.codes}, nil
}

// fill sets every byte of s to v by doubling copies (memmove's speed; a
// byte loop over the invalid configurations, 7 % of russian 2M2K-1M1K,
// held up the start of that build by about 0.4 s).
func fill(s []uint8, v uint8) {
	if len(s) == 0 {
		return
	}
	s[0] = v
	for n := 1; n < len(s); n *= 2 {
		copy(s[n:], s[:n])
	}
}

// overlapKings is the smallest sub-slice (king placements) whose levels
// overlap (retrograde): below it a sub-slice takes microseconds and a
// worker parked on an unfinished one costs more than the idle end of a
// level (international 4M-1M, one placement: 20 % slower overlapped).
// A slice without men is one sub-slice, built by byLevel too.
const overlapKings = 1 << 10

// byLevel builds the sub-slices level by level: those of one advancement
// on up to threads goroutines, a level's only one with init on all.
func (rt *retro) byLevel(ctx context.Context, levels [][]uint64, threads int, pool *sync.Pool) error {
	for a := len(levels) - 1; a >= 0; a-- {
		cfgs := levels[a]
		if len(cfgs) == 1 {
			if err := rt.subslice(ctx, cfgs[0], threads, pool); err != nil {
				return err
			}
			continue
		}
		if err := rt.configs(ctx, cfgs, threads, pool, nil); err != nil {
			return err
		}
	}
	return nil
}

// configs builds the sub-slices of cfgs on up to threads goroutines, each
// taking the next in the list; cancel, if set, runs when one fails (or ctx
// is done) to wake workers waiting for each other.
func (rt *retro) configs(ctx context.Context, cfgs []uint64, threads int, pool *sync.Pool, cancel func()) error {
	var next atomic.Int64
	g, gctx := errgroup.WithContext(ctx)
	if cancel != nil {
		defer context.AfterFunc(gctx, cancel)()
	}
	for w := 0; w < threads && w < len(cfgs); w++ {
		g.Go(func() error {
			for {
				k := next.Add(1) - 1
				if k >= int64(len(cfgs)) {
					return nil
				}
				if err := rt.subslice(gctx, cfgs[k], 1, pool); err != nil {
					return err
				}
			}
		})
	}
	return g.Wait()
}

// advancement returns how many rows the men of configuration mc have
// walked in all (a man's quiet move adds one), ok=false if white and black
// men overlap.
func (x *indexer) advancement(mc uint64) (int, bool) {
	g := x.g
	size := g.b.Size
	var men uint64
	a := 0
	for _, q := range x.cWM.get(mc / x.nBM) {
		k := int(q) + g.h
		men |= 1 << uint(k)
		a += size - 1 - k/g.h
	}
	for _, k := range x.cBM.get(mc % x.nBM) {
		if men>>k&1 != 0 {
			return 0, false
		}
		a += int(k) / g.h
	}
	return a, true
}

// bucketEntry is the entry of placement r, side s to move, in a distance
// bucket: the side in the top bit (a slice has fewer than 1<<31 positions
// per side), so that no expansion divides by the placements.
func bucketEntry(s draughts.Side, r uint64) uint32 {
	return uint32(s)<<31 | uint32(r)
}

// noPred in cnt marks a position whose side to move must capture: it is
// final after init and is no king-move predecessor (6.1.5.1).
const noPred = 254

// subslice builds men configuration mc: init on up to threads goroutines,
// then the propagation.
func (rt *retro) subslice(ctx context.Context, mc uint64, threads int, pool *sync.Pool) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	x := rt.x
	sc := pool.Get().(*scratch)
	defer pool.Put(sc)
	si := &sc.sub
	si.set(x, rt.r.Board, mc)
	si.listKings()
	if rt.cover != nil {
		// A cone is closed under the men's steps; a slice that is not
		// would read codeInvalid as a value.
		for s := range si.steps {
			for i := range si.steps[s] {
				if st := &si.steps[s][i]; !st.promote && !rt.covers(st.next.base[0]/x.kings) {
					return fmt.Errorf("tablebase: %s %s: partial slice not closed: men configuration %d steps out of it", rt.r.ID, rt.m, mc)
				}
			}
		}
	}
	if err := rt.await(ctx, si); err != nil {
		return err
	}
	span := 2 * x.kings // positions, both sides: side*kings + placement
	work := &sc.work
	work.reset(span)
	if threads <= 1 || span < 1<<15 {
		if err := rt.initRange(sc, si, work, 0, span); err != nil {
			return err
		}
	} else {
		const chunk = 1 << 13
		var next atomic.Uint64
		var mu sync.Mutex
		g, _ := errgroup.WithContext(ctx)
		for w := 0; w < threads; w++ {
			g.Go(func() error {
				local := pool.Get().(*scratch)
				defer pool.Put(local)
				for {
					lo := next.Add(chunk) - chunk
					if lo >= span {
						break
					}
					if err := rt.initRange(local, si, work, lo, min(lo+chunk, span)); err != nil {
						return err
					}
				}
				mu.Lock()
				for d := 0; d <= local.top; d++ { // the buckets past top are empty
					sc.buckets[d] = append(sc.buckets[d], local.buckets[d]...)
					local.buckets[d] = local.buckets[d][:0]
				}
				sc.top, local.top = max(sc.top, local.top), 0
				mu.Unlock()
				return nil
			})
		}
		if err := g.Wait(); err != nil {
			return err
		}
	}
	if err := rt.propagate(sc, si, work); err != nil {
		return err
	}
	if rt.codes == nil {
		// No men: one sub-slice, the whole slice; its ext is no longer
		// needed and takes the codes (no second array of n bytes).
		rt.codes, work.ext = work.ext, nil
	}
	for s := range uint64(2) {
		out := rt.codes[si.base[s] : si.base[s]+x.kings]
		for r, v := range work.st[s*x.kings : (s+1)*x.kings] {
			out[r] = uint8(v)
		}
	}
	rt.finish(mc)
	rt.progress(int64(span))
	if rt.sym && rt.mirrorTwin(si, work) {
		rt.progress(2 * int64(span)) // the twin's, its init's share too
	}
	return nil
}

// initRange classifies positions lo..hi-1 of a sub-slice (side*kings +
// placement) into work. A position with a capture is final: its successors are all
// in smaller materials. Otherwise the king moves are counted and the men's
// moves looked up: a step goes to a further advanced sub-slice of this
// material (final), a promotion to a finished material.
func (rt *retro) initRange(sc *scratch, si *subIndex, work *subWork, lo, hi uint64) error {
	x := rt.x
	b := rt.r.Board
	// push queues position j (side s, placement r) at d plies; its code is
	// set now and lowered if a shorter win is found before it is expanded.
	ws, ext := work.st, work.ext
	push := func(d int, j uint64, s draughts.Side, r uint64) error {
		if d > maxPlies {
			return rt.errDistance()
		}
		ws[j] = ws[j]&0xff00 | uint16(d+1)
		sc.buckets[d] = append(sc.buckets[d], bucketEntry(s, r))
		sc.top = max(sc.top, d)
		return nil
	}
	ml := &sc.ml
	cur := kingCursor{si: si}
	succ := &sc.succ
	succ.reset()
	s := draughts.Side(lo / x.kings) // j = s*kings + r
	r := lo % x.kings
	at := si.at
	if len(at) == 0 {
		cur.seek(r)
	}
	for j := lo; j < hi; j, r = j+1, r+1 {
		if r == x.kings {
			s, r = s+1, 0
		}
		var w, k draughts.Bitboard
		if len(at) != 0 {
			w, k = at[r].w, at[r].k
		} else {
			if j != lo {
				cur.next()
			}
			w, k = cur.kings()
		}
		p := draughts.Position{Pieces: [2]draughts.Bitboard{si.men[0] | w, si.men[1] | k}, Kings: w | k, Side: s}
		var acc combiner
		empty := si.empty &^ (w | k)
		own, opp := w, p.Pieces[draughts.Black]
		if s == draughts.Black {
			own, opp = k, p.Pieces[draughts.White]
		}
		// The king moves are counted with the capture test (after the
		// men's, which is cheaper: a man's capture makes the count
		// unneeded); the capture generator runs only for a position with
		// a capture.
		var internal int
		capture := b.ManJumpers(si.men[s], opp, empty) != 0
		if !capture {
			internal, capture = kingMoves(b, own, opp, empty)
		}
		if capture {
			draughts.GenerateCaptures(&p, rt.r, ml)
			ws[j] = noPred << 8
			for m := 0; m < ml.N; m++ {
				mv := &ml.Moves[m]
				var c uint8
				var err error
				if (w | k).Has(mv.From) {
					c, err = rt.kingCaptureCode(succ, si, s, w, k, mv)
				} else {
					c, err = rt.succCode(succ, &p, *mv)
				}
				if err != nil {
					return err
				}
				acc.add(c, rt.giveaway)
			}
			switch {
			case acc.winBy > 0:
				if err := push(acc.winBy, j, s, r); err != nil {
					return err
				}
			case !acc.draw:
				if err := push(acc.loseMax+1, j, s, r); err != nil {
					return err
				}
			}
			continue
		}
		moves := internal
		steps := si.steps[s]
		for n := range steps {
			st := &steps[n]
			if !empty.Has(st.to) {
				continue
			}
			moves++
			var c uint8
			if st.promote {
				var err error
				mv := draughts.Move{From: st.from, To: st.to, Promote: true}
				if c, err = rt.succCode(succ, &p, mv); err != nil {
					return err
				}
			} else {
				// A man's step: a further advanced sub-slice, already final.
				c = rt.codes[st.next.base[s^1]+st.next.rank(w, k)]
			}
			acc.add(c, rt.giveaway)
		}
		switch {
		case moves == 0:
			if err := push(0, j, s, r); err != nil {
				return err
			}
		case acc.winBy > 0:
			ws[j] = 255 << 8
			if err := push(acc.winBy, j, s, r); err != nil {
				return err
			}
		case acc.draw:
			ws[j] = 255 << 8
		case internal == 0:
			if err := push(acc.loseMax+1, j, s, r); err != nil {
				return err
			}
		default:
			ws[j] = uint16(internal) << 8
			ext[j] = uint8(acc.loseMax)
		}
	}
	rt.progress(int64(hi - lo))
	return nil
}

// propagate runs the bucket queue of one sub-slice (king moves only). A
// position is queued once per improvement of its code (set when queued),
// and expanded from the bucket of its final code: its predecessors are
// found by sliding the previous mover's kings back, each one's rank
// computed from the kings' bitboards. The predecessors of one position are
// listed first and their words touched in one pass of independent loads
// (the reads are random over the sub-slice: the cache misses overlap),
// then updated.
func (rt *retro) propagate(sc *scratch, si *subIndex, work *subWork) error {
	st, ext := work.st, work.ext
	kings := rt.x.kings
	var touch uint16
	for d := 0; d <= sc.top; d++ { // the buckets past top are empty
		win := (d&1 == 1) != rt.giveaway
		code := uint8(d + 1)
		// Pushes go to d+1 or later, so bucket d does not grow here.
		for _, v := range sc.buckets[d] {
			s, r := draughts.Side(v>>31), uint64(v&(1<<31-1))
			if uint8(st[uint64(s)*kings+r]) != code {
				continue // queued again with a shorter win
			}
			o := s ^ 1
			preds := sc.preds.out[:si.predecessors(r, o, &sc.preds)]
			base := uint64(o) * kings
			for _, pr := range preds {
				touch |= st[base+uint64(pr)]
			}
			ob := bucketEntry(o, 0)
			for _, pr := range preds {
				j := base + uint64(pr)
				v := st[j]
				c, n := uint8(v), v>>8
				if n == noPred {
					continue
				}
				if !win {
					// j wins in d+1 plies unless it already does in fewer.
					if c != 0 && c <= code+1 {
						continue
					}
					if d+1 > maxPlies {
						return rt.errDistance()
					}
					st[j] = v&0xff00 | uint16(code+1)
					sc.buckets[d+1] = append(sc.buckets[d+1], ob+pr)
					sc.top = max(sc.top, d+1)
					continue
				}
				if c != 0 || n == 255 {
					continue
				}
				n--
				st[j] = n << 8
				if n == 0 {
					l := 1 + max(d, int(ext[j]))
					if l > maxPlies {
						return rt.errDistance()
					}
					st[j] = uint16(l + 1)
					sc.buckets[l] = append(sc.buckets[l], ob+pr)
					sc.top = max(sc.top, l)
				}
			}
		}
		sc.buckets[d] = sc.buckets[d][:0]
	}
	sc.touch, sc.top = touch, 0
	return nil
}
