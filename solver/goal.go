package solver

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"draughtsjudge/draughts"
)

// Status is what a goal says of a position before any search.
type Status uint8

// Goal statuses.
const (
	Open   Status = iota // not decided here: search on
	Done                 // the goal is fulfilled in this position
	Failed               // the goal can never be fulfilled from here (a hard fact)
)

// Goal is a stipulation as a test on positions. Implementations must be
// pure functions of their arguments (they are called from many goroutines).
type Goal interface {
	// ID names the goal in caches and reports ("win", "lock 2 men").
	ID() string
	// Eval judges p, whose legal moves are ml (already generated), for the
	// attacker. With Done, dist is the exact number of attacker moves
	// still needed (0: fulfilled here; more when an endgame database
	// knows the forced distance).
	Eval(p draughts.Position, r *draughts.Rules, attacker draughts.Side, ml *draughts.MoveList) (st Status, dist int)
}

// Prober gives exact endgame values (the tablebase). Probe reports the
// value for the side to move, +1 win, 0 draw, -1 loss, and the number of
// plies to the end of the game with best play (winner shortest, loser
// longest; theory mode); ok=false when the position is not covered.
type Prober interface {
	// Probe takes the position by value: behind an interface a pointer
	// argument escapes, and the copy it forced cost a heap allocation on
	// every goal test (5% of phase 1's time).
	Probe(r *draughts.Rules, p draughts.Position) (wdl, plies int, ok bool)
}

// Win is the goal "win" (6.1.7): the defender, to move, has no legal move
// (no pieces, or all blocked). The attacker without a move has lost.
//
// Finale rules, each off by default:
//   - Prober: a covered position is decided by the database (a won
//     finale, clause 11.2.7.2 "the endgame database says won").
//   - MaterialMargin > 0 (only where the database does not cover the
//     position): a problem's finale (11.2.7.2: after White's
//     combination, Black to make a quiet move) counts as won when the
//     defender, to move, has no capture and the attacker is ahead by at
//     least MaterialMargin more than at the start (MarginBase, the
//     attacker's lead in the initial position, counted from 0 when the
//     defender is ahead: 11.2.7.1 lets Black be one piece up), in
//     pieces (a promotion alone is no gain), and no quiet defender move
//     starts a forced exchange that wins it back (shot). So a combination
//     must win material: a problem that starts with White two men up is
//     not "won" by any quiet first move. A king is not one piece: the
//     rule never accepts a finale where the defender has more kings than
//     the attacker (a black king against ten white men is no won
//     finale), nor one where a quiet defender move crowns such a king or
//     a shot ends with one; those are won only when the database or the
//     search reaches a real end. This is the judge's reading of a
//     combinational finale, not a proof; reports say when a finale was
//     accepted by it.
type Win struct {
	Prober         Prober
	MaterialMargin int
	MarginBase     int
}

// ID implements Goal.
func (w Win) ID() string {
	switch {
	case w.MaterialMargin > 0 && w.MarginBase > 0:
		return fmt.Sprintf("win/m%d+%d", w.MaterialMargin, w.MarginBase)
	case w.MaterialMargin > 0:
		return fmt.Sprintf("win/m%d", w.MaterialMargin)
	}
	return "win"
}

// Material returns side s's material for the problem finale rule: its
// number of pieces. A promotion is not a gain (a new king may be won
// back by a shot the rule does not look for); winning pieces is.
func Material(p *draughts.Position, s draughts.Side) int {
	return p.Pieces[s].Count()
}

// Eval implements Goal.
func (w Win) Eval(p draughts.Position, r *draughts.Rules, attacker draughts.Side, ml *draughts.MoveList) (Status, int) {
	return w.evalWindow(p, r, attacker, ml, -1)
}

// windowGoal is a goal that reads endgame databases and must respect the
// game draw rules: window is the number of plies before a move-count rule
// could draw the position (-1: none applies). A database win longer than
// the window is not taken (the search goes on and sees the counters).
type windowGoal interface {
	evalWindow(p draughts.Position, r *draughts.Rules, attacker draughts.Side, ml *draughts.MoveList, window int) (Status, int)
}

func (w Win) evalWindow(p draughts.Position, r *draughts.Rules, attacker draughts.Side, ml *draughts.MoveList, window int) (Status, int) {
	if ml.N == 0 {
		if p.Side == attacker {
			return Failed, 0
		}
		return Done, 0
	}
	if p.Pieces[attacker] == 0 {
		return Failed, 0
	}
	if v, plies, ok := probeFor(w.Prober, r, p, attacker); ok {
		if v <= 0 {
			return Failed, 0 // the database says the attacker cannot win
		}
		if window >= 0 && plies > window {
			return Open, 0 // game rules could draw before the database's win
		}
		// plies to the end; the attacker moves first when to move.
		if p.Side == attacker {
			return Done, (plies + 1) / 2
		}
		return Done, plies / 2
	}
	// The finale rule only where no database is exact.
	need := max(w.MarginBase, 0) + w.MaterialMargin
	if w.MaterialMargin > 0 && p.Side != attacker && !ml.Moves[0].IsCapture() && !kingAhead(&p, attacker) &&
		Material(&p, attacker)-Material(&p, attacker^1) >= need && !shot(p, r, attacker, ml, need) {
		return Done, 0
	}
	return Open, 0
}

// kingAhead reports whether the defender has more kings than the attacker
// in p: the problem finale rule does not count such a position as won
// (a king is not one piece).
func kingAhead(p *draughts.Position, attacker draughts.Side) bool {
	return p.KingsOf(attacker^1).Count() > p.KingsOf(attacker).Count()
}

// shot reports whether the defender, to move in p with no capture, has a
// quiet move that starts a forced exchange (a "shot": the attacker must
// capture, then the defender captures back, ...) bringing the attacker's
// lead in pieces below need. The finale rule accepts a finale only when
// the combination's gain survives every such shot.
//
// A quiet move that crowns a defender's king the attacker cannot match
// (kingAhead) counts as a shot too, and so does an exchange that ends
// with one.
func shot(p draughts.Position, r *draughts.Rules, attacker draughts.Side, ml *draughts.MoveList, need int) bool {
	for _, m := range ml.Slice() {
		q := p.Play(m)
		if !draughts.HasCapture(&q, r) {
			if kingAhead(&q, attacker) {
				return true
			}
			continue
		}
		if exchange(q, r, attacker, 12) < need {
			return true
		}
	}
	return false
}

// kingLost is exchange's value of a sequence that leaves the defender
// with more kings than the attacker: below any margin.
const kingLost = -1 << 10

// exchange is the attacker's lead in pieces after the captures that follow
// from p, each side choosing its best capture (captures are compulsory),
// until the side to move has none (kingLost when the defender then has
// more kings than the attacker). depth bounds the sequence.
func exchange(p draughts.Position, r *draughts.Rules, attacker draughts.Side, depth int) int {
	lead := Material(&p, attacker) - Material(&p, attacker^1)
	if depth == 0 || !draughts.HasCapture(&p, r) {
		if kingAhead(&p, attacker) {
			return kingLost
		}
		return lead
	}
	var ml draughts.MoveList
	draughts.Generate(&p, r, &ml)
	best := 0
	for i, m := range ml.Slice() {
		v := exchange(p.Play(m), r, attacker, depth-1)
		if i == 0 || (p.Side == attacker && v > best) || (p.Side != attacker && v < best) {
			best = v
		}
	}
	return best
}

// Lock is the goal of a locking task (11.2.8.2): the defender, to move,
// holds exactly Men men and Kings kings, and none of them can move.
type Lock struct {
	Men, Kings int
}

// ID implements Goal.
func (l Lock) ID() string { return fmt.Sprintf("lock %d kings %d men", l.Kings, l.Men) }

// GoalName is a goal in words for reports: "win", "draw", "lock of 1 man",
// "lock of 2 kings and 1 man".
func GoalName(g Goal) string {
	switch g := g.(type) {
	case Lock:
		return "lock of " + LockText(g.Men, g.Kings)
	case Win:
		return "win"
	}
	return g.ID()
}

// LockText is "1 man", "2 men", "1 king and 2 men".
func LockText(men, kings int) string {
	plural := func(n int, one, many string) string {
		if n == 1 {
			return "1 " + one
		}
		return fmt.Sprintf("%d %s", n, many)
	}
	switch {
	case kings == 0:
		return plural(men, "man", "men")
	case men == 0:
		return plural(kings, "king", "kings")
	}
	return plural(kings, "king", "kings") + " and " + plural(men, "man", "men")
}

// Eval implements Goal.
func (l Lock) Eval(p draughts.Position, r *draughts.Rules, attacker draughts.Side, ml *draughts.MoveList) (Status, int) {
	return l.eval(p, attacker, ml), 0
}

func (l Lock) eval(p draughts.Position, attacker draughts.Side, ml *draughts.MoveList) Status {
	def := attacker ^ 1
	men, kings := p.Men(def).Count(), p.KingsOf(def).Count()
	// Pieces are never added and kings never become men.
	if men+kings < l.Men+l.Kings || men+kings == 0 {
		return Failed
	}
	if men < l.Men {
		// Men are never added: a king never turns back into a man.
		return Failed
	}
	if ml.N == 0 {
		if p.Side == attacker {
			return Failed
		}
		if men == l.Men && kings == l.Kings {
			return Done
		}
		return Failed // the game is over without the stated lock
	}
	return Open
}

// Stipulation is a parsed stipulation (SPEC §4).
type Stipulation struct {
	Text       string // as written
	Kind       string // "win", "draw", "lock", "giveaway"
	LockMen    int
	LockKings  int
	BlackFirst bool // "black-first:" (ход черных): Black moves first, White fulfils the task
	// GiveAll: "giveaway all" — White forces Black to capture every White
	// piece (11.1.4), not merely to leave White without a move.
	GiveAll bool
	// Reverse: a giveaway locking task ("giveaway lock N men", or any lock
	// in a giveaway system): White forces Black to lock White's pieces
	// (11.1.3, note on giveaway tasks).
	Reverse bool
}

var lockRE = regexp.MustCompile(`^(?:lock|запереть|запирание)\s*(?:(\d+)\s*(kings?|men|man|дамк\S*|прост\S*|шаш\S*))?(?:\s*(?:and|и|,)?\s*(\d+)\s*(kings?|men|man|дамк\S*|прост\S*|шаш\S*))?$`)

// ParseStipulation reads "win", "draw", "lock N men", "lock N kings",
// "lock N kings M men", "giveaway", "giveaway all", "giveaway lock N men"
// and the Russian words (выигрыш, ничья, запереть N простых/дамок,
// обратная задача / поддавки, отдать все шашки), with an optional
// "black-first:" (ход черных:) prefix. The special kinds of clause 11.1.4
// with several parts are read by package composition.
func ParseStipulation(s string) (Stipulation, error) {
	st := Stipulation{Text: s}
	t := strings.ToLower(strings.TrimSpace(s))
	for _, pre := range []string{"black-first:", "ход черных:", "ход чёрных:", "black first:"} {
		if strings.HasPrefix(t, pre) {
			st.BlackFirst = true
			t = strings.TrimSpace(t[len(pre):])
		}
	}
	if strings.HasPrefix(t, "white-first:") {
		t = strings.TrimSpace(t[len("white-first:"):])
	}
	t = strings.TrimSuffix(t, ".")
	switch t {
	case "win", "выигрыш", "white wins", "белые выигрывают":
		st.Kind = "win"
		return st, nil
	case "draw", "ничья", "белые делают ничью":
		st.Kind = "draw"
		return st, nil
	case "giveaway", "обратная задача", "обратная", "поддавки":
		st.Kind = "giveaway"
		return st, nil
	case "giveaway all", "capture all", "отдать все шашки", "поддавки все":
		st.Kind, st.GiveAll = "giveaway", true
		return st, nil
	}
	for _, pre := range []string{"giveaway ", "поддавки "} {
		if strings.HasPrefix(t, pre) && lockRE.MatchString(t[len(pre):]) {
			st.Reverse = true
			t = t[len(pre):]
		}
	}
	m := lockRE.FindStringSubmatch(t)
	if m == nil {
		return st, fmt.Errorf("unknown stipulation %q (want win, draw, lock N men, lock N kings [M men], giveaway, giveaway all, giveaway lock N men)", s)
	}
	st.Kind = "lock"
	for i := 1; i+1 < len(m); i += 2 {
		if m[i] == "" {
			continue
		}
		n, _ := strconv.Atoi(m[i])
		if strings.HasPrefix(m[i+1], "king") || strings.HasPrefix(m[i+1], "дамк") {
			st.LockKings += n
		} else {
			st.LockMen += n
		}
	}
	if st.LockMen+st.LockKings == 0 {
		return st, fmt.Errorf("stipulation %q: lock needs the number and kind of pieces (e.g. lock 2 men)", s)
	}
	return st, nil
}

// probeFor returns the database value of p from the attacker's view
// (+1 win, 0 draw, -1 loss) and the plies to the end; ok=false without a
// prober or when p is not covered.
func probeFor(pr Prober, r *draughts.Rules, p draughts.Position, attacker draughts.Side) (v, plies int, ok bool) {
	if pr == nil {
		return 0, 0, false
	}
	v, plies, ok = pr.Probe(r, p)
	if p.Side != attacker {
		v = -v
	}
	return v, plies, ok
}
