package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestReportNumbers: report numbers its entries by their [Number] tags,
// as sheet and key do; an override line names an entry by that number
// (7 applies, 1 is no entry's), and each entry says which number override
// lines use. A score override on a defective entry is refused as a rubric
// line's is (No. 3); with the verdict overruled first it applies (No. 7).
func TestReportNumbers(t *testing.T) {
	code, out, errs := runCLI(t, "report", "--no-db", "--nodes", "20000", "--threads", "2",
		"--override", filepath.Join("testdata", "report-numbers.tsv"), filepath.Join("testdata", "report-numbers.pdn"))
	if code != exitUsage {
		t.Fatalf("exit %d, want 2 (the override of entry 1)\n%s\n%s", code, out, errs)
	}
	// A score and a rubric line on a defective entry are refused alike.
	for _, frag := range []string{
		`report-numbers.tsv:5: entry "1" is not in the report`,
		"report-numbers.tsv:3: score of a defective entry: not applied (the entry scores 0; overrule its checks or its verdict)",
		"report-numbers.tsv:4: score line originality of a defective entry: not applied (the entry scores 0; overrule its checks or its verdict)",
	} {
		if !strings.Contains(errs, frag) {
			t.Errorf("no error line %q in:\n%s", frag, errs)
		}
	}
	if n := strings.Count(strings.TrimSpace(errs), "\n") + 1; n != 3 {
		t.Errorf("%d error lines, want 3:\n%s", n, errs)
	}
	for _, frag := range []string{
		"score 9.50 (tool:",
		"number: 7 (an override line names the entry 7 or testdata/report-numbers.pdn#1)",
		"number: 3 (an override line names the entry 3 or testdata/report-numbers.pdn#2)",
		"overruled score:",
	} {
		if !strings.Contains(out, frag) {
			t.Errorf("no %q in:\n%s", frag, out)
		}
	}
}
