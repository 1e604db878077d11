package draughts

import (
	"errors"
	"fmt"
	"strings"
)

// GameRules returns the game system named by a PDN game's [Variant] or
// [GameType] tag (Russian when neither is present).
func GameRules(g *Game) (*Rules, error) {
	gt, _ := g.Tag("GameType")
	v, _ := g.Tag("Variant")
	return RulesFromTags(gt, v)
}

// GameStart returns the game's initial position: its [FEN] tag, or the
// initial position of r.
func GameStart(g *Game, r *Rules) (Position, error) {
	if f, ok := g.Tag("FEN"); ok && f != "" {
		return ParseFEN(r, f)
	}
	return Start(r), nil
}

// ReplayError is a move of a game that is not legal where it is played.
type ReplayError struct {
	File      string
	Line, Col int
	MoveNo    int    // the move number (1 = the first move of the game)
	Side      Side   // the side that was to move
	Text      string // the move as written
	Err       error  // a *MoveError
}

func (e *ReplayError) Error() string {
	dots := "."
	if e.Side == Black {
		dots = "..."
	}
	loc := fmt.Sprintf("%d:%d", e.Line, e.Col)
	if e.File != "" {
		loc = e.File + ":" + loc
	}
	// The notation error already quotes the move: "move %q: why".
	var me *MoveError
	if errors.As(e.Err, &me) {
		why := strings.TrimPrefix(me.Error(), fmt.Sprintf("move %q: ", me.Text))
		return fmt.Sprintf("%s: move %d%s %s: %s", loc, e.MoveNo, dots, e.Text, why)
	}
	return fmt.Sprintf("%s: move %d%s %s: %v", loc, e.MoveNo, dots, e.Text, e.Err)
}

func (e *ReplayError) Unwrap() error { return e.Err }

// Replay plays a line of plies and all their variations from start,
// calling visit (if not nil) with the position before each ply and the
// move it resolves to. Move numbers count from 1 at start (a Black-to-move
// start begins with 1...). It stops at the first illegal ply of each line
// and returns all errors found.
func Replay(file string, plies []Ply, r *Rules, start Position, visit func(before *Position, ply *Ply, m Move)) []error {
	parse := func(p *Position, text string) (Move, error) { return ParseMove(p, r, text) }
	side := func(p *Position) Side { return p.Side }
	return ReplayWith(file, plies, start, side, parse, (*Position).Play, visit)
}

// ReplayWith is Replay for any position type P with moves M (lasca.Replay
// uses it): side reports the side to move, parse resolves a ply's text in
// a position, play returns the position after a move. Each error is a
// *ReplayError wrapping parse's.
func ReplayWith[P, M any](file string, plies []Ply, start P, side func(p *P) Side,
	parse func(p *P, text string) (M, error), play func(p *P, m M) P,
	visit func(before *P, ply *Ply, m M)) []error {
	var errs []error
	var walk func(plies []Ply, p P, half int)
	walk = func(plies []Ply, p P, half int) {
		for i := range plies {
			ply := &plies[i]
			for _, v := range ply.Variations {
				walk(v, p, half)
			}
			m, err := parse(&p, ply.Text)
			if err != nil {
				errs = append(errs, &ReplayError{File: file, Line: ply.Line, Col: ply.Col,
					MoveNo: half/2 + 1, Side: side(&p), Text: ply.Text, Err: err})
				return
			}
			if visit != nil {
				visit(&p, ply, m)
			}
			p = play(&p, m)
			half++
		}
	}
	half := 0
	if side(&start) == Black {
		half = 1
	}
	walk(plies, start, half)
	return errs
}
