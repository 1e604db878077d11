package tablebase

import (
	"fmt"
	"math/bits"
	"sort"
	"strconv"
	"strings"

	"draughtsjudge/draughts"
)

// Material is an endgame slice's material signature: white men, white
// kings, black men, black kings. Each count is at most 15.
type Material struct {
	WM, WK, BM, BK uint8
}

// MaterialOf returns the material of p.
func MaterialOf(p *draughts.Position) Material {
	return Material{
		WM: uint8(p.Men(draughts.White).Count()), WK: uint8(p.KingsOf(draughts.White).Count()),
		BM: uint8(p.Men(draughts.Black).Count()), BK: uint8(p.KingsOf(draughts.Black).Count()),
	}
}

// Pieces returns the number of pieces on the board.
func (m Material) Pieces() int { return int(m.WM + m.WK + m.BM + m.BK) }

// Men returns the number of men of both sides.
func (m Material) Men() int { return int(m.WM + m.BM) }

// Mirror returns the material with the colours swapped.
func (m Material) Mirror() Material { return Material{m.BM, m.BK, m.WM, m.WK} }

// Dominates reports whether positions of material s can lead to material
// m of the same colours: men can only be captured or crowned, kings
// captured.
func (s Material) Dominates(m Material) bool {
	return m.WM <= s.WM && m.WM+m.WK <= s.WM+s.WK && m.BM <= s.BM && m.BM+m.BK <= s.BM+s.BK
}

// Reaches reports whether positions of material s can lead to slice m in
// either colour order (a probe of the mirrored material reads m).
func (s Material) Reaches(m Material) bool {
	return s.Dominates(m) || s.Dominates(m.Mirror())
}

// Canonical reports whether m is the stored one of the pair {m, m.Mirror()}:
// White's (men, kings) are lexicographically at least Black's. Positions of
// the other material are probed through Position.Mirror (colours swapped,
// board turned): the value from the side to move's view is the same.
func (m Material) Canonical() bool {
	return m.WM > m.BM || (m.WM == m.BM && m.WK >= m.BK)
}

// canon returns the canonical material of the pair.
func (m Material) canon() Material {
	if m.Canonical() {
		return m
	}
	return m.Mirror()
}

// code packs m into 16 bits (4 per count), the order of the key bytes.
func (m Material) code() uint16 {
	return uint16(m.WM)<<12 | uint16(m.WK)<<8 | uint16(m.BM)<<4 | uint16(m.BK)
}

// String writes m as "wm,wk,bm,bk" kinds, e.g. "3K-1K" for three white kings
// against one black king, "1M1K-2M".
func (m Material) String() string {
	side := func(men, kings uint8) string {
		s := ""
		if men > 0 {
			s += strconv.Itoa(int(men)) + "M"
		}
		if kings > 0 {
			s += strconv.Itoa(int(kings)) + "K"
		}
		if s == "" {
			s = "0"
		}
		return s
	}
	return side(m.WM, m.WK) + "-" + side(m.BM, m.BK)
}

// ParseMaterial reads the form written by Material.String ("2K-1M1K").
func ParseMaterial(s string) (Material, error) {
	parts := strings.Split(strings.ToUpper(strings.TrimSpace(s)), "-")
	if len(parts) != 2 {
		return Material{}, fmt.Errorf("material %q: want e.g. 3K-1K or 1M1K-2M", s)
	}
	var c [4]uint8
	for i, p := range parts {
		if p == "0" {
			continue
		}
		for p != "" {
			j := 0
			for j < len(p) && p[j] >= '0' && p[j] <= '9' {
				j++
			}
			if j == 0 || j == len(p) {
				return Material{}, fmt.Errorf("material %q: bad side %q", s, parts[i])
			}
			n, _ := strconv.Atoi(p[:j])
			if n > 15 {
				return Material{}, fmt.Errorf("material %q: more than 15 of a kind", s)
			}
			switch p[j] {
			case 'M':
				c[2*i] = uint8(n)
			case 'K':
				c[2*i+1] = uint8(n)
			default:
				return Material{}, fmt.Errorf("material %q: kind %q: want M or K", s, p[j])
			}
			p = p[j+1:]
		}
	}
	return Material{c[0], c[1], c[2], c[3]}, nil
}

// possible reports whether positions of m exist on board b: both sides have
// a piece and the men fit outside their promotion rows.
func (m Material) possible(b *draughts.Board) bool {
	if m.WM+m.WK == 0 || m.BM+m.BK == 0 {
		return false
	}
	d := b.Squares - b.Size/2
	return int(m.WM) <= d && int(m.BM) <= d && m.Pieces() <= b.Squares
}

// successors lists the canonical materials one move of either side can lead
// to, other than m itself: captures (any non-empty set of the opponent's
// pieces, the capturer possibly promoting) and quiet promotions. Materials
// in which a side has no piece are left out (those positions are terminal).
func (m Material) successors(b *draughts.Board) []Material {
	set := map[Material]bool{}
	add := func(x Material) {
		if x.possible(b) {
			set[x.canon()] = true
		}
	}
	for side := 0; side < 2; side++ {
		x := m
		if side == 1 {
			x = m.Mirror()
		}
		// x: the mover is "white".
		movers := []Material{x}
		if x.WM > 0 {
			pr := x
			pr.WM--
			pr.WK++
			movers = append(movers, pr)
			add(pr) // quiet promotion
		}
		for _, mv := range movers {
			for bm := 0; bm <= int(x.BM); bm++ {
				for bk := 0; bk <= int(x.BK); bk++ {
					if bm == int(x.BM) && bk == int(x.BK) {
						continue
					}
					add(Material{mv.WM, mv.WK, uint8(bm), uint8(bk)})
				}
			}
		}
	}
	delete(set, m)
	out := make([]Material, 0, len(set))
	for x := range set {
		out = append(out, x)
	}
	sortMaterials(out)
	return out
}

// sortMaterials orders materials so that every material comes after those
// its positions can move into: fewer pieces first, then fewer men (a
// promotion keeps the piece count and removes a man).
func sortMaterials(ms []Material) {
	sort.Slice(ms, func(i, j int) bool {
		a, b := ms[i], ms[j]
		if a.Pieces() != b.Pieces() {
			return a.Pieces() < b.Pieces()
		}
		if a.Men() != b.Men() {
			return a.Men() < b.Men()
		}
		return a.code() < b.code()
	})
}

// closure returns m's canonical material and every canonical material its
// positions can reach, in build order.
func closure(b *draughts.Board, ms ...Material) []Material {
	seen := map[Material]bool{}
	var walk func(Material)
	walk = func(x Material) {
		x = x.canon()
		if seen[x] || !x.possible(b) {
			return
		}
		seen[x] = true
		for _, y := range x.successors(b) {
			walk(y)
		}
	}
	for _, m := range ms {
		walk(m)
	}
	out := make([]Material, 0, len(seen))
	for x := range seen {
		out = append(out, x)
	}
	sortMaterials(out)
	return out
}

// MaterialsUpTo returns every canonical material of at most n pieces (both
// sides with at least one piece), in build order.
func MaterialsUpTo(r *draughts.Rules, n int) []Material {
	var out []Material
	for t := 2; t <= n; t++ {
		for wm := 0; wm <= t; wm++ {
			for wk := 0; wm+wk <= t; wk++ {
				for bm := 0; wm+wk+bm <= t; bm++ {
					m := Material{uint8(wm), uint8(wk), uint8(bm), uint8(t - wm - wk - bm)}
					if m.Canonical() && m.possible(r.Board) {
						out = append(out, m)
					}
				}
			}
		}
	}
	sortMaterials(out)
	return out
}

// mirrorBits turns a bitboard of the internal layout 180 degrees. Standard
// square s maps to Squares+1-s, and on the ghost-column layout that is the
// reversal of bits 0..last (last = the internal index of the last square).
func mirrorBits(x draughts.Bitboard, last uint) draughts.Bitboard {
	return draughts.Bitboard(bits.Reverse64(uint64(x)) >> (63 - last))
}

// mirrorSides returns the pieces of each side in the mirror image (colours
// swapped, board turned): White's are Black's turned, and Black's White's.
func mirrorSides(pieces [2]draughts.Bitboard, last uint) [2]draughts.Bitboard {
	return [2]draughts.Bitboard{mirrorBits(pieces[draughts.Black], last), mirrorBits(pieces[draughts.White], last)}
}
