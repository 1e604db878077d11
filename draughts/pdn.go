package draughts

// A syntax-level reader for PDN (Portable Draughts Notation) files.
//
// The reader knows nothing about the rules of the game: move tokens are
// checked only for their shape (squares joined by '-', 'x', 'X' or ':') and
// are kept as text.

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// PDNError is a syntax error with its location. Error() returns
// "file:line:col: msg" (omit "file:" when File is empty). Line and Col are
// 1-based; Col counts bytes (a leading UTF-8 byte order mark is not counted).
type PDNError struct {
	File      string
	Line, Col int
	Msg       string
}

// Error formats the error as "file:line:col: msg", or "line:col: msg" when
// File is empty.
func (e *PDNError) Error() string {
	if e.File == "" {
		return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

// Tag is one [Name "Value"] pair. Line and Col give the position of its '['.
type Tag struct {
	Name, Value string
	Line, Col   int
}

// Ply is one half-move as written in the movetext.
type Ply struct {
	Text       string  // move text as written ("c3-d4", "32x23", "d2:h6:f8"), with trailing annotation marks !,?,+,*,# stripped
	Number     int     // the move number written before it (e.g. 12 for "12." or "12..."), 0 if none
	Line, Col  int     // position of Text in the file
	Comment    string  // text of {...} comments that follow this ply (joined with a space), trimmed
	NAGs       []int   // $n after the ply, and !/?/!!/??/!?/?! converted to NAG 1..6 the usual PGN way
	Variations [][]Ply // each variation is an alternative to THIS ply (it starts from the position before this ply), i.e. "( ... )" that follow this ply
}

// Game is one PDN game.
type Game struct {
	Tags    []Tag  // in file order
	Line    int    // line of the game's first token
	Comment string // comments before the first ply
	Moves   []Ply  // main line
	Result  string // "1-0","0-1","1/2-1/2","2-0","0-2","1-1","0-0","*" or "" if none
}

// Tag returns the value of the first tag whose name matches name
// case-insensitively, and whether such a tag exists.
func (g *Game) Tag(name string) (string, bool) {
	for _, t := range g.Tags {
		if strings.EqualFold(t.Name, name) {
			return t.Value, true
		}
	}
	return "", false
}

// ReadPDN parses every game in data. name is used in errors. A syntax error
// inside a game is returned in errs (each error is a *PDNError) and the game
// is dropped; the reader then skips to the next game (the next line that
// starts with '[' and follows a blank line, a non-tag line or the line of the
// error), so one bad game does not lose the others. A file containing a NUL
// byte yields the single error "binary file, not PDN"; a file without games
// and without other errors yields "no games found". ReadPDN never panics.
//
// Comments written with ';' (not at column 1) are treated like {...}
// comments. Comments at the start of a variation are put in front of the
// comment of the variation's first ply.
func ReadPDN(name string, data []byte) (games []Game, errs []error) {
	return ReadPDNAt(name, data, 1)
}

// ReadPDNAt is ReadPDN for a piece of a file that starts at the beginning
// of line line (1-based): every line number it gives counts from there. A
// reader that streams a large file cuts it into games and reads each with
// ReadPDNAt (package archive). Only at line 1 is a byte order mark dropped.
func ReadPDNAt(name string, data []byte, line int) (games []Game, errs []error) {
	if line < 1 {
		line = 1
	}
	p := &pdnParser{file: name}
	defer func() {
		if r := recover(); r != nil {
			games = p.games
			errs = append(p.errs, &PDNError{File: name, Line: line, Col: 1, Msg: fmt.Sprintf("internal error: %v", r)})
		}
	}()
	if bytes.IndexByte(data, 0) >= 0 {
		return nil, []error{&PDNError{File: name, Line: line, Col: 1, Msg: "binary file, not PDN"}}
	}
	if line == 1 {
		data = bytes.TrimPrefix(data, []byte("\xEF\xBB\xBF"))
	}
	p.lx = pdnLexer{data: data, line: line}
	for !p.parseGame() {
	}
	if len(p.games) == 0 && len(p.errs) == 0 {
		p.errs = append(p.errs, &PDNError{File: name, Line: line, Col: 1, Msg: "no games found"})
	}
	return p.games, p.errs
}

// ---------------------------------------------------------------------------
// Lexer

type pdnTokKind int

const (
	pdnEOFTok     pdnTokKind = iota
	pdnTagTok                // [Name "Value"]: text is the name, value the value
	pdnCommentTok            // {...} or ;... comment: text is its content
	pdnOpenTok               // (
	pdnCloseTok              // )
	pdnWordTok               // any other run of characters
	pdnErrTok                // lexical error: text is the message, errLine/errCol its position
)

type pdnToken struct {
	kind      pdnTokKind
	text      string
	value     string
	line, col int  // position of the token's first byte
	off       int  // byte offset of the token's first byte
	blank     bool // a blank line lies between the previous token and this one
	errLine   int
	errCol    int
}

type pdnLexer struct {
	data      []byte
	pos       int // offset of the next byte to read
	line      int // line of pos
	lineStart int // offset of the first byte of line
}

func pdnIsSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'
}

// pdnIsDelim reports whether c ends a word.
func pdnIsDelim(c byte) bool {
	switch c {
	case '{', '}', '(', ')', '[', ']', ';', '$':
		return true
	}
	return pdnIsSpace(c)
}

func pdnIsIdent(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// pdnIsTagName reports whether c may be part of a tag name: an identifier
// byte, or any byte of a multi-byte UTF-8 sequence, so that the Russian tag
// names composition.Tag accepts as synonyms ([Жанр "этюд"]) are read.
func pdnIsTagName(c byte) bool {
	return pdnIsIdent(c) || c >= 0x80
}

// skip skips white space and escape lines (';' or '%' in column 1). It
// reports whether a blank line was skipped.
func (lx *pdnLexer) skip() (blank bool) {
	d := lx.data
	lineEmpty := lx.pos == lx.lineStart
	for lx.pos < len(d) {
		c := d[lx.pos]
		switch {
		case c == '\n':
			if lineEmpty {
				blank = true
			}
			lx.pos++
			lx.line++
			lx.lineStart = lx.pos
			lineEmpty = true
		case pdnIsSpace(c):
			lx.pos++
		case (c == ';' || c == '%') && lx.pos == lx.lineStart:
			lineEmpty = false
			if i := bytes.IndexByte(d[lx.pos:], '\n'); i >= 0 {
				lx.pos += i
			} else {
				lx.pos = len(d)
			}
		default:
			return blank
		}
	}
	return blank
}

func (lx *pdnLexer) next() pdnToken {
	blank := lx.skip()
	t := pdnToken{line: lx.line, col: lx.pos - lx.lineStart + 1, off: lx.pos, blank: blank}
	d := lx.data
	if lx.pos >= len(d) {
		t.kind = pdnEOFTok
		return t
	}
	switch c := d[lx.pos]; c {
	case '[':
		return lx.tag(t)
	case '{':
		return lx.braceComment(t)
	case ';':
		end := len(d)
		if i := bytes.IndexByte(d[lx.pos:], '\n'); i >= 0 {
			end = lx.pos + i
		}
		t.kind = pdnCommentTok
		t.text = string(d[lx.pos+1 : end])
		lx.pos = end
		return t
	case '(':
		t.kind = pdnOpenTok
		lx.pos++
		return t
	case ')':
		t.kind = pdnCloseTok
		lx.pos++
		return t
	case ']', '}':
		t.kind = pdnWordTok
		t.text = string(c)
		lx.pos++
		return t
	}
	start := lx.pos
	lx.pos++ // the first byte may be '$'
	for lx.pos < len(d) && !pdnIsDelim(d[lx.pos]) {
		lx.pos++
	}
	t.kind = pdnWordTok
	t.text = string(d[start:lx.pos])
	return t
}

func (lx *pdnLexer) errTok(t pdnToken, off int, msg string) pdnToken {
	t.kind = pdnErrTok
	t.text = msg
	t.errLine = lx.line
	t.errCol = off - lx.lineStart + 1
	return t
}

// tag reads a [Name "Value"] pair on one line.
func (lx *pdnLexer) tag(t pdnToken) pdnToken {
	d := lx.data
	blanks := func(p int) int {
		for p < len(d) && (d[p] == ' ' || d[p] == '\t' || d[p] == '\r' && p+1 < len(d) && d[p+1] != '\n') {
			p++
		}
		return p
	}
	p := blanks(lx.pos + 1)
	ns := p
	for p < len(d) && pdnIsTagName(d[p]) {
		p++
	}
	if p == ns {
		return lx.errTok(t, p, "malformed tag: missing tag name")
	}
	t.kind = pdnTagTok
	t.text = string(d[ns:p])
	p = blanks(p)
	if p >= len(d) || d[p] != '"' {
		return lx.errTok(t, p, "malformed tag: missing '\"' before tag value")
	}
	q := p
	p++
	var val []byte
	for {
		if p >= len(d) || d[p] == '\n' || d[p] == '\r' && (p+1 >= len(d) || d[p+1] == '\n') {
			return lx.errTok(t, q, "unterminated tag value")
		}
		c := d[p]
		if c == '"' {
			p++
			break
		}
		if c == '\\' && p+1 < len(d) && (d[p+1] == '"' || d[p+1] == '\\') {
			val = append(val, d[p+1])
			p += 2
			continue
		}
		val = append(val, c)
		p++
	}
	t.value = string(val)
	p = blanks(p)
	if p >= len(d) || d[p] != ']' {
		return lx.errTok(t, p, "malformed tag: missing ']'")
	}
	lx.pos = p + 1
	return t
}

// pdnLooksLikeTag reports whether b starts with `[Name "`.
func pdnLooksLikeTag(b []byte) bool {
	if len(b) == 0 || b[0] != '[' {
		return false
	}
	i := 1
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	j := i
	for j < len(b) && pdnIsTagName(b[j]) {
		j++
	}
	if j == i {
		return false
	}
	for j < len(b) && (b[j] == ' ' || b[j] == '\t') {
		j++
	}
	return j < len(b) && b[j] == '"'
}

// braceComment reads a {...} comment, which may span lines. A comment that
// reaches the end of the file, or a line that starts with a tag pair, is
// unclosed.
func (lx *pdnLexer) braceComment(t pdnToken) pdnToken {
	d := lx.data
	line, ls := lx.line, lx.lineStart
	for p := lx.pos + 1; p < len(d); p++ {
		switch d[p] {
		case '}':
			t.kind = pdnCommentTok
			t.text = strings.ReplaceAll(string(d[lx.pos+1:p]), "\r\n", "\n")
			lx.pos, lx.line, lx.lineStart = p+1, line, ls
			return t
		case '\n':
			line++
			ls = p + 1
			if pdnLooksLikeTag(d[p+1:]) {
				return lx.errTok(t, lx.pos, "unclosed comment")
			}
		}
	}
	return lx.errTok(t, lx.pos, "unclosed comment")
}

// resync moves the lexer to the start of the next game after the line line
// (which contains offset off): the first later line that starts with '[' and
// whose previous line, not counting escape lines, does not start with '['.
func (lx *pdnLexer) resync(off, line int) {
	d := lx.data
	if off > len(d) {
		off = len(d)
	}
	p := bytes.LastIndexByte(d[:off], '\n') + 1
	prevTag := p < len(d) && d[p] == '['
	for {
		i := bytes.IndexByte(d[p:], '\n')
		if i < 0 {
			lx.pos, lx.line, lx.lineStart = len(d), line, p
			return
		}
		p += i + 1
		line++
		if p >= len(d) {
			lx.pos, lx.line, lx.lineStart = len(d), line, p
			return
		}
		switch c := d[p]; {
		case c == '[' && !prevTag:
			lx.pos, lx.line, lx.lineStart = p, line, p
			return
		case c == ';' || c == '%':
		default:
			prevTag = c == '['
		}
	}
}

// ---------------------------------------------------------------------------
// Parser

// pdnLine is a line of play (the main line or a variation) under construction.
type pdnLine struct {
	plies []*pdnPly
	pre   []string // comments before the first ply
}

type pdnPly struct {
	ply      Ply
	comments []string
	vars     []*pdnLine
}

type pdnParser struct {
	lx     pdnLexer
	file   string
	unread []pdnToken
	games  []Game
	errs   []error
}

func (p *pdnParser) next() pdnToken {
	if n := len(p.unread); n > 0 {
		t := p.unread[n-1]
		p.unread = p.unread[:n-1]
		return t
	}
	return p.lx.next()
}

func (p *pdnParser) addErr(line, col int, format string, args ...any) {
	p.errs = append(p.errs, &PDNError{File: p.file, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)})
}

// fail records an error and skips to the next game. at is the token where
// the error was noticed.
func (p *pdnParser) fail(at pdnToken, line, col int, format string, args ...any) {
	p.addErr(line, col, format, args...)
	if at.kind == pdnTagTok || at.kind == pdnEOFTok {
		p.unread = append(p.unread, at)
		return
	}
	p.unread = p.unread[:0]
	p.lx.resync(at.off, at.line)
}

var pdnResults = map[string]bool{
	"1-0": true, "0-1": true, "1/2-1/2": true, "2-0": true,
	"0-2": true, "1-1": true, "0-0": true, "*": true,
}

// pdnGame is the state of one game while parseGame reads it.
type pdnGame struct {
	g          Game
	main       *pdnLine
	stack      []*pdnLine // the main line, then the open variations
	opens      []pdnToken // the '(' of each open variation
	inTags     bool       // no movetext seen yet
	sawBlank   bool       // a blank line since the last tag
	pendingNum int        // move number waiting for its ply
	afterNum   bool       // the previous token was a move number
	bareNum    *pdnToken  // a number without dots, which must be followed by dots
}

// pdnStep says how parseGame goes on after a token.
type pdnStep uint8

const (
	pdnMore     pdnStep = iota // the game goes on
	pdnGameEnd                 // the game is over (emitted, or failed and skipped)
	pdnInputEnd                // the end of the input
)

// parseGame parses one game and reports whether the end of the input was
// reached.
func (p *pdnParser) parseGame() (eof bool) {
	t := p.next()
	if t.kind == pdnEOFTok {
		return true
	}
	main := &pdnLine{}
	b := &pdnGame{g: Game{Line: t.line}, main: main, stack: []*pdnLine{main}, opens: []pdnToken{{}}, inTags: true}
	for ; ; t = p.next() {
		switch p.token(b, t) {
		case pdnGameEnd:
			return false
		case pdnInputEnd:
			return true
		}
	}
}

// unclosed reports an open variation, if any.
func (p *pdnParser) unclosed(b *pdnGame) bool {
	if len(b.stack) > 1 {
		o := b.opens[1]
		p.addErr(o.line, o.col, "unclosed variation")
		return true
	}
	return false
}

// emit adds the game, unless it is empty.
func (p *pdnParser) emit(b *pdnGame) {
	if len(b.g.Tags) == 0 && len(b.main.plies) == 0 && b.g.Result == "" {
		return
	}
	b.g.Comment = pdnJoin(b.main.pre)
	b.g.Moves = pdnBuild(b.main, true)
	p.games = append(p.games, b.g)
}

// top is the line being read.
func (b *pdnGame) top() *pdnLine { return b.stack[len(b.stack)-1] }

// lastPly is the last ply of the line being read (nil: none yet).
func (b *pdnGame) lastPly() *pdnPly {
	top := b.top()
	if n := len(top.plies); n > 0 {
		return top.plies[n-1]
	}
	return nil
}

// token reads one token of the game: the end of the input, a lexical
// error, a tag, a comment, a variation's '(' or ')', or a word.
func (p *pdnParser) token(b *pdnGame, t pdnToken) pdnStep {
	if t.blank {
		b.sawBlank = true
	}
	if b.bareNum != nil {
		if t.kind != pdnWordTok || t.text[0] != '.' {
			n := *b.bareNum
			p.fail(t, n.line, n.col, "unexpected token %q", n.text)
			return pdnGameEnd
		}
		b.bareNum = nil
		b.afterNum = true
	}
	switch t.kind {
	case pdnEOFTok:
		if !p.unclosed(b) {
			p.emit(b)
		}
		return pdnInputEnd
	case pdnErrTok:
		p.fail(t, t.errLine, t.errCol, "%s", t.text)
		return pdnGameEnd
	case pdnTagTok:
		if !b.inTags || b.sawBlank && len(b.g.Tags) > 0 {
			// The tag starts the next game.
			if !p.unclosed(b) {
				p.emit(b)
			}
			p.unread = append(p.unread, t)
			return pdnGameEnd
		}
		b.g.Tags = append(b.g.Tags, Tag{Name: t.text, Value: t.value, Line: t.line, Col: t.col})
		b.sawBlank = false
		return pdnMore
	case pdnCommentTok:
		if lp := b.lastPly(); lp != nil {
			lp.comments = append(lp.comments, t.text)
		} else {
			top := b.top()
			top.pre = append(top.pre, t.text)
		}
		return pdnMore
	case pdnOpenTok:
		b.inTags = false
		lp := b.lastPly()
		if lp == nil {
			p.fail(t, t.line, t.col, "variation with no preceding move")
			return pdnGameEnd
		}
		nl := &pdnLine{}
		lp.vars = append(lp.vars, nl)
		b.stack = append(b.stack, nl)
		b.opens = append(b.opens, t)
		b.pendingNum, b.afterNum = 0, false
		return pdnMore
	case pdnCloseTok:
		b.inTags = false
		if len(b.stack) == 1 {
			p.fail(t, t.line, t.col, "unmatched ')'")
			return pdnGameEnd
		}
		b.stack = b.stack[:len(b.stack)-1]
		b.opens = b.opens[:len(b.opens)-1]
		b.pendingNum, b.afterNum = 0, false
		return pdnMore
	}
	return p.word(b, t)
}

// word reads a word: a result (the end of the game), a NAG, a move
// number and its dots, annotation marks, or a move (possibly after its
// number and dots, and followed by marks).
func (p *pdnParser) word(b *pdnGame, t pdnToken) pdnStep {
	b.inTags = false
	s, col := t.text, t.col
	wasAfterNum := b.afterNum
	b.afterNum = false
	switch {
	case pdnResults[s]:
		if !p.unclosed(b) {
			b.g.Result = s
			p.emit(b)
		}
		return pdnGameEnd
	case s[0] == '$':
		n, err := strconv.Atoi(s[1:])
		lp := b.lastPly()
		if err != nil || n < 0 || s[1] == '+' || s[1] == '-' || lp == nil {
			p.fail(t, t.line, t.col, "unexpected token %q", s)
			return pdnGameEnd
		}
		lp.ply.NAGs = append(lp.ply.NAGs, n)
		return pdnMore
	case s[0] == '.':
		if !wasAfterNum {
			p.fail(t, t.line, t.col, "unexpected token %q", s)
			return pdnGameEnd
		}
		i := pdnCountDots(s)
		s, col = s[i:], col+i
		if s == "" {
			b.afterNum = true
			return pdnMore
		}
	case s[0] >= '0' && s[0] <= '9':
		var step pdnStep
		var move bool
		if s, col, step, move = p.moveNumber(b, t); !move {
			return step
		}
	case pdnIsMarks(s):
		lp := b.lastPly()
		if lp == nil || !pdnValidMarks(s) {
			p.fail(t, t.line, t.col, "unexpected token %q", s)
			return pdnGameEnd
		}
		if n := pdnMarkNAG(s); n != 0 {
			lp.ply.NAGs = append(lp.ply.NAGs, n)
		}
		return pdnMore
	}
	return p.move(b, t, s, col)
}

// moveNumber reads a word that starts with a digit: a move number ("12",
// "12.", "12...") possibly followed by a move ("12.32-28"), or a move
// ("32-28"). move reports that s, at column col, is a move to read;
// otherwise step says how the game goes on.
func (p *pdnParser) moveNumber(b *pdnGame, t pdnToken) (s string, col int, step pdnStep, move bool) {
	s, col = t.text, t.col
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i < len(s) && s[i] != '.' {
		return s, col, pdnMore, true
	}
	n, err := strconv.Atoi(s[:i])
	if err != nil {
		p.fail(t, t.line, t.col, "unexpected token %q", s)
		return "", 0, pdnGameEnd, false
	}
	b.pendingNum = n
	if i == len(s) {
		tt := t
		b.bareNum = &tt
		return "", 0, pdnMore, false
	}
	j := i + pdnCountDots(s[i:])
	s, col = s[j:], col+j
	if s == "" {
		b.afterNum = true
		return "", 0, pdnMore, false
	}
	return s, col, pdnMore, true
}

// move reads the move s, at column col of token t, possibly followed by
// annotation marks, as the next ply of the line being read.
func (p *pdnParser) move(b *pdnGame, t pdnToken, s string, col int) pdnStep {
	k := len(s)
	for k > 0 && strings.IndexByte("!?+*#", s[k-1]) >= 0 {
		k--
	}
	body := s[:k]
	if !pdnIsMove(body) || !pdnValidMarks(s[k:]) {
		p.fail(t, t.line, col, "unexpected token %q", s)
		return pdnGameEnd
	}
	pl := &pdnPly{ply: Ply{Text: body, Number: b.pendingNum, Line: t.line, Col: col}}
	if n := pdnMarkNAG(s[k:]); n != 0 {
		pl.ply.NAGs = []int{n}
	}
	b.pendingNum = 0
	top := b.top()
	top.plies = append(top.plies, pl)
	return pdnMore
}

func pdnCountDots(s string) int {
	i := 0
	for i < len(s) && s[i] == '.' {
		i++
	}
	return i
}

// pdnIsMarks reports whether s consists only of annotation marks.
func pdnIsMarks(s string) bool {
	for i := 0; i < len(s); i++ {
		if strings.IndexByte("!?+*#", s[i]) < 0 {
			return false
		}
	}
	return s != ""
}

// pdnValidMarks reports whether the '!' and '?' in the annotation marks s
// form one of "", "!", "?", "!!", "??", "!?" and "?!".
func pdnValidMarks(s string) bool {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '!' || s[i] == '?' {
			n++
		}
	}
	return n == 0 || pdnMarkNAG(s) != 0
}

// pdnMarkNAG converts the '!' and '?' in the annotation marks s to a NAG
// (1..6), or 0 if there is none.
func pdnMarkNAG(s string) int {
	var b []byte
	for i := 0; i < len(s); i++ {
		if s[i] == '!' || s[i] == '?' {
			b = append(b, s[i])
		}
	}
	switch string(b) {
	case "!":
		return 1
	case "?":
		return 2
	case "!!":
		return 3
	case "??":
		return 4
	case "!?":
		return 5
	case "?!":
		return 6
	}
	return 0
}

// pdnIsMove reports whether s is two or more squares of the same kind
// (algebraic a1..h8 or numeric 1..50) joined by '-', 'x', 'X' or ':'.
func pdnIsMove(s string) bool {
	n, kind := 0, 0 // kind: 1 algebraic, 2 numeric
	for i := 0; ; {
		if i >= len(s) {
			return false
		}
		k := 0
		switch c := s[i]; {
		case c >= 'a' && c <= 'h':
			if i+1 >= len(s) || s[i+1] < '1' || s[i+1] > '8' {
				return false
			}
			i += 2
			k = 1
		case c >= '1' && c <= '9':
			v := int(c - '0')
			i++
			if i < len(s) && s[i] >= '0' && s[i] <= '9' {
				v = v*10 + int(s[i]-'0')
				i++
			}
			if v > 50 {
				return false
			}
			k = 2
		default:
			return false
		}
		if kind != 0 && k != kind {
			return false
		}
		kind = k
		n++
		if i == len(s) {
			return n >= 2
		}
		switch s[i] {
		case '-', 'x', 'X', ':':
			i++
		default:
			return false
		}
	}
}

// pdnJoin trims the comments, drops empty ones and joins them with a space.
func pdnJoin(cs []string) string {
	var parts []string
	for _, c := range cs {
		if c = strings.TrimSpace(c); c != "" {
			parts = append(parts, c)
		}
	}
	return strings.Join(parts, " ")
}

// pdnBuild converts a line under construction to plies.
func pdnBuild(l *pdnLine, isMain bool) []Ply {
	if len(l.plies) == 0 {
		return nil
	}
	out := make([]Ply, len(l.plies))
	for i, b := range l.plies {
		pl := b.ply
		cs := b.comments
		if i == 0 && !isMain && len(l.pre) > 0 {
			cs = append(append([]string(nil), l.pre...), cs...)
		}
		pl.Comment = pdnJoin(cs)
		for _, v := range b.vars {
			pl.Variations = append(pl.Variations, pdnBuild(v, false))
		}
		out[i] = pl
	}
	return out
}
