package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"draughtsjudge/batch"
	"draughtsjudge/corpus"
)

// boychukDated is V. Boychuk's miniature as the sample corpus has it,
// with the publication date its Event tag gives (19 April 2016).
func boychukDated(t *testing.T) string {
	t.Helper()
	for name, data := range corpus.SampleFiles() {
		for _, e := range corpus.Parse(name, data) {
			if e.Err == nil && strings.Contains(e.Composition.Author, "Boychuk") {
				lines := strings.Split(string(data), "\n")[e.Line-1:]
				end := 0
				for end < len(lines) && strings.TrimSpace(lines[end]) != "" {
					end++
				}
				return "[Date \"2016.04.19\"]\n" + strings.Join(lines[:end], "\n") + "\n"
			}
		}
	}
	t.Fatal("no Boychuk game in the sample corpus")
	return ""
}

// laterEntry starts from Boychuk's position after 2. a5:c7 f4:b4 (worked
// out by hand from his FEN and main line) and plays on as he does.
const laterEntry = `[Event "constructed"]
[Author "A. Later"]
[Date "2026.11.03"]
[GameType "25"]
[FEN "W:Wa1,c7,h2:Bb4,e7,g5,h4"]
[Stipulation "draw"]
1. h2-g3 h4:f2 2. c7-d8 e7-f6 3. d8-a5 *
`

// TestCheckArchive: archive add indexes Boychuk's miniature; check
// --archive finds it as the later entry's predecessor with the shared
// position and play and both dates; a second add adds nothing; report
// --archive lets an override dismiss it with a reason; key --archive and
// the HTML report show it.
func TestCheckArchive(t *testing.T) {
	dir := t.TempDir()
	pub := writeFile(t, filepath.Join(dir, "published.pdn"), boychukDated(t))
	later := writeFile(t, filepath.Join(dir, "later.pdn"), laterEntry)
	arch := filepath.Join(dir, "archive")
	code, out, errs := runCLI(t, "archive", "add", "--archive", arch, pub)
	if code != exitOK || !strings.Contains(out, "1 added") {
		t.Fatalf("add: exit %d: %s %s", code, out, errs)
	}
	if code, out, _ = runCLI(t, "archive", "add", "--archive", arch, pub); code != exitOK || !strings.Contains(out, "0 added, 1 already") {
		t.Fatalf("second add: exit %d: %s", code, out)
	}
	_, out, errs = runCLI(t, append(append([]string{"check", "--format", "json", "--archive", arch}, fast...), later)...)
	var res batch.Result
	if err := json.Unmarshal([]byte(out), &res); err != nil || len(res.Entries) != 1 {
		t.Fatalf("check: %v\n%s\n%s", err, out, errs)
	}
	o := res.Entries[0].Originality
	if o == nil || len(o.Found) != 1 {
		t.Fatalf("originality %+v", o)
	}
	a := o.Found[0]
	joined := strings.Join(a.Matches, "; ")
	if a.Relation != "predecessor (older)" || !strings.Contains(a.Who, "2016.04.19") ||
		!strings.Contains(joined, "this entry's initial position is that one's position after 2... f4:b4") ||
		!strings.Contains(joined, "same play for 5 plies") || a.FEN == "" {
		t.Errorf("anticipation %+v", a)
	}

	ov := writeFile(t, filepath.Join(dir, "ov.tsv"), "1\tpredecessor\t"+a.Entry+"\tthe shared ending is textbook theory\n")
	_, out, errs = runCLI(t, append(append([]string{"report", "--archive", arch, "--override", ov}, fast...), later)...)
	if !strings.Contains(out, "dismissed by the judge: the shared ending is textbook theory ("+ov+":1)") {
		t.Errorf("report with the dismissal:\n%s\n%s", out, errs)
	}
	_, out, _ = runCLI(t, append(append([]string{"report", "--format", "html", "--archive", arch}, fast...), later)...)
	if !strings.Contains(out, "<figcaption>"+a.Entry) {
		t.Errorf("the HTML section report has no diagram of the shared position")
	}
	_, out, _ = runCLI(t, append(append([]string{"key", "--archive", arch}, fast...), later)...)
	if !strings.Contains(out, "predecessor: "+a.Entry) {
		t.Errorf("key --archive:\n%s", out)
	}
	_, out, _ = runCLI(t, append(append([]string{"check", "--format", "html", "--archive", arch}, fast...), later)...)
	if !strings.Contains(out, "<figcaption>"+a.Entry) {
		t.Errorf("the HTML report has no diagram of the shared position")
	}
	if code, _, errs = runCLI(t, append(append([]string{"check", "--archive", filepath.Join(dir, "none")}, fast...), later)...); code != exitUsage || !strings.Contains(errs, "no archive there") {
		t.Errorf("--archive without an archive: exit %d, %s", code, errs)
	}
}
