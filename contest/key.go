// Package contest runs solving contests (clause 11.6 of the rules): the
// points formula, the answer key, the solvers' answers and their grading.
package contest

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"draughtsjudge/composition"
	"draughtsjudge/draughts"
	"draughtsjudge/judge"
	"draughtsjudge/solver"
)

// KeyFormat names the JSON document of a solving contest's key.
const KeyFormat = "draughtsjudge-key/1"

// ContestKey is the answer key of a solving contest (11.6.1): per
// composition the complete answer with the points on offer.
type ContestKey struct {
	Format  string      `json:"format"`
	Points  Points      `json:"points"` // the formula the points come from
	Entries []*KeyEntry `json:"entries"`
}

// Line kinds of a key.
const (
	LineMain      = "main"      // the author's main line
	LineVariation = "variation" // a thematic variation the author gives
	LineDefence   = "defence"   // a defence the solution needs that the author does not give
)

// KeyLine is one line a solver must give: moves from the initial
// position (canonical notation) to the finale.
type KeyLine struct {
	Kind  string   `json:"kind"`
	Moves []string `json:"moves"`
	// Extra is forced play after the author's last move (not required).
	Extra  []string `json:"extra,omitempty"`
	FEN    string   `json:"fen"`    // the position at the end (finale)
	Finale bool     `json:"finale"` // the goal is fulfilled there
	Weight float64  `json:"weight"` // relative weight (thematic line 1)
	Points float64  `json:"points"`
}

// Offer is extra points on offer (11.6.1): what the tool found and what a
// solver who reports it gets.
type Offer struct {
	Kind   string   `json:"kind"` // ClaimCook, ClaimInaccuracy, ClaimUnsolvable
	Line   []string `json:"line,omitempty"`
	Move   string   `json:"move,omitempty"`
	Points float64  `json:"points"`
	Detail string   `json:"detail"`
}

// Alternative is another White move that also forces the goal at a node
// of the solution (a dual or transposition): accepted in an answer.
type Alternative struct {
	Line []string `json:"line"`
	Move string   `json:"move"`
}

// TryResult is one first move that does not force the goal, as check
// decided it.
type TryResult struct {
	Move        string   `json:"move"`
	Result      string   `json:"result"` // "never", "no win within bound", ...
	Never       bool     `json:"never"`  // proved never to force the goal
	Refutations []string `json:"refutations,omitempty"`
	// RefutationsIncomplete: some other defence stayed undecided, so
	// Refutations may not be all (solver.FirstMove.RefutationsComplete
	// false). A key written before this field has none: its lists read as
	// complete, as its tries text said.
	RefutationsIncomplete bool `json:"refutations_incomplete,omitempty"`
}

// refutedBy writes "refuted by" and the refutations, saying when the
// other defences stayed undecided: "; refuted by f4-e3, f4-g3",
// "; refuted by 7-11 (other defences not decided)"; "" for none.
func refutedBy(refs []string, complete bool) string {
	if len(refs) == 0 {
		return ""
	}
	s := "; refuted by " + strings.Join(refs, ", ")
	if !complete {
		s += solver.NotAllDecided
	}
	return s
}

// KeyEntry is one composition of the key.
type KeyEntry struct {
	Number      int           `json:"number"`
	File        string        `json:"file"`
	Index       int           `json:"index"`
	Variant     string        `json:"variant"`
	Genre       string        `json:"genre,omitempty"`
	Group       string        `json:"group,omitempty"`
	Stipulation string        `json:"stipulation"`
	FEN         string        `json:"fen"`
	Author      string        `json:"author,omitempty"`
	Source      string        `json:"source,omitempty"`
	Event       string        `json:"event,omitempty"`
	Verdict     judge.Verdict `json:"verdict"`
	Reason      string        `json:"reason,omitempty"`
	// Key is the first move a solver must give (the author's, else the
	// tool's); Keys every key the tool found.
	Key string `json:"key"`
	// KeyAfter are the plies before the key: Black's first move of the
	// author's main line when Black moves first (empty otherwise).
	KeyAfter []string  `json:"key_after,omitempty"`
	Keys     []string  `json:"keys"`
	Bound    int       `json:"bound,omitempty"` // the depth check searched to, in White moves
	Distance int       `json:"distance,omitempty"`
	Lines    []KeyLine `json:"lines"`
	Tries    []string  `json:"tries"`
	// TryResults are the tries as check proved them, for the grader:
	// a claimed cook that is a try is answered from here.
	TryResults   []TryResult   `json:"try_results,omitempty"`
	Alternatives []Alternative `json:"alternatives"`
	Offers       []Offer       `json:"offers"`
	Points       float64       `json:"points"`
	// Predecessors are the entry's predecessors (key --archive, as check
	// lists them; docs/archive.md), none without --archive.
	Predecessors []string     `json:"predecessors,omitempty"`
	KeyPoints    float64      `json:"key_points"`
	Terms        []PointsTerm `json:"terms"`
	// Parts are the keys of the parts of a special kind (11.1.4: either
	// side, per side, turned, twins, double), each with its own key,
	// lines and points; the entry's points are their sum. Part names the
	// part ("White to move", "solution 2").
	Parts []*KeyEntry `json:"parts,omitempty"`
	Part  string      `json:"part,omitempty"`
	// Dropped: the tool found a cook and the points file says "cooked
	// drop": the composition counts for nobody (grade marks every answer
	// to it dropped, its column worth 0). Points keep the difficulty. The
	// parts of a dropped special kind say so too.
	Dropped bool `json:"dropped,omitempty"`
}

// BuildKeyEntry makes the key of one analysed composition, numbered n.
func BuildKeyEntry(n int, c *composition.Composition, rep *judge.Report, ps Points) *KeyEntry {
	e := &KeyEntry{Number: n, File: c.File, Index: c.Index, Variant: rep.Variant, Genre: rep.Genre, Group: rep.Group,
		Stipulation: rep.Stipulation, FEN: rep.FEN, Author: c.Author, Source: c.Source, Event: c.Event,
		Verdict: rep.Verdict, Reason: rep.Reason, Keys: append([]string{}, rep.Keys...), Distance: rep.Distance,
		Tries: []string{}, Alternatives: []Alternative{}, Offers: []Offer{}}
	e.Key = rep.AuthorKey
	if e.Key == "" && len(rep.Keys) > 0 {
		e.Key = rep.Keys[0]
	}
	e.Bound = rep.Bound
	// A special kind: one key per part (a retro-analysis part has no
	// moves to give and is left out).
	if len(c.Parts) > 0 && len(rep.Parts) == len(c.Parts) {
		e.Lines, e.Terms = []KeyLine{}, []PointsTerm{}
		for i, p := range c.Parts {
			if p.Retro > 0 {
				continue
			}
			sub := BuildKeyEntry(n, c.PartComposition(p), rep.Parts[i], ps)
			sub.Part = p.Name
			e.Parts = append(e.Parts, sub)
			e.Points = round2(e.Points + sub.Points)
		}
		if len(e.Parts) > 0 {
			e.Key, e.KeyAfter = e.Parts[0].Key, e.Parts[0].KeyAfter
			e.Dropped = e.Cooked() && ps.Cooked() == CookedDrop
			for _, sub := range e.Parts {
				sub.Dropped = e.Dropped
			}
			return e
		}
	}
	// The author's lines, with the finales the report found.
	for _, l := range c.Lines() {
		kl := KeyLine{Kind: LineVariation, Moves: append([]string{}, l.Text...), FEN: draughts.FEN(&l.End, c.Rules), Weight: 1}
		if l.Main {
			kl.Kind = LineMain
		}
		for _, f := range rep.Finales {
			if strings.Join(f.Line, " ") == strings.Join(l.Text, " ") {
				kl.Extra, kl.FEN, kl.Finale = f.Extra, f.FEN, f.Fulfilled
			}
		}
		if len(kl.Moves) > 0 {
			e.Lines = append(e.Lines, kl)
		}
	}
	// Defences the solution needs and the author does not give, with the
	// solver's continuation.
	dw := ps.share("defence", 0.25)
	// A defence is needed only when White has a reply to it in the
	// solution tree: one the solver must find. A defence the tree ends at
	// (a database draw, the goal already fulfilled, or not in the tree)
	// asks nothing of the solver.
	for _, f := range rep.MissingDefences {
		moves := append(append([]string{}, f.Line...), f.Move)
		node := treeAt(rep.Tree, moves)
		if node == nil || node.Finale || !node.Attacker || len(node.Branches) == 0 {
			continue
		}
		kl := KeyLine{Kind: LineDefence, Moves: moves, Weight: dw}
		kl.Extra, kl.FEN, kl.Finale = mainPath(node)
		e.Lines = append(e.Lines, kl)
	}
	// No author's solution: the solver's main line and every reply to the
	// key (Black first: every Black first move, with White's answer).
	if len(e.Lines) == 0 && rep.Tree != nil {
		cont, fen, fin := mainPath(rep.Tree)
		e.Lines = append(e.Lines, KeyLine{Kind: LineMain, Moves: cont, FEN: fen, Finale: fin, Weight: 1})
		var prefix []string
		reply := rep.Tree
		if rep.Tree.Attacker {
			reply = nil
			if len(rep.Tree.Branches) > 0 {
				prefix, reply = []string{mainBranch(rep.Tree).Move}, mainBranch(rep.Tree).Child
			}
		}
		if reply != nil && len(reply.Branches) > 0 {
			main := mainBranch(reply)
			for _, b := range reply.Branches {
				if b.Move == main.Move || b.Child == nil || len(b.Child.Branches) == 0 {
					continue
				}
				rest, fen, fin := mainPath(b.Child)
				moves := append(append(append([]string{}, prefix...), b.Move), rest...)
				e.Lines = append(e.Lines, KeyLine{Kind: LineDefence, Moves: moves, FEN: fen, Finale: fin, Weight: dw})
			}
		}
	}
	// Black moves first: the key is White's first move, after Black's
	// first move of the main line (KeyAfter).
	if c.Start.Side == draughts.Black && len(e.Lines) > 0 && len(e.Lines[0].Moves) > 1 {
		e.KeyAfter = []string{e.Lines[0].Moves[0]}
		e.Key = e.Lines[0].Moves[1]
	}
	if e.Lines == nil {
		e.Lines = []KeyLine{}
	}
	e.addTries(rep)
	for _, f := range append(append([]judge.Finding{}, rep.Duals...), rep.Transpositions...) {
		e.Alternatives = append(e.Alternatives, Alternative{Line: f.Line, Move: f.Move})
	}
	harvestAlternatives(rep.Tree, nil, &e.Alternatives)

	e.addOffers(rep, ps)

	e.Points, e.Terms = ps.Difficulty(difficultyMeasures(c, rep, e))
	e.Dropped = e.Cooked() && ps.Cooked() == CookedDrop
	e.share(ps)
	return e
}

// addTries lists rep's tries with their refutations: a refutation proved
// never to lose is marked "!"; one that holds only within the bound says
// so; a list the solver could not complete says so too.
func (e *KeyEntry) addTries(rep *judge.Report) {
	for _, t := range rep.Tries {
		var refs []string
		never := t.Outcome == solver.Never || t.Result == "never" || strings.HasPrefix(t.Result, "never ")
		tr := TryResult{Move: t.Move, Result: t.Result, Never: never, RefutationsIncomplete: !t.RefutationsComplete}
		for _, x := range t.Refutations {
			tr.Refutations = append(tr.Refutations, x.Move)
			if x.Hard {
				refs = append(refs, x.Move+"!")
			} else {
				refs = append(refs, fmt.Sprintf("%s (refuted within %d moves)", x.Move, rep.Bound))
			}
		}
		e.TryResults = append(e.TryResults, tr)
		if len(refs) > 0 {
			text := t.Move + "? " + strings.Join(refs, ", ")
			if !t.RefutationsComplete {
				text += solver.NotAllDecided
			}
			e.Tries = append(e.Tries, text)
		}
	}
}

// addOffers lists the extra points on offer (11.6.1): cooks, inaccuracies
// (duals) and unsolvability the report found.
func (e *KeyEntry) addOffers(rep *judge.Report, ps Points) {
	for _, f := range rep.Cooks {
		e.Offers = append(e.Offers, Offer{Kind: ClaimCook, Move: f.Move, Points: ps.Extra(ClaimCook), Detail: f.Result})
	}
	for _, f := range rep.Duals {
		e.Offers = append(e.Offers, Offer{Kind: ClaimInaccuracy, Line: f.Line, Move: f.Move, Points: ps.Extra(ClaimInaccuracy),
			Detail: strings.TrimSpace(f.Kind + " (" + f.Status + "): " + f.Result)})
	}
	if ch := rep.Check("solvable"); ch != nil && ch.Status == judge.Fail {
		e.Offers = append(e.Offers, Offer{Kind: ClaimUnsolvable, Points: ps.Extra(ClaimUnsolvable), Detail: ch.Detail})
	}
}

// share splits the points: the key's share, the rest over the lines by
// weight.
func (e *KeyEntry) share(ps Points) {
	total := 0.0
	for _, l := range e.Lines {
		total += l.Weight
	}
	if total == 0 {
		e.KeyPoints = e.Points
		return
	}
	e.KeyPoints = round2(e.Points * ps.share("key", 0.4))
	rest := e.Points - e.KeyPoints
	split := func(round func(float64) float64) float64 {
		sum := 0.0
		for i := range e.Lines {
			e.Lines[i].Points = round(rest * e.Lines[i].Weight / total)
			sum += e.Lines[i].Points
		}
		return sum
	}
	// The main line takes the rounding remainder: key + lines = points.
	// Rounded to the nearest cent the remainder of many lines can eat the
	// main line's share; when it would leave less than half of it, every
	// line is rounded down instead, and the main line's remainder is
	// positive: no line is worth less than its share rounded down.
	sum := split(round2)
	if e.Lines[0].Points+rest-sum < rest*e.Lines[0].Weight/total/2 {
		sum = split(func(x float64) float64 { return math.Floor(x*100+1e-9) / 100 })
	}
	e.Lines[0].Points = round2(e.Lines[0].Points + rest - sum)
}

// difficultyMeasures are the measures the points formula reads.
func difficultyMeasures(c *composition.Composition, rep *judge.Report, e *KeyEntry) map[string]float64 {
	m := map[string]float64{}
	for _, x := range rep.Measures {
		switch x.ID {
		case "tries", "key_quiet", "key_sacrifice", "sacrifices":
			m[x.ID] = x.Value
		}
	}
	m["distance"] = float64(rep.Distance)
	plies := 0
	for _, l := range e.Lines {
		switch l.Kind {
		case LineDefence:
			m["defences"]++
		default:
			m["variations"]++
		}
		plies += len(l.Moves)
		if l.Kind == LineMain && rep.Distance == 0 {
			// White's moves of the line (Black first: the odd plies).
			m["distance"] = float64((len(l.Moves) + 1) / 2)
			if c.Start.Side == draughts.Black {
				m["distance"] = float64(len(l.Moves) / 2)
			}
		}
	}
	m["tree_nodes"] = float64(treeSize(rep.Tree))
	if rep.Tree == nil {
		m["tree_nodes"] = float64(plies)
	}
	m["pieces"] = float64(c.Start.Occupied().Count())
	for _, g := range []string{composition.Problem, composition.Study, composition.Task, composition.Ending} {
		m["genre_"+g] = flag(composition.JudgedGenre(c) == g)
	}
	m["board10"] = flag(c.Rules.Board.Size == 10)
	return m
}

// treeAt follows moves from the root of a solution tree; nil when the
// tree does not have them.
func treeAt(n *solver.Node, moves []string) *solver.Node {
	for _, mv := range moves {
		if n == nil {
			return nil
		}
		var next *solver.Node
		found := false
		for _, b := range n.Branches {
			if b.Move == mv {
				next, found = b.Child, true
				break
			}
		}
		if !found {
			return nil
		}
		n = next
	}
	return n
}

// mainPath follows the main attacker move and the first defence to the
// end of the tree: the moves, the last position and whether it is a finale.
func mainPath(n *solver.Node) ([]string, string, bool) {
	var moves []string
	fen := ""
	for n != nil {
		fen = n.FEN
		if n.Finale || len(n.Branches) == 0 {
			return moves, fen, n.Finale
		}
		b := n.Branches[0]
		for _, x := range n.Branches {
			if x.Main {
				b = x
			}
		}
		moves = append(moves, b.Move)
		n = b.Child
	}
	return moves, fen, false
}

// mainBranch is the branch of n marked Main, else its first.
func mainBranch(n *solver.Node) solver.Branch {
	for _, b := range n.Branches {
		if b.Main {
			return b
		}
	}
	return n.Branches[0]
}

// harvestAlternatives adds the tree's other winning attacker moves.
func harvestAlternatives(n *solver.Node, line []string, out *[]Alternative) {
	if n == nil {
		return
	}
	for _, b := range n.Branches {
		l := append(append([]string{}, line...), b.Move)
		if n.Attacker && !b.Main && len(line) > 0 {
			dup := false
			for _, a := range *out {
				if a.Move == b.Move && strings.Join(a.Line, " ") == strings.Join(line, " ") {
					dup = true
				}
			}
			if !dup {
				*out = append(*out, Alternative{Line: append([]string{}, line...), Move: b.Move})
			}
		}
		harvestAlternatives(b.Child, l, out)
	}
}

// ParseKey reads the JSON key written by "key --format json".
func ParseKey(name string, data []byte) (*ContestKey, error) {
	var k ContestKey
	if err := json.Unmarshal(data, &k); err != nil {
		return nil, fmt.Errorf("%s:1: not a draughtsjudge key: %v", name, err)
	}
	if k.Format != KeyFormat {
		return nil, fmt.Errorf("%s:1: format %q, want %q", name, k.Format, KeyFormat)
	}
	seen := map[int]bool{}
	for _, e := range k.Entries {
		if seen[e.Number] {
			return nil, fmt.Errorf("%s:1: composition number %d twice", name, e.Number)
		}
		seen[e.Number] = true
	}
	return &k, nil
}

// Composition rebuilds the composition of a key entry (without the
// author's solution), for checking claims.
func (e *KeyEntry) Composition() (*composition.Composition, error) {
	r, err := draughts.RulesByID(e.Variant)
	if err != nil {
		return nil, err
	}
	pdn := fmt.Sprintf("[GameType \"%d\"]\n[Variant %q]\n[FEN %q]\n[Stipulation %q]\n", r.GameType, r.ID, e.FEN, e.Stipulation)
	if e.Genre != "" {
		pdn += fmt.Sprintf("[Genre %q]\n", e.Genre)
	}
	games, errs := draughts.ReadPDN(e.File, []byte(pdn+"*\n"))
	if len(errs) > 0 {
		return nil, errs[0]
	}
	if len(games) != 1 {
		return nil, fmt.Errorf("composition %d: cannot rebuild", e.Number)
	}
	c, err := composition.FromGame(e.File, e.Index, &games[0])
	if err != nil {
		return nil, err
	}
	// The FEN of a black-first composition already has Black to move.
	return c, nil
}

// MaxPoints is the composition's points without extras.
func (e *KeyEntry) MaxPoints() float64 {
	if len(e.Parts) > 0 {
		s := 0.0
		for _, p := range e.Parts {
			s += p.MaxPoints()
		}
		return round2(s)
	}
	s := e.KeyPoints
	for _, l := range e.Lines {
		s += l.Points
	}
	return math.Round(s*100) / 100
}

func flag(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// keyPlies are the plies of the key in a line: KeyAfter, then the key.
func (e *KeyEntry) keyPlies() []string {
	return append(append([]string{}, e.KeyAfter...), e.Key)
}

// Cooked reports whether the tool found another key (a cook on offer),
// in some part of a special kind.
func (e *KeyEntry) Cooked() bool {
	for _, p := range e.Parts {
		if p.Cooked() {
			return true
		}
	}
	for _, o := range e.Offers {
		if o.Kind == ClaimCook {
			return true
		}
	}
	return false
}
