package solver

import (
	"time"

	"draughtsjudge/draughts"
)

// Local is the exact local analysis of a composition (the exact fallback
// for small reachable sets, docs/solver.md): every position reachable from a root is
// enumerated (the goal's verdict, and so the endgame databases, end the
// lines that reach covered material), and the whole set is solved by
// retrograde propagation, as the endgame databases are built. The answer
// for each position is exact at any depth: the attacker wins, with its
// exact distance in attacker moves, or never wins — the defender escapes
// forever, by reaching a failed position or by repeating positions (the
// cyclic king play that df-pn cannot disprove cheaply).
//
// Memory: about 60 bytes per position plus 8 bytes per move; the analysis
// gives up (returns nil) when the set exceeds its position limit.
type Local struct {
	r        *draughts.Rules
	attacker draughts.Side
	pos      []localPos
	slots    []uint32 // open addressing: index+1, 0 empty
	mask     uint64
	start    []uint32 // children of i: kids[start[i]:start[i+1]]
	kids     []uint32
	won      []bool
	dist     []uint16
	sink     uint64 // touch's loads
}

type localPos struct {
	white, black, kings draughts.Bitboard
	key                 draughts.Key
	side                draughts.Side
	// terminal: the goal's verdict (Done: won in tdist; Failed: lost);
	// Open otherwise.
	terminal Status
	tdist    uint16
}

// localBytesPerPosition is the memory estimate per position used for the
// limit (the structures above, the hash slots at half load and the
// reverse edges, with about 8 moves per position).
const localBytesPerPosition = 130

// AnalyseLocal enumerates the positions reachable from root and solves
// them for goal (attacker fulfils it). maxPositions bounds the set; nil
// when it is larger or the deadline passes. nodes is the number of
// positions expanded (reported as search nodes).
func AnalyseLocal(r *draughts.Rules, goal Goal, attacker draughts.Side, root draughts.Position, maxPositions int, deadline time.Time) (l *Local, nodes uint64) {
	if maxPositions < 1024 {
		return nil, 0
	}
	l = &Local{r: r, attacker: attacker}
	nslots := 1024
	for nslots < 2*maxPositions {
		nslots *= 2
	}
	l.slots = make([]uint32, nslots)
	l.mask = uint64(nslots - 1)
	l.insert(&root)
	var ml draughts.MoveList
	var qs [draughts.MaxMoves]draughts.Position
	for i := 0; i < len(l.pos); i++ {
		if i&0xffff == 0 && !deadline.IsZero() && time.Now().After(deadline) {
			return nil, uint64(i)
		}
		x := l.pos[i]
		p := draughts.Position{Pieces: [2]draughts.Bitboard{x.white, x.black}, Kings: x.kings, Side: x.side, Key: x.key}
		draughts.Generate(&p, r, &ml)
		l.start = append(double(l.start), uint32(len(l.kids)))
		st, d := goal.Eval(p, r, attacker, &ml)
		l.pos[i].terminal, l.pos[i].tdist = st, uint16(min(d, 65535))
		if st != Open {
			continue
		}
		kids := qs[:ml.N]
		for k, m := range ml.Slice() {
			kids[k] = p.Play(m)
		}
		l.touch(kids)
		for k := range kids {
			j, ok := l.insert(&kids[k])
			if !ok {
				return nil, uint64(i)
			}
			l.kids = append(double(l.kids), j)
		}
		if len(l.pos) > maxPositions {
			return nil, uint64(i)
		}
	}
	l.start = append(l.start, uint32(len(l.kids)))
	l.solve()
	return l, uint64(len(l.pos))
}

func (l *Local) hash(k draughts.Key) uint64 { return uint64(k) * 0x9E3779B97F4A7C15 >> 17 }

// double returns s with room for one more element, doubling its capacity
// when full: append grows large slices by a quarter, and its copies of the
// position list were 8% of Boychuk's analysis.
func double[T any](s []T) []T {
	if len(s) < cap(s) {
		return s
	}
	t := make([]T, len(s), max(2*cap(s), 1024))
	copy(t, s)
	return t
}

// touch loads the first slot of each of ps and the position it holds,
// independent loads that the processor overlaps, before the children are
// inserted one by one (a random slot and a random position each: two
// cache misses that find would otherwise wait for in turn; 66% of
// Boychuk's local analysis was find). The loads' sum is kept so they are
// not removed.
func (l *Local) touch(ps []draughts.Position) {
	s := l.sink
	for i := range ps {
		if v := l.slots[l.hash(ps[i].Key)&l.mask]; v != 0 {
			s += uint64(l.pos[v-1].key)
		}
	}
	l.sink = s
}

func (l *Local) find(p *draughts.Position) (uint32, bool) {
	for h := l.hash(p.Key) & l.mask; ; h = (h + 1) & l.mask {
		v := l.slots[h]
		if v == 0 {
			return uint32(h), false
		}
		x := &l.pos[v-1]
		if x.key == p.Key && x.white == p.Pieces[0] && x.black == p.Pieces[1] && x.kings == p.Kings && x.side == p.Side {
			return v - 1, true
		}
	}
}

// insert returns p's index, adding it when new; false when the slots are
// more than half full.
func (l *Local) insert(p *draughts.Position) (uint32, bool) {
	h, ok := l.find(p)
	if ok {
		return h, true
	}
	if 2*len(l.pos) >= len(l.slots) {
		return 0, false
	}
	l.pos = append(double(l.pos), localPos{white: p.Pieces[0], black: p.Pieces[1], kings: p.Kings, key: p.Key, side: p.Side})
	l.slots[h] = uint32(len(l.pos))
	return uint32(len(l.pos) - 1), true
}

// solve is the retrograde propagation: positions are settled in order of
// their distance (a bucket queue), an attacker position by its first won
// child (the shortest), a defender position by its last (the longest).
func (l *Local) solve() {
	n := len(l.pos)
	l.won = make([]bool, n)
	l.dist = make([]uint16, n)
	// Reverse edges.
	predStart := make([]uint32, n+1)
	for _, k := range l.kids {
		predStart[k+1]++
	}
	for i := 0; i < n; i++ {
		predStart[i+1] += predStart[i]
	}
	preds := make([]uint32, len(l.kids))
	fill := append([]uint32(nil), predStart[:n]...)
	for i := 0; i < n; i++ {
		for _, k := range l.kids[l.start[i]:l.start[i+1]] {
			preds[fill[k]] = uint32(i)
			fill[k]++
		}
	}
	fill = nil
	// left: a defender position's children not yet won (two moves never
	// lead to one position: the generator merges them, docs/spec.md §3).
	left := make([]uint16, n)
	var buckets [][]uint32
	push := func(i uint32, d int) {
		for len(buckets) <= d {
			buckets = append(buckets, nil)
		}
		l.won[i], l.dist[i] = true, uint16(d)
		buckets[d] = append(buckets[d], i)
	}
	for i := 0; i < n; i++ {
		x := &l.pos[i]
		switch x.terminal {
		case Done:
			push(uint32(i), int(x.tdist))
		case Open:
			left[i] = uint16(min(l.start[i+1]-l.start[i], 65535))
		}
	}
	for d := 0; d < len(buckets); d++ {
		for j := 0; j < len(buckets[d]); j++ {
			c := buckets[d][j]
			for _, y := range preds[predStart[c]:predStart[c+1]] {
				if l.won[y] || l.pos[y].terminal != Open {
					continue
				}
				if l.pos[y].side == l.attacker {
					push(y, d+1)
					continue
				}
				if left[y]--; left[y] == 0 {
					push(y, d) // the last child settled is the longest
				}
			}
		}
		buckets[d] = nil
	}
}

// Lookup returns what the analysis knows of p: ok=false when p is not in
// the reachable set; else whether the attacker wins and in how many
// attacker moves (exact).
func (l *Local) Lookup(p *draughts.Position) (won bool, dist int, ok bool) {
	i, ok := l.find(p)
	if !ok {
		return false, 0, false
	}
	return l.won[i], int(l.dist[i]), true
}

// Positions returns the size of the reachable set.
func (l *Local) Positions() int { return len(l.pos) }
