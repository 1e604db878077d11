package regress_test

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"draughtsjudge/composition"
	"draughtsjudge/corpus"
	"draughtsjudge/corpus/regress"
	"draughtsjudge/draughts"
	"draughtsjudge/internal/testflag"
	"draughtsjudge/judge"
	"draughtsjudge/solver"
	"draughtsjudge/tablebase"
)

// root is the module root (the folder with go.mod): the paths of
// expected.tsv are relative to it.
func root(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			t.Fatal("no go.mod above the test's folder")
		}
		dir = up
	}
}

func expectations(t *testing.T) (string, []regress.Expectation) {
	t.Helper()
	r := root(t)
	exp, err := regress.Read(filepath.Join(r, "corpus", "regression", "expected.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	return r, exp
}

// corpusFiles are every file of real compositions the project has: the
// embedded sample, the regression copies and the test data of package
// composition.
var corpusFiles = []string{"corpus/sample/*.pdn", "corpus/regression/*.pdn", "composition/testdata/*.pdn"}

// Every composition of the project's corpus files has exactly one row, and
// every row names a composition that is read without error; the
// expectations' keys contain the first move of the published solution (the
// source's key), and the copies say where they were copied from.
func TestExpectationsCoverTheCorpus(t *testing.T) {
	r, exp := expectations(t)
	rows := map[string]regress.Expectation{}
	for _, e := range exp {
		rows[e.ID()] = e
	}
	seen := map[string]bool{}
	for _, g := range corpusFiles {
		files, _ := filepath.Glob(filepath.Join(r, filepath.FromSlash(g)))
		if len(files) == 0 {
			t.Errorf("%s: no files", g)
		}
		for _, f := range files {
			rel, _ := filepath.Rel(r, f)
			rel = filepath.ToSlash(rel)
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if strings.HasPrefix(rel, "corpus/regression/") && !strings.HasPrefix(string(data), "; Copied unchanged") {
				t.Errorf("%s: the first line must say where the file was copied from", rel)
			}
			for _, en := range corpus.Parse(rel, data) {
				if en.Err != nil {
					t.Errorf("%v", en.Err)
					continue
				}
				id := rel + "#" + itoa(en.Index)
				seen[id] = true
				e, ok := rows[id]
				if !ok {
					t.Errorf("%s (%s): no row in expected.tsv", id, en.Composition.Author)
					continue
				}
				c := en.Composition
				if !e.Keys.Known || len(c.Game.Moves) == 0 || c.Start.Side != draughts.White {
					continue
				}
				first := c.Game.Moves[0].Text
				found := false
				for _, k := range e.Keys.Items {
					found = found || k == first
				}
				if !found {
					t.Errorf("expected.tsv:%d: %s: keys %s lack the published first move %s", e.Line, id, e.Keys, first)
				}
			}
		}
	}
	for _, e := range exp {
		if !seen[e.ID()] {
			t.Errorf("expected.tsv:%d: %s: no such composition", e.Line, e.ID())
		}
		if e.Verdict != "" && e.Verdict != judge.Sound && e.Evidence == "" {
			t.Errorf("expected.tsv:%d: %s: a verdict other than the source's needs its evidence", e.Line, e.ID())
		}
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

// regressTime caps each slow row (not the fast ones) in the long run
// (DRAUGHTSJUDGE_LONG=1), so that it stays in minutes: a capped row may be
// undecided (logged), never falsely decided. -regress.time 2m repeats the
// measurement in docs/regression.md; 0 = no cap.
var regressTime = flag.Duration("regress.time", 20*time.Second, "time cap per slow regression row (0 = none)")

// options are the defaults of "draughtsjudge check" (docs/cli.md, flags of
// check), so that the test and the command agree.
func options() judge.Options {
	return judge.Options{
		Solver: solver.Options{
			Budget:   solver.Budget{Nodes: 2_000_000, TTBytes: 256 << 20},
			MaxBound: 40, Slack: 4, Threads: 2, DrawRules: solver.Theory,
		},
		MaterialMargin: 2,
	}
}

// TestRegressionCorpus analyses the fast rows, and with DRAUGHTSJUDGE_LONG=1
// every row (the slow ones take about 3 minutes here), and compares the
// report with the expectations. A contradiction fails, as
// does a fast row the tool no longer decides; rows marked xfail, TBD
// verdicts and undecided slow rows are logged. Two rows run at a time
// (one thread each; results do not depend on threads).
func TestRegressionCorpus(t *testing.T) {
	r, exp := expectations(t)
	long := os.Getenv(testflag.LongEnv) == "1" // as testflag.Long
	var rows []regress.Expectation
	slow := 0
	for _, e := range exp {
		if !e.Fast && !long {
			slow++
			continue
		}
		rows = append(rows, e)
	}
	if slow > 0 {
		t.Logf("%d slow rows left out: run with %s=1 go test ./corpus/regress/", slow, testflag.LongEnv)
	}
	comps := map[string]*composition.Composition{}
	for _, f := range regress.Files(rows) {
		for _, en := range corpus.Load([]string{filepath.Join(r, filepath.FromSlash(f))}) {
			if en.Err != nil {
				t.Fatalf("%v", en.Err)
			}
			comps[f+"#"+itoa(en.Index)] = en.Composition
		}
	}
	var store *tablebase.Store
	want := map[*draughts.Rules][]tablebase.Material{}
	for _, e := range rows {
		if c := comps[e.ID()]; c != nil && !e.NoDB {
			want[c.Rules] = append(want[c.Rules], regress.Materials(tablebase.MaterialOf(&c.Start), 4)...)
		}
	}
	if len(want) > 0 {
		var err error
		if store, err = tablebase.Open(filepath.Join(t.TempDir(), "db")); err != nil {
			t.Fatal(err)
		}
		defer store.Close()
		for rules, ms := range want {
			t0 := time.Now()
			if err := store.Endgames(rules).Build(context.Background(), ms, tablebase.BuildOptions{Threads: 2}); err != nil {
				t.Fatal(err)
			}
			t.Logf("%s endgame slices up to 4 pieces built in %.1fs", rules.ID, time.Since(t0).Seconds())
		}
	}
	t.Run("rows", func(t *testing.T) {
		for _, e := range rows {
			t.Run(strings.ReplaceAll(e.Name, " ", "_"), func(t *testing.T) {
				t.Parallel()
				analyseRow(t, e, comps[e.ID()], store)
			})
		}
	})
}

// analyseRow analyses one row and compares the report with it.
func analyseRow(t *testing.T, e regress.Expectation, c *composition.Composition, store *tablebase.Store) {
	if c == nil {
		t.Fatalf("expected.tsv:%d: %s: no such composition", e.Line, e.ID())
	}
	opt := options()
	opt.Solver.Threads = 1
	if !e.Fast {
		opt.Time = *regressTime
	}
	if store != nil && !e.NoDB {
		opt.Prober = solver.TablebaseProber(store)
	}
	rep := judge.Analyse(context.Background(), c, opt)
	res := regress.Compare(e, rep)
	t.Logf("%s: %s in %.1fs: verdict %s (%s), keys %v, cooks %v", e.ID(), res.Outcome, rep.Seconds, rep.Verdict, rep.Reason, rep.Keys, regress.CookMoves(rep))
	for _, n := range res.Notes {
		t.Logf("  note: %s", n)
	}
	switch res.Outcome {
	case regress.Disagree:
		for _, d := range res.Diffs {
			t.Errorf("expected.tsv:%d: %s: %s", e.Line, e.ID(), d)
		}
	case regress.XFail:
		t.Logf("known false result (%s): %s", e.XFail, strings.Join(res.Diffs, "; "))
	case regress.XPass:
		t.Logf("XPASS: the row is marked xfail (%s) but now matches: remove the mark", e.XFail)
	case regress.Undecided:
		if e.Fast {
			t.Errorf("expected.tsv:%d: %s: a fast row is no longer decided: %s", e.Line, e.ID(), rep.Reason)
		}
	}
}
