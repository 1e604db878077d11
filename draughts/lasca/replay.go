package lasca

import (
	"strings"

	"draughtsjudge/draughts"
)

// IsGame reports whether a PDN game is a Lasca game: [Variant "lasca"]
// (Lasca has no PDN GameType number, docs/spec.md §3).
func IsGame(g *draughts.Game) bool {
	v, _ := g.Tag("Variant")
	return strings.EqualFold(strings.TrimSpace(v), "lasca")
}

// GameStart returns a Lasca game's initial position: its [FEN] tag in
// the Lasca FEN format (ParseFEN), or Start.
func GameStart(g *draughts.Game) (Position, error) {
	if f, ok := g.Tag("FEN"); ok && f != "" {
		return ParseFEN(f)
	}
	return Start(), nil
}

// Replay plays a line of Lasca plies and all their variations from
// start, calling visit (if not nil) with the position before each ply and
// the move it resolves to; like draughts.Replay, it stops at the first
// illegal ply of each line and returns every error found (each a
// *draughts.ReplayError).
func Replay(file string, plies []draughts.Ply, start Position, visit func(before *Position, ply *draughts.Ply, m Move)) []error {
	side := func(p *Position) draughts.Side { return p.Side }
	return draughts.ReplayWith(file, plies, start, side, ParseMove, (*Position).Play, visit)
}
