package tablebase

import "draughtsjudge/draughts"

// A symmetric material (White's men and kings as many as Black's: 2M1K-2M1K)
// is its own mirror image: the position with White's kings w and Black's k,
// side s to move, in men configuration mc has the code of the position with
// White's kings mirror(k) and Black's mirror(w), side s^1 to move, in the
// configuration of the mirrored men (mc's twin; the mirror is the colour
// swap with the board turned, under which the rules do not change). So of
// two twin configurations only one is built, both sides to move, and the
// other's codes are copied from it (mirrorTwin), which halves the work of a
// symmetric material with men. A configuration that is its own twin (the
// men of one side the mirror of the other's) is built as any other.

// symmetric reports whether m is its own mirror image.
func (m Material) symmetric() bool {
	return m.WM == m.BM && m.WK == m.BK
}

// twin returns the men configuration of the mirror image of men.
func (rt *retro) twin(men [2]draughts.Bitboard) uint64 {
	return rt.x.menConfig(mirrorSides(men, rt.e.g.last))
}

// copied reports whether configuration mc of a symmetric material is not
// built but copied from its twin: both are in the slice's cover and the
// twin comes first.
func (rt *retro) copied(mc uint64) bool {
	if !rt.sym || !rt.covers(mc) {
		return false
	}
	tw := rt.twin(rt.x.men(mc))
	return tw < mc && rt.covers(tw)
}

// mirrorTwin writes the codes of the twin of si's configuration from si's
// finished work when the twin is copied (copied), and reports whether it
// did: placement r of si with White's kings w and Black's k, side s to
// move, is the placement of mirror(k), mirror(w) in the twin, side s^1.
func (rt *retro) mirrorTwin(si *subIndex, work *subWork) bool {
	l := rt.e.g.last
	men := mirrorSides(si.men, l)
	x := rt.x
	tw := x.menConfig(men)
	if tw <= si.mc || !rt.covers(tw) { // copied(tw), si.mc being built
		return false
	}
	pl := x.placementsOf(tw, si.b.Mask&^(men[0]|men[1]))
	cur := kingCursor{si: si}
	cur.seek(0)
	for r := uint64(0); r < x.kings; r++ {
		if r != 0 {
			cur.next()
		}
		w, k := cur.kings()
		t := pl.rank(mirrorBits(k, l), mirrorBits(w, l))
		rt.codes[pl.base[draughts.Black]+t] = uint8(work.st[r])
		rt.codes[pl.base[draughts.White]+t] = uint8(work.st[x.kings+r])
	}
	rt.finish(tw)
	return true
}
