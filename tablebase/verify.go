package tablebase

import (
	"context"
	"fmt"
	"runtime"
	"sync/atomic"

	"golang.org/x/sync/errgroup"

	"draughtsjudge/draughts"
)

// VerifyReport is the outcome of Verify for one slice.
type VerifyReport struct {
	Material   Material
	Positions  uint64 // valid positions checked (both sides to move)
	Mismatches uint64
	First      string // FEN of the first mismatch, "" if none
}

// Verify re-derives every value of every built slice of the variant from
// its successors' values (the rule of the build: a win is one ply longer
// than the shortest losing successor, a loss one ply longer than the longest
// winning successor, a draw has a drawing successor and no losing one), and
// checks each slice's CRC on loading. Decided values are thus proved
// consistent: their distances strictly decrease along best play down to a
// position without moves. A partial slice's positions outside its cones
// must be codeInvalid. progress, if set, gets (done, total) positions.
func (e *Endgames) Verify(ctx context.Context, threads int, progress func(done, total int64)) ([]VerifyReport, error) {
	if threads <= 0 {
		threads = runtime.NumCPU()
	}
	var ms []Material
	for _, rec := range e.s.records(e.vb) {
		if m, err := ParseMaterial(rec.Material); err == nil && e.recordOK(rec) {
			ms = append(ms, m)
		}
	}
	sortMaterials(ms)
	var total int64
	for _, m := range ms {
		total += 2 * int64(newIndexer(e.r.Board, m).n)
	}
	var done atomic.Int64
	var out []VerifyReport
	for _, m := range ms {
		t := e.table(m)
		if t == nil {
			return out, fmt.Errorf("tablebase: %s %s: cannot load (checksum or record mismatch)", e.r.ID, m)
		}
		rep := VerifyReport{Material: m}
		var cover []uint64 // a partial slice: the configurations it holds
		if seeds := e.seedsOf(m); seeds != nil {
			cover = NewCone(e.r.Board, seeds...).coverOf(t.x)
		}
		var positions, bad atomic.Uint64
		var first atomic.Pointer[string]
		n := 2 * t.x.n
		const chunk = 1 << 14
		var next atomic.Uint64
		g, gctx := errgroup.WithContext(ctx)
		for w := 0; w < threads; w++ {
			g.Go(func() error {
				var ml draughts.MoveList
				for {
					if gctx.Err() != nil {
						return gctx.Err()
					}
					lo := next.Add(chunk) - chunk
					if lo >= n {
						return nil
					}
					hi := min(lo+chunk, n)
					var pos, mis uint64
					for i := lo; i < hi; i++ {
						p, ok := t.x.position(i%t.x.n, draughts.Side(i/t.x.n))
						if mc := i % t.x.n / t.x.kings; ok && cover != nil && cover[mc/64]>>(mc%64)&1 == 0 {
							ok = false // outside the partial slice's cones
						}
						if !ok {
							if t.codes[i] != codeInvalid {
								mis++
							}
							continue
						}
						pos++
						c, ok := e.derive(&p, &ml)
						if !ok || c != t.codes[i] {
							mis++
							if first.Load() == nil {
								p.Key = p.ComputeKey()
								s := fmt.Sprintf("%s stored %v derived %v", draughts.FEN(&p, e.r), valueOf(t.codes[i], e.giveaway), valueOf(c, e.giveaway))
								first.CompareAndSwap(nil, &s)
							}
						}
					}
					positions.Add(pos)
					bad.Add(mis)
					if progress != nil {
						d := done.Add(int64(hi - lo))
						progress(d, total)
					}
				}
			})
		}
		if err := g.Wait(); err != nil {
			return out, err
		}
		rep.Positions, rep.Mismatches = positions.Load(), bad.Load()
		if f := first.Load(); f != nil {
			rep.First = *f
		}
		out = append(out, rep)
	}
	return out, nil
}
