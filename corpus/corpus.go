// Package corpus reads collections of compositions: PDN files, folders
// and globs, and the embedded sample corpus of real, published
// compositions (sample/, each with its Source tag) used when no path is
// given.
package corpus

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"

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

// SampleFiles returns the embedded sample files by name (for tests).
func SampleFiles() map[string][]byte {
	out := map[string][]byte{}
	names, _ := fs.Glob(sample, "sample/*.pdn")
	for _, n := range names {
		out[n], _ = sample.ReadFile(n)
	}
	return out
}

// notUTF8 refuses a text file that is not UTF-8 with the line and column
// of its first bad byte. An 8-bit file (cp1251 from Russian sources, or
// cp1252) would put invalid UTF-8 into every report; which code page it
// is cannot be told for sure, and the tool does not guess: the message
// says how to convert it. A file with a NUL byte is left to ReadPDN
// ("binary file").
func notUTF8(name string, data []byte) (Entry, bool) {
	if utf8.Valid(data) || bytes.IndexByte(data, 0) >= 0 {
		return Entry{}, false
	}
	line, col := 1, 1
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n <= 1 {
			err := fmt.Errorf("%s:%d:%d: not UTF-8 (byte 0x%02X): PDN input is read as UTF-8; convert the file first, e.g. iconv -f cp1251 -t utf-8 (Russian sources) or -f cp1252", name, line, col, data[i])
			return Entry{File: name, Line: line, Err: err}, true
		}
		if r == '\n' {
			line, col = line+1, 0
		}
		i += n
		col++
	}
	return Entry{}, false
}

// DefaultMaxFileSize is the largest input file Load reads (16 MiB): far
// more than any collection of compositions, small enough that a wrong
// path (a disk image, a log) fails at once instead of eating the memory.
const DefaultMaxFileSize = 16 << 20

// Options tune LoadWith.
type Options struct {
	// MaxFileSize is the largest file read, in bytes (0: DefaultMaxFileSize).
	MaxFileSize int64
}

// Load reads every composition under paths with the default options.
func Load(paths []string) []Entry { return LoadWith(paths, Options{}) }

// LoadWith reads every composition under paths: files, folders (every
// *.pdn inside, recursively) and glob patterns. Only regular files are
// read (after following symbolic links), of at most opt.MaxFileSize
// bytes: a FIFO, a device or a directory given as a file is an error, not
// a hang. Each unreadable file or path becomes one entry with Err set
// ("file:1: what is wrong"); every other file is still read, also the
// other matches of a glob and the other files of a folder.
func LoadWith(paths []string, opt Options) []Entry {
	limit := opt.MaxFileSize
	if limit <= 0 {
		limit = DefaultMaxFileSize
	}
	var out []Entry
	for _, p := range paths {
		files, errs := expand(p)
		out = append(out, errs...)
		for _, f := range files {
			data, err := readRegular(f, limit)
			if err != nil {
				out = append(out, fileError(f, err))
				continue
			}
			out = append(out, Parse(f, data)...)
		}
	}
	return out
}

// Files lists the files paths name, as LoadWith expands them (a file, the
// *.pdn files of a folder, the matches of a glob), without reading them;
// each path that names nothing readable is an error entry. A reader that
// streams its input (package archive) opens the files itself.
func Files(paths []string) ([]string, []Entry) {
	var out []string
	var errs []Entry
	for _, p := range paths {
		files, e := expand(p)
		out = append(out, files...)
		errs = append(errs, e...)
	}
	return out, errs
}

// ReadFile reads the regular file name (symbolic links followed) of at
// most limit bytes (0: DefaultMaxFileSize), as LoadWith reads inputs: a
// FIFO, a device or a directory is an error at once, never read. The
// error does not repeat the name.
func ReadFile(name string, limit int64) ([]byte, error) {
	if limit <= 0 {
		limit = DefaultMaxFileSize
	}
	return readRegular(name, limit)
}

func fileError(name string, err error) Entry {
	return Entry{File: name, Line: 1, Err: fmt.Errorf("%s:1: %v", name, err)}
}

// readRegular reads the regular file name (symbolic links followed) if it
// holds at most limit bytes.
func readRegular(name string, limit int64) ([]byte, error) {
	st, err := os.Stat(name)
	if err != nil {
		return nil, statError(name, err)
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("not a regular file (%s); only regular files are read", kind(st.Mode()))
	}
	if st.Size() > limit {
		return nil, fmt.Errorf("file too large: %d bytes, over the limit of %d (--max-file-size)", st.Size(), limit)
	}
	fh, err := os.Open(name)
	if err != nil {
		return nil, unwrapPath(err)
	}
	defer fh.Close()
	// The file may grow between Stat and Read: never read past the limit.
	data, err := io.ReadAll(io.LimitReader(fh, limit+1))
	if err != nil {
		return nil, unwrapPath(err)
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("file too large: over the limit of %d bytes (--max-file-size)", limit)
	}
	return data, nil
}

// statError says what is wrong with a path that cannot be stat'ed, naming
// the target of a broken symbolic link.
func statError(name string, err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		if st, lerr := os.Lstat(name); lerr == nil && st.Mode()&fs.ModeSymlink != 0 {
			target, _ := os.Readlink(name)
			return fmt.Errorf("broken symbolic link (to %q: no such file)", target)
		}
	}
	return unwrapPath(err)
}

// unwrapPath drops the path an *fs.PathError repeats: the entry's message
// starts with it already.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "mode " + m.String()
}

// expand lists the files a path names: itself, the *.pdn files of a
// folder, or the matches of a glob (each expanded in turn). What cannot be
// listed becomes error entries, one per bad path, and does not stop the
// rest. A path that exists is read as a path before it is tried as a
// glob, so a file literally named x[1].pdn is read.
func expand(p string) ([]string, []Entry) {
	if _, err := os.Lstat(p); err != nil && strings.ContainsAny(p, "*?[") {
		m, err := filepath.Glob(p)
		if err != nil {
			return nil, []Entry{fileError(p, fmt.Errorf("bad pattern: %v", err))}
		}
		if len(m) == 0 {
			return nil, []Entry{fileError(p, fmt.Errorf("no file matches %q", p))}
		}
		var out []string
		var errs []Entry
		for _, f := range m {
			sub, e := expandPath(f)
			out = append(out, sub...)
			errs = append(errs, e...)
		}
		return out, errs
	}
	return expandPath(p)
}

// expandPath expands one path without glob characters.
func expandPath(p string) ([]string, []Entry) {
	st, err := os.Stat(p)
	if err != nil {
		return nil, []Entry{fileError(p, statError(p, err))}
	}
	if !st.IsDir() {
		return []string{p}, nil // readRegular says what is wrong with a FIFO
	}
	var out []string
	var errs []Entry
	// A trailing separator makes WalkDir follow a root that is a symbolic
	// link to a folder.
	err = filepath.WalkDir(p+string(filepath.Separator), func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			errs = append(errs, fileError(path, unwrapPath(err)))
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if !d.IsDir() && strings.EqualFold(filepath.Ext(path), ".pdn") {
			out = append(out, path)
		}
		return nil
	})
	if err != nil {
		errs = append(errs, fileError(p, unwrapPath(err)))
	}
	sort.Strings(out)
	if len(out) == 0 && len(errs) == 0 {
		errs = append(errs, fileError(p, fmt.Errorf("no .pdn files in folder")))
	}
	return out, errs
}

// Parse reads the compositions of one PDN file's contents.
func Parse(name string, data []byte) []Entry {
	var out []Entry
	if len(bytes.TrimSpace(data)) == 0 {
		return []Entry{{File: name, Line: 1, Err: fmt.Errorf("%s:1: empty file, no compositions", name)}}
	}
	if e, bad := notUTF8(name, data); bad {
		return []Entry{e}
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
