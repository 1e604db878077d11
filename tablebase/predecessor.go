package tablebase

import (
	"math/bits"

	"draughtsjudge/draughts"
)

// The predecessors of the propagation (retro.go): the positions from which
// a quiet king move reaches a position of the sub-slice, ranked without
// building them.

// maxPreds bounds the predecessors of a position: maxKings kings of the
// mover, four rays of at most 9 squares each.
const maxPreds = maxKings * 4 * 9

// predScratch is predecessors' memory: the ranks it writes and its rank
// sums (kept between calls: set overwrites what the ranks read, and a
// local would be zeroed at every call).
type predScratch struct {
	out    [maxPreds]uint32
	sw, sk sliding
	lines  kingLines
}

// predecessors writes into ps.out the placement ranks of the positions,
// side o to move, that reach placement r (the other side to move) by a
// quiet move of one of o's kings, and returns their number. For each moving
// king the ranks are taken along its rays from prefix and suffix sums over
// the other kings (see sliding): two or three popcounts per predecessor
// instead of one per king. Predecessors in which o can be seen to have a
// capture without ranking them are left out (kingLines.unmoves): they are
// final (noPred). Over half of all predecessors of the largest russian
// slices are, and the test finds about two thirds of those (russian
// 2M2K-1M1K: 410 M of 1,218 M predecessors left out, 657 M final).
func (si *subIndex) predecessors(r uint64, o draughts.Side, ps *predScratch) int {
	n := 0
	out, sw, sk, kl := &ps.out, &ps.sw, &ps.sk, &ps.lines
	var w, k draughts.Bitboard // si.kings(r), by hand: over the inlining budget
	if len(si.at) != 0 {
		w, k = si.at[r].w, si.at[r].k
	} else {
		w, k = si.unrank(r)
	}
	empty := si.empty &^ (w | k)
	own, men, opp := w, si.men[draughts.White], si.men[draughts.Black]|k
	if o == draughts.Black {
		own, men, opp = k, si.men[draughts.Black], si.men[draughts.White]|w
	}
	kl.set(si.b, own, men, opp, empty)
	noMen := uint64(si.empty)
	wr, free := r/si.nBK*si.nBK, uint64(si.empty&^w) // for Black's moves: White's rank, the squares Black's kings are ranked over
	for i := range kl.n {
		sqs := uint64(kl.unmoves(i, empty))
		if sqs == 0 {
			continue
		}
		rest := uint64(own &^ draughts.Bit(kl.sq[i])) // the mover's other kings
		if o == draughts.White {
			sw.set(noMen, rest, 0)
			sk.set(noMen&^rest, uint64(k), 1)
			for u := sqs; u != 0; u &= u - 1 {
				below := u&-u - 1
				j := bits.OnesCount64(rest & below)
				ww := sw.a[j] + binom[bits.OnesCount64(noMen&below)][j+1] + sw.b[j]
				jb := bits.OnesCount64(uint64(k) & below)
				out[n] = uint32(ww*si.nBK + sk.a[jb] + sk.b[jb])
				n++
			}
			continue
		}
		sk.set(free, rest, 0)
		for u := sqs; u != 0; u &= u - 1 {
			below := u&-u - 1
			j := bits.OnesCount64(rest & below)
			out[n] = uint32(wr + sk.a[j] + binom[bits.OnesCount64(free&below)][j+1] + sk.b[j])
			n++
		}
	}
	return n
}

// kingLines are the lines of one side's kings in a position, the other
// side to move: what each king slides to, and the captures the side would
// have if it were to move, from which kingLines.unmoves tells the squares
// a king cannot have come from (there the side had a capture).
type kingLines struct {
	b    *draughts.Board
	n    int
	sq   [maxKings]draughts.Square
	line [maxKings][4]draughts.Bitboard // the squares king i slides to in direction d
	// capt[i] has bit d set if king i can capture in direction d; need[i][d]
	// is then what that capture needs empty: the squares up to the piece
	// taken and the first square beyond it.
	capt    [maxKings]uint8
	need    [maxKings][4]draughts.Bitboard
	anyCapt bool              // some king has a capture
	men     draughts.Bitboard // the side's men
	opp     draughts.Bitboard // the other side's pieces
	menCapt bool              // a man of the side can capture
}

// set lists the lines of kings, the side whose men are men, against the
// pieces opp, empty the free squares.
func (kl *kingLines) set(b *draughts.Board, kings, men, opp, empty draughts.Bitboard) {
	kl.b, kl.n, kl.anyCapt, kl.men, kl.opp = b, 0, false, men, opp
	kl.menCapt = b.ManJumpers(men, opp, empty) != 0
	for t := kings; t != 0; t &= t - 1 {
		i := kl.n
		kl.n++
		from := t.First()
		kl.sq[i] = from
		var capt uint8
		for d := draughts.Direction(0); d < 4; d++ {
			ray := b.Ray(from, d)
			if blk := ray &^ empty; blk != 0 {
				f := draughts.Nearest(d, blk)
				ray &^= b.Ray(f, d) | draughts.Bit(f)
				if opp.Has(f) {
					if x := b.Step(f, d); x != draughts.NoSquare && empty.Has(x) {
						capt |= 1 << d
						kl.need[i][d] = ray | draughts.Bit(x)
					}
				}
			}
			kl.line[i][d] = ray
		}
		kl.capt[i] = capt
		kl.anyCapt = kl.anyCapt || capt != 0
	}
}

// unmoves returns the squares king i can have come from by a quiet move
// (empty: the free squares now), but for those where its side can be seen
// to have had a capture: there it had to capture (6.1.5.1), so the position
// before the move is final (noPred) and no predecessor of a king move. Seen
// in two ways, each true wherever on the line the king came from:
//   - on its line in direction d the king saw before the move, in
//     directions d and 3-d, the same first pieces as it sees now (the
//     squares between are empty, its square now too): if it can capture one
//     of them now, it could from anywhere on that line;
//   - a capture by another piece of the side that needs empty none of the
//     squares the king may have come from was there before the move too
//     (the king's square now, empty before, only adds captures).
func (kl *kingLines) unmoves(i int, empty draughts.Bitboard) draughts.Bitboard {
	var sqs draughts.Bitboard
	capt := kl.capt[i]
	for d := draughts.Direction(0); d < 4; d++ {
		if capt>>d&1 == 0 && capt>>(3-d)&1 == 0 {
			sqs |= kl.line[i][d]
		}
	}
	if sqs == 0 {
		return 0
	}
	if kl.menCapt && kl.b.ManJumpers(kl.men, kl.opp, empty&^sqs) != 0 {
		return 0
	}
	if !kl.anyCapt {
		return sqs
	}
	for j := range kl.n {
		if j == i {
			continue
		}
		for c := kl.capt[j]; c != 0; c &= c - 1 {
			if kl.need[j][bits.TrailingZeros8(c)]&sqs == 0 {
				return 0
			}
		}
	}
	return sqs
}

// sliding holds the rank terms of a set of kings over the squares of free
// (kingsRank's sum, king i of m counted from 1 in ascending order) split
// at each king j: a[j] sums kings 1..j, b[j] kings j+1..m.
//
// With shift 0 (a king is added on a free square u with j kings below it:
// those above move up one place) b[j] sums binom[c_i][i+1], and the rank
// of the set with u is a[j] + binom[c_u][j+1] + b[j]. With shift 1 (a
// square u of free is taken, with j kings below it: those above count one
// free square fewer) b[j] sums binom[c_i-1][i], and the rank is a[j] + b[j].
type sliding struct {
	a, b [maxKings + 1]uint64
}

// maxKings bounds the kings of one side in a slice.
const maxKings = 15

func (s *sliding) set(free, ks uint64, shift int) {
	var c [maxKings]uint8
	m := 0
	s.a[0] = 0
	for t := ks; t != 0; t &= t - 1 {
		cm := bits.OnesCount64(free & (t&-t - 1))
		c[m] = uint8(cm)
		s.a[m+1] = s.a[m] + binom[cm][m+1]
		m++
	}
	s.b[m] = 0
	if shift == 0 {
		for j := m - 1; j >= 0; j-- {
			s.b[j] = s.b[j+1] + binom[c[j]][j+2]
		}
		return
	}
	for j := m - 1; j >= 0; j-- {
		v := s.b[j+1]
		if c[j] > 0 { // else no free square below: never above u
			v += binom[c[j]-1][j+1]
		}
		s.b[j] = v
	}
}
