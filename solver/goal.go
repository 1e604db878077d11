package solver

import "draughtsjudge/draughts"

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
// One file per goal: goal_win.go (Win and the problem finale rule),
// goal_lock.go, goal_draw.go, goal_giveaway.go; stipulation.go reads the
// stipulation text.
type Goal interface {
	// ID names the goal in caches and reports ("win", "lock 2 men").
	ID() string
	// Eval judges p, whose legal moves are ml (already generated), for the
	// attacker. With Done, dist is the exact number of attacker moves
	// still needed (0: fulfilled here; more when an endgame database
	// knows the forced distance).
	Eval(p draughts.Position, r *draughts.Rules, attacker draughts.Side, ml *draughts.MoveList) (st Status, dist int)
}

// windowGoal is a goal that reads endgame databases and must respect the
// game draw rules: window is the number of plies before a move-count rule
// could draw the position (-1: none applies). A database win longer than
// the window is not taken (the search goes on and sees the counters).
type windowGoal interface {
	evalWindow(p draughts.Position, r *draughts.Rules, attacker draughts.Side, ml *draughts.MoveList, window int) (Status, int)
}

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
