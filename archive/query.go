package archive

import (
	"bytes"
	"encoding/binary"
	"sort"
	"strings"

	"draughtsjudge/draughts"

	"github.com/dgraph-io/badger/v4"
)

// MatchKind is how an archived composition anticipates a query's.
type MatchKind string

// The kinds of match, strongest first.
const (
	// SameComposition: the same initial position, stipulation and lines
	// (an exact duplicate, perhaps under another source).
	SameComposition MatchKind = "same composition"
	// SameInitial: the same initial position (up to the mirror image).
	SameInitial MatchKind = "same initial position"
	// SharedPosition: the query's position after Ply plies of Line is the
	// other's after OtherPly plies of OtherLine (0: its initial position).
	SharedPosition MatchKind = "shared position"
	// SamePlay: from a shared position both go on with the same Plies
	// plies (the same combination).
	SamePlay MatchKind = "same play"
	// SameFinale: a fulfilled finale of both.
	SameFinale MatchKind = "same finale"
	// NearlySame: by an author of the query's source, with an initial
	// position at most two squares apart (from the query's or its mirror
	// image): a version, found even without a shared position.
	NearlySame MatchKind = "nearly the same initial position"
)

// Match is one link between a query and an archived composition. Line
// and Ply are the query's (line index in Record.Lines, plies from the
// start: 0 is the initial position), OtherLine and OtherPly the other's.
type Match struct {
	Kind      MatchKind `json:"kind"`
	Line      int       `json:"line"`
	Ply       int       `json:"ply"`
	OtherLine int       `json:"other_line"`
	OtherPly  int       `json:"other_ply"`
	Plies     int       `json:"plies,omitempty"` // SamePlay: the identical plies
	// Mirrored: the other has the position with the colours reversed
	// and the board turned (Canonical).
	Mirrored bool `json:"mirrored,omitempty"`
}

// Hit is an archived composition that shares something with the query.
type Hit struct {
	ID      ID       `json:"-"`
	Record  Record   `json:"record"`
	Sources []Source `json:"sources"` // oldest date first, at most MaxSources
	// MoreSources counts the sources beyond those read.
	MoreSources int     `json:"more_sources,omitempty"`
	Matches     []Match `json:"matches"`
	// Run is the longest shared stretch, in positions (a measure of how
	// much the two have in common; the order of the hits).
	Run int `json:"run"`
}

// FindOptions tune Find.
type FindOptions struct {
	Max int // hits returned, the strongest (0: DefaultMaxHits)
	// MaxPostings caps the compositions read per position (0:
	// DefaultMaxPostings): a position that thousands share says little.
	MaxPostings int
}

// Defaults of FindOptions.
const (
	DefaultMaxHits     = 20
	DefaultMaxPostings = 2000
)

type point struct {
	qi, n, aj, m int
	rel          bool // one of the two is the mirror image of the other
}

// Find looks up every position and finale of e and returns the archived
// compositions that share one, strongest first (an exact duplicate, then
// the longest shared play, then the ID): deterministic for one archive.
// The query's own ID is a hit too (SameComposition) when the archive
// holds it; the caller tells its own source apart.
func (a *Archive) Find(e *Entry, opt FindOptions) ([]Hit, error) {
	if opt.Max <= 0 {
		opt.Max = DefaultMaxHits
	}
	if opt.MaxPostings <= 0 {
		opt.MaxPostings = DefaultMaxPostings
	}
	var hits []Hit
	err := a.db.View(func(txn *badger.Txn) error {
		pts := map[ID][]point{}
		fins := map[ID][]point{}
		v := e.Record.Variant
		seen := map[Key][]posting{}
		for i, l := range e.Lines {
			for n := range l {
				if Trivial(&l[n]) {
					continue
				}
				k, mq := Canonical(&l[n], e.Rules)
				ps, ok := seen[k]
				if !ok {
					ps = scan(txn, posPrefix(tablePos, v, k), true, opt.MaxPostings)
					seen[k] = ps
				}
				for _, p := range ps {
					pts[p.id] = append(pts[p.id], point{i, n, p.line, p.ply, p.mirrored != mq})
				}
			}
		}
		for _, f := range e.Finales {
			if plainFinale(&f.Position) {
				continue
			}
			k, mq := Canonical(&f.Position, e.Rules)
			for _, p := range scan(txn, posPrefix(tableFinale, v, k), false, opt.MaxPostings) {
				fins[p.id] = append(fins[p.id], point{f.Line, len(e.Lines[f.Line]) - 1, p.line, 0, p.mirrored != mq})
			}
		}
		for id := range fins {
			if _, ok := pts[id]; !ok {
				pts[id] = nil
			}
		}
		near := versions(txn, e, opt.MaxPostings)
		for id := range near {
			if _, ok := pts[id]; !ok {
				pts[id] = nil
			}
		}
		for id, ps := range pts {
			h := matches(e, id, ps, fins[id])
			if m, ok := near[id]; ok && id != e.ID && (len(h.Matches) == 0 || h.Matches[0].Kind != SameInitial) {
				h.Matches = append(h.Matches, Match{Kind: NearlySame, Mirrored: m})
			}
			hits = append(hits, h)
		}
		sort.Slice(hits, func(i, j int) bool { return stronger(&hits[i], &hits[j]) })
		var kept []Hit
		for _, h := range hits {
			if len(kept) == opt.Max {
				break
			}
			rec, srcs, more, ok, err := get(txn, h.ID, MaxSources)
			if err != nil {
				return err
			}
			if !ok {
				continue // postings without their record: never committed whole
			}
			h.Record, h.Sources, h.MoreSources = rec, srcs, more
			for i := range h.Matches {
				if m := &h.Matches[i]; m.Kind == SameFinale && m.OtherLine < len(rec.Lines) {
					m.OtherPly = len(rec.Lines[m.OtherLine])
				}
			}
			kept = append(kept, h)
		}
		hits = kept
		return nil
	})
	return hits, err
}

type posting struct {
	id        ID
	line, ply int
	mirrored  bool
}

// scan reads the postings under prefix (at most max).
func scan(txn *badger.Txn, prefix []byte, withPly bool, max int) []posting {
	it := txn.NewIterator(badger.IteratorOptions{Prefix: prefix, PrefetchValues: false})
	defer it.Close()
	var out []posting
	for it.Rewind(); it.Valid() && len(out) < max; it.Next() {
		item := it.Item()
		k := item.Key()[len(prefix):]
		if len(k) < IDSize+2 {
			continue
		}
		var p posting
		copy(p.id[:], k)
		p.line = int(binary.BigEndian.Uint16(k[IDSize:]))
		if withPly && len(k) >= IDSize+4 {
			p.ply = int(binary.BigEndian.Uint16(k[IDSize+2:]))
		}
		_ = item.Value(func(v []byte) error {
			p.mirrored = len(v) > 0 && v[0] == 1
			return nil
		})
		out = append(out, p)
	}
	return out
}

// matches turns the shared points of one archived composition into its
// matches: the longest run of consecutive shared positions on one pair of
// lines in one orientation is the shared position and the same play.
func matches(e *Entry, id ID, ps, fins []point) Hit {
	h := Hit{ID: id}
	if id == e.ID {
		// Every position is shared: the rest would only repeat it.
		h.Matches = append(h.Matches, Match{Kind: SameComposition})
		h.Run = len(ps)
		return h
	}
	sort.Slice(ps, func(i, j int) bool {
		a, b := ps[i], ps[j]
		switch {
		case a.qi != b.qi:
			return a.qi < b.qi
		case a.aj != b.aj:
			return a.aj < b.aj
		case a.rel != b.rel:
			return !a.rel
		case a.n-a.m != b.n-b.m:
			return a.n-a.m < b.n-b.m
		}
		return a.n < b.n
	})
	var best point
	bestLen, initial := 0, -1
	for i := 0; i < len(ps); {
		j := i + 1
		for j < len(ps) && ps[j].qi == ps[i].qi && ps[j].aj == ps[i].aj && ps[j].rel == ps[i].rel &&
			ps[j].n-ps[j].m == ps[i].n-ps[i].m && ps[j].n == ps[j-1].n+1 {
			j++
		}
		if j-i > bestLen || (j-i == bestLen && ps[i].n < best.n) {
			best, bestLen = ps[i], j-i
		}
		if ps[i].n == 0 && ps[i].m == 0 && initial < 0 {
			initial = i
		}
		i = j
	}
	if initial >= 0 {
		p := ps[initial]
		h.Matches = append(h.Matches, Match{Kind: SameInitial, Line: p.qi, OtherLine: p.aj, Mirrored: p.rel})
	}
	if bestLen > 0 && (best.n != 0 || best.m != 0) {
		h.Matches = append(h.Matches, Match{Kind: SharedPosition, Line: best.qi, Ply: best.n, OtherLine: best.aj, OtherPly: best.m, Mirrored: best.rel})
	}
	if bestLen > 1 {
		h.Matches = append(h.Matches, Match{Kind: SamePlay, Line: best.qi, Ply: best.n, OtherLine: best.aj, OtherPly: best.m, Plies: bestLen - 1, Mirrored: best.rel})
	}
	if len(fins) > 0 {
		f := fins[0]
		h.Matches = append(h.Matches, Match{Kind: SameFinale, Line: f.qi, Ply: f.n, OtherLine: f.aj, Mirrored: f.rel})
	}
	h.Run = bestLen
	return h
}

// weight orders the hits: an exact duplicate first, then the longest
// shared play, the same initial position, the same finale.
func (h *Hit) weight() int {
	w := 4 * h.Run
	for _, m := range h.Matches {
		switch m.Kind {
		case SameComposition:
			w += 1 << 20
		case SameInitial:
			w += 3
		case SameFinale:
			w += 2
		case NearlySame:
			w++
		}
	}
	return w
}

func stronger(a, b *Hit) bool {
	if wa, wb := a.weight(), b.weight(); wa != wb {
		return wa > wb
	}
	return bytes.Compare(a.ID[:], b.ID[:]) < 0
}

// Version reports whether h is a version of the query e rather than a
// predecessor: another composition (not the same ID) by an author of e's
// source, whose initial position differs from e's, or from its mirror
// image, on at most two squares.
func Version(e *Entry, h *Hit) bool {
	if h.ID == e.ID || normAuthor(e.Source.Author) == "" {
		return false
	}
	same := false
	for _, s := range h.Sources {
		same = same || normAuthor(s.Author) == normAuthor(e.Source.Author)
	}
	if !same || h.Record.Variant != e.Record.Variant {
		return false
	}
	p, err := draughts.ParseFEN(e.Rules, h.Record.FEN)
	if err != nil {
		return false
	}
	q := e.Lines[0][0]
	m := q.Mirror(e.Rules.Board)
	return squaresApart(&p, &q) <= 2 || squaresApart(&p, &m) <= 2
}

// versions lists the compositions by the author of e's source whose
// initial position is within two squares of e's (value: from e's mirror
// image), at most max read.
func versions(txn *badger.Txn, e *Entry, max int) map[ID]bool {
	prefix := authorPrefix(e.Source.Author, e.Record.Variant)
	if prefix == nil {
		return nil
	}
	q := e.Lines[0][0]
	m := q.Mirror(e.Rules.Board)
	out := map[ID]bool{}
	it := txn.NewIterator(badger.IteratorOptions{Prefix: prefix, PrefetchValues: true, PrefetchSize: 64})
	defer it.Close()
	n := 0
	for it.Rewind(); it.Valid() && n < max; it.Next() {
		n++
		var id ID
		copy(id[:], it.Item().Key()[len(prefix):])
		_ = it.Item().Value(func(v []byte) error {
			if len(v) != KeySize {
				return nil
			}
			var k Key
			copy(k[:], v)
			p := k.Position()
			switch {
			case squaresApart(&p, &q) <= 2:
				out[id] = false
			case squaresApart(&p, &m) <= 2:
				out[id] = true
			}
			return nil
		})
	}
	return out
}

// squaresApart counts the squares whose contents differ.
func squaresApart(a, b *draughts.Position) int {
	diff := (a.Pieces[draughts.White] ^ b.Pieces[draughts.White]) | (a.Pieces[draughts.Black] ^ b.Pieces[draughts.Black]) | (a.Kings ^ b.Kings)
	return diff.Count()
}

func normAuthor(s string) string {
	return strings.Join(strings.Fields(strings.ToLower(strings.TrimSpace(s))), " ")
}

// ReplayRecord returns the positions of the archived lines (Lines[i][n]:
// after n plies of line i), for showing a shared position.
func ReplayRecord(id ID, r *Record) ([][]draughts.Position, error) {
	e, err := r.entry(id)
	if err != nil {
		return nil, err
	}
	return e.Lines, nil
}
