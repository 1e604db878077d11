package solver

import "draughtsjudge/draughts"

// The initial proof and disproof numbers of a new df-pn node
// (docs/solver.md "Initial numbers"). df-pn+ gives an attacker node
// pn = 1, dn = its moves and a defender node pn = its moves, dn = 1. On
// top of that the numbers are scaled by the material the attacker has
// gained or lost since the search's root: a position where the attacker
// is behind its root balance is harder to prove (pn × (1 + deficit)), one
// where it is ahead harder to disprove (dn × (1 + gain)), deficit and
// gain in men, a king worth kingValue, at most maxSwing. The numbers only
// order the search; a proof is still a proof tree to goal leaves and a
// disproof still exact, whatever they are.

// kingValue is a king's worth in men for the initial numbers (3 measured
// best of 2, 3 and 5 on BenchmarkDecideCorpus).
const kingValue = 3

// maxSwing caps the material swing the initial numbers react to, in men.
const maxSwing = 8

// balance is the attacker's lead in p, in men (a king worth kingValue).
func balance(p *draughts.Position, attacker draughts.Side) int {
	k := p.Kings
	a, d := p.Pieces[attacker], p.Pieces[attacker^1]
	return (a &^ k).Count() + kingValue*(a&k).Count() - (d &^ k).Count() - kingValue*(d&k).Count()
}

// initNumbers are the initial numbers of p, a new node with n legal
// moves, for a search whose root has the attacker's lead rootBalance.
func initNumbers(p *draughts.Position, attacker draughts.Side, rootBalance int, n uint32) (pn, dn uint32) {
	w, v := uint32(1), uint32(1)
	delta := min(max(balance(p, attacker)-rootBalance, -maxSwing), maxSwing)
	if delta < 0 {
		w += uint32(-delta)
	} else {
		v += uint32(delta)
	}
	if p.Side == attacker {
		return w, n * v
	}
	return n * w, v
}
