package archive

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"unicode/utf8"

	"draughtsjudge/composition"
	"draughtsjudge/corpus"
	"draughtsjudge/draughts"
)

// MaxGameBytes is the largest game the stream reads (4 MiB): a longer run
// of text without a game boundary is not a composition (a wrong file, a
// binary); it is reported and skipped up to the next game.
const MaxGameBytes = 4 << 20

// Chunk is a piece of a PDN file that holds one game (or a few, where the
// text between them gives no boundary the cutter trusts): its text and
// the line it starts on.
type Chunk struct {
	File string
	Line int
	Data []byte
	Err  error // the chunk could not be read (too long, not UTF-8, I/O)
	// End marks the file's end (no Data): a file without games and
	// without errors is then one error, as for draughts.ReadPDN.
	End bool
}

// Cut reads r line by line and calls fn with each chunk, never holding
// more than one game in memory. A game starts at a line that begins with
// '[' after a line that does not (lines starting with ';' or '%' are
// escape lines and do not count), outside a {...} comment: the rule by
// which draughts.ReadPDN resynchronises after a bad game. fn's error
// stops the reading and is returned; so is a read error of r.
func Cut(name string, r io.Reader, fn func(Chunk) error) error {
	br := bufio.NewReaderSize(r, 1<<16)
	var cur []byte
	start, line := 1, 0
	// hasTag: the chunk holds a tag line. Text before a file's first tag
	// (a comment) belongs to its first game, as for draughts.ReadPDN.
	prevTag, inBrace, tooLong, hasTag := false, false, false, false
	flush := func(next int) error {
		defer func() { cur, start, tooLong, hasTag = cur[:0], next, false, false }()
		if tooLong {
			return fn(Chunk{File: name, Line: start, Err: fmt.Errorf("%s:%d: more than %d bytes without a game boundary: not a composition, skipped", name, start, MaxGameBytes)})
		}
		if len(bytes.TrimSpace(cur)) == 0 {
			return nil
		}
		c := Chunk{File: name, Line: start, Data: append([]byte(nil), cur...)}
		if !utf8.Valid(c.Data) && bytes.IndexByte(c.Data, 0) < 0 {
			c.Err = notUTF8(name, start, c.Data)
		}
		return fn(c)
	}
	for {
		text, err := readLine(br)
		if len(text) > 0 {
			line++
			c := text[0]
			if c == '[' && !prevTag && !inBrace && hasTag {
				if ferr := flush(line); ferr != nil {
					return ferr
				}
			}
			tag := c == '[' && !inBrace // a '[' inside a comment is comment
			if c != ';' && c != '%' {
				prevTag = tag
			}
			hasTag = hasTag || tag
			if !tag {
				inBrace = braceState(text, inBrace)
			}
			if len(cur)+len(text) > MaxGameBytes {
				tooLong = true
			} else if !tooLong {
				cur = append(cur, text...)
			}
		}
		if err == io.EOF {
			return flush(line + 1)
		}
		if err != nil {
			return err
		}
	}
}

// readLine returns the next line with its newline, however long; io.EOF
// with the last (unterminated) line.
func readLine(br *bufio.Reader) ([]byte, error) {
	line, err := br.ReadSlice('\n')
	if err != bufio.ErrBufferFull {
		return line, err
	}
	buf := append([]byte(nil), line...)
	for err == bufio.ErrBufferFull {
		line, err = br.ReadSlice('\n')
		if len(buf) <= MaxGameBytes {
			buf = append(buf, line...)
		}
	}
	return buf, err
}

// braceState says whether a {...} comment is still open after line, given
// whether one was open before it; a ';' outside braces comments out the
// rest of the line.
func braceState(line []byte, open bool) bool {
	for _, c := range line {
		switch {
		case open && c == '}':
			open = false
		case !open && c == '{':
			open = true
		case !open && c == ';':
			return false
		}
	}
	return open
}

func notUTF8(name string, line int, data []byte) error {
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n <= 1 {
			return fmt.Errorf("%s:%d: not UTF-8 (byte 0x%02X): PDN input is read as UTF-8; convert the file first, e.g. iconv -f cp1251 -t utf-8", name, line, data[i])
		}
		if r == '\n' {
			line++
		}
		i += n
	}
	return nil
}

// Item is one composition read from a chunk, or one error.
type Item struct {
	Comp *composition.Composition
	Err  error // file:line: what is wrong
}

// Parse reads the compositions of a chunk; first is the game number in
// the file of its first game. It returns the items in file order and the
// number of games read.
func (c Chunk) Parse(first int) ([]Item, int) {
	if c.Err != nil {
		return []Item{{Err: c.Err}}, 0
	}
	if c.End {
		return nil, 0
	}
	games, errs := draughts.ReadPDNAt(c.File, c.Data, c.Line)
	if len(games) == 0 && len(errs) == 1 {
		// Text without a game (comment lines): the file's end says
		// whether the whole file had none.
		if pe, ok := errs[0].(*draughts.PDNError); ok && pe.Msg == "no games found" {
			return nil, 0
		}
	}
	var out []Item
	for _, e := range errs {
		out = append(out, Item{Err: e})
	}
	for i := range games {
		g := &games[i]
		comp, err := composition.FromGame(c.File, first+i, g)
		out = append(out, Item{Comp: comp, Err: err})
	}
	return out, len(games)
}

// Files expands paths (files, folders, globs, as corpus.LoadWith does)
// and calls fn with each chunk of each file in turn. A path that names no
// file, or a file that is not a regular file, is one error chunk; fn's
// error stops the reading and is returned.
func Files(paths []string, fn func(Chunk) error) error {
	files, bad := corpus.Files(paths)
	for _, e := range bad {
		if err := fn(Chunk{File: e.File, Line: e.Line, Err: e.Err}); err != nil {
			return err
		}
	}
	for _, f := range files {
		if err := cutFile(f, fn); err != nil {
			return err
		}
	}
	return nil
}

// errStop marks fn's own error, which cutFile returns as it is.
type errStop struct{ err error }

func (e errStop) Error() string { return e.err.Error() }

func cutFile(name string, fn func(Chunk) error) error {
	bad := func(err error) error {
		return fn(Chunk{File: name, Line: 1, Err: fmt.Errorf("%s:1: %v", name, err)})
	}
	st, err := os.Stat(name)
	if err != nil {
		return bad(err)
	}
	if !st.Mode().IsRegular() {
		return bad(fmt.Errorf("not a regular file; only regular files are read"))
	}
	fh, err := os.Open(name)
	if err != nil {
		return bad(err)
	}
	defer fh.Close()
	err = Cut(name, fh, func(c Chunk) error {
		if err := fn(c); err != nil {
			return errStop{err}
		}
		return nil
	})
	var stop errStop
	if errors.As(err, &stop) {
		return stop.err
	}
	if err != nil {
		return bad(fmt.Errorf("reading: %v", err))
	}
	return fn(Chunk{File: name, Line: 1, End: true})
}
