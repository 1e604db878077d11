package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"draughtsjudge/batch"
)

const shoshin = `[Event "draughts.narod.ru article 'Etudy'"]
[Source "https://draughts.narod.ru/articles/Etudy.htm"]
[Author "A. Shoshin"]
[GameType "25"]
[FEN "W:WKa5,a3:Ba7,f4"]
[Genre "study"]
[Stipulation "win"]
1. a5-b4 f4-g3 (1... f4-e3 2. b4-e1 a7-b6 3. a3-b4) 2. b4-c5 g3-h2 3. a3-b4 h2-g1 4. b4-a5 1-0
`

func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}

// Bad input: each bad file gives one line "file:line: what is wrong" on
// stderr, the good entry is still checked, and the exit code is 2.
func TestCheckBadInputBatch(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"good.pdn":        shoshin,
		"brokenfen.pdn":   "[GameType \"25\"]\n[FEN \"W:Wa5,a3:Ba7,f4,z9\"]\n1. a5-b4 *\n",
		"illegal.pdn":     "[GameType \"25\"]\n[FEN \"W:WKa5,a3:Ba7,f4\"]\n[Genre \"study\"]\n1. a5-b4 f4-g3 2. b4-c5 g3-f2 3. a3-b4 *\n",
		"stipulation.pdn": "[GameType \"25\"]\n[FEN \"W:WKa5,a3:Ba7,f4\"]\n[Stipulation \"mate in 3\"]\n*\n",
		"empty.pdn":       "",
		"binary.pdn":      "\x00\x89PNG\r\n\x1a\n\x00\x00",
	}
	for n, c := range files {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, out, errs := runCLI(t, "check", "--db", filepath.Join(dir, "db"), "--nodes", "300000", dir)
	if code != exitUsage {
		t.Errorf("exit code %d, want 2", code)
	}
	lines := strings.Split(strings.TrimSpace(errs), "\n")
	want := map[string]string{
		"brokenfen.pdn":   ":2: FEN",
		"illegal.pdn":     ":4:",
		"stipulation.pdn": ":3: unknown stipulation",
		"empty.pdn":       ":1: empty file",
		"binary.pdn":      ":1:",
	}
	for n, frag := range want {
		found := 0
		for _, l := range lines {
			if strings.HasPrefix(l, filepath.Join(dir, n)+":") && strings.Contains(l, frag) {
				found++
			}
		}
		if found != 1 {
			t.Errorf("%s: want one stderr line with %q, got:\n%s", n, frag, errs)
		}
	}
	if !strings.Contains(out, "good.pdn#1") || !strings.Contains(out, "VERDICT: SOUND") {
		t.Errorf("the good entry was not checked:\n%s", out)
	}
}

// A second run with the same --db reads the reports from the store.
func TestCheckSecondRunUsesStore(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "s.pdn")
	os.WriteFile(f, []byte(shoshin), 0o644)
	db := filepath.Join(dir, "db")
	var first, second batch.Result
	for i, dst := range []*batch.Result{&first, &second} {
		code, out, errs := runCLI(t, "check", "--db", db, "--format", "json", f)
		if code != exitOK {
			t.Fatalf("run %d: exit %d: %s", i, code, errs)
		}
		if err := json.Unmarshal([]byte(out), dst); err != nil {
			t.Fatalf("run %d: %v\n%s", i, err, out)
		}
	}
	if first.Entries[0].Cached || !second.Entries[0].Cached {
		t.Fatalf("cached flags: first %v second %v", first.Entries[0].Cached, second.Entries[0].Cached)
	}
	if first.Entries[0].Verdict != "sound" || second.Entries[0].Verdict != "sound" ||
		strings.Join(first.Entries[0].Keys, ",") != strings.Join(second.Entries[0].Keys, ",") {
		t.Fatalf("answers differ: %+v / %+v", first.Entries[0], second.Entries[0])
	}
}

func TestHelpListsCommands(t *testing.T) {
	code, out, _ := runCLI(t, "help")
	if code != 0 {
		t.Fatal(code)
	}
	for _, c := range []string{"check", "solve", "perft"} {
		if !strings.Contains(out, c) {
			t.Errorf("help lacks %s:\n%s", c, out)
		}
	}
}

func TestPerftCommand(t *testing.T) {
	code, out, _ := runCLI(t, "perft", "--variant", "international", "--depth", "4")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 4 || !strings.HasPrefix(lines[3], "4\t4265\t") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
}

// The same input gives the same report for any thread count. 50,000
// nodes and 256 MiB decide the study (sound), so both runs search it to
// the end.
func TestCheckDeterministicAcrossThreads(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "s.pdn")
	os.WriteFile(f, []byte(shoshin), 0o644)
	var outs [2]batch.Result
	for i, th := range []string{"1", "2"} {
		code, out, errs := runCLI(t, "check", "--no-db", "--nodes", "50000", "--mem", "256", "--threads", th, "--format", "json", f)
		if code != exitOK {
			t.Fatalf("threads %s: exit %d: %s", th, code, errs)
		}
		if err := json.Unmarshal([]byte(out), &outs[i]); err != nil {
			t.Fatal(err)
		}
		for _, e := range outs[i].Entries {
			e.Seconds = 0
		}
		if len(outs[i].Entries) != 1 || outs[i].Entries[0].Verdict != "sound" {
			t.Fatalf("threads %s: want one sound entry: %s", th, out)
		}
		outs[i].Summary.Seconds = 0
	}
	a, _ := json.Marshal(outs[0])
	b, _ := json.Marshal(outs[1])
	if string(a) != string(b) {
		t.Fatalf("threads 1 and 2 differ:\n%s\n%s", a, b)
	}
}

// help X prints what X --help prints, on stdout (exit 0), for every
// command; a bad flag prints its error and the usage on stderr (exit 2);
// no command prints the usage on stderr (exit 2).
func TestHelpAndUsageConventions(t *testing.T) {
	all := [][]string{{"tablebase", "build"}, {"tablebase", "probe"}, {"archive", "add"}, {"archive", "stats"}, {"archive", "remove"}}
	for name := range commands { // every command, also those added later (key, sheet, grade, report)
		all = append(all, []string{name})
	}
	for _, args := range all {
		code, help, errs := runCLI(t, append([]string{"help"}, args...)...)
		code2, flagHelp, errs2 := runCLI(t, append(args, "--help")...)
		if code != exitOK || code2 != exitOK || help == "" || help != flagHelp || errs != "" || errs2 != "" {
			t.Errorf("help %v: exit %d/%d, stdout equal %v, stderr %q %q", args, code, code2, help == flagHelp, errs, errs2)
		}
		if (args[0] == "tablebase" || args[0] == "archive") && len(args) == 1 {
			continue // its subcommands take the flags
		}
		code, out, errs := runCLI(t, append(args, "--bogus")...)
		name := strings.Join(args, " ")
		if code != exitUsage || out != "" || !strings.HasPrefix(errs, "draughtsjudge "+name+": unknown flag: --bogus\n") || !strings.Contains(errs, "usage: draughtsjudge "+name) {
			t.Errorf("%s --bogus: exit %d, stdout %q, stderr %q", name, code, out, errs)
		}
	}
	code, out, errs := runCLI(t, "check", "--bogus")
	if code != exitUsage || out != "" || !strings.HasPrefix(errs, "draughtsjudge check: unknown flag: --bogus\n") || !strings.Contains(errs, "usage: draughtsjudge check") || !strings.Contains(errs, "--max-file-size") {
		t.Errorf("check --bogus: exit %d, stderr %q", code, errs)
	}
	code, out, errs = runCLI(t)
	if code != exitUsage || out != "" || !strings.Contains(errs, "usage: draughtsjudge <command>") {
		t.Errorf("no command: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// The documented special values are accepted: --nodes 0 with --time,
// --margin -1, --endgames 0.
func TestNumericFlagSpecialValues(t *testing.T) {
	in := filepath.Join(t.TempDir(), "t.pdn")
	os.WriteFile(in, []byte(tiny), 0o644)
	for _, extra := range [][]string{{"--nodes", "0", "--time", "10s"}, {"--margin", "-1"}, {"--endgames", "0"}, {"--slack", "1", "--max-bound", "1"}} {
		code, out, errs := runCLI(t, append(append(append([]string{"check"}, fast...), extra...), in)...)
		if code != exitDefective || !strings.Contains(out, "t.pdn#1") {
			t.Errorf("%v: exit %d: %s", extra, code, errs)
		}
	}
}
