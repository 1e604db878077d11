// Package archive is the anticipation index of a composing tourney's
// senior judge (11.3.2 originality; 11.7 "identify their predecessors"):
// a Badger store of every position on every line of every composition
// added to it (main line and variations, either side to move), every
// finale, and each composition's moves and source tags; and the query
// that finds, for a composition, the archived ones that share a position,
// a finale or a stretch of play with it. The layout, the kinds of match
// and the limits are in docs/archive.md.
package archive

import (
	"bytes"
	"encoding/binary"

	"draughtsjudge/draughts"
)

// KeySize is the length of a canonical position key: white pieces, black
// pieces and kings as big-endian 64-bit sets, then the side to move.
const KeySize = 25

// Key is a position in canonical form: of the position and its image
// with the colours reversed and the board turned 180 degrees
// (draughts.Position.Mirror), the one whose bytes sort first. Both images
// have the same key; which one the position was is kept beside it.
type Key [KeySize]byte

func encode(p *draughts.Position) Key {
	var k Key
	binary.BigEndian.PutUint64(k[0:], uint64(p.Pieces[draughts.White]))
	binary.BigEndian.PutUint64(k[8:], uint64(p.Pieces[draughts.Black]))
	binary.BigEndian.PutUint64(k[16:], uint64(p.Kings))
	k[24] = byte(p.Side)
	return k
}

// Canonical is p's key and whether the key is that of p's mirror image
// (colours reversed, board turned). Every game system of package draughts
// is symmetric under that image: a man moves towards the other side's
// first row, which the half turn and the exchange of colours map onto
// each other, and the long diagonal stays the long diagonal.
func Canonical(p *draughts.Position, r *draughts.Rules) (Key, bool) {
	a := encode(p)
	m := p.Mirror(r.Board)
	b := encode(&m)
	if bytes.Compare(b[:], a[:]) < 0 {
		return b, true
	}
	return a, false
}

// Trivial reports a position where one side has no piece left: the end
// of most winning lines, shared by unrelated compositions. Such a
// position is indexed as a finale, never as a shared position.
func Trivial(p *draughts.Position) bool {
	return p.Pieces[draughts.White] == 0 || p.Pieces[draughts.Black] == 0
}

// MinFinalePieces is the fewest pieces of a finale the index holds: a
// finale of one or two pieces (a lone king left after the last capture)
// ends countless compositions and says nothing of their idea.
const MinFinalePieces = 3

// plainFinale reports a finale with fewer than MinFinalePieces pieces.
func plainFinale(p *draughts.Position) bool { return p.Occupied().Count() < MinFinalePieces }

// Position decodes a key (in its canonical orientation).
func (k Key) Position() draughts.Position {
	w := draughts.Bitboard(binary.BigEndian.Uint64(k[0:]))
	b := draughts.Bitboard(binary.BigEndian.Uint64(k[8:]))
	kings := draughts.Bitboard(binary.BigEndian.Uint64(k[16:]))
	return draughts.NewPosition(w, b, kings, draughts.Side(k[24]))
}

// The store's keys. Every key starts with one byte naming its table:
//
//	'c' ID                                   the composition's Record (JSON)
//	's' ID srcID                             one of its sources (JSON Source)
//	'p' variant 0 Key ID line ply            a position on a line; value: 1 if mirrored
//	'f' variant 0 Key ID line                a finale of a line; value: 1 if mirrored
//	'a' author 0 variant 0 ID                a composition by author (normalised); value: its initial position (encode)
//	'v'                                      the format version
//
// line and ply are big-endian 16-bit; ply 0 is the initial position.
const (
	tableRecord  = 'c'
	tableSource  = 's'
	tablePos     = 'p'
	tableFinale  = 'f'
	tableVersion = 'v'
	tableAuthor  = 'a'
)

// Format is the version of the key layout; a store of another format is
// refused (rebuild it with archive add).
const Format = 1

// authorPrefix is the prefix of the compositions by author in variant
// (nil for no author).
func authorPrefix(author, variant string) []byte {
	a := normAuthor(author)
	if a == "" {
		return nil
	}
	b := append([]byte{tableAuthor}, a...)
	b = append(b, 0)
	b = append(b, variant...)
	return append(b, 0)
}

func recordKey(id ID) []byte { return append([]byte{tableRecord}, id[:]...) }

func sourceKey(id ID, src ID) []byte {
	k := append([]byte{tableSource}, id[:]...)
	return append(k, src[:]...)
}

// posPrefix is the prefix of every posting of position k in variant.
func posPrefix(table byte, variant string, k Key) []byte {
	b := make([]byte, 0, 2+len(variant)+KeySize+IDSize+4)
	b = append(b, table)
	b = append(b, variant...)
	b = append(b, 0)
	return append(b, k[:]...)
}

func postingKey(table byte, variant string, k Key, id ID, line, ply int) []byte {
	b := posPrefix(table, variant, k)
	b = append(b, id[:]...)
	b = binary.BigEndian.AppendUint16(b, uint16(line))
	if table == tablePos {
		b = binary.BigEndian.AppendUint16(b, uint16(ply))
	}
	return b
}
