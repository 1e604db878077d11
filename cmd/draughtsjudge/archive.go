package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sort"

	"github.com/dgraph-io/badger/v4"
	"github.com/spf13/pflag"

	"draughtsjudge/archive"
	"draughtsjudge/composition"
	"draughtsjudge/judge"
	"draughtsjudge/tablebase"
	"draughtsjudge/tourney"
)

func init() {
	register(command{"archive", "the anticipation index: add PDN collections, stats, remove; check/report/key --archive search it for predecessors", cmdArchive})
}

var archiveSynopsis = map[string]string{
	"add":    "add    [--archive DIR] [--threads T] PATHS...",
	"stats":  "stats  [--archive DIR] [--format text|json]",
	"remove": "remove [--archive DIR] [--id ID]... [PATHS...]",
}

func archiveUsage(w io.Writer) {
	fmt.Fprintln(w, `usage: draughtsjudge archive <add|stats|remove> [flags]

  add    [--archive DIR] [--threads T] PATHS...
  stats  [--archive DIR] [--format text|json]
  remove [--archive DIR] [--id ID]... [PATHS...]

The archive is --archive, else $DRAUGHTSJUDGE_ARCHIVE, else the folder
"archive" beside the default store. check, report and key --archive DIR
list each entry's predecessors found in it (docs/archive.md).`)
}

// archiveDir is the archive's folder: dir, else $DRAUGHTSJUDGE_ARCHIVE,
// else beside the default report store (<user cache>/draughtsjudge/archive).
func archiveDir(dir string) string {
	if dir != "" {
		return dir
	}
	if d := os.Getenv("DRAUGHTSJUDGE_ARCHIVE"); d != "" {
		return d
	}
	return filepath.Join(filepath.Dir(tablebase.DefaultDir()), "archive")
}

func cmdArchive(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, "draughtsjudge archive: missing subcommand\n\n")
		archiveUsage(stderr)
		return exitUsage
	}
	if args[0] == "--help" || args[0] == "-h" || args[0] == "help" {
		archiveUsage(stdout)
		return exitOK
	}
	sub, args := args[0], args[1:]
	if _, ok := archiveSynopsis[sub]; !ok {
		fmt.Fprintf(stderr, "draughtsjudge archive: unknown subcommand %q\n", sub)
		archiveUsage(stderr)
		return exitUsage
	}
	name := "archive " + sub
	fs := newFlagSet(name)
	dir := fs.String("archive", "", "archive directory (default $DRAUGHTSJUDGE_ARCHIVE, or beside the default store)")
	// Each subcommand has its own flags: --threads only for add, --format
	// only for stats, --id only for remove (a flag another subcommand
	// reads is refused).
	threads, format, ids := new(int), new(string), new([]string)
	*threads, *format = runtime.NumCPU(), "text"
	switch sub {
	case "add":
		threads = fs.IntP("threads", "t", runtime.NumCPU(), "goroutines reading and replaying the compositions")
	case "stats":
		format = fs.String("format", "text", "text or json")
	case "remove":
		ids = fs.StringArray("id", nil, "the composition with this archive ID (repeatable)")
	}
	usage := usageFunc(fs, "usage: draughtsjudge archive "+archiveSynopsis[sub])
	if code, ok := parseFlags(fs, usage, args, stdout, stderr); !ok {
		return code
	}
	if err := intFlag("threads", *threads, 1, 4096, "must be 1..4096"); err != nil {
		return usageError(stderr, name, err)
	}
	switch {
	case sub == "add" && fs.NArg() == 0:
		return usageError(stderr, name, errors.New("no PDN files, folders or globs given"))
	case sub == "stats" && fs.NArg() > 0:
		return usageError(stderr, name, fmt.Errorf("unexpected argument %q", fs.Arg(0)))
	case sub == "remove" && fs.NArg() == 0 && len(*ids) == 0:
		return usageError(stderr, name, errors.New("nothing to remove: give --id ID or PDN PATHS"))
	case *format != "text" && *format != "json":
		return usageError(stderr, name, fmt.Errorf("--format %q: want text or json", *format))
	}
	a, err := archive.Open(archiveDir(*dir))
	if err != nil {
		fmt.Fprintf(stderr, "draughtsjudge %s: %v\n", name, err)
		return exitStore
	}
	defer a.Close()
	switch sub {
	case "add":
		return archiveAdd(a, fs.Args(), *threads, stdout, stderr)
	case "stats":
		return archiveStats(a, *format, stdout, stderr)
	}
	return archiveRemove(a, *ids, fs.Args(), stdout, stderr)
}

// archiveAdd indexes the compositions of paths: each bad entry one line
// "file:line: what is wrong" on stderr (exit 2, the rest is indexed); a
// write error stops the run (exit 3), keeping what was committed.
func archiveAdd(a *archive.Archive, paths []string, threads int, stdout, stderr io.Writer) int {
	st, err := a.Add(paths, archive.AddOptions{Threads: threads, Errors: func(e error) { fmt.Fprintln(stderr, e) }})
	fmt.Fprintf(stdout, "read %d compositions: %d added, %d already in the archive (%d with a new source); %d entries with errors skipped; %d Lasca compositions not indexed\n",
		st.Read, st.Added, st.Duplicates, st.NewSources, st.Errors, st.Skipped)
	if err != nil {
		fmt.Fprintf(stderr, "draughtsjudge archive add: %v\n", err)
		return exitStore
	}
	if st.Errors > 0 {
		return exitUsage
	}
	return exitOK
}

func archiveStats(a *archive.Archive, format string, stdout, stderr io.Writer) int {
	s, err := a.Stats()
	if err != nil {
		fmt.Fprintf(stderr, "draughtsjudge archive stats: %v\n", err)
		return exitStore
	}
	w := stdout // run checks every write to stdout
	if format == "json" {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		_ = enc.Encode(s) // a plain struct; a write error is run's
	} else {
		fmt.Fprintf(w, "archive %s\ncompositions %d\nsources %d\npositions %d\nfinales %d\nauthor listings %d\nbytes %d\n", a.Dir, s.Compositions, s.Sources, s.Positions, s.Finales, s.Authors, s.Bytes)
		var vs []string
		for v := range s.ByVariant {
			vs = append(vs, v)
		}
		sort.Strings(vs)
		for _, v := range vs {
			fmt.Fprintf(w, "  %s %d\n", v, s.ByVariant[v])
		}
	}
	return exitOK
}

// archiveRemove removes the compositions ids, and the sources of the
// compositions read from paths (a composition goes with its last source).
func archiveRemove(a *archive.Archive, ids, paths []string, stdout, stderr io.Writer) int {
	code, removed := exitOK, 0
	for _, s := range ids {
		id, err := archive.ParseID(s)
		if err == nil {
			var ok bool
			if ok, err = a.Remove(id); err == nil && !ok {
				err = fmt.Errorf("%s: not in the archive", s)
			}
		}
		if err != nil {
			fmt.Fprintf(stderr, "draughtsjudge archive remove: %v\n", err)
			code = exitUsage
			continue
		}
		removed++
	}
	if len(paths) > 0 {
		err := archive.Files(paths, func(c archive.Chunk) error {
			items, _ := c.Parse(1)
			for _, it := range items {
				var e *archive.Entry
				err := it.Err
				if err == nil {
					e, err = archive.FromComposition(it.Comp)
				}
				if err != nil {
					fmt.Fprintln(stderr, err)
					code = exitUsage
					continue
				}
				ok, err := a.RemoveSource(e.ID, e.Source)
				if err != nil {
					return err
				}
				if ok {
					removed++
				}
			}
			return nil
		})
		if err != nil {
			fmt.Fprintf(stderr, "draughtsjudge archive remove: %v\n", err)
			return exitStore
		}
	}
	fmt.Fprintf(stdout, "removed %d\n", removed)
	return code
}

// addArchiveFlag adds --archive to check, report and key.
func addArchiveFlag(fs *pflag.FlagSet, f *runFlags) {
	fs.StringVar(&f.archive, "archive", "", "also search this archive (draughtsjudge archive add) for each entry's predecessors")
}

// validateArchive checks before any work that --archive names an archive.
func (f *runFlags) validateArchive() error {
	if f.archive == "" {
		return nil
	}
	if _, err := os.Stat(filepath.Join(f.archive, badger.ManifestFilename)); err != nil {
		return fmt.Errorf("--archive %s: no archive there (build one with draughtsjudge archive add --archive %s PATHS)", f.archive, f.archive)
	}
	return nil
}

// findPredecessors fills the reports' originality from the batch and
// --archive (tourney.FindPredecessorsIn), after the report cache: the
// cached reports do not depend on the archive. An archive that cannot be
// opened or read is exitStore.
func findPredecessors(reps []*judge.Report, comps []*composition.Composition, f *runFlags, stderr io.Writer) int {
	a, code := openArchive(f, stderr)
	if code != exitOK {
		return code
	}
	if a != nil {
		defer a.Close()
	}
	if err := tourney.FindPredecessorsIn(reps, comps, a); err != nil {
		return predecessorError(stderr, err)
	}
	return exitOK
}

// openArchive opens --archive (nil, exitOK without one); an archive that
// cannot be opened is exitStore.
func openArchive(f *runFlags, stderr io.Writer) (*archive.Archive, int) {
	if f.archive == "" {
		return nil, exitOK
	}
	a, err := archive.Open(f.archive)
	if err != nil {
		fmt.Fprintf(stderr, "draughtsjudge: --archive: %v\n", err)
		return nil, exitStore
	}
	return a, exitOK
}

// predecessorError says that the predecessor search failed: its errors
// are the index's (Badger's), in memory or on disk.
func predecessorError(stderr io.Writer, err error) int {
	fmt.Fprintf(stderr, "draughtsjudge: the predecessor search: %v\n", err)
	return exitStore
}
