package main

import (
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"draughtsjudge/corpus"
	"draughtsjudge/draughts"
)

func init() {
	register(command{"solve", "solve one composition or position and print the full solution tree", cmdSolve})
}

// fenAt is where corpus.Parse places an error of the game made from
// solve's flags: "--fen:LINE:" or "--fen:LINE:COL: ".
var fenAt = regexp.MustCompile(`^--fen:(\d+)(?::\d+)?: `)

func cmdSolve(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("solve")
	var f runFlags
	addRunFlags(fs, &f)
	fen := fs.String("fen", "", "position as PDN FEN (instead of FILE)")
	variant := fs.StringP("variant", "v", "russian", "game system with --fen: "+variantIDs())
	stip := fs.StringP("stipulation", "s", "win", "stipulation with --fen: win, draw, lock N men, lock N kings [M men]")
	genre := fs.String("genre", "", "genre with --fen: problem, study, task, ending")
	usage := usageFunc(fs, "usage: draughtsjudge solve [flags] (FILE | --fen F --variant V --stipulation S [--genre G])",
		"Solves one composition and prints the report with the full solution tree.",
		"Exit code: 0 sound, 1 defective or unknown, 2 usage or input errors, 3 the store cannot be used, 4 internal error, 5 the report could not be written.")
	if code, ok := parseFlags(fs, usage, args, stdout, stderr); !ok {
		return code
	}
	if err := f.validate(); err != nil {
		return usageError(stderr, "solve", err)
	}
	f.tree = true
	var entries []corpus.Entry
	switch {
	case *fen != "" && fs.NArg() == 0:
		// The flags become a PDN game, a tag a line; an error in it names
		// the flag its line came from (flagAt), not a line of that game.
		var pdn string
		var flagAt []string
		var bad error
		tag := func(flag, name, value string) {
			if strings.ContainsAny(value, "\"\\\n\r") && bad == nil {
				// A quote or a line break would end the tag early, and
				// the error would then blame another flag.
				bad = fmt.Errorf("%s %q: a quote, backslash or line break is no part of it", flag, value)
			}
			pdn += fmt.Sprintf("[%s \"%s\"]\n", name, value)
			flagAt = append(flagAt, flag)
		}
		if strings.EqualFold(strings.TrimSpace(*variant), draughts.LascaID) {
			// Lasca has no GameType (docs/spec.md §3) and its own FEN (docs/lasca.md).
			tag("--variant", "Variant", draughts.LascaID)
		} else {
			r, err := draughts.RulesByID(*variant)
			if err != nil {
				fmt.Fprintln(stderr, "draughtsjudge solve:", err)
				return exitUsage
			}
			tag("--variant", "GameType", fmt.Sprint(r.GameType))
			tag("--variant", "Variant", r.ID)
		}
		tag("--fen", "FEN", *fen)
		tag("--stipulation", "Stipulation", *stip)
		if *genre != "" {
			tag("--genre", "Genre", *genre)
		}
		if bad != nil {
			return usageError(stderr, "solve", bad)
		}
		entries = corpus.Parse("--fen", []byte(pdn+"\n*\n"))
		for i, e := range entries {
			if e.Err == nil {
				continue
			}
			msg := e.Err.Error()
			// "--fen:LINE[:COL]: what": the line names the flag; a column
			// of that made-up game's line means nothing to the user.
			if m := fenAt.FindStringSubmatch(msg); m != nil {
				if n, _ := strconv.Atoi(m[1]); n >= 1 && n <= len(flagAt) {
					msg = flagAt[n-1] + ": " + msg[len(m[0]):]
				}
			}
			entries[i].Err = errors.New(msg)
		}
	case *fen == "" && fs.NArg() == 1:
		entries = f.load(fs.Args())
	case *fen != "":
		fmt.Fprintln(stderr, "draughtsjudge solve: give either --fen or a FILE, not both")
		return exitUsage
	default:
		fmt.Fprintf(stderr, "draughtsjudge solve: want one FILE (or --fen), got %d arguments; use check for a batch\n", fs.NArg())
		usage(stderr)
		return exitUsage
	}
	return runBatch("solve", entries, &f, stdout, stderr)
}
