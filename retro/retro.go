// Package retro finds the last moves that can have led to a draughts
// position (retrograde analysis): quiet un-moves and un-captures, checked
// against the predecessor's legal moves. The legality check (11.2.2) and
// retro-analysis tasks (11.1.4) use it.
package retro

import (
	"draughtsjudge/draughts"
)

// LastMoves looks for the last move of the side that has just moved into
// p (retro-analysis for [legal], 11.2.2): quiet un-moves of men (one step
// back, also a man that became a king on arrival) and kings (any distance),
// and single captures restoring one opposing man or king. Every candidate
// predecessor q must be a valid position with at most max pieces a side,
// and the move is accepted only if it is among q's legal moves and leads
// to p — so compulsory capture and the majority rule are respected.
// When none of these exists, multi-capture un-moves (up to MaxUnJumps
// pieces) are searched too. It returns the moves found
// (at most limit), each as "q: move".
func LastMoves(p draughts.Position, r *draughts.Rules, limit int) []string {
	var out []string
	for _, st := range Steps(p, r, limit) {
		out = append(out, st.Move)
	}
	return out
}

// Step is a last move ("q: move") and the position before it.
type Step struct {
	Move   string
	Before draughts.Position
}

// Steps is LastMoves with the predecessor positions.
func Steps(p draughts.Position, r *draughts.Rules, limit int) []Step {
	return StepsAll(p, r, limit, false)
}

// StepsAll is Steps; with all, the multi-capture un-moves are
// searched even when a simpler last move exists (a retro-analysis task
// must know every last move, 11.1.4).
func StepsAll(p draughts.Position, r *draughts.Rules, limit int, all bool) []Step {
	b := r.Board
	mover := p.Side ^ 1
	max := 12
	if b.Size == 10 {
		max = 20
	}
	var out []Step
	seen := map[string]bool{}
	try := func(q draughts.Position) {
		if len(out) >= limit || q.Valid(r) != nil || q.Pieces[draughts.White].Count() > max || q.Pieces[draughts.Black].Count() > max {
			return
		}
		for _, m := range draughts.LegalMoves(&q, r) {
			if n := q.Play(m); n.Pieces == p.Pieces && n.Kings == p.Kings {
				s := draughts.MoveString(&q, r, m)
				if !seen[s] {
					seen[s] = true
					out = append(out, Step{s, q})
				}
				return
			}
		}
	}
	back := -1 // a black man came from the row above (smaller index)
	if mover == draughts.White {
		back = 1
	}
	occ := p.Occupied()
	for _, t := range p.Pieces[mover].Squares() {
		tr, tc := b.RowCol(t)
		king := p.Kings.Has(t)
		for _, dc := range []int{-1, 1} {
			for _, dr := range []int{-1, 1} {
				// Squares s from which the piece came, along this diagonal.
				for k := 1; ; k++ {
					s := b.FromRowCol(tr+dr*k, tc+dc*k)
					if s == draughts.NoSquare {
						break
					}
					if occ.Has(s) {
						break
					}
					manStep := dr == back
					// Quiet: men one step, kings any distance (a king
					// may also have been a man that promoted on t).
					if king || (manStep && k == 1) {
						try(unmove(p, mover, t, s, king, draughts.NoSquare, false))
					}
					if king && manStep && k == 1 {
						try(unmove(p, mover, t, s, false, draughts.NoSquare, false))
					}
					// Single capture: an opposing piece restored between.
					if k >= 2 && (king || k == 2) {
						for j := 1; j < k; j++ {
							x := b.FromRowCol(tr+dr*j, tc+dc*j)
							for _, xk := range []bool{false, true} {
								try(unmove(p, mover, t, s, king, x, xk))
								if king && k == 2 {
									try(unmove(p, mover, t, s, false, x, xk))
								}
							}
						}
					}
					if len(out) >= limit {
						return out
					}
				}
			}
		}
	}
	if len(out) == 0 || all {
		// Only when no simpler last move exists (the case where legality
		// is in doubt): captures of two or more pieces.
		for _, t := range p.Pieces[mover].Squares() {
			retroChains(p, r, mover, t, try, func() bool { return len(out) >= limit })
		}
	}
	return out
}

// MaxUnJumps bounds the multi-capture un-moves searched (pieces taken).
const MaxUnJumps = 4

// retroChains tries the multi-capture un-moves of the piece now on t: a
// chain of backward jumps, each restoring an opposing man or king on the
// square jumped over. Men jump from the square beyond the taken piece;
// kings from any empty square of the line (flying capture, 6.1.5). The
// chains over-generate: try keeps only predecessors whose legal moves
// include the capture that gives p.
func retroChains(p draughts.Position, r *draughts.Rules, mover draughts.Side, t draughts.Square, try func(draughts.Position), done func() bool) {
	b := r.Board
	kingNow := p.Kings.Has(t)
	occ := p.Occupied()
	var rec func(cur draughts.Square, restored []draughts.Square)
	rec = func(cur draughts.Square, restored []draughts.Square) {
		if done() || len(restored) >= MaxUnJumps {
			return
		}
		cr, cc := b.RowCol(cur)
		taken := draughts.Bitboard(0)
		for _, x := range restored {
			taken |= draughts.Bit(x)
		}
		for _, d := range [4][2]int{{-1, -1}, {-1, 1}, {1, -1}, {1, 1}} {
			for j := 1; ; j++ {
				x := b.FromRowCol(cr+d[0]*j, cc+d[1]*j)
				if x == draughts.NoSquare || occ.Has(x) || taken.Has(x) {
					break
				}
				if j > 1 && !kingNow {
					break
				}
				for k := 1; ; k++ {
					s := b.FromRowCol(cr+d[0]*(j+k), cc+d[1]*(j+k))
					if s == draughts.NoSquare || (occ.Has(s) && s != t) || taken.Has(s) {
						break
					}
					chain := append(append([]draughts.Square(nil), restored...), x)
					if len(chain) >= 2 {
						for _, kingBefore := range []bool{kingNow, false} {
							for _, mask := range kingMasks(len(chain)) {
								try(unchain(p, mover, t, s, kingBefore, chain, mask))
							}
							if !kingNow {
								break
							}
						}
					}
					rec(s, chain)
					if done() || !kingNow {
						break
					}
				}
			}
		}
	}
	rec(t, nil)
}

// kingMasks lists which restored pieces are kings: all men, all kings,
// and each single king.
func kingMasks(n int) []uint {
	out := []uint{0, 1<<n - 1}
	for i := 0; i < n && n > 1; i++ {
		out = append(out, 1<<i)
	}
	return out
}

// unchain builds the predecessor of a multi-capture: the mover's piece on
// s (a king if king), the pieces of chain restored (kings where mask has
// the bit), the mover to move.
func unchain(p draughts.Position, mover draughts.Side, t, s draughts.Square, king bool, chain []draughts.Square, mask uint) draughts.Position {
	pieces := p.Pieces
	kings := p.Kings &^ draughts.Bit(t)
	pieces[mover] = pieces[mover]&^draughts.Bit(t) | draughts.Bit(s)
	if king {
		kings |= draughts.Bit(s)
	}
	for i, x := range chain {
		pieces[mover^1] |= draughts.Bit(x)
		if mask&(1<<i) != 0 {
			kings |= draughts.Bit(x)
		}
	}
	return draughts.NewPosition(pieces[draughts.White], pieces[draughts.Black], kings, mover)
}

// unmove builds the predecessor: the mover's piece back from t to s (a king
// or a man), an opposing piece restored on x (a king if xk), the mover to
// move.
func unmove(p draughts.Position, mover draughts.Side, t, s draughts.Square, king bool, x draughts.Square, xk bool) draughts.Position {
	pieces := p.Pieces
	kings := p.Kings &^ draughts.Bit(t)
	pieces[mover] = pieces[mover]&^draughts.Bit(t) | draughts.Bit(s)
	if king {
		kings |= draughts.Bit(s)
	}
	if x != draughts.NoSquare {
		pieces[mover^1] |= draughts.Bit(x)
		if xk {
			kings |= draughts.Bit(x)
		}
	}
	return draughts.NewPosition(pieces[draughts.White], pieces[draughts.Black], kings, mover)
}
