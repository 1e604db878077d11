package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// pdnVerdicts are check's findings on each entry of a file that a
// --pdn-out file must read back with: the game system, the stipulation,
// the special kind, the verdict, and each part's verdict. Not the reasons:
// the written tree is read back as the author's solution, so an entry
// without one (defective for its genre) may fail more checks with it.
// A special kind's parts keep their author's solutions, so each part's
// checks are compared too.
func pdnVerdicts(t *testing.T, file string) []string {
	t.Helper()
	code, out, errs := runCLI(t, "check", "--no-db", "--nodes", "20000", "--threads", "2", "--format", "json", file)
	if code != exitOK && code != exitDefective {
		t.Fatalf("check %s: exit %d: %s", file, code, errs)
	}
	type rep struct {
		Variant, Verdict, Kind, Part, Stipulation string
		Practical                                 bool
		Checks                                    []struct{ ID, Status string }
		Parts                                     []rep
	}
	var doc struct{ Entries []rep }
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("check %s: %v", file, err)
	}
	var got []string
	for _, e := range doc.Entries {
		s := fmt.Sprintf("%s %q kind=%q practical=%v: %s", e.Variant, e.Stipulation, e.Kind, e.Practical, e.Verdict)
		for _, p := range e.Parts {
			s += fmt.Sprintf("; part %q: %s", p.Part, p.Verdict)
			for _, c := range p.Checks {
				s += fmt.Sprintf(" %s=%s", c.ID, c.Status)
			}
		}
		got = append(got, s)
	}
	return got
}

// pdnRoundTrip checks input, writes its --pdn-out file, checks that, and
// wants the same findings entry by entry. It returns the --pdn-out file.
func pdnRoundTrip(t *testing.T, input string) string {
	t.Helper()
	dir := t.TempDir()
	in := writeFile(t, filepath.Join(dir, "in.pdn"), input)
	out := filepath.Join(dir, "out.pdn")
	if code, _, errs := runCLI(t, "check", "--no-db", "--nodes", "20000", "--threads", "2", "--pdn-out", out, in); code != exitOK && code != exitDefective {
		t.Fatalf("check --pdn-out: exit %d: %s", code, errs)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pdnGrammarCheck(string(data)); err != nil {
		t.Errorf("--pdn-out is not PDN 3.0: %v", err)
	}
	want, got := pdnVerdicts(t, in), pdnVerdicts(t, out)
	if len(got) != len(want) {
		t.Fatalf("%d entries read back, want %d:\n%s", len(got), len(want), data)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("entry %d read back as\n\t%s\nwant\n\t%s", i+1, got[i], want[i])
		}
	}
	if t.Failed() {
		t.Logf("--pdn-out:\n%s", data)
	}
	return string(data)
}

// --pdn-out wrote no [Variant "lasca"]: the Lasca problem read back as
// Russian draughts (and defective). Every game system reads back as
// itself, whichever tags named it in the input (GameType 98 included).
func TestPDNOutVariantRoundTrip(t *testing.T) {
	data := pdnRoundTrip(t, `[GameType "25"]
[FEN "W:Wa1,h6:Bh8"]
[Genre "problem"]
1. a1-b2 h8-g7 2. h6:f8 *

[GameType "26"]
[FEN "W:Wa1,h6:Bh8"]
[Genre "problem"]
1. a1-b2 h8-g7 2. h6:f8 *

[GameType "20"]
[FEN "W:W28,46:B13"]
[Genre "problem"]
*

[GameType "25"]
[Variant "russian-giveaway"]
[FEN "W:Wa3,c3:Bf2"]
[Genre "problem"]
[Stipulation "giveaway all"]
1. a3-b4 f2-e1 (1... f2-g1 2. c3-d4 g1:a3) 2. b4-c5 e1:d6 *

[Variant "poddavki"]
[FEN "W:Wa3,c3:Bf2"]
[Genre "problem"]
[Stipulation "giveaway all"]
*

[GameType "98"]
[FEN "W:W33:B19"]
[Genre "problem"]
*

[Variant "lasca"]
[Genre "problem"]
[Stipulation "win"]
[FEN "W:Wa1,d2:Bd4,c5"]
1. d2-c3 d4:b2 2. a1:c3 c5-b4 (2... c5-d4 3. c3:e5) 3. c3:a5 *
`)
	if !strings.Contains(data, "[Variant \"lasca\"]\n[FEN \"W:Wa1,d2:Bd4,c5\"]") || strings.Contains(data, "[GameType \"25\"]\n[Variant \"lasca\"]") {
		t.Errorf("the Lasca game is not tagged [Variant \"lasca\"] alone:\n%s", data)
	}
}

// --pdn-out wrote the special kinds (11.1.4) without their parts'
// solutions: either-side and per-side without [Solution1]/[Solution2],
// the twin without [Solution2], the retro-analysis without [LastMoves],
// so the file read back with other verdicts. Each special kind's game now
// carries its parts as the input did (composition/testdata/special's
// entries, the Russian tags too), and reads back with the same verdicts.
func TestPDNOutSpecialKindsRoundTrip(t *testing.T) {
	data := pdnRoundTrip(t, `[Event "black-first"]
[GameType "25"]
[FEN "W:Wc5:Ba7"]
[Stipulation "black-first: win"]
1... a7-b6 2. c5:a7 *

[Event "either-side"]
[GameType "25"]
[FEN "W:Wa1,h6:Bh8"]
[Stipulation "either-side: win"]
[Solution1 "1. a1-b2 h8-g7 2. h6:f8"]
[Solution2 "1... h8-g7 2. h6:f8"]
*

[Event "either-side, wrong"]
[GameType "25"]
[FEN "W:Wa1,h6:Bh8"]
[Stipulation "either-side: win"]
[Решение1 "1. h6-g7 h8:f6"]
*

[Event "per-side"]
[GameType "25"]
[FEN "W:Wc5:Ba7"]
[Stipulation "white-first: win; black-first: win"]
[Solution1 "1. c5-b6 a7:c5"]
[Solution2 "1... a7-b6 2. c5:a7"]
*

[Event "turned"]
[GameType "25"]
[FEN "W:Wa1,h6:Bh8"]
[Stipulation "win; turned: win"]
1. a1-b2 h8-g7 2. h6:f8 *

[Event "twin"]
[GameType "25"]
[FEN "W:Wa1,h6:Bh8"]
[Stipulation "win; add Wb2: win"]
[Solution2 "1. b2-c3 h8-g7 2. h6:f8"]
1. a1-b2 h8-g7 2. h6:f8 *

[Event "retro"]
[GameType "25"]
[FEN "W:We5,e7,g5:Bh8"]
[Stipulation "retro 1"]
[LastMoves "f6:h8"]
*

[Event "retro, wrong"]
[GameType "25"]
[FEN "W:We5,e7,g5:Bh8"]
[Stipulation "retro 1"]
[ПоследниеХоды "g7-h8"]
*

[Event "double"]
[GameType "25"]
[FEN "W:We5,a1:Ba3"]
[Stipulation "double: win"]
1. e5-d6 (1. e5-f6 a3-b2 2. a1:c3) 1... a3-b2 2. a1:c3 *
`)
	for _, frag := range []string{
		"[Solution1 \"1. a1-b2 h8-g7 2. h6:f8\"]\n[Solution2 \"1... h8-g7 2. h6:f8\"]\n",
		"[Solution1 \"1. h6-g7 h8:f6\"]\n",
		"[Solution2 \"1. b2-c3 h8-g7 2. h6:f8\"]\n",
		"[LastMoves \"f6:h8\"]\n",
		"[LastMoves \"g7-h8\"]\n",
	} {
		if !strings.Contains(data, frag) {
			t.Errorf("no %q in --pdn-out", frag)
		}
	}
}

// A practical problem (11.2.7.5: [Genre "practical problem"] or [Group
// "practical"]) reads back as one: --pdn-out wrote its genre "problem"
// alone, and the written file was judged as an ordinary problem. It now
// writes [Group "practical"], which the reader takes with any genre.
func TestPDNOutPracticalRoundTrip(t *testing.T) {
	data := pdnRoundTrip(t, "[GameType \"20\"]\n[FEN \"W:W28,46:B13\"]\n[Genre \"practical problem\"]\n*\n\n[GameType \"20\"]\n[FEN \"W:W28,46:B13\"]\n[Genre \"problem\"]\n[Group \"practical\"]\n*\n")
	if strings.Count(data, "[Group \"practical\"]") != 2 {
		t.Errorf("the practical problems are not written as such:\n%s", data)
	}
}

// The author's "?" on a move makes its line a try (composition.IsTry):
// --pdn-out wrote the move without it, and a double composition read back
// with a third solution (1.a1-b2?) that fails. The mark is written, the
// verdicts read back the same; and a practical study (no [Genre] "problem")
// keeps its practical mark through a [Group] tag.
func TestPDNOutTryMarkAndPracticalGroup(t *testing.T) {
	data := pdnRoundTrip(t, "[GameType \"25\"]\n[FEN \"W:We5,a1:Ba3\"]\n[Stipulation \"double: win\"]\n1. e5-d6 (1. e5-f6 a3-b2 2. a1:c3) (1. a1-b2? a3:c1) 1... a3-b2 2. a1:c3 *\n\n"+
		"[GameType \"25\"]\n[FEN \"W:Wc3,h2:Ba5,h6\"]\n[Genre \"study\"]\n[Group \"practical\"]\n*\n")
	if !strings.Contains(data, "a1-b2 $2") || strings.Count(data, "[Group \"practical\"]") != 1 {
		t.Errorf("the try's mark or the practical group is not written:\n%s", data)
	}
}
