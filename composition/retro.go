package composition

import (
	"fmt"
	"strings"

	"draughtsjudge/draughts"
)

// retroLastMoves looks for the last move of the side that has just moved into
// p (retro-analysis for [legal], 11.2.2): quiet un-moves of men (one step
// back, also a man that became a king on arrival) and kings (any distance),
// and single captures restoring one opposing man or king. Every candidate
// predecessor q must be a valid position with at most max pieces a side,
// and the move is accepted only if it is among q's legal moves and leads
// to p — so compulsory capture and the majority rule are respected.
// Multi-capture un-moves are not searched. It returns the moves found
// (at most limit), each as "q: move".
func retroLastMoves(p draughts.Position, r *draughts.Rules, limit int) []string {
	var out []string
	for _, st := range retroSteps(p, r, limit) {
		out = append(out, st.move)
	}
	return out
}

// retroStep is a last move and the position before it.
type retroStep struct {
	move   string
	before draughts.Position
}

// retroSteps is retroLastMoves with the predecessor positions.
func retroSteps(p draughts.Position, r *draughts.Rules, limit int) []retroStep {
	b := r.Board
	mover := p.Side ^ 1
	max := 12
	if b.Size == 10 {
		max = 20
	}
	var out []retroStep
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
					out = append(out, retroStep{s, q})
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
	return out
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

// retroDetail extends a passed [legal] check with the last moves found:
// the last move of the side that has just moved and, for each, a move of
// the other side before it (2 plies, 11.2.2).
func retroDetail(c *Composition) (string, bool) {
	steps := retroSteps(c.Start, c.Rules, 6)
	who, other := "Black", "White"
	if c.Start.Side == draughts.Black {
		who, other = "White", "Black"
	}
	if len(steps) == 0 {
		return fmt.Sprintf("no last move by %s found (quiet moves and single captures searched; multi-capture un-moves not analysed)", who), false
	}
	var pairs, lone []string
	for _, st := range steps {
		if before := retroSteps(st.before, c.Rules, 1); len(before) > 0 {
			pairs = append(pairs, fmt.Sprintf("%s after %s's %s", st.move, other, before[0].move))
		} else {
			lone = append(lone, st.move)
		}
	}
	if len(pairs) == 0 {
		return fmt.Sprintf("%s's possible last moves %s, but no move by %s before any of them was found (quiet moves and single captures searched)", who, strings.Join(lone, ", "), other), false
	}
	return fmt.Sprintf("%s's possible last moves (with %s's move before): %s", who, other, strings.Join(pairs, "; ")), true
}
