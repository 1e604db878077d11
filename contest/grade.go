package contest

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"draughtsjudge/composition"
	"draughtsjudge/draughts"
	"draughtsjudge/judge"
	"draughtsjudge/solver"
)

// Sheet is one solver's answers (one PDN file).
type Sheet struct {
	Solver string
	File   string
	Games  []*AnswerGame
}

// AuditLine is one line of the marking of an answer, for a person to
// check.
type AuditLine struct {
	What   string  `json:"what"`   // key, line, claim, error
	Status string  `json:"status"` // right, wrong, given, partial, missing, correct, incorrect, error
	Points float64 `json:"points"`
	Of     float64 `json:"of"`
	Where  string  `json:"where,omitempty"` // file:line:col in the solver's sheet
	Detail string  `json:"detail"`
}

// Mark is one solver's result on one composition.
type Mark struct {
	Number   int         `json:"number"`
	Answered bool        `json:"answered"`
	Points   float64     `json:"points"` // key + lines + extra
	Extra    float64     `json:"extra"`  // extra points for verified claims
	Max      float64     `json:"max"`    // the composition's points without extras
	Audit    []AuditLine `json:"audit"`
}

// SolverResult is one solver's row of the results table.
type SolverResult struct {
	Solver string  `json:"solver"`
	File   string  `json:"file"`
	Marks  []*Mark `json:"marks"` // in the key's order
	Total  float64 `json:"total"`
	Place  string  `json:"place"` // "1", "2-3" (shared)
}

// Results is the results table of a solving contest.
type Results struct {
	Compositions []ResultColumn  `json:"compositions"`
	Solvers      []*SolverResult `json:"solvers"`
	Errors       []string        `json:"errors"`
}

// ResultColumn is one composition of the table.
type ResultColumn struct {
	Number int     `json:"number"`
	Points float64 `json:"points"`
}

// Grader grades answers against a key; claims are verified by the solver
// with Options.
type Grader struct {
	Key     *ContestKey
	Options judge.Options
	comps   map[int]*composition.Composition
	lines   map[*KeyLine][]draughts.Position // the positions of each key line, replayed once
}

// Grade marks every sheet: results sorted by total (ties share the
// place), and the errors of the input, each "file:line: what".
func (gr *Grader) Grade(ctx context.Context, sheets []*Sheet) *Results {
	res := &Results{Compositions: []ResultColumn{}, Solvers: []*SolverResult{}, Errors: []string{}}
	gr.comps = map[int]*composition.Composition{}
	gr.lines = map[*KeyLine][]draughts.Position{}
	byNum := map[int]*KeyEntry{}
	var nums []string
	for _, e := range gr.Key.Entries {
		res.Compositions = append(res.Compositions, ResultColumn{e.Number, gr.max(e)})
		byNum[e.Number] = e
		nums = append(nums, strconv.Itoa(e.Number))
		ce := e
		if len(e.Parts) > 0 {
			ce = e.Parts[0] // a special kind: matched by its first part's position
		}
		if c, err := ce.Composition(); err == nil {
			gr.comps[e.Number] = c
		} else {
			res.Errors = append(res.Errors, fmt.Sprintf("%s:1: key composition %d: %v", e.File, e.Number, err))
		}
	}
	for _, sh := range sheets {
		sr := &SolverResult{Solver: sh.Solver, File: sh.File}
		marks := map[int]*Mark{}
		for _, e := range gr.Key.Entries {
			m := &Mark{Number: e.Number, Max: gr.max(e), Audit: []AuditLine{}}
			marks[e.Number] = m
			sr.Marks = append(sr.Marks, m)
		}
		for i, g := range sh.Games {
			n, how := gr.number(g, i)
			e := byNum[n]
			if e == nil {
				res.Errors = append(res.Errors, fmt.Sprintf("%s:%d: answer to composition %d (%s), which the key does not have (key: %s); ignored", g.File, g.Line, n, how, strings.Join(nums, ", ")))
				if g.Err != nil {
					res.Errors = append(res.Errors, g.Err.Error()) // its syntax error too, file:line:col
				}
				continue
			}
			m := marks[n]
			if m.Answered {
				res.Errors = append(res.Errors, fmt.Sprintf("%s:%d: a second answer to composition %d (%s); the first is graded", g.File, g.Line, n, how))
				continue
			}
			m.Answered = true
			if g.Err != nil {
				res.Errors = append(res.Errors, g.Err.Error())
				// The row says where once, in its Where (the error line
				// of res.Errors says it before what).
				a := AuditLine{What: "error", Status: "error", Of: m.Max, Detail: "unreadable answer, 0 points: " + g.Err.Error()}
				var ae *AnswerError
				if errors.As(g.Err, &ae) {
					a.Where, a.Detail = ae.Where, "unreadable answer, 0 points: "+ae.What
				}
				m.Audit = append(m.Audit, a)
				continue
			}
			if gr.dropped(e) {
				m.Audit = append(m.Audit, AuditLine{What: "key", Status: "dropped",
					Detail: "the composition is cooked and dropped (points file: cooked drop); it counts for nobody"})
				continue
			}
			gr.mark(ctx, e, g, m)
		}
		for _, m := range sr.Marks {
			if !m.Answered {
				m.Audit = append(m.Audit, AuditLine{What: "key", Status: "missing", Of: m.Max, Detail: "no answer"})
			}
			sr.Total += m.Points
		}
		sr.Total = round2(sr.Total)
		res.Solvers = append(res.Solvers, sr)
	}
	rank(res.Solvers)
	return res
}

// dropped reports whether e counts for nobody: cooked, and the points
// file says "cooked drop".
func (gr *Grader) dropped(e *KeyEntry) bool {
	return e.Dropped || e.Cooked() && gr.Key.Points.Cooked() == CookedDrop // a key written before Dropped
}

// max is the composition's points in the results table (0 dropped).
func (gr *Grader) max(e *KeyEntry) float64 {
	if gr.dropped(e) {
		return 0
	}
	return e.MaxPoints()
}

// number matches an answer game to a composition: its [Number] or
// [Round] tag, else its [FEN] tag, else its order in the file.
func (gr *Grader) number(g *AnswerGame, i int) (int, string) {
	for _, t := range []string{"number", "round", "номер"} {
		if v := g.Tag(t); v != "" {
			if n, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(v), "#"))); err == nil {
				return n, "[" + t + " " + strconv.Quote(v) + "]"
			}
		}
	}
	if fen := g.Tag("fen"); fen != "" {
		for _, e := range gr.Key.Entries {
			if c := gr.comps[e.Number]; c != nil {
				if p, err := draughts.ParseFEN(c.Rules, fen); err == nil && draughts.FEN(&p, c.Rules) == e.FEN {
					return e.Number, "by its FEN"
				}
			}
		}
	}
	return i + 1, fmt.Sprintf("game %d of the file", i+1)
}

// answerLine is one path through a solver's answer: its plies as written,
// where each stands in the sheet, and the moves as the answer itself
// plays them, up to its first unreadable or illegal move.
type answerLine struct {
	texts []string
	where []string
	moves []string
}

// resolve collects the paths of the answer tree from start; an illegal or
// ambiguous move is returned as an error, and its path goes on as written
// (the marking reads it against each line of the key).
func resolve(c *composition.Composition, g *AnswerGame) ([]answerLine, []AuditLine) {
	var lines []answerLine
	var errs []AuditLine
	var walk func(plies []AnswerPly, p draughts.Position, ok bool, cur answerLine)
	walk = func(plies []AnswerPly, p draughts.Position, ok bool, cur answerLine) {
		for i := range plies {
			ply := &plies[i]
			for _, v := range ply.Variations {
				walk(v, p, ok, answerLine{slices.Clone(cur.texts), slices.Clone(cur.where), slices.Clone(cur.moves)})
			}
			where := fmt.Sprintf("%s:%d:%d", g.File, ply.Line, ply.Col)
			cur.texts, cur.where = append(cur.texts, ply.Text), append(cur.where, where)
			if !ok {
				continue
			}
			m, err := ResolveMove(&p, c.Rules, ply.Text)
			if err != nil {
				errs = append(errs, AuditLine{What: "error", Status: "error", Where: where,
					Detail: fmt.Sprintf("move %s %s: %v; the answer is read on against the key's lines (a move they have still counts)", composition.MoveNo(cur.moves, c.Start.Side), ply.Text, trimMoveErr(err))})
				ok = false
				continue
			}
			cur.moves = append(cur.moves, draughts.MoveString(&p, c.Rules, m))
			p = p.Play(m)
		}
		lines = append(lines, cur)
	}
	walk(g.Moves, c.Start, true, answerLine{})
	return lines, errs
}

func trimMoveErr(err error) string {
	s := err.Error()
	if i := strings.Index(s, ": "); i >= 0 && strings.HasPrefix(s, "move ") {
		return s[i+2:]
	}
	return s
}

// mark grades one answer game against a key entry; a special kind part
// by part: part 1 is the game's movetext, part N its [SolutionN] tag (as
// in the composition's PDN).
func (gr *Grader) mark(ctx context.Context, e *KeyEntry, g *AnswerGame, m *Mark) {
	if len(e.Parts) == 0 {
		gr.markPart(ctx, e, gr.comps[e.Number], g, m)
		return
	}
	for i, sub := range e.Parts {
		c, err := sub.Composition()
		if err != nil {
			m.Audit = append(m.Audit, AuditLine{What: "error", Status: "error", Detail: fmt.Sprintf("part %d: the key's composition cannot be rebuilt: %v", i+1, err)})
			continue
		}
		pg := g
		if i > 0 {
			tag := fmt.Sprintf("Solution%d", i+1)
			text := g.Tag(tag)
			if strings.TrimSpace(text) == "" {
				m.Audit = append(m.Audit, AuditLine{What: "key", Status: "missing", Of: sub.MaxPoints(), Detail: fmt.Sprintf("part %d (%s): no [%s] tag", i+1, sub.Part, tag)})
				continue
			}
			games := ReadAnswers(fmt.Sprintf("%s:%d [%s]", g.File, g.Line, tag), []byte(text+" *\n"))
			if len(games) != 1 || games[0].Err != nil {
				m.Audit = append(m.Audit, AuditLine{What: "error", Status: "error", Of: sub.MaxPoints(), Detail: fmt.Sprintf("part %d (%s): [%s] cannot be read", i+1, sub.Part, tag)})
				continue
			}
			pg = games[0]
		}
		pm := &Mark{}
		gr.markPart(ctx, sub, c, pg, pm)
		for _, a := range pm.Audit {
			a.Detail = fmt.Sprintf("part %d (%s): %s", i+1, sub.Part, a.Detail)
			m.Audit = append(m.Audit, a)
		}
		m.Points, m.Extra = round2(m.Points+pm.Points), round2(m.Extra+pm.Extra)
	}
}

// markPart grades one answer game against the key of one composition
// (or one part of a special kind).
func (gr *Grader) markPart(ctx context.Context, e *KeyEntry, c *composition.Composition, g *AnswerGame, m *Mark) {
	if c == nil {
		m.Audit = append(m.Audit, AuditLine{What: "error", Status: "error", Detail: "the key's composition cannot be rebuilt"})
		return
	}
	lines, errs := resolve(c, g)
	var main answerLine
	if len(lines) > 0 {
		main = lines[len(lines)-1] // the main line is walked last
	}
	kp := e.keyPlies()
	k := len(kp) - 1 // the key's ply in a line
	keyText := LineString(kp, c.Start.Side)
	keyRight := len(main.moves) > k && slices.Equal(main.moves[:k+1], kp)
	switch {
	case len(main.moves) == 0 && len(errs) == 0:
		m.Audit = append(m.Audit, AuditLine{What: "key", Status: "missing", Of: e.KeyPoints, Detail: "no solution given (the key is " + keyText + ")"})
	case len(main.moves) <= k:
		m.Audit = append(m.Audit, AuditLine{What: "key", Status: "wrong", Of: e.KeyPoints, Detail: "the key cannot be read (the key is " + keyText + ")"})
	case keyRight:
		m.Audit = append(m.Audit, AuditLine{What: "key", Status: "right", Points: e.KeyPoints, Of: e.KeyPoints, Where: main.where[k], Detail: keyText})
		m.Points += e.KeyPoints
	case slices.Equal(main.moves[:k], e.KeyAfter) && slices.Contains(e.Keys, main.moves[k]) && e.Cooked():
		// Any winning key of a cooked composition is credited (points
		// file: cooked credit, the default).
		m.Audit = append(m.Audit, AuditLine{What: "key", Status: "right", Points: e.KeyPoints, Of: e.KeyPoints, Where: main.where[k],
			Detail: fmt.Sprintf("%s: another winning key of a cooked composition, credited (the author's key is %s; its lines are not credited)", LineString(main.moves[:k+1], c.Start.Side), keyText)})
		m.Points += e.KeyPoints
	default:
		d := fmt.Sprintf("%s? the key is %s; no line is credited", LineString(main.moves[:k+1], c.Start.Side), keyText)
		if slices.Contains(e.Keys, main.moves[k]) {
			d += " (" + main.moves[k] + " also wins: a cook; claimed as a cook it earns the extra points)"
		}
		m.Audit = append(m.Audit, AuditLine{What: "key", Status: "wrong", Of: e.KeyPoints, Where: main.where[k], Detail: d})
	}
	m.Audit = append(m.Audit, errs...)
	for _, a := range gr.markLines(e, c, lines, keyRight) {
		m.Points += a.Points
		m.Audit = append(m.Audit, a)
	}
	seen := map[string]bool{}
	for _, cl := range claims(g) {
		a, id := gr.verifyClaim(ctx, e, c, cl)
		if id != "" && seen[id] {
			a = AuditLine{What: "claim", Status: "duplicate", Where: cl.Where, Detail: id + ": claimed before; a claim counts once"}
		}
		if id != "" {
			seen[id] = true
		}
		m.Extra += a.Points
		m.Points += a.Points
		m.Audit = append(m.Audit, a)
	}
	m.Points, m.Extra = round2(m.Points), round2(m.Extra)
}

// LineString writes moves with move numbers: "1. a5-b4 f4-g3 2. b4-c5".
func LineString(moves []string, start draughts.Side) string {
	var sb strings.Builder
	for i, mv := range moves {
		if i > 0 {
			sb.WriteByte(' ')
		}
		white := (i%2 == 0) == (start == draughts.White)
		if white || i == 0 {
			sb.WriteString(composition.MoveNo(moves[:i], start) + " ")
		}
		sb.WriteString(mv)
	}
	return sb.String()
}

// ownPly is the first ply of a key line that no other line of the key
// shares: its own defence. An answer addresses the line once it gives it.
func ownPly(e *KeyEntry, want []string) int {
	k := len(e.KeyAfter) // the key's ply
	for i := range want {
		shared := false
		for _, l := range e.Lines {
			if len(l.Moves) == len(want) && strings.Join(l.Moves, " ") == strings.Join(want, " ") {
				continue
			}
			if len(l.Moves) > i && strings.Join(l.Moves[:i+1], " ") == strings.Join(want[:i+1], " ") {
				shared = true
				break
			}
		}
		if !shared {
			return max(i, min(k+1, len(want)-1)) // at least the reply to the key
		}
	}
	return len(want) - 1
}

// lineMatch is how one answer line follows one line of the key.
type lineMatch struct {
	matched, total int  // White moves after the key: given as the line has them / in the line
	reached        int  // plies of the line the answer goes through (given, misspelt, wrong or left out)
	diverged       bool // the answer gives another Black move, or another move before the key: another line
	dual           int  // the ply of an accepted other winning move, -1 none
	dualMove       string
	wrong          int // the first ply the answer gets wrong or leaves out, -1 none
	wrongText      string
	wrongWhere     string
	where          string // where the answer's last ply on the line stands
}

// follow reads one answer line against one line of the key, ply by ply in
// the key line's positions (pos[i] is the position before want[i]). A move
// the line has counts; another Black move, or another move before the key,
// is another line; a White move the key knows also wins (a dual) credits
// the rest of the line; any other move (misspelt, illegal or wrong) earns
// nothing and the answer is read on from the line's position, so that the
// moves after a typo still count; a ply the answer leaves out (a forced
// reply, as sources often omit) is skipped when the next one fits.
func (gr *Grader) follow(e *KeyEntry, c *composition.Composition, want []string, pos []draughts.Position, a answerLine) lineMatch {
	k := len(e.KeyAfter) // the key's ply
	white := func(i int) bool { return (i%2 == 0) == (c.Start.Side == draughts.White) }
	read := func(i, j int) string {
		if i >= len(pos) {
			return ""
		}
		if t := a.texts[j]; t == want[i] || strings.ReplaceAll(t, "x", ":") == want[i] {
			return want[i] // the line's own move as the key writes it (PDN 3.0 "x" for ':')
		}
		mv, err := ResolveMove(&pos[i], c.Rules, a.texts[j])
		if err != nil {
			return ""
		}
		return draughts.MoveString(&pos[i], c.Rules, mv)
	}
	m := lineMatch{dual: -1, wrong: -1}
	for i := k + 1; i < len(want); i++ {
		if white(i) {
			m.total++
		}
	}
	credit := func(i int) {
		if white(i) && i > k {
			m.matched++
		}
	}
	for j := 0; j < len(a.texts) && m.reached < len(want) && m.reached < len(pos); j++ {
		i := m.reached
		s := read(i, j)
		switch {
		case s == want[i]:
			credit(i)
		case i <= k || !white(i) && s != "":
			m.diverged = true
			return m
		case white(i) && s != "" && gr.isAlternative(e, want[:i], s):
			m.dual, m.dualMove, m.matched, m.reached, m.where = i, s, m.total, len(want), a.where[j]
			return m
		case s == "" && i+1 < len(want) && read(i+1, j) == want[i+1]:
			if m.wrong < 0 && white(i) {
				m.wrong, m.wrongText, m.wrongWhere = i, "", a.where[j]
			}
			credit(i + 1)
			m.reached, m.where = i+2, a.where[j]
			continue
		case m.wrong < 0:
			m.wrong, m.wrongText, m.wrongWhere = i, a.texts[j], a.where[j]
		}
		m.reached, m.where = i+1, a.where[j]
	}
	return m
}

// positions are the positions before each move of a key line.
func positions(c *composition.Composition, moves []string) []draughts.Position {
	pos := make([]draughts.Position, 0, len(moves))
	p := c.Start
	for _, s := range moves {
		mv, err := ResolveMove(&p, c.Rules, s)
		if err != nil {
			break
		}
		pos = append(pos, p)
		p = p.Play(mv)
	}
	return pos
}

// markLines marks each line of the key against the answer's lines
// (docs/contests.md, grade): the line's points × the share of its White
// moves after the key that the best answer line gives. An answer line
// addresses a key line once it goes past the line's own ply (ownPly); one
// that stops on moves several lines share is credited to the first of them
// in the key's order (the main line first), never to all.
func (gr *Grader) markLines(e *KeyEntry, c *composition.Composition, lines []answerLine, keyRight bool) []AuditLine {
	var out []AuditLine
	ms := make([][]lineMatch, len(e.Lines))
	owns := make([]int, len(e.Lines))
	taken := make([]int, len(lines)) // the key line a stopped answer line is credited to
	for j := range taken {
		taken[j] = -1
	}
	for i, l := range e.Lines {
		if !keyRight {
			break
		}
		pos, ok := gr.lines[&e.Lines[i]]
		if !ok {
			pos = positions(c, l.Moves)
			gr.lines[&e.Lines[i]] = pos
		}
		own := ownPly(e, l.Moves)
		owns[i] = own
		for j, a := range lines {
			m := gr.follow(e, c, l.Moves, pos, a)
			ms[i] = append(ms[i], m)
			if taken[j] < 0 && !m.diverged && m.reached <= own && (m.matched > 0 || m.wrong >= 0) {
				taken[j] = i
			}
		}
	}
	for i, l := range e.Lines {
		a := AuditLine{What: "line", Of: l.Points, Status: "missing", Detail: l.Kind + " " + LineString(l.Moves, c.Start.Side)}
		if !keyRight {
			a.Detail += ": not credited (wrong key)"
			out = append(out, a)
			continue
		}
		best, bestFrac, note := -1, 0.0, "not in the answer"
		for j, m := range ms[i] {
			if m.reached <= owns[i] && taken[j] != i {
				continue // the answer does not reach this line's own ply
			}
			frac := 1.0
			if m.total > 0 {
				frac = float64(m.matched) / float64(m.total)
			}
			if best < 0 || frac > bestFrac || frac == bestFrac && ms[i][best].wrong >= 0 && m.wrong < 0 {
				best, bestFrac = j, frac
			}
		}
		if best >= 0 {
			m := ms[i][best]
			a.Points, a.Where, a.Status, note = round2(l.Points*bestFrac), m.where, "given", ""
			switch {
			case m.dual >= 0:
				note = fmt.Sprintf("%s%s is another winning move (accepted)", composition.MoveNo(l.Moves[:m.dual], c.Start.Side), m.dualMove)
			case m.wrong >= 0:
				a.Status, a.Where = "wrong move", m.wrongWhere
				no := composition.MoveNo(l.Moves[:m.wrong], c.Start.Side)
				if m.wrongText == "" {
					note = fmt.Sprintf("%s%s left out", no, l.Moves[m.wrong])
				} else {
					note = fmt.Sprintf("%s%s? the line needs %s%s", no, m.wrongText, no, l.Moves[m.wrong])
				}
				note += fmt.Sprintf("; %d of %d White moves given", m.matched, m.total)
			case bestFrac < 1:
				a.Status, note = "partial", fmt.Sprintf("%d of %d White moves given", m.matched, m.total)
			}
			if m.reached <= owns[i] {
				note += "; the answer stops on moves this line shares with others: credited to this line, the first of them"
			}
		}
		if note != "" {
			a.Detail += ": " + note
		}
		out = append(out, a)
	}
	return out
}

// isAlternative reports whether mv also forces the goal after line.
func (gr *Grader) isAlternative(e *KeyEntry, line []string, mv string) bool {
	for _, a := range e.Alternatives {
		if a.Move == mv && strings.Join(a.Line, " ") == strings.Join(line, " ") {
			return true
		}
	}
	return false
}

// Claim is a solver's claim of a cook, an inaccuracy or unsolvability.
type Claim struct {
	Kind  string
	Moves []string // as written; the last is the claimed White move
	Text  string
	Where string
}

var claimWordRe = regexp.MustCompile(`(?i)^\s*(claim\s*:?\s*)?(cook|full cook|побочное решение|побочное|inaccuracy|dual|неточность|unsolvable|нерешаемость|не решается|no solution)\s*:?\s*(.*)$`)

// claims reads the claims of an answer: [Claim "cook 1.a3-b4"] tags
// (several claims separated by ';', or several tags) and {cook: 1. a3-b4}
// comments.
func claims(g *AnswerGame) []Claim {
	var texts []Note // each claim where its tag or comment stands
	for _, n := range g.Claims {
		for _, t := range strings.Split(n.Text, ";") {
			if strings.TrimSpace(t) != "" { // [Claim ""] claims nothing
				texts = append(texts, Note{Text: t, Line: n.Line, Col: n.Col})
			}
		}
	}
	for _, c := range g.Comments {
		if !claimWordRe.MatchString(c.Text) {
			continue
		}
		// Several claims in one comment, separated by ';' as in a tag
		// ({cook: 1. a5-b6; cook 1. a5-c7}); a part that names no claim
		// belongs to the one before it.
		for i, t := range strings.Split(c.Text, ";") {
			if i > 0 && !claimWordRe.MatchString(t) {
				texts[len(texts)-1].Text += ";" + t
				continue
			}
			texts = append(texts, Note{Text: t, Line: c.Line, Col: c.Col})
		}
	}
	var out []Claim
	for _, n := range texts {
		t, where := n.Text, fmt.Sprintf("%s:%d:%d", g.File, n.Line, n.Col)
		s := claimWordRe.FindStringSubmatch(t)
		if s == nil {
			out = append(out, Claim{Kind: "?", Text: strings.TrimSpace(t), Where: where})
			continue
		}
		kind := ClaimCook
		switch w := strings.ToLower(s[2]); {
		case strings.Contains(w, "inaccuracy") || w == "dual" || strings.Contains(w, "неточн"):
			kind = ClaimInaccuracy
		case strings.Contains(w, "solv") || strings.Contains(w, "реш") && !strings.Contains(w, "побоч") || w == "no solution":
			kind = ClaimUnsolvable
		}
		// The moves as an answer's moves are read (a word processor's
		// dashes, "1)"), so that a claim is written as the answer is.
		out = append(out, Claim{Kind: kind, Moves: movesOf(s[3]), Text: strings.TrimSpace(t), Where: where})
	}
	return out
}

// verifyClaim checks a claim with the solver: a cook or inaccuracy is
// correct when the claimed White move is not the solution's move at that
// node and the tool proves it forces the goal; unsolvability when the
// tool found the stipulation cannot be fulfilled. What the key already
// proved (its offers, alternatives and tries) is not searched again; a
// new search goes to the depth check used (the key's bound). An
// inaccuracy outside the author's lines is checked and earns the
// off-solution extra (default 0). It returns the marking and the claim's
// identity (kind, line and move; "" when it cannot be read), so that a
// claim counts once.
func (gr *Grader) verifyClaim(ctx context.Context, e *KeyEntry, c *composition.Composition, cl Claim) (AuditLine, string) {
	a := AuditLine{What: "claim", Status: "incorrect", Where: cl.Where}
	pts := gr.Key.Points
	switch cl.Kind {
	case ClaimUnsolvable:
		a.Of = pts.Extra(ClaimUnsolvable)
		for _, o := range e.Offers {
			if o.Kind == ClaimUnsolvable {
				a.Status, a.Points, a.Detail = "correct", a.Of, "unsolvable: right ("+o.Detail+")"
				return a, ClaimUnsolvable
			}
		}
		a.Detail = "unsolvable: wrong, the tool finds the stipulation fulfilled or undecided (" + string(e.Verdict) + ")"
		return a, ClaimUnsolvable
	case "?":
		a.Detail = fmt.Sprintf("claim %q not understood (want cook 1.xx-yy, inaccuracy 1.xx-yy yy-zz 2.zz-ww, or unsolvable)", cl.Text)
		return a, ""
	}
	if len(cl.Moves) == 0 {
		a.Detail = "claim of a " + cl.Kind + " without a move (want e.g. cook 1. c3-d4)"
		return a, ""
	}
	// Resolve the claimed line.
	p := c.Start
	var line []string
	moves := append([]string{}, cl.Moves...)
	for i, t := range moves {
		mv, err := ResolveMove(&p, c.Rules, t)
		if err != nil {
			a.Detail = fmt.Sprintf("%s %s: move %s: %v", cl.Kind, strings.Join(cl.Moves, " "), t, trimMoveErr(err))
			return a, ""
		}
		s := draughts.MoveString(&p, c.Rules, mv)
		if i < len(moves)-1 {
			line = append(line, s)
			p = p.Play(mv)
		} else {
			moves[i] = s
		}
	}
	mv := moves[len(moves)-1]
	kind := ClaimCook
	if len(line) > len(e.KeyAfter) {
		kind = ClaimInaccuracy
	}
	a.Of = pts.Extra(kind)
	claim := kind + " " + LineString(append(append([]string{}, line...), mv), c.Start.Side)
	if p.Side != draughts.White {
		a.Detail = claim + ": wrong, the claimed move is Black's"
		return a, claim
	}
	if own := gr.solutionMove(e, line); own == mv {
		a.Detail = claim + ": wrong, that is the solution's own move"
		return a, claim
	}
	for _, o := range e.Offers {
		if o.Kind != ClaimUnsolvable && o.Move == mv && strings.Join(o.Line, " ") == strings.Join(line, " ") {
			a.Status, a.Points, a.Detail = "correct", a.Of, claim+": right, the tool found it too ("+o.Detail+")"
			return a, claim
		}
	}
	// Off the author's lines: checked, paid the off-solution extra.
	right := func(why string) (AuditLine, string) {
		a.Status, a.Points, a.Detail = "correct", a.Of, claim+": right, "+why
		if kind == ClaimInaccuracy && !e.inAuthorsLines(line) {
			a.Of = pts.Extra(OffSolution)
			a.Points = a.Of
			a.Detail += fmt.Sprintf("; outside the author's lines, %g extra points (points file: extra %s)", a.Of, OffSolution)
		}
		return a, claim
	}
	if gr.isAlternative(e, line, mv) {
		return right("the key proves it also forces the goal")
	}
	if kind == ClaimCook && slices.Equal(line, e.KeyAfter) {
		if detail, ok := e.knownTry(claim, mv); ok {
			a.Detail = detail
			return a, claim
		}
	}
	goal, err := judge.Goal(c, gr.Options)
	if err != nil {
		a.Detail = claim + ": not verified: " + err.Error()
		return a, claim
	}
	sopt := gr.Options.Solver
	sopt.AnyDepth = judge.AnyDepth(c) // a claimed cook is judged as check judges cooks
	if e.Bound > 0 {
		sopt.MaxBound = max(sopt.MaxBound, e.Bound) // the depth check searched to
	}
	ans := solver.Solve(ctx, c.Rules, p, goal, draughts.White, sopt)
	for _, k := range ans.Keys {
		if k.Move == mv {
			return right(fmt.Sprintf("the tool proves it forces the goal in %d", k.Distance))
		}
	}
	why, never := "it does not force the goal", false
	for _, t := range ans.Tries {
		if t.Move == mv {
			why, never = t.Result, t.Outcome == solver.Never
			why += refutedBy(t.RefutationMoves(), t.RefutationsComplete)
		}
	}
	if !never && ans.Bound > 0 {
		why += fmt.Sprintf(" (searched to %d moves)", ans.Bound)
	}
	a.Detail = fmt.Sprintf("%s: wrong, %s", claim, why)
	return a, claim
}

// knownTry answers a claimed cook mv from the key's own analysis when mv
// is one of its tries: the claim is wrong, with the try's result and
// refutation, and whether the key proved it never wins or searched it to
// the key's bound.
func (e *KeyEntry) knownTry(claim, mv string) (string, bool) {
	for _, t := range e.TryResults {
		if t.Move != mv {
			continue
		}
		why := t.Result + refutedBy(t.Refutations, !t.RefutationsIncomplete)
		if t.Never {
			return fmt.Sprintf("%s: wrong, %s (proved by the key's analysis: it never forces the goal)", claim, why), true
		}
		return fmt.Sprintf("%s: wrong, %s (the key's analysis searched to %d moves)", claim, why, e.Bound), true
	}
	return "", false
}

// solutionMove is the key's White move after line, the forced play after
// the author's last move included ("" when the key has no line through
// it).
func (gr *Grader) solutionMove(e *KeyEntry, line []string) string {
	if slices.Equal(line, e.KeyAfter) {
		return e.Key
	}
	for _, l := range e.Lines {
		full := append(append([]string{}, l.Moves...), l.Extra...)
		if len(full) > len(line) && slices.Equal(full[:len(line)], line) {
			return full[len(line)]
		}
	}
	return ""
}

// inAuthorsLines reports whether line leads to a White move of the
// author's main line or a variation.
func (e *KeyEntry) inAuthorsLines(line []string) bool {
	for _, l := range e.Lines {
		if (l.Kind == LineMain || l.Kind == LineVariation) && len(l.Moves) > len(line) && slices.Equal(l.Moves[:len(line)], line) {
			return true
		}
	}
	return false
}

// rank sorts by total (then name) and sets the places, ties shared.
func rank(rs []*SolverResult) {
	sort.SliceStable(rs, func(i, j int) bool {
		if rs[i].Total != rs[j].Total {
			return rs[i].Total > rs[j].Total
		}
		return rs[i].Solver < rs[j].Solver
	})
	for i := 0; i < len(rs); {
		j := i
		for j < len(rs) && rs[j].Total == rs[i].Total {
			j++
		}
		place := strconv.Itoa(i + 1)
		if j-i > 1 {
			place = fmt.Sprintf("%d-%d", i+1, j)
		}
		for k := i; k < j; k++ {
			rs[k].Place = place
		}
		i = j
	}
}
