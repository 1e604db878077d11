package contest

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"draughtsjudge/draughts"
)

// AnswerPly is one half-move of a solver's answer as written.
type AnswerPly struct {
	Text       string
	Line, Col  int
	Comment    string
	Variations [][]AnswerPly
}

// AnswerGame is one game of a solver's answer file: the answer to one
// composition.
type AnswerGame struct {
	File  string
	Line  int
	Tags  map[string]string // lower-case names
	Moves []AnswerPly
	// Comments are every {…} (or ';') comment of the game, each where
	// it stands (claims may be there).
	Comments []Note
	// Claims are the values of the game's [Claim] tags, each where it
	// stands: a second [Claim] tag adds its claims to the first's, as if
	// both were one tag of claims separated by ';' (Tags["claim"] holds
	// them so joined).
	Claims []Note
	// Err is a syntax error of the game (file:line:col: what), an
	// *AnswerError.
	Err error
}

// AnswerError is a syntax error of an answer game: where it stands
// (file:line:col) and what it is.
type AnswerError struct {
	Where, What string
}

func (e *AnswerError) Error() string { return e.Where + ": " + e.What }

// Note is a text of an answer file and where it starts (line and column
// of its '[', '{' or ';').
type Note struct {
	Text      string
	Line, Col int
}

// Tag returns a tag's value ("" if absent).
func (g *AnswerGame) Tag(name string) string { return g.Tags[strings.ToLower(name)] }

// ReadAnswers reads a solver's answer file. Unlike the PDN reader it
// keeps move tokens it does not know (Russian short notation "cd4",
// "c:e5", a bare destination "d4"): they are resolved against the
// position when graded. A syntax error spoils only its game.
func ReadAnswers(file string, data []byte) []*AnswerGame {
	lx := &answerLexer{file: file, src: []rune(strings.TrimPrefix(string(data), "\uFEFF")), line: 1, col: 1}
	var games []*AnswerGame
	var g *AnswerGame
	var stack []*[]AnswerPly
	var opens [][2]int // line and column of each open '('
	moved := false     // movetext seen in g
	start := func(line int) {
		g = &AnswerGame{File: file, Line: line, Tags: map[string]string{}}
		games = append(games, g)
		stack = []*[]AnswerPly{&g.Moves}
		opens = nil
		moved = false
	}
	fail := func(line, col int, format string, args ...any) {
		if g.Err == nil {
			g.Err = &AnswerError{Where: fmt.Sprintf("%s:%d:%d", file, line, col), What: fmt.Sprintf(format, args...)}
		}
	}
	for {
		t := lx.next()
		if t.kind == tokEOF {
			break
		}
		isTag := t.kind == tokTag || t.tag // a bad tag starts a game too
		if g != nil && isTag && moved && len(opens) > 0 {
			fail(opens[0][0], opens[0][1], "unclosed variation")
		}
		if g == nil || (isTag && moved) {
			start(t.line)
		}
		switch t.kind {
		case tokErr:
			fail(t.line, t.col, "%s", t.text)
			if t.name != "" {
				g.Tags[strings.ToLower(t.name)] = t.value
			}
		case tokTag:
			if len(g.Tags) == 0 && !moved {
				g.Line = t.line // the game starts at its first tag, not at a comment before it
			}
			name := strings.ToLower(t.text)
			if name == "claim" {
				g.Claims = append(g.Claims, Note{Text: t.value, Line: t.line, Col: t.col})
				if prev := g.Tags[name]; prev != "" {
					t.value = prev + "; " + t.value
				}
			} else if prev, ok := g.Tags[name]; ok && (numberTags[name] || name == "fen") && strings.TrimSpace(prev) != strings.TrimSpace(t.value) {
				// Which composition the answer is for: two values leave
				// it open. The game is an error, filed under the first
				// (so that another game answering the second is graded).
				fail(t.line, t.col, "a second [%s %q]: the game already says %q", t.text, t.value, prev)
				continue
			}
			g.Tags[name] = t.value
			if numberTags[strings.ToLower(t.text)] && !numberValue.MatchString(strings.TrimSpace(t.value)) {
				fail(t.line, t.col, "bad [%s %q]: want the number of a composition", t.text, t.value)
			}
		case tokComment:
			g.Comments = append(g.Comments, Note{Text: t.text, Line: t.line, Col: t.col})
			top := stack[len(stack)-1]
			if n := len(*top); n > 0 {
				(*top)[n-1].Comment = strings.TrimSpace((*top)[n-1].Comment + " " + t.text)
			}
		case tokOpen:
			moved = true
			top := stack[len(stack)-1]
			if len(*top) == 0 {
				fail(t.line, t.col, "a variation '(' before any move")
				continue
			}
			last := &(*top)[len(*top)-1]
			last.Variations = append(last.Variations, nil)
			stack = append(stack, &last.Variations[len(last.Variations)-1])
			opens = append(opens, [2]int{t.line, t.col})
		case tokClose:
			if len(stack) == 1 {
				fail(t.line, t.col, "')' without '('")
				continue
			}
			stack = stack[:len(stack)-1]
			opens = opens[:len(opens)-1]
		case tokResult:
			moved = true
			if len(opens) > 0 {
				fail(opens[0][0], opens[0][1], "unclosed variation (the result %s comes first)", t.text)
			}
			stack = stack[:1]
			g = nil
		case tokMove:
			moved = true
			top := stack[len(stack)-1]
			*top = append(*top, AnswerPly{Text: t.text, Line: t.line, Col: t.col})
		}
	}
	if g != nil && len(opens) > 0 {
		fail(opens[0][0], opens[0][1], "unclosed variation at the end of the file")
	}
	var out []*AnswerGame
	for _, g := range games {
		if len(g.Tags) > 0 || len(g.Moves) > 0 || g.Err != nil {
			out = append(out, g)
		}
	}
	return out
}

// numberTags are the tags that name the composition an answer is to; a
// value that is no number is an error of its game, never an answer
// silently numbered by its order. ([Round] numbers an answer too, but
// PDN programs write [Round "?"] or "-": it is not checked.)
var (
	numberTags  = map[string]bool{"number": true, "номер": true}
	numberValue = regexp.MustCompile(`^(#?\s*[0-9]+)?$`)
)

type tokKind int

const (
	tokEOF tokKind = iota
	tokErr
	tokTag
	tokComment
	tokOpen
	tokClose
	tokResult
	tokMove
)

type answerTok struct {
	kind        tokKind
	text, value string
	line, col   int
	tag         bool   // a tokErr of a bad tag
	name        string // its name, if it has one
}

type answerLexer struct {
	file      string
	src       []rune
	i         int
	line, col int
}

func (lx *answerLexer) peek() rune {
	if lx.i < len(lx.src) {
		return lx.src[lx.i]
	}
	return 0
}

func (lx *answerLexer) adv() rune {
	c := lx.src[lx.i]
	lx.i++
	if c == '\n' {
		lx.line, lx.col = lx.line+1, 1
	} else {
		lx.col++
	}
	return c
}

var (
	moveNumRe = regexp.MustCompile(`^[0-9]+\.+`)
	digitsRe  = regexp.MustCompile(`^[0-9]+$`)
	resultRe  = regexp.MustCompile(`^(1-0|0-1|1/2-1/2|2-0|0-2|1-1|0-0|\*)$`)
	nagRe     = regexp.MustCompile(`^\$[0-9]+$`)
)

// typographic reads what a word processor writes for the signs of a move:
// the en dash, em dash, minus sign and hyphens as "-", the multiplication
// sign as the capture "x", the ellipsis as "...".
func typographic(c rune) rune {
	switch c {
	case '\u2013', '\u2014', '\u2212', '\u2010', '\u2011', '\u2012':
		return '-'
	case '\u00d7':
		return 'x'
	case '\u2026':
		return '.'
	}
	return c
}

func (lx *answerLexer) next() answerTok {
	for {
		for lx.i < len(lx.src) && (lx.peek() == ' ' || lx.peek() == '\t' || lx.peek() == '\n' || lx.peek() == '\r') {
			lx.adv()
		}
		if lx.i >= len(lx.src) {
			return answerTok{kind: tokEOF}
		}
		line, col := lx.line, lx.col
		switch c := lx.peek(); c {
		case 0:
			lx.adv() // read past it: a token that takes nothing would be read again, for ever
			return answerTok{kind: tokErr, text: "binary data, not PDN", line: line, col: col}
		case '[':
			lx.adv()
			var sb strings.Builder
			for lx.i < len(lx.src) && lx.peek() != ']' && lx.peek() != '\n' {
				sb.WriteRune(lx.adv())
			}
			if lx.peek() != ']' {
				return answerTok{kind: tokErr, text: "unterminated tag (want [Name \"value\"])", line: line, col: col}
			}
			lx.adv()
			s := strings.TrimSpace(sb.String())
			sp := strings.IndexAny(s, " \t")
			if sp < 0 || !strings.HasPrefix(strings.TrimSpace(s[sp:]), `"`) || !strings.HasSuffix(s, `"`) {
				// The name and the unquoted value are kept, so that the
				// error is the game's that the tag starts ([Number 2]).
				t := answerTok{kind: tokErr, tag: true, text: fmt.Sprintf("bad tag [%s] (want [Name \"value\"])", s), line: line, col: col}
				if sp > 0 {
					t.name, t.value = s[:sp], strings.Trim(strings.TrimSpace(s[sp:]), `"`)
				}
				return t
			}
			v, err := strconv.Unquote(strings.TrimSpace(s[sp:]))
			if err != nil {
				v = strings.Trim(strings.TrimSpace(s[sp:]), `"`)
			}
			return answerTok{kind: tokTag, text: s[:sp], value: v, line: line, col: col}
		case '{':
			lx.adv()
			var sb strings.Builder
			for lx.i < len(lx.src) && lx.peek() != '}' {
				sb.WriteRune(lx.adv())
			}
			if lx.i >= len(lx.src) {
				return answerTok{kind: tokErr, text: "unterminated comment '{'", line: line, col: col}
			}
			lx.adv()
			return answerTok{kind: tokComment, text: strings.TrimSpace(sb.String()), line: line, col: col}
		case ';':
			var sb strings.Builder
			lx.adv()
			for lx.i < len(lx.src) && lx.peek() != '\n' {
				sb.WriteRune(lx.adv())
			}
			return answerTok{kind: tokComment, text: strings.TrimSpace(sb.String()), line: line, col: col}
		case '(':
			lx.adv()
			return answerTok{kind: tokOpen, line: line, col: col}
		case ')':
			lx.adv()
			return answerTok{kind: tokClose, line: line, col: col}
		case ']', '}':
			lx.adv() // read past it, as past a NUL: nothing else takes it
			return answerTok{kind: tokErr, text: fmt.Sprintf("stray '%c' (no '%c' opens it)", c, map[rune]rune{']': '[', '}': '{'}[c]), line: line, col: col}
		}
		var sb strings.Builder
		for lx.i < len(lx.src) && !strings.ContainsRune(" \t\r\n[]{}();", lx.peek()) {
			sb.WriteRune(typographic(lx.adv()))
		}
		w := sb.String()
		if digitsRe.MatchString(w) {
			// A move number written "1)" or "1 ." ("1 ..."): a bare
			// number is never a move, so what follows it is its mark.
			if lx.peek() == ')' {
				lx.adv()
				continue
			}
			for lx.i < len(lx.src) && (lx.peek() == ' ' || lx.peek() == '\t') {
				lx.adv()
			}
			for lx.peek() == '.' || lx.peek() == '\u2026' {
				lx.adv()
			}
			continue
		}
		if m := moveNumRe.FindString(w); m != "" {
			w = w[len(m):]
			col += len([]rune(m))
			if w == "" {
				continue
			}
		}
		if strings.Trim(w, ".") == "" { // "..." after "1." ("1. ... f4-g3")
			continue
		}
		switch {
		case resultRe.MatchString(w):
			return answerTok{kind: tokResult, text: w, line: line, col: col}
		case nagRe.MatchString(w):
			continue
		}
		w = strings.TrimRight(w, "!?+#")
		if w == "" {
			continue
		}
		if isWord(w) {
			return answerTok{kind: tokComment, text: lx.words(w), line: line, col: col}
		}
		return answerTok{kind: tokMove, text: w, line: line, col: col}
	}
}

// movesOf reads the moves of a text, a claim's, as the movetext of an
// answer is read: a word processor's dashes, '×' and '…', move numbers
// ("1.", "1...", "1)", "1 ."), annotations ("!", "$1") and words (a
// comment) are read as in a move list, never as moves. Moves in ( ) are
// left out: a variation is no part of the line the text names.
func movesOf(text string) []string {
	lx := &answerLexer{src: []rune(text), line: 1, col: 1}
	var out []string
	depth := 0
	for t := lx.next(); t.kind != tokEOF; t = lx.next() {
		switch t.kind {
		case tokOpen:
			depth++
		case tokClose:
			depth = max(depth-1, 0)
		case tokMove:
			if depth == 0 {
				out = append(out, t.text)
			}
		}
	}
	return out
}

// isWord reports whether a token of the movetext is a word, not a move:
// it has no digit and is not two files ("cd", Russian short notation). A
// source ends its lines with words ("3.a3-b4 и белые выигрывают", "and
// White wins"): they are read as a comment, never as a move.
func isWord(w string) bool {
	return !strings.ContainsAny(w, "0123456789") && !shortFiles.MatchString(strings.ToLower(w))
}

// words reads the words that follow w on its line, up to the next move,
// bracket or line end, into one comment.
func (lx *answerLexer) words(w string) string {
	out := []string{w}
	for {
		i, line, col := lx.i, lx.line, lx.col
		for lx.peek() == ' ' || lx.peek() == '\t' {
			lx.adv()
		}
		var sb strings.Builder
		for lx.i < len(lx.src) && !strings.ContainsRune(" \t\r\n[]{}();", lx.peek()) {
			sb.WriteRune(typographic(lx.adv()))
		}
		next := strings.TrimRight(sb.String(), "!?+#.,:")
		if next == "" || !isWord(next) || resultRe.MatchString(sb.String()) {
			lx.i, lx.line, lx.col = i, line, col
			return strings.Join(out, " ")
		}
		out = append(out, sb.String())
	}
}

var (
	shortFileDest = regexp.MustCompile(`^([a-h])([-:x]?)([a-h][1-8])$`) // cd4, c-d4, c:e5
	shortDest     = regexp.MustCompile(`^([:x]?)([a-h][1-8])$`)         // d4, :e5
	shortFiles    = regexp.MustCompile(`^([a-h])([-:x]?)([a-h])$`)      // cd, c:e
)

// ResolveMove reads a solver's move: standard notation (draughts.ParseMove:
// "c3-d4", "c3:e5", numeric "22-18", full capture paths), or, on 8x8
// boards, Russian short notation: the file of the moving piece and the
// destination ("cd4", "fe5", "c:e5"), a bare destination ("d4"), or two
// files ("cd"), each only where one legal move fits. An ambiguous or
// illegal move is an error naming the candidates.
func ResolveMove(p *draughts.Position, r *draughts.Rules, text string) (draughts.Move, error) {
	m, err := draughts.ParseMove(p, r, text)
	if err == nil || r.Board.Size != 8 {
		return m, err
	}
	t := strings.ToLower(strings.TrimSpace(text))
	var fromFile, toFile byte
	to := ""
	capture := ""
	switch {
	case shortFileDest.MatchString(t):
		s := shortFileDest.FindStringSubmatch(t)
		fromFile, capture, to = s[1][0], s[2], s[3]
	case shortDest.MatchString(t):
		s := shortDest.FindStringSubmatch(t)
		capture, to = s[1], s[2]
	case shortFiles.MatchString(t):
		s := shortFiles.FindStringSubmatch(t)
		fromFile, capture, toFile = s[1][0], s[2], s[3][0]
	default:
		return m, err
	}
	var match []draughts.Move
	for _, x := range draughts.LegalMoves(p, r) {
		from, dest := r.Board.Algebraic(x.From), r.Board.Algebraic(x.To)
		if fromFile != 0 && from[0] != fromFile || to != "" && dest != to || toFile != 0 && dest[0] != toFile {
			continue
		}
		if capture == "-" && x.IsCapture() || (capture == ":" || capture == "x") && !x.IsCapture() {
			continue
		}
		match = append(match, x)
	}
	switch len(match) {
	case 1:
		return match[0], nil
	case 0:
		return m, &draughts.MoveError{Text: text, Reason: "illegal", Candidates: draughts.MoveStrings(p, r, draughts.LegalMoves(p, r))}
	}
	return m, &draughts.MoveError{Text: text, Reason: "ambiguous", Candidates: draughts.MoveStrings(p, r, match)}
}
