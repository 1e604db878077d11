package lasca

import (
	"strings"

	"draughtsjudge/draughts"
)

// IsGame reports whether a PDN game is a Lasca game: [Variant "lasca"]
// (Lasca has no PDN GameType number, SPEC §3).
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
	var errs []error
	var walk func(plies []draughts.Ply, p Position, half int)
	walk = func(plies []draughts.Ply, p Position, half int) {
		for i := range plies {
			ply := &plies[i]
			for _, v := range ply.Variations {
				walk(v, p, half)
			}
			m, err := ParseMove(&p, ply.Text)
			if err != nil {
				errs = append(errs, &draughts.ReplayError{File: file, Line: ply.Line, Col: ply.Col,
					MoveNo: half/2 + 1, Side: p.Side, Text: ply.Text, Err: err})
				return
			}
			if visit != nil {
				visit(&p, ply, m)
			}
			p = p.Play(m)
			half++
		}
	}
	half := 0
	if start.Side == draughts.Black {
		half = 1
	}
	walk(plies, start, half)
	return errs
}
