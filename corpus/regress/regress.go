// Package regress is the regression corpus (docs/regression.md; after
// Popeye's REGRESSIONS): every real composition the project has, each with the
// verdict, keys, cooks and failed checks its source implies, and the
// comparison of the tool's reports with them.
//
// The expectations live in corpus/regression/expected.tsv. They come from
// outside the code under test wherever possible: the source's Status and
// published solution (the key is the first move of the published
// solution), the source's own text (a textbook naming two drawing moves),
// and chapter XI as docs/spec.md §6 states it (a study with one line fails
// 11.2.5). Where the tool and the source disagree, the row carries the
// line that decides it; what cannot be established is TBD and is never
// asserted. A source's Status is not the truth either: a row marks a
// known false positive of the tool with an xfail reason.
//
// The same comparison is used by the Go test (regress_test.go: short mode
// only the fast rows) and by the command "draughtsjudge regress", which
// prints how many entries are decided, the time per entry and the
// agreement with the expectations (docs/regression.md).
package regress

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"draughtsjudge/corpus"
	"draughtsjudge/judge"
	"draughtsjudge/tablebase"
)

// TBD marks a value that cannot be established from outside the tool.
const TBD = "TBD"

// Set is an expected set of moves or check ids: exact ("a,b"), empty
// ("-"), at least these ("a,b+"), or TBD (not asserted).
type Set struct {
	Known   bool
	AtLeast bool
	Items   []string
}

// ParseSet reads the notation of a Set.
func ParseSet(s string) (Set, error) {
	s = strings.TrimSpace(s)
	switch s {
	case "", TBD:
		return Set{}, nil
	case "-":
		return Set{Known: true}, nil
	}
	out := Set{Known: true}
	if strings.HasSuffix(s, "+") {
		out.AtLeast = true
		s = strings.TrimSuffix(s, "+")
	}
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" || f == TBD || f == "-" {
			return Set{}, fmt.Errorf("set %q: empty or misplaced item", s)
		}
		out.Items = append(out.Items, f)
	}
	sort.Strings(out.Items)
	return out, nil
}

func (s Set) String() string {
	switch {
	case !s.Known:
		return TBD
	case len(s.Items) == 0 && !s.AtLeast:
		return "-"
	}
	out := strings.Join(s.Items, ",")
	if s.AtLeast {
		out += "+"
	}
	return out
}

// diff says how got differs from s ("" when it matches or s is TBD).
// complete is false when the tool has not decided the whole set (then
// only a wrong member is a difference, a missing one is not).
func (s Set) diff(what string, got []string, complete bool) string {
	if !s.Known {
		return ""
	}
	want := map[string]bool{}
	for _, m := range s.Items {
		want[m] = true
	}
	have := map[string]bool{}
	for _, m := range got {
		have[m] = true
	}
	var missing, extra []string
	for _, m := range s.Items {
		if !have[m] {
			missing = append(missing, m)
		}
	}
	if !s.AtLeast {
		for _, m := range got {
			if !want[m] {
				extra = append(extra, m)
			}
		}
	}
	if !complete {
		missing = nil
	}
	if len(missing) == 0 && len(extra) == 0 {
		return ""
	}
	g := strings.Join(got, ",")
	if g == "" {
		g = "-"
	}
	msg := fmt.Sprintf("%s %s, want %s", what, g, s)
	if len(missing) > 0 {
		msg += "; missing " + strings.Join(missing, ",")
	}
	if len(extra) > 0 {
		msg += "; not expected " + strings.Join(extra, ",")
	}
	return msg
}

// Expectation is one row of expected.tsv.
type Expectation struct {
	File     string // path from the module root
	Index    int    // 1-based game number in File
	Name     string
	Verdict  judge.Verdict // sound, defective, unknown, or "" (TBD)
	Keys     Set           // every first move that fulfils the stipulation
	Cooks    Set           // the report's cooks: other keys, or "line move" inside the solution
	Fails    Set           // ids of the checks that fail
	Fast     bool          // decided within the default budget in seconds: run in short mode
	NoDB     bool          // the Go test checks it without endgame databases (same verdict)
	XFail    string        // a known false result of the tool: why (a mismatch is expected)
	Evidence string        // where the expectation comes from; the deciding line where tool and source disagree
	Line     int           // line in expected.tsv
}

// Header is the first line of expected.tsv (column names).
var Header = []string{"file", "index", "name", "verdict", "keys", "cooks", "fails", "fast", "db", "xfail", "evidence"}

// Read parses expected.tsv: the header line, then one row per entry,
// tab-separated; '#' starts a comment line.
func Read(path string) ([]Expectation, error) {
	data, err := corpus.ReadFile(path, 0) // a regular file (a FIFO would hang)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// Parse parses the contents of an expectations file named name.
func Parse(name string, data []byte) ([]Expectation, error) {
	var out []Expectation
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	n, header := 0, false
	var err error
	seen := map[string]int{}
	for sc.Scan() {
		n++
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if !header {
			if strings.Join(f, "\t") != strings.Join(Header, "\t") {
				return nil, fmt.Errorf("%s:%d: header %q, want %q", name, n, line, strings.Join(Header, "\t"))
			}
			header = true
			continue
		}
		if len(f) != len(Header) {
			return nil, fmt.Errorf("%s:%d: %d columns, want %d (%s)", name, n, len(f), len(Header), strings.Join(Header, ", "))
		}
		e := Expectation{File: f[0], Name: f[2], XFail: f[9], Evidence: f[10], Line: n}
		if e.XFail == "-" {
			e.XFail = ""
		}
		if e.Index, err = strconv.Atoi(f[1]); err != nil || e.Index < 1 {
			return nil, fmt.Errorf("%s:%d: index %q: want a game number from 1", name, n, f[1])
		}
		switch v := judge.Verdict(f[3]); v {
		case judge.Sound, judge.Defective, judge.VUnknown:
			e.Verdict = v
		case TBD:
		default:
			return nil, fmt.Errorf("%s:%d: verdict %q: want sound, defective, unknown or TBD", name, n, f[3])
		}
		for i, dst := range []*Set{&e.Keys, &e.Cooks, &e.Fails} {
			if *dst, err = ParseSet(f[4+i]); err != nil {
				return nil, fmt.Errorf("%s:%d: %s: %v", name, n, Header[4+i], err)
			}
		}
		switch f[7] {
		case "yes":
			e.Fast = true
		case "no":
		default:
			return nil, fmt.Errorf("%s:%d: fast %q: want yes or no", name, n, f[7])
		}
		switch f[8] {
		case "none":
			e.NoDB = true
		case "4":
		default:
			return nil, fmt.Errorf("%s:%d: db %q: want 4 (endgame databases up to 4 pieces) or none", name, n, f[8])
		}
		id := fmt.Sprintf("%s#%d", e.File, e.Index)
		if prev, ok := seen[id]; ok {
			return nil, fmt.Errorf("%s:%d: %s already has a row (line %d)", name, n, id, prev)
		}
		seen[id] = n
		out = append(out, e)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if !header {
		return nil, fmt.Errorf("%s: no header line", name)
	}
	return out, nil
}

// ID names the entry: file#index.
func (e *Expectation) ID() string { return fmt.Sprintf("%s#%d", e.File, e.Index) }

// Files lists the distinct files of the rows, in order of first use.
func Files(exp []Expectation) []string {
	var out []string
	seen := map[string]bool{}
	for _, e := range exp {
		if !seen[e.File] {
			seen[e.File] = true
			out = append(out, e.File)
		}
	}
	return out
}

// Outcomes of a comparison.
const (
	Agree     = "agree"     // every asserted value matches, the verdict is decided
	Disagree  = "DISAGREE"  // a decided value contradicts the expectation
	Undecided = "undecided" // nothing contradicts, but the tool's verdict is unknown
	TBDOnly   = "tbd"       // nothing contradicts; the verdict is TBD in the expectations
	XFail     = "xfail"     // a known false result of the tool, as expected
	XPass     = "XPASS"     // a row marked xfail now matches: remove the mark
	Missing   = "MISSING"   // no report for the row (the entry was not read)
)

// Result is the comparison of one report with its expectation.
type Result struct {
	Exp     Expectation
	Report  *judge.Report // nil when Missing
	Outcome string
	Diffs   []string // contradictions
	Notes   []string // what was not compared, and why
}

// Decided says whether the tool gave a verdict (sound or defective).
func (r *Result) Decided() bool {
	return r.Report != nil && r.Report.Verdict != judge.VUnknown
}

// CookMoves lists a report's cooks as moves: the cook's move, prefixed by
// the line to its node when it is inside the solution.
func CookMoves(rep *judge.Report) []string {
	var out []string
	for _, c := range rep.Cooks {
		out = append(out, strings.TrimSpace(strings.Join(append(append([]string{}, c.Line...), c.Move), " ")))
	}
	sort.Strings(out)
	return out
}

// FailedChecks lists the ids of the checks that fail, and of those the
// tool could not decide.
func FailedChecks(rep *judge.Report) (fail, unknown []string) {
	for _, c := range rep.Checks {
		switch c.Status {
		case judge.Fail:
			fail = append(fail, c.ID)
		case judge.Unknown:
			unknown = append(unknown, c.ID)
		}
	}
	sort.Strings(fail)
	sort.Strings(unknown)
	return fail, unknown
}

func checkStatus(rep *judge.Report, id string) judge.Status {
	for _, c := range rep.Checks {
		if c.ID == id {
			return c.Status
		}
	}
	return ""
}

// Compare compares a report with its expectation. Keys and cooks are
// compared in full only when the tool decided the unique check (else the
// keys it lists are proved, but others may exist); an expected failure
// of a check the tool left undecided is a note, not a contradiction.
func Compare(e Expectation, rep *judge.Report) Result {
	res := Result{Exp: e, Report: rep}
	if rep == nil {
		res.Outcome = Missing
		res.Diffs = []string{"no report: the entry was not read"}
		return res
	}
	decided := rep.Verdict != judge.VUnknown
	if e.Verdict != "" && decided && rep.Verdict != e.Verdict {
		res.Diffs = append(res.Diffs, fmt.Sprintf("verdict %s (%s), want %s", rep.Verdict, rep.Reason, e.Verdict))
	}
	u := checkStatus(rep, "unique")
	uniqueDecided := u == judge.Pass || u == judge.Fail
	if !uniqueDecided && (e.Keys.Known || e.Cooks.Known) {
		res.Notes = append(res.Notes, "unique undecided: keys and cooks compared only for what the tool proved")
	}
	if uniqueDecided && len(rep.Keys) == 0 && rep.AuthorKey != "" {
		// [unique] failed on a dual in the author's lines while no key
		// was proved (judge's undecided walk): the keys are not complete.
		uniqueDecided = false
		res.Notes = append(res.Notes, "no key proved: keys and cooks compared only for what the tool proved")
	}
	if d := e.Keys.diff("keys", rep.Keys, uniqueDecided); d != "" {
		res.Diffs = append(res.Diffs, d)
	}
	if d := e.Cooks.diff("cooks", CookMoves(rep), uniqueDecided); d != "" {
		res.Diffs = append(res.Diffs, d)
	}
	fail, unknown := FailedChecks(rep)
	if e.Fails.Known {
		// A wanted failure of a check left undecided is not compared.
		und := map[string]bool{}
		for _, id := range unknown {
			und[id] = true
		}
		want := e.Fails
		want.Items = nil
		for _, id := range e.Fails.Items {
			if und[id] {
				res.Notes = append(res.Notes, "check "+id+" undecided")
				continue
			}
			want.Items = append(want.Items, id)
		}
		if d := want.diff("failed checks", fail, true); d != "" {
			res.Diffs = append(res.Diffs, d)
		}
	}
	switch {
	case len(res.Diffs) > 0 && e.XFail != "":
		res.Outcome = XFail
	case len(res.Diffs) > 0:
		res.Outcome = Disagree
	case e.XFail != "" && decided:
		res.Outcome = XPass
	case e.XFail != "":
		res.Outcome = Undecided // the known false result was not reached
	case e.Verdict == "":
		res.Outcome = TBDOnly
	case !decided:
		res.Outcome = Undecided
	default:
		res.Outcome = Agree
	}
	return res
}

// Materials lists the endgame slices of at most pieces pieces that a
// position of material m can reach (captures remove pieces, men become
// kings): what "check" builds before checking (cmd/draughtsjudge
// ensureEndgames), for the tests that build their own store.
func Materials(m tablebase.Material, pieces int) []tablebase.Material {
	var out []tablebase.Material
	for wm := 0; wm <= int(m.WM); wm++ {
		for wk := 0; wk <= int(m.WK)+int(m.WM)-wm; wk++ {
			for bm := 0; bm <= int(m.BM); bm++ {
				for bk := 0; bk <= int(m.BK)+int(m.BM)-bm; bk++ {
					if wm+wk == 0 || bm+bk == 0 || wm+wk+bm+bk > pieces {
						continue
					}
					out = append(out, tablebase.Material{WM: uint8(wm), WK: uint8(wk), BM: uint8(bm), BK: uint8(bk)})
				}
			}
		}
	}
	return out
}

// Summary counts a run over the corpus.
type Summary struct {
	Entries, Sound, Defective, Unknown int
	Outcomes                           map[string]int
	Seconds                            []float64 // per entry, in row order
	Cached                             int       // reports read from the store (their seconds are the original run's)
}

// Summarise counts the results.
func Summarise(res []Result) Summary {
	s := Summary{Outcomes: map[string]int{}}
	for _, r := range res {
		s.Entries++
		s.Outcomes[r.Outcome]++
		if r.Report == nil {
			continue
		}
		switch r.Report.Verdict {
		case judge.Sound:
			s.Sound++
		case judge.Defective:
			s.Defective++
		default:
			s.Unknown++
		}
		if r.Report.Cached {
			s.Cached++
		}
		s.Seconds = append(s.Seconds, r.Report.Seconds)
	}
	return s
}

// Failed says whether the run contradicts the expectations (a DISAGREE
// or a MISSING row).
func (s Summary) Failed() bool { return s.Outcomes[Disagree]+s.Outcomes[Missing] > 0 }

func (s Summary) timeStats() (mean, median, max float64) {
	if len(s.Seconds) == 0 {
		return 0, 0, 0
	}
	v := append([]float64{}, s.Seconds...)
	sort.Float64s(v)
	for _, x := range v {
		mean += x
	}
	mean /= float64(len(v))
	median = v[len(v)/2]
	if len(v)%2 == 0 {
		median = (v[len(v)/2-1] + v[len(v)/2]) / 2
	}
	return mean, median, v[len(v)-1]
}

// Branches is a study's count of composition branches in the solved
// tree (11.2.5, branch.StudyBranch): "3 (1 given)", "≥2 (1 given)" when
// the tree was capped, "-" when not counted (no tree, not a study with a
// win stipulation).
func Branches(rep *judge.Report) string {
	if len(rep.Branches) == 0 && !rep.BranchesCut {
		return "-"
	}
	given := 0
	for _, b := range rep.Branches {
		if b.Given {
			given++
		}
	}
	at := ""
	if rep.BranchesCut {
		at = "≥"
	}
	return fmt.Sprintf("%s%d (%d given)", at, len(rep.Branches), given)
}

// WriteMarkdown writes the results table, then the summary lines: how many
// entries are decided, the time per entry and the agreement with the
// expectations. machine describes where it ran.
func WriteMarkdown(w io.Writer, res []Result, machine string) {
	fmt.Fprintln(w, "| # | entry | expected | verdict | keys | cooks | branches | outcome | seconds | nodes |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|")
	for i, r := range res {
		e := r.Exp
		want := string(e.Verdict)
		if want == "" {
			want = TBD
		}
		want += " " + e.Keys.String()
		verdict, keys, cooks, branches, secs, nodes := "-", "-", "-", "-", "-", "-"
		if rep := r.Report; rep != nil {
			verdict = string(rep.Verdict)
			branches = Branches(rep)
			if len(rep.Keys) > 0 {
				keys = strings.Join(rep.Keys, " ")
			}
			if c := CookMoves(rep); len(c) > 0 {
				cooks = strings.Join(c, " ")
			}
			secs = fmt.Sprintf("%.1f", rep.Seconds)
			if rep.Cached {
				secs += " (cached)"
			}
			nodes = fmt.Sprint(rep.Nodes)
		}
		out := r.Outcome
		switch {
		case r.Outcome == XFail:
			out += " (" + e.XFail + ")" // the differences are the known ones
		case len(r.Diffs) > 0:
			out += ": " + strings.Join(r.Diffs, "; ")
		}
		if r.Outcome == Undecided && r.Report != nil {
			out += " (" + r.Report.Reason + ")"
		}
		fmt.Fprintf(w, "| %d | %s (%s) | %s | %s | %s | %s | %s | %s | %s | %s |\n", i+1, e.Name, e.ID(), want, verdict, keys, cooks, branches, cell(out), secs, nodes)
	}
	s := Summarise(res)
	mean, median, max := s.timeStats()
	fmt.Fprintln(w)
	fmt.Fprintf(w, "entries %d: decided %d (sound %d, defective %d), unknown %d\n", s.Entries, s.Sound+s.Defective, s.Sound, s.Defective, s.Unknown)
	fmt.Fprintf(w, "agreement with expected.tsv: agree %d, DISAGREE %d, xfail %d, XPASS %d, undecided %d, verdict TBD %d, missing %d\n",
		s.Outcomes[Agree], s.Outcomes[Disagree], s.Outcomes[XFail], s.Outcomes[XPass], s.Outcomes[Undecided], s.Outcomes[TBDOnly], s.Outcomes[Missing])
	fmt.Fprintf(w, "time per entry: mean %.1fs, median %.1fs, max %.1fs (%d read from the store)\n", mean, median, max, s.Cached)
	if machine != "" {
		fmt.Fprintf(w, "machine: %s\n", machine)
	}
}

// cell keeps a table cell on one line.
func cell(s string) string {
	return strings.NewReplacer("|", "\\|", "\n", " ").Replace(s)
}

// Match pairs each row with its report: the report whose file is the row's
// file (or ends with "/" + it: the paths a run was given may have a prefix)
// and whose index is the row's.
func Match(exp []Expectation, reps []*judge.Report) []Result {
	var out []Result
	for _, e := range exp {
		var found *judge.Report
		for _, r := range reps {
			f := filepath.ToSlash(filepath.Clean(r.File))
			if r.Index == e.Index && (f == e.File || strings.HasSuffix(f, "/"+e.File)) {
				found = r
				break
			}
		}
		out = append(out, Compare(e, found))
	}
	return out
}
