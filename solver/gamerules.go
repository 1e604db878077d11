package solver

import "draughtsjudge/draughts"

// DrawRules selects how draws are decided (docs/spec.md §3).
type DrawRules uint8

// Draw rule modes.
const (
	// Theory: a position is drawn only when no side can force a win
	// (repetition never helps the shortest win, so bounded search needs no
	// repetition rule). The default.
	Theory DrawRules = iota
	// Game: the move-count draw rules are applied as written: russian and
	// brazilian 6.1.8.3–6.1.8.6 and 6.1.8.8, international 7.5.2, giveaway
	// 8.2. 6.1.8.7 ("a clearly drawn position", decided by the arbiter) is
	// not mechanical and is not applied.
	Game
)

// ParseDrawRules reads "theory" or "game".
func ParseDrawRules(s string) (DrawRules, bool) {
	switch s {
	case "theory", "":
		return Theory, true
	case "game":
		return Game, true
	}
	return Theory, false
}

// counters is the history the game rules need, carried along the search
// path (and part of the table key in game mode). Every count starts at 0
// in the position a search starts from: its earlier history is unknown.
type counters struct {
	kingPlies uint8    // plies in a row made by kings without capture (no man moved)
	since     [2]uint8 // moves of each side since the last capture or promotion
}

// balancePlies is the number of plies since the last capture or promotion.
func (c counters) balancePlies() int { return int(c.since[0]) + int(c.since[1]) }

// next returns the counters after m is played in p.
func (c counters) next(p *draughts.Position, m draughts.Move) counters {
	if m.IsCapture() || m.Promote {
		c.since = [2]uint8{}
	} else if c.since[p.Side] < 255 {
		c.since[p.Side]++
	}
	if m.IsCapture() || !p.Kings.Has(m.From) {
		c.kingPlies = 0
	} else if c.kingPlies < 255 {
		c.kingPlies++
	}
	return c
}

// mainRoad is the a1–h8 diagonal of the 64-square board.
func mainRoad(b *draughts.Board) draughts.Bitboard {
	var x draughts.Bitboard
	for i := 0; i < 8; i++ {
		x |= draughts.Bit(b.FromRowCol(7-i, i))
	}
	return x
}

// window returns the plies left before a game rule can draw the position
// if no capture, promotion or man move intervenes (-1: no rule applies),
// and whether a rule has drawn it already.
func gameWindow(r *draughts.Rules, p *draughts.Position, c counters) (window int, drawn bool) {
	window = -1
	limit := func(left int) {
		if left <= 0 {
			drawn = true
		}
		if window < 0 || left < window {
			window = left
		}
	}
	total := p.Occupied().Count()
	w, b := p.Pieces[draughts.White], p.Pieces[draughts.Black]
	// Lone king against the stronger side: "by its N-th move (counted
	// from the moment the balance was set up) does not capture the king".
	loneKing := func(n int, stronger draughts.Side) {
		made := int(c.since[stronger])
		left := 2 * (n - made) // plies until the stronger side's n-th move is made
		if p.Side == stronger {
			left--
		}
		if made >= n {
			left = 0
		}
		limit(left)
	}
	for s := draughts.White; s <= draughts.Black; s++ {
		us, them := p.Pieces[s], p.Pieces[s^1]
		if them.Count() != 1 || them&p.Kings == 0 {
			continue
		}
		kings := (us & p.Kings).Count()
		switch r.Board.Size {
		case 8:
			if r.Giveaway {
				break
			}
			if us.Count() >= 3 && kings >= 3 {
				loneKing(15, s) // 6.1.8.3, 6.1.8.4
			}
			if us.Count() == 3 && them&mainRoad(r.Board) != 0 {
				loneKing(5, s) // 6.1.8.5
			}
		case 10:
			if r.Giveaway {
				break
			}
			if us.Count() == 3 && kings >= 1 {
				loneKing(16, s) // 7.5.2: 3K, 2K+man, K+2 men against a king
			}
			if us.Count() <= 2 && kings >= 1 {
				loneKing(5, s) // 7.5.2: 2K, K+man, K against a king
			}
		}
	}
	kingsOnly := func(moves int) { limit(2*moves - int(c.kingPlies)) }
	switch {
	case r.Giveaway:
		kingsOnly(15) // 8.2
	case r.Board.Size == 10:
		kingsOnly(25) // 7.5.2
	default:
		// 6.1.8.6: both sides have kings and the balance does not change.
		if w&p.Kings != 0 && b&p.Kings != 0 {
			switch {
			case total <= 3:
				limit(2*5 - c.balancePlies())
			case total <= 5:
				limit(2*30 - c.balancePlies())
			case total <= 7:
				limit(2*60 - c.balancePlies())
			}
		}
		// 6.1.8.8: only kings moved, no man moved and no capture.
		switch {
		case total >= 4 && total <= 5:
			kingsOnly(15)
		case total >= 6 && total <= 7:
			kingsOnly(25)
		}
	}
	return window, drawn
}
