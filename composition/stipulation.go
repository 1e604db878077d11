package composition

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"draughtsjudge/draughts"
)

// StipulationKind is what the attacker must achieve (docs/spec.md §4).
type StipulationKind string

// The kinds of stipulation (11.1.3; giveaway: 11.1.4).
const (
	KindWin      StipulationKind = "win"      // выигрыш
	KindDraw     StipulationKind = "draw"     // ничья
	KindLock     StipulationKind = "lock"     // запирание
	KindGiveaway StipulationKind = "giveaway" // обратная задача
)

// Stipulation is a parsed stipulation (docs/spec.md §4).
type Stipulation struct {
	Text       string // as written
	Kind       StipulationKind
	LockMen    int
	LockKings  int
	BlackFirst bool // "black-first:" (ход черных): Black moves first, White fulfils the task
	// WhiteFirst: "white-first:" (ход белых): White moves first, whatever
	// side the FEN gives (as a part of a special kind does).
	WhiteFirst bool
	// GiveAll: "giveaway all" — White forces Black to capture every White
	// piece (11.1.4), not merely to leave White without a move.
	GiveAll bool
	// Reverse: a giveaway locking task ("giveaway lock N men", or any lock
	// in a giveaway system): White forces Black to lock White's pieces
	// (11.1.3, note on giveaway tasks).
	Reverse bool
}

var lockRE = regexp.MustCompile(`^(?:lock|запереть|запирание)\s*(?:(\d+)\s*(kings?|men|man|дамк\S*|прост\S*|шаш\S*))?(?:\s*(?:and|и|,)?\s*(\d+)\s*(kings?|men|man|дамк\S*|прост\S*|шаш\S*))?$`)

// sidePrefixes are the stipulation's side-to-move prefixes.
var sidePrefixes = []struct {
	text  string
	white bool
}{
	{"black-first:", false}, {"ход черных:", false}, {"ход чёрных:", false}, {"black first:", false},
	{"white-first:", true}, {"ход белых:", true}, {"white first:", true},
}

// ParseStipulation reads "win", "draw", "lock N men", "lock N kings",
// "lock N kings M men", "giveaway", "giveaway all", "giveaway lock N men"
// and the Russian words (выигрыш, ничья, запереть N простых/дамок,
// обратная задача / поддавки, отдать все шашки), with an optional
// "black-first:" (ход черных:) prefix. The special kinds of clause 11.1.4
// with several parts are read by package composition.
func ParseStipulation(s string) (Stipulation, error) {
	st := Stipulation{Text: s}
	t := strings.ToLower(strings.TrimSpace(s))
	// The side-to-move prefixes, in either order ("white-first:
	// black-first:" is as wrong as the other way round).
	for stripped := true; stripped; {
		stripped = false
		for _, p := range sidePrefixes {
			if strings.HasPrefix(t, p.text) {
				st.WhiteFirst, st.BlackFirst = st.WhiteFirst || p.white, st.BlackFirst || !p.white
				t, stripped = strings.TrimSpace(t[len(p.text):]), true
			}
		}
	}
	if st.WhiteFirst && st.BlackFirst {
		return st, fmt.Errorf("stipulation %q: white-first and black-first at once", s)
	}
	t = strings.TrimSuffix(t, ".")
	switch t {
	case "win", "выигрыш", "white wins", "белые выигрывают":
		st.Kind = KindWin
		return st, nil
	case "draw", "ничья", "белые делают ничью":
		st.Kind = KindDraw
		return st, nil
	case "giveaway", "обратная задача", "обратная", "поддавки":
		st.Kind = KindGiveaway
		return st, nil
	case "giveaway all", "capture all", "отдать все шашки", "поддавки все":
		st.Kind, st.GiveAll = KindGiveaway, true
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
	st.Kind = KindLock
	given := false
	for i := 1; i+1 < len(m); i += 2 {
		if m[i] == "" {
			continue
		}
		given = true
		n, err := strconv.Atoi(m[i])
		if err != nil || n > 50 { // no board has more than 50 squares to hold them
			return st, fmt.Errorf("stipulation %q: %s is not a number of pieces to lock (at most 50)", s, m[i])
		}
		if strings.HasPrefix(m[i+1], "king") || strings.HasPrefix(m[i+1], "дамк") {
			st.LockKings += n
		} else {
			st.LockMen += n
		}
	}
	if st.LockMen+st.LockKings > 50 {
		return st, fmt.Errorf("stipulation %q: %d pieces to lock, more than any board holds (at most 50)", s, st.LockMen+st.LockKings)
	}
	if st.LockMen+st.LockKings == 0 && given {
		return st, fmt.Errorf("stipulation %q: 0 is not a number of pieces to lock (at least 1, e.g. lock 2 men)", s)
	}
	if st.LockMen+st.LockKings == 0 {
		return st, fmt.Errorf("stipulation %q: lock needs the number and kind of pieces (e.g. lock 2 men)", s)
	}
	return st, nil
}

// LockedSide is the side whose pieces a lock stipulation locks: Black in a
// locking task, White in a giveaway locking task (11.1.3).
func LockedSide(c *Composition) draughts.Side {
	if c != nil && c.Stipulation.Kind == KindLock && IsGiveaway(c) {
		return draughts.White
	}
	return draughts.Black
}

// GiveawayGoalText is the goal of a giveaway composition in words.
func GiveawayGoalText(c *Composition) string {
	switch {
	case c.Stipulation.Kind == KindLock:
		return "White forces Black to lock exactly the " + LockText(c) + " of White, White to move (11.1.3 note on giveaway tasks)"
	case c.Stipulation.GiveAll:
		return "White forces Black to capture every White piece (11.1.4)"
	}
	return "White forces Black to capture every White piece or to leave White without a move (11.1.4; the win of a giveaway game, 8.1)"
}

// LockText is the stated lock: "2 kings and 1 man".
func LockText(c *Composition) string {
	men, kings := c.Stipulation.LockMen, c.Stipulation.LockKings
	s := fmt.Sprintf("%d men", men)
	if men == 1 {
		s = "1 man"
	}
	if kings > 0 {
		s = fmt.Sprintf("%d kings and %s", kings, s)
	}
	return s
}
