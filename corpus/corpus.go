// Package corpus reads collections of compositions: PDN files, folders
// and globs, and the embedded sample corpus of real, published
// compositions (sample/, each with its Source tag) used when no path is
// given.
package corpus

import (
	"bytes"
	"embed"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"draughtsjudge/composition"
	"draughtsjudge/draughts"
)

//go:embed sample/*.pdn
var sample embed.FS

// Entry is one composition or the error that kept it from being read.
type Entry struct {
	File        string
	Index       int // 1-based game number in File
	Line        int
	Composition *composition.Composition // nil when Err is set
	Err         error                    // "file:line: what is wrong"
}

// Sample returns the embedded sample corpus.
func Sample() []Entry {
	var out []Entry
	names, _ := fs.Glob(sample, "sample/*.pdn")
	sort.Strings(names)
	for _, n := range names {
		data, _ := sample.ReadFile(n)
		out = append(out, Parse(n, data)...)
	}
	return out
}

// SampleFiles returns the embedded sample files by name (for tests and
// the README).
func SampleFiles() map[string][]byte {
	out := map[string][]byte{}
	names, _ := fs.Glob(sample, "sample/*.pdn")
	for _, n := range names {
		out[n], _ = sample.ReadFile(n)
	}
	return out
}

// Load reads every composition under paths: files, folders (every *.pdn
// inside, recursively) and glob patterns. Unreadable input becomes entries
// with Err set; the rest is still read.
func Load(paths []string) []Entry {
	var out []Entry
	for _, p := range paths {
		files, err := expand(p)
		if err != nil {
			out = append(out, Entry{File: p, Line: 1, Err: fmt.Errorf("%s:1: %v", p, err)})
			continue
		}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				out = append(out, Entry{File: f, Line: 1, Err: fmt.Errorf("%s:1: %v", f, err)})
				continue
			}
			out = append(out, Parse(f, data)...)
		}
	}
	return out
}

func expand(p string) ([]string, error) {
	if strings.ContainsAny(p, "*?[") {
		m, err := filepath.Glob(p)
		if err != nil {
			return nil, err
		}
		if len(m) == 0 {
			return nil, fmt.Errorf("no file matches %q", p)
		}
		var out []string
		for _, f := range m {
			sub, err := expand(f)
			if err != nil {
				return nil, err
			}
			out = append(out, sub...)
		}
		return out, nil
	}
	st, err := os.Stat(p)
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		return []string{p}, nil
	}
	var out []string
	err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.EqualFold(filepath.Ext(path), ".pdn") {
			out = append(out, path)
		}
		return nil
	})
	sort.Strings(out)
	if err == nil && len(out) == 0 {
		err = fmt.Errorf("no .pdn files in folder")
	}
	return out, err
}

// Parse reads the compositions of one PDN file's contents.
func Parse(name string, data []byte) []Entry {
	var out []Entry
	if len(bytes.TrimSpace(data)) == 0 {
		return []Entry{{File: name, Line: 1, Err: fmt.Errorf("%s:1: empty file, no compositions", name)}}
	}
	games, errs := draughts.ReadPDN(name, data)
	for _, e := range errs {
		line := 1
		if pe, ok := e.(*draughts.PDNError); ok {
			line = pe.Line
		}
		out = append(out, Entry{File: name, Line: line, Err: e})
	}
	for i := range games {
		g := &games[i]
		c, err := composition.FromGame(name, i+1, g)
		out = append(out, Entry{File: name, Index: i + 1, Line: g.Line, Composition: c, Err: err})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Line < out[j].Line })
	return out
}
