package tablebase

import "draughtsjudge/draughts"

// A symmetric material (White's men and kings as many as Black's: 2M1K-2M1K)
// is its own mirror image: the position with White's kings w and Black's k,
// side s to move, in men configuration mc has the code of the position with
// White's kings mirror(k) and Black's mirror(w), side s^1 to move, in the
// configuration of the mirrored men (mc's twin; the mirror is the colour
// swap with the board turned, under which the rules do not change). So of
// two twin configurations only one is built, both sides to move, and the
// other's codes are copied from it (mirrorInto), which halves the work of a
// symmetric material with men. A configuration that is its own twin (the
// men of one side the mirror of the other's) is built as any other.

// symmetric reports whether m is its own mirror image.
func (m Material) symmetric() bool {
	return m.WM == m.BM && m.WK == m.BK
}

// twin returns the men configuration of the mirror image of mc's men.
func (rt *retro) twin(mc uint64) uint64 {
	x := rt.x
	l := rt.e.g.last
	men := x.men(mc)
	return x.menConfig([2]draughts.Bitboard{mirrorBits(men[draughts.Black], l), mirrorBits(men[draughts.White], l)})
}

// copied reports whether configuration mc of a symmetric material is not
// built but copied from its twin: both are in the slice's cover and the
// twin comes first.
func (rt *retro) copied(mc uint64) bool {
	if !rt.sym || !rt.covers(mc) {
		return false
	}
	tw := rt.twin(mc)
	return tw < mc && rt.covers(tw)
}

// mirrorInto writes the codes of configuration tw, the twin of si's, from
// si's finished work: placement r of si with White's kings w and Black's k,
// side s to move, is the placement of mirror(k), mirror(w) in tw, side s^1.
func (rt *retro) mirrorInto(si *subIndex, tw uint64, work *subWork) {
	x := rt.x
	l := rt.e.g.last
	men := x.men(tw)
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
}
