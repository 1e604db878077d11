package judge

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"draughtsjudge/composition"
	"draughtsjudge/draughts"
	"draughtsjudge/retro"
	"draughtsjudge/solver"
)

// Measure is one artistic measure (11.3) with its evidence. Value is a
// number the rubric's conditions compare (flags are 0 or 1).
type Measure struct {
	ID     string  `json:"id"`
	Clause string  `json:"clause"`
	Value  float64 `json:"value"`
	Detail string  `json:"detail"`
}

// measures computes the artistic measures from the author's lines, the
// finales and the solver's answer. All are cheap: no new search.
func (f *formal) measures(rep *Report) []Measure {
	var out []Measure
	for _, m := range measureTable {
		if m.when != nil && !m.when(f) {
			continue
		}
		out = append(out, m.measure(f, rep)...)
	}
	return out
}

// measureTable lists the artistic measures in report order: each entry
// computes one measure or a few that share their evidence, when its
// condition (nil: always) holds.
var measureTable = []struct {
	when    func(f *formal) bool
	measure func(f *formal, rep *Report) []Measure
}{
	{nil, (*formal).variationsMeasure},
	{nil, (*formal).finalesMeasure},
	{(*formal).solved, (*formal).triesMeasure},
	{(*formal).hasMainLine, (*formal).keyMeasures},
	{(*formal).hasMainLine, (*formal).nadstavkaMeasure},
	{(*formal).hasMainLine, (*formal).illusoryChoiceMeasures},
	{(*formal).hasMainLine, (*formal).crudeSacrificeMeasure},
	{(*formal).hasMainLine, (*formal).passiveMeasure},
	{(*formal).hasMainLine, (*formal).deadMeasure},
	{nil, (*formal).enPriseMeasures},
	{nil, (*formal).readyLockMeasure},
	{nil, (*formal).materialMeasures},
	{(*formal).solved, (*formal).dualMeasures},
}

// solved: the solver decided the composition (tries, duals and
// transpositions are measured only then).
func (f *formal) solved() bool { return !f.unsolved }

// hasMainLine: the author gives a main line with at least one legal move.
func (f *formal) hasMainLine() bool { return len(f.lines) > 0 && len(f.lines[0].Moves) > 0 }

func measure(id, clause string, v float64, detail string) []Measure {
	return []Measure{{id, clause, v, detail}}
}

// variationsMeasure counts the thematic variations (11.2.5, 11.3.3).
func (f *formal) variationsMeasure(rep *Report) []Measure {
	themes := f.c.ThematicLines() - len(rep.demoted)
	demDetail := ""
	if len(rep.demoted) > 0 {
		demDetail = fmt.Sprintf("; %s not thematic (a partial cook, 11.2.6)", count(len(rep.demoted), "variation"))
	}
	if g := f.c.Genre; (g == composition.Study || g == composition.Ending) && len(rep.sameEnds) > 0 {
		// As [variations] counts them: a line that ends where another
		// does is that line's play in another order, not a variation.
		themes -= len(rep.sameEnds)
		ends := "1 line ends"
		if len(rep.sameEnds) > 1 {
			ends = fmt.Sprintf("%d lines end", len(rep.sameEnds))
		}
		demDetail += "; " + ends + " in the position of another, counted once"
	}
	if len(f.lines) == 0 {
		return measure("variations", "11.3.3", float64(themes), fmt.Sprintf("%s (no author's solution: the solver's main line)", count(themes, "thematic line")))
	}
	return measure("variations", "11.3.3", float64(themes), fmt.Sprintf("%s (the main line and the defences the author gives; %s in all%s)", count(themes, "thematic line"), count(len(f.lines), "author's line"), demDetail))
}

// finalesMeasure counts the distinct finales (11.3.9.5), and the rare
// ones (11.3.7.1: a new or rare finale): the one standard win finale the
// code knows is the final blow (Black has no piece left); a win where Black
// keeps pieces that cannot move (a lock) counts as rarer, a database win not.
func (f *formal) finalesMeasure(rep *Report) []Measure {
	distinct := map[string]bool{}
	var finDetail, rare []string
	for _, fin := range rep.Finales {
		if !fin.Fulfilled {
			continue
		}
		k := fin.FEN
		if len(fin.Locked) > 0 {
			k = strings.Join(fin.Locked, ",")
		}
		if !distinct[k] {
			distinct[k] = true
			finDetail = append(finDetail, k)
			if p, err := draughts.ParseFEN(f.r, fin.FEN); err == nil && f.c.Stipulation.Kind == composition.KindWin && p.Side == draughts.Black && p.Pieces[draughts.Black] != 0 && len(draughts.LegalMoves(&p, f.r)) == 0 {
				rare = append(rare, finaleName(fin)+": Black locked")
			}
		}
	}
	out := measure("finales", "11.3.9.5", float64(len(distinct)), "distinct finales: "+orNone(finDetail))
	return append(out, measure("finale_rare", "11.3.7.1", float64(len(rare)), "winning finales other than the final blow (the one standard win finale the code knows): "+orNone(rare))...)
}

// triesMeasure counts the first moves refuted by a single defence (11.3.3;
// contest points read it) and the thematic tries among them (11.3.8.3):
// the author's "?" or a sacrifice, which starts a combination. A quiet move
// refuted by one defence (most king moves of an ending) is no false trail.
// A try counts only when it never wins (a refutation within the bound
// alone is no proof) and every other defence of it was decided
// (solver.FirstMove.RefutationsComplete); the others are named as not
// counted.
func (f *formal) triesMeasure(rep *Report) []Measure {
	authors := map[string]bool{}
	for _, m := range f.c.TryMoves() {
		authors[m] = true
	}
	var tries, thematic, plain, bounded, open []string
	for _, t := range f.ans.Tries {
		switch {
		case t.Outcome == solver.Aborted || len(t.Refutations) == 0:
			continue
		case t.Outcome != solver.Never:
			bounded = append(bounded, t.Move)
			continue
		case !t.RefutationsComplete:
			open = append(open, t.Move)
			continue
		case len(t.Refutations) != 1:
			continue
		}
		s := fmt.Sprintf("%s? %s!", t.Move, t.Refutations[0].Move)
		tries = append(tries, s)
		switch {
		case authors[t.Move]:
			thematic = append(thematic, s+" (the author's try)")
		case f.sacrifice(t.Move):
			thematic = append(thematic, s+" (a sacrifice)")
		default:
			plain = append(plain, t.Move)
		}
	}
	d := "first moves refuted by a single defence, every other defence decided: " + orNone(tries)
	if len(bounded) > 0 {
		d += "; not counted, refuted within the bound only: " + strings.Join(bounded, ", ")
	}
	if len(open) > 0 {
		d += "; not counted, other defences not decided: " + strings.Join(open, ", ")
	}
	out := measure("tries", "11.3.3", float64(len(tries)), d)
	return append(out, measure("thematic_tries", "11.3.8.3", float64(len(thematic)), fmt.Sprintf("thematic tries (the author's \"?\" or a sacrifice): %s; not counted, quiet first moves that start no combination: %s", orNone(thematic), orNone(plain)))...)
}

// sacrifice reports whether White's first move mv gives a piece away:
// Black can then capture a piece it could not take before.
func (f *formal) sacrifice(mv string) bool {
	start := f.c.Start
	m, err := draughts.ParseMove(&start, f.r, mv)
	if err != nil {
		return false
	}
	after, before := start.Play(m), enPrise(start, f.r)
	for _, x := range draughts.LegalMoves(&after, f.r) {
		if x.Captured&^before != 0 {
			return true
		}
	}
	return false
}

// blackFirst: Black moves first (11.1.4), so the solution has no key
// (as [quiet-key] says): the key measures are 0, and Black's first move
// is not White's choice.
func (f *formal) blackFirst() bool { return f.c.Start.Side != draughts.White }

// keyMeasures are the quiet key, the key sacrifice and the sacrifices of
// the main line (11.3.6).
func (f *formal) keyMeasures(rep *Report) []Measure {
	r, start := f.r, f.c.Start
	main := f.lines[0]
	key := main.Moves[0]
	var out []Measure
	if f.blackFirst() {
		out = measure("key_quiet", "11.3.6", 0, "Black moves first: no key")
	} else {
		out = measure("key_quiet", "11.3.6", flag(!key.IsCapture()), "key "+main.Text[0])
	}
	var sacs []string
	keySac := false
	for i := range main.Moves {
		if main.Before[i].Side != draughts.White || i+1 >= len(main.Moves) {
			continue
		}
		// A sacrifice gives a piece the move put en prise: Black's
		// capture takes something Black could not take before it.
		if c := main.Moves[i+1].Captured; c != 0 && c&^enPrise(main.Before[i], r) != 0 {
			sacs = append(sacs, fmt.Sprintf("%s%s (%s%s)", composition.MoveNo(main.Text[:i], start.Side), main.Text[i], composition.MoveNo(main.Text[:i+1], start.Side), main.Text[i+1]))
			if i == 0 && !f.blackFirst() {
				keySac = true
			}
		}
	}
	out = append(out, measure("key_sacrifice", "11.3.6", flag(keySac), "the key gives a piece away: "+yesNo(keySac))...)
	return append(out, measure("sacrifices", "11.3.6", float64(len(sacs)), "White moves answered by a capture: "+orNone(sacs))...)
}

// nadstavkaMeasure is the introductory exchange (nadstavka, 11.3.4,
// 11.3.8.2): the key offers a piece, Black takes one, White takes one
// back. A piece that stood en prise before the key is not offered by it.
func (f *formal) nadstavkaMeasure(rep *Report) []Measure {
	main := f.lines[0]
	if f.blackFirst() {
		return measure("nadstavka", "11.3.4", 0, "Black moves first: no key")
	}
	if len(main.Moves) >= 3 && main.Moves[1].IsCapture() && main.Moves[2].IsCapture() &&
		main.Moves[1].Captured.Count() == 1 && main.Moves[2].Captured.Count() == 1 &&
		main.Moves[1].Captured&^enPrise(main.Before[0], f.r) != 0 {
		cl := "11.3.4"
		if f.c.Genre == composition.Study || f.c.Genre == composition.Ending {
			cl = "11.3.8.2" // a serious defect of a study
		}
		return measure("nadstavka", cl, 1, "introductory exchange "+join(main.Text[:3]))
	}
	return measure("nadstavka", "11.3.4", 0, "no introductory exchange")
}

// illusoryChoiceMeasures are the majority rule's illusory choices in the
// main line (11.3.7.6); none without the majority rule.
func (f *formal) illusoryChoiceMeasures(rep *Report) []Measure {
	r, start := f.r, f.c.Start
	if !r.Majority {
		return nil
	}
	main := f.lines[0]
	by := map[string][]string{} // ideal, economical, uneconomical
	for i := range main.Moves {
		p := main.Before[i]
		if p.Side != draughts.Black || !main.Moves[i].IsCapture() {
			continue
		}
		if counts := illusoryChoice(&p, r); len(counts) >= 2 {
			k := classifyChoice(counts)
			by[k] = append(by[k], fmt.Sprintf("%s%s %s", composition.MoveNo(main.Text[:i], start.Side), main.Text[i], ratio(counts)))
		}
	}
	out := measure("sacrifice_ideal", "11.3.7.6", float64(len(by["ideal"])), "ideal illusory choices: "+orNone(by["ideal"]))
	out = append(out, measure("sacrifice_economical", "11.3.7.6", float64(len(by["economical"])), "economical: "+orNone(by["economical"]))...)
	return append(out, measure("sacrifice_uneconomical", "11.3.7.6", float64(len(by["uneconomical"])), "uneconomical: "+orNone(by["uneconomical"]))...)
}

// crudeSacrificeMeasure (11.3.7.6): in a 100-square problem, giving two
// or more white pieces to one black capture in one direction is
// uneconomical and crude (the capture runs along a single diagonal).
func (f *formal) crudeSacrificeMeasure(rep *Report) []Measure {
	r, start := f.r, f.c.Start
	if f.c.Genre != composition.Problem || r.Board.Size != 10 {
		return nil
	}
	main := f.lines[0]
	var crude []string
	for i := range main.Moves {
		m := main.Moves[i]
		if main.Before[i].Side == draughts.Black && m.Captured.Count() >= 2 && straight(r.Board, m) {
			crude = append(crude, fmt.Sprintf("%s%s takes %d in one direction", composition.MoveNo(main.Text[:i], start.Side), main.Text[i], m.Captured.Count()))
		}
	}
	return measure("sacrifice_crude", "11.3.7.6", float64(len(crude)), "black captures of two or more pieces along one diagonal: "+orNone(crude))
}

// passiveMeasure: white pieces that never move in any author's line
// (11.3.4, 11.3.9.3).
func (f *formal) passiveMeasure(rep *Report) []Measure {
	start := f.c.Start
	moved, _ := pieceActivity(start, f.lines)
	var passive []string
	for _, sq := range (start.Pieces[draughts.White] &^ moved).Squares() {
		passive = append(passive, composition.PieceName(&start, f.r, sq))
	}
	return measure("passive", "11.3.4", float64(len(passive)), "white pieces that never move in the author's lines: "+orNone(passive))
}

// deadMeasure: dead pieces (11.3.9.3), "immobile but indirectly
// playing" — pieces of either colour that neither move nor are captured
// in any author's line, and that economy-construction proved needed (its
// reason is the evidence of the indirect play). An immobile piece that is
// not needed is a statist, failed there.
func (f *formal) deadMeasure(rep *Report) []Measure {
	start := f.c.Start
	_, touched := pieceActivity(start, f.lines)
	var dead []string
	for _, sq := range (start.Occupied() &^ touched).Squares() {
		d := composition.PieceName(&start, f.r, sq)
		if why, ok := f.roles[sq]; ok {
			d += " (" + why + ")"
		}
		dead = append(dead, d)
	}
	return measure("dead", "11.3.9.3", float64(len(dead)), "pieces that neither move nor are captured in the author's lines, playing only indirectly: "+orNone(dead))
}

// blackToMove is the initial position with Black to move.
func (f *formal) blackToMove() draughts.Position { return withSide(f.c.Start, draughts.Black) }

// withSide is p with side to move.
func withSide(p draughts.Position, side draughts.Side) draughts.Position {
	p.Side = side
	p.Key = p.ComputeKey()
	return p
}

// enPriseMeasures: white pieces en prise at the start, a ready shot for
// Black (11.3.8.2 studies), about -2 points in a task (11.2.8.3), and
// whether the position derives from a calm one.
func (f *formal) enPriseMeasures(rep *Report) []Measure {
	r, start := f.r, f.c.Start
	q := f.blackToMove()
	var caps []string
	if draughts.HasCapture(&q, r) {
		caps = draughts.MoveStrings(&q, r, draughts.LegalMoves(&q, r))
	}
	out := measure("white_en_prise", "11.2.8.3", float64(len(caps)), "Black, if to move, could capture: "+orNone(caps))
	if len(caps) > 0 && start.Side == draughts.White {
		// 11.2.8.3: the penalty applies when the position cannot be
		// derived from a calm one. A quiet last move by Black derives it:
		// before a quiet move Black had no capture, so no white piece was
		// en prise.
		var quiet []string
		for _, st := range retro.Steps(start, r, 6) {
			if st.Before.Pieces[draughts.White] == start.Pieces[draughts.White] {
				quiet = append(quiet, st.Move)
			}
		}
		out = append(out, measure("en_prise_derived", "11.2.8.3", flag(len(quiet) > 0), "derived from a calm position by Black's quiet last move: "+orNone(quiet))...)
	}
	return out
}

// readyLockMeasure (11.3.9.2): a task's initial position should hold no
// ready finale — black pieces already locked (no move, were Black to
// move).
func (f *formal) readyLockMeasure(rep *Report) []Measure {
	r, start := f.r, f.c.Start
	q := f.blackToMove()
	if f.c.Genre != composition.Task || draughts.HasCapture(&q, r) {
		return nil
	}
	var locked []string
	for _, sq := range start.Pieces[draughts.Black].Squares() {
		if !canMove(q, r, sq) {
			locked = append(locked, composition.PieceName(&start, r, sq))
		}
	}
	return measure("ready_lock", "11.3.9.2", float64(len(locked)), "black pieces already locked at the start: "+orNone(locked))
}

// materialMeasures: miniature (11.3.4), balance of forces and the g1/h2
// remark (11.3.7.2).
func (f *formal) materialMeasures(rep *Report) []Measure {
	r, start := f.r, f.c.Start
	w, b := start.Pieces[draughts.White].Count(), start.Pieces[draughts.Black].Count()
	mini := strings.HasPrefix(rep.Group, "miniature") || (f.c.Genre == composition.Study && w+b <= 7)
	out := measure("miniature", "11.3.4", flag(mini), fmt.Sprintf("%d white, %d black pieces", w, b))
	out = append(out, measure("balance", "11.3.7.2", float64(w-b), fmt.Sprintf("White %+d pieces", w-b))...)
	g1, h2 := "g1", "h2"
	if r.Board.Size == 10 {
		g1, h2 = "50", "45"
	}
	sg, _ := r.Board.ParseSquare(g1)
	sh, _ := r.Board.ParseSquare(h2)
	g1h2 := start.Men(draughts.White).Has(sg) && start.Men(draughts.Black).Has(sh)
	return append(out, measure("g1h2", "11.3.7.2", flag(g1h2), fmt.Sprintf("white man %s with black man %s: %s", g1, h2, yesNo(g1h2)))...)
}

// dualMeasures: duals and transpositions (11.3.5, 11.3.9.4), a study's
// inaccuracies per branch (11.3.8.5) and the transpositions' distance.
func (f *formal) dualMeasures(rep *Report) []Measure {
	var tr []string
	far := 0
	for _, t := range rep.Transpositions {
		d := f.transpositionDistance(t)
		what := "the author plays it later"
		if d > 0 {
			what = fmt.Sprintf("the author plays it at move %d, %s later", (len(t.Line)+2*d)/2+1, count(d, "move"))
			far = max(far, d)
		}
		tr = append(tr, fmt.Sprintf("%s%s instead of %s (%s)", composition.MoveNo(t.Line, f.c.Start.Side), t.Move, t.Author, what))
	}
	dcl := "11.3.5"
	switch {
	case f.c.Genre == composition.Task:
		dcl = "11.3.5, 11.3.9.4"
	case f.c.Genre == composition.Problem && f.r.Board.Size == 8:
		dcl = "11.3.5, 11.3.7.5"
	}
	out := measure("duals", dcl, float64(len(rep.Duals)), count(len(rep.Duals), "dual")+" in the author's lines")
	if f.c.Genre == composition.Study || f.c.Genre == composition.Ending {
		out = append(out, f.branchInaccuracies(rep))
	}
	out = append(out, measure("transpositions", dcl, float64(len(rep.Transpositions)), "transpositions: "+orNone(tr))...)
	// 11.3.5: transposing adjacent moves far from the start is a
	// smaller defect than transposing distant moves near it.
	return append(out, measure("transposition_distance", "11.3.5", float64(far), "largest distance, in moves, between transposed moves (1 = adjacent)")...)
}

// branchInaccuracies (11.3.8.5): a compositional branch may have one
// inaccuracy; the measure is the most any branch has.
func (f *formal) branchInaccuracies(rep *Report) Measure {
	most, where := 0, ""
	for _, l := range f.lines {
		nodes := map[string]bool{} // several alternatives at one move are one inaccuracy
		for _, d := range append(append([]Finding(nil), rep.Duals...), rep.Transpositions...) {
			if len(d.Line) <= len(l.Text) && strings.Join(l.Text[:len(d.Line)], " ") == strings.Join(d.Line, " ") {
				nodes[strings.Join(d.Line, " ")] = true
			}
		}
		n := len(nodes)
		if n > most {
			most, where = n, lastMoves(l.Text)
		}
	}
	detail := "no branch has more than one inaccuracy"
	if most > 1 {
		detail = fmt.Sprintf("the branch ending %s has %d inaccuracies", where, most)
	}
	return Measure{"branch_inaccuracies", "11.3.8.5", float64(most), detail}
}

// illusoryChoice returns, for a Black capture under the majority rule,
// the number of pieces each capture option (piece and first direction)
// would take without the rule, ascending.
func illusoryChoice(p *draughts.Position, r *draughts.Rules) []int {
	free := *r
	free.Majority = false
	best := map[[2]draughts.Square]int{}
	for _, m := range draughts.LegalMoves(p, &free) {
		if !m.IsCapture() {
			continue
		}
		for _, path := range draughts.Paths(p, &free, m) {
			if len(path) < 2 {
				continue
			}
			k := [2]draughts.Square{path[0], direction(r.Board, path[0], path[1])}
			if n := m.Captured.Count(); n > best[k] {
				best[k] = n
			}
		}
	}
	return slices.Sorted(maps.Values(best))
}

// direction is a code for the diagonal direction from a to b.
func direction(b *draughts.Board, a, c draughts.Square) draughts.Square {
	r1, c1 := b.RowCol(a)
	r2, c2 := b.RowCol(c)
	return draughts.Square(flag(r2 > r1)) | draughts.Square(flag(c2 > c1))<<1
}

// classifyChoice applies 11.3.7.6: economical when some direction gives
// one piece less than the compulsory capture; ideal when the counts are
// consecutive (1:2, 1:1:2, 2:3:4); otherwise uneconomical (1:3, 1:2:4).
func classifyChoice(counts []int) string {
	n := len(counts)
	top := counts[n-1]
	if counts[n-2] == top {
		return "" // two options take the most: a real choice, not an illusory one
	}
	if counts[n-2] != top-1 {
		return "uneconomical"
	}
	for i := 1; i < n; i++ {
		if d := counts[i] - counts[i-1]; d > 1 {
			return "economical"
		}
	}
	return "ideal"
}

func ratio(counts []int) string {
	return strings.Trim(strings.ReplaceAll(fmt.Sprint(counts), " ", ":"), "[]")
}

func flag(b bool) float64 { return map[bool]float64{true: 1}[b] }

func yesNo(b bool) string { return map[bool]string{true: "yes", false: "no"}[b] }

func orNone(xs []string) string {
	if len(xs) == 0 {
		return "none"
	}
	return strings.Join(xs, "; ")
}

// pieceActivity follows every piece of start through the author's lines:
// moved are the white pieces (by starting square) that move in some line,
// touched the pieces of either colour that move or are captured.
func pieceActivity(start draughts.Position, lines []composition.Line) (moved, touched draughts.Bitboard) {
	for _, l := range lines {
		track := map[draughts.Square]draughts.Square{} // current square -> start square
		for _, sq := range start.Occupied().Squares() {
			track[sq] = sq
		}
		for i, m := range l.Moves {
			for sq, s0 := range track {
				if m.Captured.Has(sq) {
					touched |= draughts.Bit(s0)
					delete(track, sq)
				}
			}
			if s0, ok := track[m.From]; ok {
				touched |= draughts.Bit(s0)
				if l.Before[i].Side == draughts.White {
					moved |= draughts.Bit(s0)
				}
				delete(track, m.From)
				track[m.To] = s0
			}
		}
	}
	return moved & start.Pieces[draughts.White], touched
}

// transpositionDistance is how many moves after the node the author plays
// the transposed move in his own line through that node (0: not found).
func (f *formal) transpositionDistance(t Finding) int {
	for _, l := range f.lines {
		if len(l.Text) <= len(t.Line) || !slices.Equal(l.Text[:len(t.Line)], t.Line) {
			continue
		}
		for k := len(t.Line) + 2; k < len(l.Text); k += 2 {
			if l.Text[k] == t.Move {
				return (k - len(t.Line)) / 2
			}
		}
	}
	return 0
}

// enPrise is the set of white pieces Black could capture in p if Black
// were to move (before White's move).
func enPrise(p draughts.Position, r *draughts.Rules) draughts.Bitboard {
	p = withSide(p, draughts.Black)
	var out draughts.Bitboard
	if draughts.HasCapture(&p, r) {
		for _, m := range draughts.LegalMoves(&p, r) {
			out |= m.Captured
		}
	}
	return out
}

// straight reports whether a capture runs along one diagonal: its start,
// its end and every piece it takes on one line.
func straight(b *draughts.Board, m draughts.Move) bool {
	r0, c0 := b.RowCol(m.From)
	r1, c1 := b.RowCol(m.To)
	dr, dc := r1-r0, c1-c0
	if dr == 0 || dr != dc && dr != -dc {
		return false
	}
	for _, sq := range m.Captured.Squares() {
		r, c := b.RowCol(sq)
		if (r-r0)*dc != (c-c0)*dr || (r-r0)*dr < 0 {
			return false
		}
	}
	return true
}

// canMove reports whether the piece on sq has a legal move in p (p's side
// to move).
func canMove(p draughts.Position, r *draughts.Rules, sq draughts.Square) bool {
	for _, m := range draughts.LegalMoves(&p, r) {
		if m.From == sq {
			return true
		}
	}
	return false
}
