package archive

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"

	"draughtsjudge/composition"
	"draughtsjudge/draughts"
)

// IDSize is the length of a composition's ID.
const IDSize = 8

// ID names a composition by its content (Entry.ID): the same composition
// added twice, from two files or two sources, has one ID and one Record.
type ID [IDSize]byte

func (id ID) String() string { return hex.EncodeToString(id[:]) }

// ParseID reads an ID written by String.
func ParseID(s string) (ID, error) {
	var id ID
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != IDSize {
		return id, fmt.Errorf("bad archive id %q: want %d hex digits", s, 2*IDSize)
	}
	copy(id[:], b)
	return id, nil
}

// Record is what the archive keeps of a composition's content.
type Record struct {
	Variant     string `json:"variant"`
	FEN         string `json:"fen"`
	Genre       string `json:"genre,omitempty"`
	Stipulation string `json:"stipulation,omitempty"`
	// Lines are the author's lines in canonical notation, main line
	// first (composition.Lines: identical lines once).
	Lines [][]string `json:"lines"`
}

// Source is where a composition was found: its source tags and the
// place it was read from.
type Source struct {
	Author string `json:"author,omitempty"`
	Source string `json:"source,omitempty"`
	Date   string `json:"date,omitempty"`
	Event  string `json:"event,omitempty"`
	File   string `json:"file"`
	Line   int    `json:"line"`
	Index  int    `json:"index"` // 1-based game number in File
	// Entry names an entry of a batch ("file#index"); "" in an archive.
	Entry string `json:"entry,omitempty"`
}

// id is the source's identity: its tags and, in a batch, its entry; not
// where it was read, so that adding one file twice (or a copy of it) to
// an archive adds nothing.
func (s Source) id() ID {
	h := sha256.Sum256([]byte(strings.Join([]string{s.Author, s.Source, s.Date, s.Event, s.Entry}, "\x00")))
	var id ID
	copy(id[:], h[:])
	return id
}

// Name is "file:line" of the source.
func (s Source) Name() string { return fmt.Sprintf("%s:%d", s.File, s.Line) }

// Entry is one composition ready for the index: its content, one source,
// and the positions of its lines.
type Entry struct {
	ID     ID
	Record Record
	Source Source
	Rules  *draughts.Rules
	// Lines[i][n] is the position after n plies of line i (0: the
	// initial position); Finales are the fulfilled finales.
	Lines   [][]draughts.Position
	Finales []Finale
}

// Finale is a line's end position where the stipulation is fulfilled.
type Finale struct {
	Line     int
	Position draughts.Position
}

// ErrLasca is returned for a Lasca composition: its positions are columns,
// which the index does not hold.
var ErrLasca = errors.New("a Lasca composition: not indexed (its positions are columns)")

// FromComposition replays c's lines into an Entry. An illegal move of the
// author's solution is an error ("file:line:col: move N. text: why"): the
// composition is not indexed. A line's end is a finale when the side to
// move there has no legal move (no piece left, or blocked): the goal of a
// win, a lock and a giveaway (8.1); a caller that knows more (a report's
// fulfilled finales) adds them with AddFinale.
func FromComposition(c *composition.Composition) (*Entry, error) {
	if c.Lasca != nil || c.Rules == nil {
		return nil, ErrLasca
	}
	if errs := draughts.Replay(c.File, c.Game.Moves, c.Rules, c.Start, nil); len(errs) > 0 {
		return nil, errs[0]
	}
	e := &Entry{Rules: c.Rules, Record: Record{Variant: c.Rules.ID, FEN: draughts.FEN(&c.Start, c.Rules),
		Genre: c.Genre, Stipulation: c.Stipulation.Text, Lines: [][]string{}},
		Source: Source{Author: c.Author, Source: c.Source, Date: c.Date, Event: c.Event, File: c.File, Line: c.Line, Index: c.Index}}
	lines := c.Lines()
	if len(lines) == 0 {
		lines = []composition.Line{{End: c.Start, Main: true}}
	}
	for i, l := range lines {
		ps := make([]draughts.Position, 0, len(l.Before)+1)
		ps = append(ps, l.Before...)
		ps = append(ps, l.End)
		if len(l.Before) == 0 {
			ps = []draughts.Position{c.Start}
		}
		e.Lines = append(e.Lines, ps)
		e.Record.Lines = append(e.Record.Lines, append([]string{}, l.Text...))
		end := ps[len(ps)-1]
		if len(draughts.LegalMoves(&end, c.Rules)) == 0 {
			e.Finales = append(e.Finales, Finale{Line: i, Position: end})
		}
	}
	e.ID = e.Record.ID()
	return e, nil
}

// AddFinale adds a fulfilled finale of line (a report's, reached by forced
// play after the author's last move), once.
func (e *Entry) AddFinale(line int, p draughts.Position) {
	for _, f := range e.Finales {
		if f.Line == line && f.Position == p {
			return
		}
	}
	e.Finales = append(e.Finales, Finale{Line: line, Position: p})
}

// ID is the content hash: system, initial position, stipulation and
// lines. The source tags are not part of it.
func (r *Record) ID() ID {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00", r.Variant, r.FEN, r.Stipulation)
	for _, l := range r.Lines {
		fmt.Fprintf(h, "%s\x01", strings.Join(l, " "))
	}
	var id ID
	copy(id[:], h.Sum(nil))
	return id
}
