package main

import (
	"bytes"
	"strings"
	"testing"
)

// contest9Grade is grade of the ten answer files of testdata/contest9
// against its key (key --format json of contest.pdn with the endgame
// databases, engine -19; scripts/contest-pdf.sh writes it anew). Every
// claim is answered from the key: nothing is solved.
var contest9Grade = []string{"grade", "--no-db", "--key", "testdata/contest9/key.json", "--answers", "testdata/contest9/answers", "--format", "json"}

// The marks of the nine-entry contest, each worked out by hand from the
// key's points and the rule of docs/contests.md (a line earns its points ×
// the share of its White moves after the key the answer gives).
func TestGradeContest9(t *testing.T) {
	got := gradeMarks(t, contest9Grade)
	for _, w := range []struct {
		solver string
		no     int // 0: the total
		points float64
	}{
		{"Author (the key's PDN)", 0, 102}, // full marks on all nine, the Black-first No. 8 included
		{"Keys only", 0, 40.80},            // the sum of the keys' points
		{"As printed", 1, 5.20 + 1.21},     // the main line stops at 3.a3-b4: 1.82 × 2/3
		{"As printed", 6, 7.20 + 1.20},     // "and White wins" is a comment
		{"As printed", 9, 2.80 + 1.68 + 1.68},
		{"Typos", 2, 5 + 1.13 + 1.05}, // the variation's typo at move 8: 1.15 × 11/12
		{"Typos", 5, 6 + 1.35},        // 1.69 × 4/5
		{"Half-way", 4, 3.60 + 2.31},  // Zubov's lock after 4 of 8 moves: 5.40 × 3/7
		{"Half-way", 3, 4.20 + 3.15},  // the main line × 3/6
		{"Claims", 7, 5 + 2},          // a cook claimed twice is paid once
		{"Claims", 9, 2.80 + 2},
		{"Claims", 1, 5.20}, // a5-b6 is a try, refuted by a7:c5
		{"Black first", 8, 4.50},
		{"Wrong keys", 0, 0},
		{"d-empty", 0, 0},
	} {
		s := got[w.solver]
		if s == nil {
			t.Errorf("%s not graded", w.solver)
			continue
		}
		v := s.Total
		if w.no > 0 {
			v = s.Marks[w.no-1].Points
		}
		if !near(v, w.points) {
			t.Errorf("%s No. %d: %.2f, want %.2f", w.solver, w.no, v, w.points)
		}
	}
	// The committed key was written before the key said whether a try's
	// refutations are all: its lists read as complete, as its own tries
	// text ("a5-b6? a7:c5!") says, and the claim is answered so.
	if s := got["Claims"]; s != nil {
		if a := auditText(s.Marks[0]); !strings.Contains(a, "refuted by a7:c5") || strings.Contains(a, "not decided") {
			t.Errorf("the claimed try a5-b6 from a key without refutations_incomplete:\n%s", a)
		}
	}
}

// BenchmarkGradeContest9: grade of ten answer files against a 9-entry key
// (docs/performance.md, "Grading a contest").
func BenchmarkGradeContest9(b *testing.B) {
	for b.Loop() {
		var out, errb bytes.Buffer
		if code := run(contest9Grade, &out, &errb); code != exitOK {
			b.Fatalf("exit %d: %s", code, errb.String())
		}
	}
}
