// Package tourney builds the section report of a composing tourney (clause
// 11.7): the judge's overrides over the tool's verdicts and scores, and the
// ranking with shared places.
package tourney

import (
	"draughtsjudge/internal/tsv"
	"draughtsjudge/judge"
	"fmt"
	"math"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Override is one line of a judge's override file (11.7: the judge
// characterises and scores; the chief judge may overrule): the entry, the
// item (a check id, a rubric line id, "score" or "verdict"), the judge's
// value and a comment.
type Override struct {
	Entry   string
	Item    string
	Value   string
	Comment string
	Where   string // file:line
}

// ParseOverrides reads an override file: tab-separated entry, item,
// value, comment; '#' starts a comment line. An entry is the number in
// the report, "file#index" or "basename#index".
func ParseOverrides(name string, data []byte) ([]Override, []error) {
	var out []Override
	var errs []error
	// Every bad line is an error of its own and the reading goes on: fn
	// never stops it.
	tsv.Each(data, func(n int, f []string) error {
		if len(f) < 3 {
			errs = append(errs, fmt.Errorf("%s:%d: want entry, check or score line, value, comment separated by tabs", name, n))
			return nil
		}
		o := Override{Entry: strings.TrimSpace(f[0]), Item: strings.TrimSpace(f[1]), Value: strings.TrimSpace(f[2]), Where: fmt.Sprintf("%s:%d", name, n)}
		if len(f) > 3 {
			o.Comment = strings.TrimSpace(strings.Join(f[3:], " "))
		}
		out = append(out, o)
		return nil
	})
	return out, errs
}

// OverrideRow shows one overruled item: the tool's value, the judge's
// value and the judge's comment side by side.
type OverrideRow struct {
	Item    string `json:"item"`
	Tool    string `json:"tool"`
	Judge   string `json:"judge"`
	Comment string `json:"comment"`
	Where   string `json:"where"`
}

// SectionEntry is one entry of a section report.
type SectionEntry struct {
	Number      int           `json:"number"`
	Place       string        `json:"place"`
	Shared      bool          `json:"shared"`
	Report      *judge.Report `json:"report"`
	ToolVerdict judge.Verdict `json:"tool_verdict"`
	ToolScore   float64       `json:"tool_score"`
	Verdict     judge.Verdict `json:"verdict"` // the judge's where overruled, else the tool's
	Score       float64       `json:"score"`
	Overrides   []OverrideRow `json:"overrides"`
	// Drivers are the applied rubric lines with a weight: the measures
	// that drove the score.
	Drivers []judge.ScoreLine `json:"drivers"`
	// Award is the distinction the ranking gives (Awards): "1st Prize",
	// "2nd Honourable Mention", "Commendation", "" none; Comment the
	// judge's comment (an override line of item "comment").
	Award   string `json:"award,omitempty"`
	Comment string `json:"comment,omitempty"`
}

// Awards are how many prizes, honourable mentions and commendations the
// ranking gives (the tourney's rules set them; 11.7 asks the section
// report for the entries' creative results).
type Awards struct{ Prizes, Mentions, Commendations int }

// DefaultAwards are three of each.
var DefaultAwards = Awards{3, 3, 3}

// Award gives the distinctions in ranking order: prizes first, then
// honourable mentions, then commendations, to sound entries only (an
// undecided or defective entry is not awarded). Entries sharing a place
// share the distinction of its first rank, "ex aequo".
func (s *Section) Award(a Awards) {
	rank := 0 // distinctions given so far, by rank
	for i := 0; i < len(s.Entries); {
		j := i + 1
		for j < len(s.Entries) && s.Entries[j].Place == s.Entries[i].Place {
			j++
		}
		if s.Entries[i].Verdict != judge.Sound {
			i = j
			continue
		}
		name := awardName(rank, a)
		if j-i > 1 && name != "" {
			name += " ex aequo"
		}
		for k := i; k < j; k++ {
			s.Entries[k].Award = name
		}
		rank += j - i
		i = j
	}
}

// awardName is the distinction of the rank-th awarded entry (0 first).
func awardName(rank int, a Awards) string {
	ord := func(n int) string {
		switch {
		case n%100/10 != 1 && n%10 == 1:
			return fmt.Sprintf("%dst", n)
		case n%100/10 != 1 && n%10 == 2:
			return fmt.Sprintf("%dnd", n)
		case n%100/10 != 1 && n%10 == 3:
			return fmt.Sprintf("%drd", n)
		}
		return fmt.Sprintf("%dth", n)
	}
	switch {
	case rank < a.Prizes:
		return ord(rank+1) + " Prize"
	case rank < a.Prizes+a.Mentions:
		return ord(rank-a.Prizes+1) + " Honourable Mention"
	case rank < a.Prizes+a.Mentions+a.Commendations:
		return "Commendation"
	}
	return ""
}

// Section is a judge's section report (11.7): entries ranked by score
// with their characterisation, defects and predecessors.
type Section struct {
	Entries []*SectionEntry `json:"entries"`
	Errors  []string        `json:"errors"`
}

// BuildSection ranks the scored reports (FindPredecessors already run),
// applying the judge's overrides; ranking uses the judge's values.
func BuildSection(reps []*judge.Report, ovs []Override, rubric judge.Rubric) *Section {
	return BuildSectionNumbered(reps, nil, ovs, rubric)
}

// BuildSectionNumbered is BuildSection with the entries' numbers (the
// [Number] tags, as sheet and key number them); an override's entry
// number is one of them. Without nums (or a number 0) an entry is
// numbered by its place in reps.
func BuildSectionNumbered(reps []*judge.Report, nums []int, ovs []Override, rubric judge.Rubric) *Section {
	s := &Section{Errors: []string{}}
	for i, r := range reps {
		n := i + 1
		if i < len(nums) && nums[i] > 0 {
			n = nums[i]
		}
		s.Entries = append(s.Entries, &SectionEntry{Number: n, Report: r, ToolVerdict: r.Verdict, ToolScore: r.Score,
			Verdict: r.Verdict, Score: r.Score, Overrides: []OverrideRow{}})
	}
	byEntry := map[*SectionEntry][]Override{}
	for _, o := range ovs {
		e := s.find(o.Entry)
		if e == nil {
			s.Errors = append(s.Errors, fmt.Sprintf("%s: entry %q is not in the report (use its number, file#index or basename#index)", o.Where, o.Entry))
			continue
		}
		byEntry[e] = append(byEntry[e], o)
	}
	for _, e := range s.Entries {
		if os := byEntry[e]; len(os) > 0 {
			s.Errors = append(s.Errors, e.apply(os, rubric)...)
		}
		for _, l := range e.Report.ScoreLines {
			if l.Applied && l.Weight != 0 {
				e.Drivers = append(e.Drivers, l)
			}
		}
		if e.Drivers == nil {
			e.Drivers = []judge.ScoreLine{}
		}
	}
	// The ranking compares rankScore, never a raw score: a NaN (which no
	// reader lets through, but a report could still carry) compares
	// unequal to itself, which made the place loop below spin forever
	// and the sort inconsistent. Each place group also holds at
	// least its first entry, so the loop always advances.
	sort.SliceStable(s.Entries, func(i, j int) bool {
		a, b := s.Entries[i], s.Entries[j]
		if (a.Verdict == judge.Defective) != (b.Verdict == judge.Defective) {
			return b.Verdict == judge.Defective
		}
		return rankScore(a.Score) > rankScore(b.Score)
	})
	for i := 0; i < len(s.Entries); {
		j := i + 1
		for j < len(s.Entries) && rankScore(s.Entries[j].Score) == rankScore(s.Entries[i].Score) && (s.Entries[j].Verdict == judge.Defective) == (s.Entries[i].Verdict == judge.Defective) {
			j++
		}
		place := strconv.Itoa(i + 1)
		if j-i > 1 {
			place = fmt.Sprintf("%d-%d", i+1, j)
		}
		for k := i; k < j; k++ {
			s.Entries[k].Place, s.Entries[k].Shared = place, j-i > 1
		}
		i = j
	}
	return s
}

// rankScore is the score the ranking compares: a NaN ranks last, as -Inf.
func rankScore(v float64) float64 {
	if math.IsNaN(v) {
		return math.Inf(-1)
	}
	return v
}

func (s *Section) find(id string) *SectionEntry {
	if n, err := strconv.Atoi(id); err == nil {
		for _, e := range s.Entries {
			if e.Number == n {
				return e
			}
		}
		return nil
	}
	for _, e := range s.Entries {
		name := fmt.Sprintf("%s#%d", e.Report.File, e.Report.Index)
		if id == name || id == fmt.Sprintf("%s#%d", filepath.Base(e.Report.File), e.Report.Index) {
			return e
		}
	}
	return nil
}

// apply overrules the entry's checks, verdict, rubric lines and score, in
// that order, and recomputes what follows from them.
func (e *SectionEntry) apply(os []Override, rubric judge.Rubric) []string {
	r := *e.Report // a copy: the tool's report stays as it was
	r.Checks = append([]judge.Check{}, r.Checks...)
	ov := &overruling{e: e, r: &r, rubric: rubric}
	for i := range e.Report.ScoreLines {
		if e.Report.ScoreLines[i].ID == "originality" {
			ov.origin = &e.Report.ScoreLines[i]
		}
	}
	e.Report = &r
	for _, o := range os {
		if o.Item == "comment" {
			e.Comment = strings.TrimSpace(strings.TrimPrefix(o.Value+" "+o.Comment, "-"))
		}
	}
	// Checks first: they decide the verdict, which decides the score.
	ov.checks(os)
	ov.verdicts(os)
	ov.scoreLines(os)
	ov.scores(os)
	e.Verdict, e.Score = r.Verdict, r.Score
	return ov.errs
}

// overruling is the application of the judge's overrides to one entry
// (apply): r is the entry's copy of the tool's report, origin the tool's
// originality line, errs the overrides that could not be applied.
type overruling struct {
	e      *SectionEntry
	r      *judge.Report
	rubric judge.Rubric
	origin *judge.ScoreLine
	errs   []string
}

func (ov *overruling) errorf(format string, args ...any) {
	ov.errs = append(ov.errs, fmt.Sprintf(format, args...))
}

// row records the overruled item with the tool's value.
func (ov *overruling) row(o Override, tool string) {
	ov.e.Overrides = append(ov.e.Overrides, OverrideRow{Item: o.Item, Tool: tool, Judge: o.Value, Comment: o.Comment, Where: o.Where})
}

// rescore scores the report again with the rubric, keeping the tool's
// originality line.
func (ov *overruling) rescore() {
	ov.r.ApplyScore(ov.rubric)
	if ov.origin != nil {
		ov.r.ScoreLines = append(ov.r.ScoreLines, *ov.origin)
	}
}

// checks overrules checks, then the verdict and score follow from them.
func (ov *overruling) checks(os []Override) {
	r := ov.r
	checksChanged := false
	for _, o := range os {
		c := r.Check(o.Item)
		if c == nil {
			continue
		}
		switch judge.Status(o.Value) {
		case judge.Pass, judge.Fail, judge.Warn, judge.Unknown, judge.NotApplicable:
		default:
			ov.errorf("%s: check %s: value %q, want pass, fail, warn, unknown or not-applicable", o.Where, o.Item, o.Value)
			continue
		}
		ov.row(o, string(c.Status))
		c.Status = judge.Status(o.Value)
		c.Detail = "judge: " + o.Comment + " (tool: " + c.Detail + ")"
		checksChanged = true
	}
	if checksChanged {
		r.Verdict = ""
		r.Finish()
		ov.rescore()
	}
}

// verdicts overrules the verdict (and rescores).
func (ov *overruling) verdicts(os []Override) {
	r := ov.r
	for _, o := range os {
		if o.Item != "verdict" {
			continue
		}
		switch judge.Verdict(o.Value) {
		case judge.Sound, judge.Defective, judge.VUnknown:
		default:
			ov.errorf("%s: verdict %q, want sound, defective or unknown", o.Where, o.Value)
			continue
		}
		ov.row(o, string(r.Verdict))
		r.Verdict, r.Reason = judge.Verdict(o.Value), "judge: "+o.Comment
		ov.rescore()
	}
}

// scoreLines overrules rubric lines (or adds the judge's own) and sums
// the score again.
func (ov *overruling) scoreLines(os []Override) {
	r := ov.r
	lineChanged := false
	for _, o := range os {
		if o.Item == "verdict" || o.Item == "score" || o.Item == "comment" || r.Check(o.Item) != nil {
			continue
		}
		i := -1
		for k := range r.ScoreLines {
			if r.ScoreLines[k].ID == o.Item {
				i = k
			}
		}
		known := i >= 0
		for _, l := range ov.rubric {
			known = known || l.ID == o.Item
		}
		if !known {
			ov.errorf("%s: %q is neither a check, a rubric line, \"score\", \"verdict\", \"comment\" nor \"predecessor\"", o.Where, o.Item)
			continue
		}
		v, err := strconv.ParseFloat(o.Value, 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			ov.errorf("%s: score line %s: value %q is not a finite number", o.Where, o.Item, o.Value)
			continue
		}
		if r.Verdict == judge.Defective {
			ov.errorf("%s: score line %s of a defective entry: not applied (the entry scores 0; overrule its checks or its verdict)", o.Where, o.Item)
			continue
		}
		tool := "0"
		if i < 0 {
			r.ScoreLines = append(r.ScoreLines, judge.ScoreLine{ID: o.Item, Clause: "judge"})
			i = len(r.ScoreLines) - 1
		} else if r.ScoreLines[i].Applied {
			tool = strconv.FormatFloat(r.ScoreLines[i].Weight, 'g', -1, 64)
		}
		ov.row(o, tool)
		l := &r.ScoreLines[i]
		l.Weight, l.Applied = v, v != 0
		l.Detail = "judge: " + o.Comment + " (tool: " + tool + "; " + l.Detail + ")"
		lineChanged = true
	}
	if lineChanged {
		sum := 0.0
		for _, l := range r.ScoreLines {
			if l.Applied {
				sum += l.Weight
			}
		}
		r.Score = math.Round(math.Max(0, math.Min(10, sum))*100) / 100
		r.ScoreNote = "with the judge's score lines; " + r.ScoreNote
	}
}

// scores overrules the score itself.
func (ov *overruling) scores(os []Override) {
	r := ov.r
	for _, o := range os {
		if o.Item != "score" {
			continue
		}
		v, err := strconv.ParseFloat(o.Value, 64)
		if err != nil || !(v >= 0 && v <= 10) { // NaN too: it is neither
			ov.errorf("%s: score %q: want a number from 0 to 10", o.Where, o.Value)
			continue
		}
		// As for a rubric line: a defective entry scores 0 (11.1.1) while
		// the judge's verdict leaves it defective.
		if r.Verdict == judge.Defective {
			ov.errorf("%s: score of a defective entry: not applied (the entry scores 0; overrule its checks or its verdict)", o.Where)
			continue
		}
		ov.row(o, strconv.FormatFloat(r.Score, 'f', 2, 64))
		r.Score, r.ScoreNote = v, "the judge's score: "+o.Comment
	}
}
