package draughts

import (
	"errors"
	"fmt"
	"strings"
)

// Side is a colour: White or Black.
type Side uint8

// The two sides.
const (
	White Side = 0
	Black Side = 1
)

// Opp returns the other side.
func (s Side) Opp() Side { return s ^ 1 }

// String returns "white" or "black".
func (s Side) String() string {
	if s == White {
		return "white"
	}
	return "black"
}

// Key is a Zobrist hash of a position (pieces and side to move).
type Key uint64

// Position is a draughts position: a small value type, copied on every move
// (copy-make, Scan's Pos::succ). "Undo" is keeping the previous value.
// Size: 40 bytes, no pointers.
type Position struct {
	Pieces [2]Bitboard // Pieces[side]: men and kings of that side
	Kings  Bitboard    // kings of both sides
	Side   Side        // side to move
	Key    Key         // incremental Zobrist key, equal to ComputeKey()
}

// Men returns the men of side s.
func (p *Position) Men(s Side) Bitboard { return p.Pieces[s] &^ p.Kings }

// KingsOf returns the kings of side s.
func (p *Position) KingsOf(s Side) Bitboard { return p.Pieces[s] & p.Kings }

// Occupied returns every occupied square.
func (p *Position) Occupied() Bitboard { return p.Pieces[White] | p.Pieces[Black] }

// zobrist[side][king][sq]; zobristSide is xored in when Black is to move.
var (
	zobrist     [2][2][64]Key
	zobristSide Key
)

func init() {
	// SplitMix64 with a fixed seed: keys are the same on every run and
	// machine, so cached results keyed by them stay valid.
	x := uint64(0x9E3779B97F4A7C15)
	next := func() Key {
		x += 0x9E3779B97F4A7C15
		z := x
		z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
		z = (z ^ (z >> 27)) * 0x94D049BB133111EB
		return Key(z ^ (z >> 31))
	}
	for s := 0; s < 2; s++ {
		for k := 0; k < 2; k++ {
			for i := 0; i < 64; i++ {
				zobrist[s][k][i] = next()
			}
		}
	}
	zobristSide = next()
}

// ComputeKey computes the Zobrist key from scratch.
func (p *Position) ComputeKey() Key {
	var k Key
	for s := Side(0); s < 2; s++ {
		for b := p.Pieces[s]; b != 0; b &= b - 1 {
			sq := b.First()
			if p.Kings.Has(sq) {
				k ^= zobrist[s][1][sq]
			} else {
				k ^= zobrist[s][0][sq]
			}
		}
	}
	if p.Side == Black {
		k ^= zobristSide
	}
	return k
}

// NewPosition builds a position from piece sets and the side to move and
// sets its key. It does not validate; call Valid.
func NewPosition(white, black, kings Bitboard, side Side) Position {
	p := Position{Pieces: [2]Bitboard{white, black}, Kings: kings, Side: side}
	p.Key = p.ComputeKey()
	return p
}

// Start returns the initial position of r (6.1.2.1, 7.2), White to move.
func Start(r *Rules) Position {
	return NewPosition(r.Board.Start[White], r.Board.Start[Black], 0, White)
}

// Valid checks the invariants (Stockfish pos_is_ok): pieces on playable
// squares, the sides disjoint, kings only where there are pieces, no man
// on its own promotion row, and the key up to date. It does not check
// material limits or reachability (that is the composition legality check).
// Every broken invariant is named, on one line joined by "; ": the message
// is the evidence of [legal] and of a FEN reader's error, both one line.
func (p *Position) Valid(r *Rules) error {
	b := r.Board
	var errs []string
	if (p.Pieces[White]|p.Pieces[Black]|p.Kings)&^b.Mask != 0 {
		errs = append(errs, "pieces outside the playable squares")
	}
	if p.Pieces[White]&p.Pieces[Black] != 0 {
		errs = append(errs, fmt.Sprintf("square %s holds both a white and a black piece",
			b.Name((p.Pieces[White]&p.Pieces[Black]).First())))
	}
	if p.Kings&^p.Occupied() != 0 {
		errs = append(errs, "king flag on an empty square")
	}
	if m := p.Men(White) & b.Promo[White]; m != 0 {
		errs = append(errs, fmt.Sprintf("white man on its promotion row at %s", b.Name(m.First())))
	}
	if m := p.Men(Black) & b.Promo[Black]; m != 0 {
		errs = append(errs, fmt.Sprintf("black man on its promotion row at %s", b.Name(m.First())))
	}
	if p.Side > Black {
		errs = append(errs, "bad side to move")
	}
	if p.Key != p.ComputeKey() {
		errs = append(errs, "stale Zobrist key")
	}
	if len(errs) == 0 {
		return nil
	}
	return errors.New(strings.Join(errs, "; "))
}

// Play returns the position after m (copy-make). m must be legal in p.
func (p Position) Play(m Move) Position {
	var q Position
	p.playTo(&q, m)
	return q
}

// playTo writes the position after m into q (q may be p).
func (p *Position) playTo(q *Position, m Move) {
	us := p.Side & 1
	them := us ^ 1
	fsq, tsq := m.From&63, m.To&63
	from, to := Bit(fsq), Bit(tsq)
	kings := p.Kings
	var key Key
	zu := &zobrist[us]
	if kings&from != 0 {
		kings = kings&^from | to
		key = zu[1][fsq] ^ zu[1][tsq]
	} else if m.Promote {
		kings |= to
		key = zu[0][fsq] ^ zu[1][tsq]
	} else {
		key = zu[0][fsq] ^ zu[0][tsq]
	}
	pieces := p.Pieces
	pieces[us] = pieces[us]&^from | to
	if c := m.Captured; c != 0 {
		zt := &zobrist[them]
		for b := c &^ kings; b != 0; b &= b - 1 {
			key ^= zt[0][b.First()&63]
		}
		for b := c & kings; b != 0; b &= b - 1 {
			key ^= zt[1][b.First()&63]
		}
		pieces[them] &^= c
		kings &^= c
	}
	q.Pieces = pieces
	q.Kings = kings
	q.Side = them
	q.Key = p.Key ^ key ^ zobristSide
}

// Mirror returns the position with colours swapped and the board turned
// 180 degrees (the same position seen from the other side).
func (p Position) Mirror(b *Board) Position {
	flip := func(x Bitboard) Bitboard {
		var y Bitboard
		for ; x != 0; x &= x - 1 {
			y |= Bit(b.FromStd(b.Squares + 1 - b.Std(x.First())))
		}
		return y
	}
	return NewPosition(flip(p.Pieces[Black]), flip(p.Pieces[White]), flip(p.Kings), p.Side^1)
}
