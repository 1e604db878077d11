package solver

import (
	"sync"

	"draughtsjudge/draughts"
)

// Tables holds the proof-number tables of one composition, one per goal
// and attacker (a fact about "White wins" says nothing about "White
// locks 2 men"), shared by every search of that composition: the first
// moves, the author's lines, the duals and missing defences. Make one per
// composition with NewTables and put it in Budget.Tables.
//
// The first table gets half of the memory, each later one (other goals:
// a statist test with another material balance) a sixteenth, at least
// 4 MiB.
type Tables struct {
	mu    sync.Mutex
	bytes int
	m     map[tableKey]*PNTable
}

type tableKey struct {
	goal     string
	attacker draughts.Side
}

// NewTables makes a registry of tables for about bytes bytes (0: 256 MiB).
func NewTables(bytes int) *Tables {
	if bytes <= 0 {
		bytes = 256 << 20
	}
	return &Tables{bytes: bytes, m: map[tableKey]*PNTable{}}
}

// For returns the table of goal g with attacker a, making it when new.
func (t *Tables) For(g Goal, a draughts.Side) *PNTable {
	t.mu.Lock()
	defer t.mu.Unlock()
	k := tableKey{g.ID(), a}
	if pt, ok := t.m[k]; ok {
		return pt
	}
	size := t.bytes / 2
	if len(t.m) > 0 {
		size = max(t.bytes/16, 4<<20)
	}
	pt := NewPNTable(size)
	t.m[k] = pt
	return pt
}
