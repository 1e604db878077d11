package judge

import (
	"context"
	"fmt"
	"strings"
	"time"

	"draughtsjudge/composition"
	"draughtsjudge/draughts"
	"draughtsjudge/retro"
)

// Clause 11.1.4: a composition "на ретроградный анализ" asks to restore
// the moves that preceded the position, proving it legal. Stipulation
// "retro N": the last N moves (plies, the last one by the side that has
// just moved) must be found, and they must be the only ones — the
// uniqueness of 11.2.6 with the corresponding amendment (11.1.3 note).
// The author's answer is the [LastMoves] tag, the moves in the order
// played ("f4-g5 h6:f4": Black's f4-g5?.. the last one led to the
// position).
//
// Every sequence of N un-moves is enumerated (retro.StepsAll: quiet
// un-moves of men and kings, un-promotions, captures of up to 4 pieces
// restored as men or kings), each predecessor a valid position whose
// legal moves include the one that gives its successor, so compulsory
// capture and the majority rule hold at every step. Limits: at most
// retroMaxLines sequences and retroMaxNodes predecessors are looked at
// (beyond that the answer is unknown); un-moves restoring five or more
// pieces, or mixing men and kings among the restored pieces other than
// all-men, all-kings or one king, are not searched.

const (
	retroMaxLines = 64
	retroMaxNodes = 200_000
)

// analyseRetro is the report of a retro-analysis part.
func analyseRetro(ctx context.Context, c *composition.Composition, p composition.Part) *Report {
	t0 := time.Now()
	r := c.Rules
	rep := newReport(c, r.ID, p.Stipulation.Text, draughts.FEN(&c.Start, r))
	defer func() { rep.Seconds = time.Since(t0).Seconds() }()
	rep.add(legalMaterial(c))
	var lines [][]string
	seen := map[string]bool{}
	nodes := 0
	complete := true
	var rec func(q draughts.Position, depth int, suffix []string)
	rec = func(q draughts.Position, depth int, suffix []string) {
		if !complete {
			return
		}
		if depth == 0 {
			// The task asks for the moves: predecessors that differ only
			// in the kind of a captured piece give one answer.
			if !seen[strings.Join(suffix, " ")] {
				if len(lines) >= retroMaxLines {
					complete = false
					return
				}
				seen[strings.Join(suffix, " ")] = true
				lines = append(lines, suffix)
			}
			return
		}
		if nodes > retroMaxNodes || ctx.Err() != nil {
			complete = false
			return
		}
		for _, st := range retro.StepsAll(q, r, 1<<20, true) {
			nodes++
			rec(st.Before, depth-1, append([]string{st.Move}, suffix...))
		}
	}
	rec(c.Start, p.Retro, nil)
	rep.Nodes = uint64(nodes)
	want := count(p.Retro, "last move")
	author, _ := composition.Tag(c.Game, "LastMoves", "ПоследниеХоды")
	authorLine := lastMovesOf(author)
	var st Status
	var d string
	switch {
	case !complete:
		st, d = Unknown, fmt.Sprintf("more than %d sequences of %s or %d predecessors: not decided", retroMaxLines, want, retroMaxNodes)
	case len(lines) == 0:
		st, d = Fail, fmt.Sprintf("no sequence of %s leads to the position: it cannot arise so (11.2.2)", want)
	case len(lines) > 1:
		var ex []string
		for i, l := range lines {
			if i == 6 {
				ex = append(ex, fmt.Sprintf("and %d more", len(lines)-6))
				break
			}
			ex = append(ex, strings.Join(l, " "))
		}
		st, d = Fail, fmt.Sprintf("%d sequences of %s lead to the position, the retro-analysis is not unique (11.2.6 amended): %s", len(lines), want, strings.Join(ex, "; "))
	default:
		st, d = Pass, fmt.Sprintf("the only sequence of %s: %s", want, strings.Join(lines[0], " "))
		rep.Keys = append(rep.Keys, lines[0][0])
	}
	rep.add(newCheck(CheckRetro, st, d))
	switch {
	case author == "":
		rep.add(newCheck(CheckAuthorSolution, NotApplicable, "no [LastMoves] given: solved from scratch, the author's intent is unknown"))
	case len(authorLine) != p.Retro:
		rep.add(newCheck(CheckAuthorSolution, Fail, fmt.Sprintf("[LastMoves] gives %s, the stipulation asks for %s", count(len(authorLine), "move"), want)))
	case retroFound(lines, authorLine):
		rep.add(newCheck(CheckAuthorSolution, Pass, "the author's last moves "+strings.Join(authorLine, " ")+" lead to the position"))
	case complete:
		rep.add(newCheck(CheckAuthorSolution, Fail, "the author's last moves "+strings.Join(authorLine, " ")+" are not a sequence that leads to the position"))
	default:
		rep.add(newCheck(CheckAuthorSolution, Unknown, "the author's last moves are not among the sequences looked at"))
	}
	rep.Finish()
	return rep
}

// lastMovesOf splits a [LastMoves] value into moves, dropping move
// numbers ("12." "12...") and commas.
func lastMovesOf(s string) []string {
	var out []string
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' }) {
		if i := strings.LastIndex(f, "."); i >= 0 {
			f = f[i+1:]
		}
		if f != "" {
			out = append(out, strings.ReplaceAll(f, "x", ":"))
		}
	}
	return out
}

// retroFound reports whether the author's line is one of the sequences
// found (moves compared as written by MoveString, ':' for captures).
func retroFound(lines [][]string, author []string) bool {
	norm := func(s string) string { return strings.ReplaceAll(s, "x", ":") }
	for _, l := range lines {
		ok := len(l) == len(author)
		for i := 0; ok && i < len(l); i++ {
			ok = norm(l[i]) == norm(author[i])
		}
		if ok {
			return true
		}
	}
	return false
}

// retroDetail extends a passed [legal] check with the last moves found:
// the last move of the side that has just moved and, for each, a move of
// the other side before it (2 plies, 11.2.2).
func retroDetail(c *composition.Composition) (string, bool) {
	steps := retro.Steps(c.Start, c.Rules, 6)
	who, other := "Black", "White"
	if c.Start.Side == draughts.Black {
		who, other = "White", "Black"
	}
	if len(steps) == 0 {
		return fmt.Sprintf("no last move by %s found (quiet moves and captures of up to %d pieces searched)", who, retro.MaxUnJumps), false
	}
	var pairs, lone []string
	for _, st := range steps {
		if before := retro.Steps(st.Before, c.Rules, 1); len(before) > 0 {
			pairs = append(pairs, fmt.Sprintf("%s after %s's %s", st.Move, other, before[0].Move))
		} else {
			lone = append(lone, st.Move)
		}
	}
	if len(pairs) == 0 {
		return fmt.Sprintf("%s's possible last moves %s, but no move by %s before any of them was found (quiet moves and captures of up to %d pieces searched)", who, strings.Join(lone, ", "), other, retro.MaxUnJumps), false
	}
	return fmt.Sprintf("%s's possible last moves (with %s's move before): %s", who, other, strings.Join(pairs, "; ")), true
}
