package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"golang.org/x/sync/errgroup"

	"draughtsjudge/composition"
	"draughtsjudge/corpus"
	"draughtsjudge/draughts"
	"draughtsjudge/judge"
	"draughtsjudge/solver"
	"draughtsjudge/tablebase"
)

// The solving-contest commands (key, sheet, grade) and the section report
// share these helpers: loading, numbering, analysing, diagrams in text.

// loadComps reads the compositions of paths (none: the sample corpus;
// files as check reads them, at most --max-file-size),
// printing each bad input as one line on stderr.
func loadComps(paths []string, f *runFlags, stderr io.Writer) ([]*composition.Composition, []string) {
	var entries []corpus.Entry
	if len(paths) == 0 {
		entries = corpus.Sample()
	} else {
		entries = f.load(paths)
	}
	var comps []*composition.Composition
	var errs []string
	for _, e := range entries {
		if e.Err != nil {
			errs = append(errs, e.Err.Error())
			fmt.Fprintln(stderr, e.Err.Error())
			continue
		}
		comps = append(comps, e.Composition)
	}
	return comps, errs
}

// withoutLasca drops the Lasca compositions from a solving contest's key
// or sheet, one error line each: its diagrams, notation and grading are
// for the checkers boards (README "Lasca").
func withoutLasca(comps []*composition.Composition, what string, stderr io.Writer) ([]*composition.Composition, []string) {
	var kept []*composition.Composition
	var errs []string
	for _, c := range comps {
		if c.Lasca != nil {
			e := fmt.Sprintf("%s:%d: lasca: the %s does not cover Lasca yet; this composition is left out", c.File, c.Line, what)
			errs = append(errs, e)
			fmt.Fprintln(stderr, e)
			continue
		}
		kept = append(kept, c)
	}
	return kept, errs
}

// contestNumbers numbers the compositions of a contest: the [Number] tag
// where given, else the position among the readable compositions. A
// number used twice is an error (the later keeps its position number
// only if that is free; otherwise it is dropped).
func contestNumbers(comps []*composition.Composition, stderr io.Writer) ([]int, []*composition.Composition, []string) {
	var nums []int
	var kept []*composition.Composition
	var errs []string
	used := map[int]string{}
	for i, c := range comps {
		n := i + 1
		if v, ok := c.Game.Tag("Number"); ok {
			if x, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && x > 0 {
				n = x
			} else {
				e := fmt.Sprintf("%s:%d: [Number %q]: not a positive number; numbered %d by its order", c.File, c.Line, v, n)
				errs = append(errs, e)
				fmt.Fprintln(stderr, e)
			}
		}
		if prev, dup := used[n]; dup {
			e := fmt.Sprintf("%s:%d: composition number %d is already %s; this composition is left out", c.File, c.Line, n, prev)
			errs = append(errs, e)
			fmt.Fprintln(stderr, e)
			continue
		}
		used[n] = c.Name()
		nums = append(nums, n)
		kept = append(kept, c)
	}
	return nums, kept, errs
}

// analyseAll analyses the compositions with the check command's options,
// store and endgame databases. As for check, a store that cannot be used
// as the run needs it is refused (openStore or ensureEndgames said why on
// stderr): code is exitStore and nothing is analysed. A panic inside one
// composition is its line on stderr and a report with verdict unknown;
// code is then exitInternal and the others are analysed as usual.
func analyseAll(comps []*composition.Composition, f *runFlags, stderr io.Writer) (reps []*judge.Report, code int) {
	if _, ok := solver.ParseDrawRules(f.drawRules); !ok {
		f.drawRules = "theory"
	}
	var store *tablebase.Store
	if len(comps) > 0 {
		if store, code = f.openStore(stderr); code != exitOK {
			return nil, code
		}
	}
	if store != nil {
		defer store.Close()
	}
	opt := f.options(f.threads)
	slices := 0
	var entries []corpus.Entry
	for _, c := range comps {
		entries = append(entries, corpus.Entry{File: c.File, Index: c.Index, Line: c.Line, Composition: c})
	}
	if store != nil && f.endgames != 0 {
		if code := ensureEndgames(store, entries, f, stderr); code != exitOK {
			return nil, code
		}
	}
	if store != nil {
		opt.Prober = solver.TablebaseProber(store)
		slices = len(store.SliceRecords())
	}
	reps = make([]*judge.Report, len(comps))
	internal := make([]error, len(comps))
	g := new(errgroup.Group)
	g.SetLimit(batchLimit(f.threads, f.mem))
	for i, c := range comps {
		i, c := i, c
		g.Go(func() error {
			reps[i], internal[i] = recoverEntry(c, func() *judge.Report { return analyseCached(store, c, opt, f, slices) })
			return nil
		})
	}
	_ = g.Wait()
	for _, err := range internal {
		if err != nil {
			fmt.Fprintln(stderr, err)
			code = exitInternal
		}
	}
	return reps, code
}

// claimOptions are the solver options for checking claims (no store: the
// claims are few and small).
func claimOptions(f *runFlags) judge.Options {
	return f.options(f.threads)
}

// textDiagram draws a position in text: White's men "w", kings "W",
// Black's "b" and "B", dark empty squares ".", light squares blank; a–h
// and 1–8 on 8x8, square numbers of the left column on 10x10.
func textDiagram(variant, fen string) string {
	r, err := draughts.RulesByID(variant)
	if err != nil {
		return ""
	}
	p, err := draughts.ParseFEN(r, fen)
	if err != nil {
		return err.Error()
	}
	b := r.Board
	n := b.Size
	var sb strings.Builder
	for row := 0; row < n; row++ {
		if n == 8 {
			fmt.Fprintf(&sb, "%d ", n-row)
		} else {
			fmt.Fprintf(&sb, "%2d ", b.Std(b.FromRowCol(row, (row+1)%2)))
		}
		for col := 0; col < n; col++ {
			c := "  "
			if (row+col)%2 == 1 {
				sq := b.FromRowCol(row, col)
				c = " ."
				switch {
				case p.Pieces[draughts.White].Has(sq) && p.Kings.Has(sq):
					c = " W"
				case p.Pieces[draughts.White].Has(sq):
					c = " w"
				case p.Pieces[draughts.Black].Has(sq) && p.Kings.Has(sq):
					c = " B"
				case p.Pieces[draughts.Black].Has(sq):
					c = " b"
				}
			}
			sb.WriteString(c)
		}
		trimmed := strings.TrimRight(sb.String(), " ")
		sb.Reset()
		sb.WriteString(trimmed + "\n")
	}
	if n == 8 {
		sb.WriteString("   a b c d e f g h\n")
	}
	return sb.String()
}

// pieceList is "White (2): Ka5, a3. Black (2): a7, f4." in the board's
// notation (K = king).
func pieceList(variant, fen string) string {
	r, err := draughts.RulesByID(variant)
	if err != nil {
		return fen
	}
	p, err := draughts.ParseFEN(r, fen)
	if err != nil {
		return fen
	}
	var parts []string
	for _, s := range []draughts.Side{draughts.White, draughts.Black} {
		var sq []string
		for _, x := range p.Pieces[s].Squares() {
			k := ""
			if p.Kings.Has(x) {
				k = "K"
			}
			sq = append(sq, k+r.Board.Name(x))
		}
		name := "White"
		if s == draughts.Black {
			name = "Black"
		}
		parts = append(parts, fmt.Sprintf("%s (%d): %s.", name, len(sq), strings.Join(sq, ", ")))
	}
	return strings.Join(parts, " ")
}

// toMove is "White to move" or "Black to move" from a FEN.
func toMove(fen string) string {
	if strings.HasPrefix(strings.TrimSpace(fen), "B") {
		return "Black to move"
	}
	return "White to move"
}

// stipulationWords is the stipulation as a sheet says it.
func stipulationWords(s string) string {
	t := strings.TrimPrefix(s, "black-first:")
	t = strings.TrimSpace(t)
	switch {
	case t == "win":
		return "White wins"
	case t == "draw":
		return "White draws"
	case strings.HasPrefix(t, "lock"):
		return "White locks " + strings.TrimSpace(strings.TrimPrefix(t, "lock"))
	}
	return t
}

// fenOf is the composition's initial position as FEN.
func fenOf(c *composition.Composition) string { return c.FEN() }
