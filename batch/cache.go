package batch

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"

	"draughtsjudge/composition"
	"draughtsjudge/draughts"
	"draughtsjudge/judge"
	"draughtsjudge/solver"
	"draughtsjudge/tablebase"
)

// CacheKey is the store goal ("report:" and 32 hex digits) under which
// the report of c analysed with opt is cached, slices naming the endgame
// slices it is analysed with (sliceID: "0" for none). It covers:
//   - judge.ReportVersion (the checks; the store's engine version
//     covers the solver);
//   - of c: the genre (and a stated practical problem), the stipulation,
//     the game system, a Lasca position (a checkers position is the
//     store record's own key), the author's solution with its marks
//     (? marks a try) and variations, and the parts of a special kind
//     (11.1.4);
//   - of opt, every field that can change a report: the node budget, the
//     memory (TTBytes), Slack, MaxBound, DrawRules, MaterialMargin,
//     LenientStudyDuals, TreeNodes, Prefer, Quick, AnyDepth and
//     OneRefutation.
//
// It leaves out what cannot change a report or is not a fact about the
// position: Threads (reports do not depend on them), Time and
// Budget.Deadline (a time-limited unknown is never stored), Budget.Tables
// (scratch memory), Prober (named by slices). TestCacheKeyCoversOptions
// keeps that list honest. The string is the one draughtsjudge hashed
// before this function existed (an 11-field line in cmd), so that the
// reports cached by earlier versions stay valid: the fields added since
// (TreeNodes, Prefer, Quick, AnyDepth, OneRefutation, a TTBytes not in whole MiB) are
// hashed only when they are not zero.
func CacheKey(c *composition.Composition, opt judge.Options, slices string) string {
	s := opt.Solver
	h := sha256.New()
	fmt.Fprintf(h, "v%d|%s|%s|%s|%d|%d|%d|%d|%s|%s|%s|", judge.ReportVersion, c.Genre, c.Stipulation.Text, c.Rules.ID,
		s.Budget.Nodes, s.Slack, s.MaxBound, opt.MaterialMargin, mebibytes(s.Budget.TTBytes), slices, drawRulesName(s.DrawRules))
	if s.TreeNodes != 0 {
		fmt.Fprintf(h, "tree-nodes %d|", s.TreeNodes)
	}
	if len(s.Prefer) > 0 {
		fmt.Fprintf(h, "prefer %s|", strings.Join(s.Prefer, " "))
	}
	if s.Quick {
		fmt.Fprint(h, "quick|")
	}
	if s.AnyDepth {
		fmt.Fprint(h, "any-depth|")
	}
	if s.OneRefutation {
		fmt.Fprint(h, "one-refutation|")
	}
	if c.Practical {
		fmt.Fprint(h, "practical|")
	}
	if c.Lasca != nil {
		// Start is empty for Lasca: the position is in the key instead.
		fmt.Fprintf(h, "lasca %s|", c.FEN())
	}
	if opt.LenientStudyDuals {
		fmt.Fprint(h, "lenient-study-duals|")
	}
	for _, p := range flatten(c) {
		fmt.Fprintf(h, "%s ", p)
	}
	fmt.Fprint(h, c.PartsKey()) // the parts of a special kind (11.1.4)
	return "report:" + hex.EncodeToString(h.Sum(nil))[:32]
}

// mebibytes is a memory size as the key has always written it: whole MiB
// as a number, any other size in bytes with a "B".
func mebibytes(n int) string {
	if n%(1<<20) == 0 {
		return fmt.Sprint(n >> 20)
	}
	return fmt.Sprintf("%dB", n)
}

// drawRulesName is the --draw-rules word of d.
func drawRulesName(d solver.DrawRules) string {
	switch d {
	case solver.Theory:
		return "theory"
	case solver.Game:
		return "game"
	}
	return fmt.Sprintf("draw-rules-%d", d)
}

// lookup reads the cached report of c under goal, nil if there is none.
// What the key does not cover is never taken from the store: the
// metadata (file, index, line, author, source, status) is the current
// entry's, and a report with errors in the author's solution, whose
// messages name a file and line, is not read (nor stored).
func lookup(store *tablebase.Store, c *composition.Composition, goal string) *judge.Report {
	s, ok, err := store.GetSolved(c.Rules.ID, goal, &c.Start)
	if err != nil || !ok {
		return nil
	}
	var r judge.Report
	if json.Unmarshal(s.Extra, &r) != nil || len(r.AuthorErrors) > 0 {
		return nil
	}
	r.File, r.Index, r.Line, r.Cached = c.File, c.Index, c.Line, true
	r.Author, r.Source, r.SourceStatus = c.Author, c.Source, c.Status
	return &r
}

// analyseCached reads a finished report from the store (lookup) or
// computes and stores it under CacheKey. A report with errors in the
// author's solution is not stored, nor a time-limited unknown, or a
// report made while the store found a slice damaged, or one whose run
// was stopped (its context ended, or its work budget's Stop): each made
// with less than the key says.
func analyseCached(ctx context.Context, cfg *Config, pv *provisioner, c *composition.Composition, opt judge.Options, slices string) *judge.Report {
	store := pv.store
	if store == nil {
		return cfg.Analyse(ctx, c, opt)
	}
	goal := CacheKey(c, opt, slices)
	damaged := pv.damage()
	if r := lookup(store, c, goal); r != nil {
		return r
	}
	r := cfg.Analyse(ctx, c, opt)
	if ctx.Err() != nil || opt.Solver.Budget.Work.Stopped() {
		return r // stopped before its end (a front end's stop button): made with less than the key says
	}
	if r.Verdict == judge.VUnknown && strings.Contains(r.Reason, "budget") && opt.Time > 0 {
		return r // a time-limited unknown is not a fact about the position
	}
	if pv.damage() != damaged {
		return r // a slice the key counts was found damaged meanwhile: made with less than the key says
	}
	if len(r.AuthorErrors) > 0 {
		return r
	}
	data, err := json.Marshal(r)
	if err == nil {
		_ = store.PutSolved(c.Rules.ID, goal, &c.Start, tablebase.Solved{Verdict: string(r.Verdict), Distance: r.Distance, Moves: r.Keys, Extra: data})
	}
	return r
}

// flatten lists the author's plies with their marks ($n) and variation
// markers (cache key).
func flatten(c *composition.Composition) []string {
	var out []string
	var walk func(plies []draughts.Ply)
	walk = func(plies []draughts.Ply) {
		for _, p := range plies {
			out = append(out, p.Text)
			for _, n := range p.NAGs {
				out = append(out, fmt.Sprintf("$%d", n))
			}
			for _, v := range p.Variations {
				out = append(out, "(")
				walk(v)
				out = append(out, ")")
			}
		}
	}
	walk(c.Game.Moves)
	return out
}
