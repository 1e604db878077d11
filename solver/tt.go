package solver

import "draughtsjudge/draughts"

// ttEntry is one table slot, 32 bytes:
//
//	offset size field
//	0      8    white   Pieces[White] of the position (full position stored:
//	8      8    black   Pieces[Black]  no key collision can return a wrong
//	16     8    kings   Kings          fact)
//	24     1    side    side to move + 1 (0 = empty slot)
//	25     1    win     forced within win-1 attacker moves (0 = unknown)
//	26     1    noWin   not forced within noWin attacker moves
//	27     1    hard    1 = never forced (terminal failures only)
//	28     3    cnt     game-rule counters (zero in theory mode)
//	31     1    padding
type ttEntry struct {
	white, black, kings draughts.Bitboard
	side                uint8
	win                 uint8
	noWin               uint8
	hard                bool
	cnt                 counters
}

// tt is a private, fixed-size transposition table of facts (not shared
// between goroutines: each search owns one, see the package doc).
// Replacement: a slot is overwritten unless it holds a proof or a hard
// failure and the newcomer holds neither: keep := old.win != 0 || old.hard.
type tt struct {
	slots []ttEntry
	mask  uint64
}

// newTT makes a table of about bytes bytes (a power of two slots, at least 1024).
func newTT(bytes int) *tt {
	n := 1024
	for n*2*32 <= bytes {
		n *= 2
	}
	return &tt{slots: make([]ttEntry, n), mask: uint64(n - 1)}
}

func (t *tt) slot(p *draughts.Position, c counters) *ttEntry {
	k := uint64(p.Key) ^ (uint64(c.kingPlies)|uint64(c.since[0])<<8|uint64(c.since[1])<<16)*0x9E3779B97F4A7C15
	return &t.slots[k&t.mask]
}

func same(e *ttEntry, p *draughts.Position, c counters) bool {
	return e.side == uint8(p.Side)+1 && e.white == p.Pieces[0] && e.black == p.Pieces[1] && e.kings == p.Kings && e.cnt == c
}

// probe returns the stored facts of p (with game-rule counters c), zero if none.
func (t *tt) probe(p *draughts.Position, c counters) ttEntry {
	e := t.slot(p, c)
	if same(e, p, c) {
		return *e
	}
	return ttEntry{}
}

// store merges facts about p (with counters c) into the table.
func (t *tt) store(p *draughts.Position, c counters, win, noWin uint8, hard bool) {
	e := t.slot(p, c)
	if !same(e, p, c) {
		if (e.win != 0 || e.hard) && win == 0 && !hard {
			return
		}
		*e = ttEntry{white: p.Pieces[0], black: p.Pieces[1], kings: p.Kings, side: uint8(p.Side) + 1, cnt: c}
	}
	if win != 0 && (e.win == 0 || win < e.win) {
		e.win = win
	}
	if noWin > e.noWin {
		e.noWin = noWin
	}
	if hard {
		e.hard = true
	}
}
