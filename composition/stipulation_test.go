package composition

import (
	"strings"
	"testing"

	"draughtsjudge/draughts"
)

func TestParseStipulation(t *testing.T) {
	for in, want := range map[string]Stipulation{
		"win":                    {Kind: KindWin},
		"Выигрыш":                {Kind: KindWin},
		"lock 2 men":             {Kind: KindLock, LockMen: 2},
		"lock 1 king 2 men":      {Kind: KindLock, LockKings: 1, LockMen: 2},
		"запереть 3 простых":     {Kind: KindLock, LockMen: 3},
		"black-first: draw":      {Kind: KindDraw, BlackFirst: true},
		"ход черных: выигрыш":    {Kind: KindWin, BlackFirst: true},
		"lock 2 kings and 1 men": {Kind: KindLock, LockKings: 2, LockMen: 1},
	} {
		got, err := ParseStipulation(in)
		want.Text = in
		if err != nil || got != want {
			t.Errorf("%q: got %+v, %v; want %+v", in, got, err, want)
		}
	}
	if _, err := ParseStipulation("checkmate in 2"); err == nil {
		t.Error("unknown stipulation accepted")
	}
}

// A lock of no pieces is rejected for what it is: "lock 0 men" gives the
// number and the kind, and the message says 0 is the fault; "lock" alone
// still asks for the number and kind.
func TestParseStipulationLockZero(t *testing.T) {
	for in, want := range map[string]string{
		"lock 0 men":         "0 is not a number of pieces to lock",
		"lock 0 kings 0 men": "0 is not a number of pieces to lock",
		"lock":               "lock needs the number and kind of pieces",
	} {
		_, err := ParseStipulation(in)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want one saying %q", in, err, want)
		}
	}
}

// A count too large for any board is an error naming it, not a count that
// overflows in silence.
func TestParseStipulationLockTooMany(t *testing.T) {
	for _, in := range []string{"lock 99999999999999999999 men", "lock 51 men"} {
		_, err := ParseStipulation(in)
		if err == nil || !strings.Contains(err.Error(), "is not a number of pieces to lock (at most 50)") {
			t.Errorf("%q: error %v", in, err)
		}
	}
	if _, err := ParseStipulation("lock 30 kings 30 men"); err == nil || !strings.Contains(err.Error(), "60 pieces to lock, more than any board holds") {
		t.Errorf("lock 30 kings 30 men: error %v", err)
	}
	if st, err := ParseStipulation("lock 12 men"); err != nil || st.LockMen != 12 {
		t.Errorf("lock 12 men: %+v, %v", st, err)
	}
}

// "white-first:" (ход белых:) on a FEN with Black to move: White moves
// first, as in a part of a special kind; "black-first:" turns the other
// way; both at once are an error.
func TestWhiteFirstTurnsTheFEN(t *testing.T) {
	for st, want := range map[string]draughts.Side{"white-first: win": draughts.White, "ход белых: выигрыш": draughts.White, "win": draughts.Black} {
		gs, errs := draughts.ReadPDN("w.pdn", []byte("[GameType \"25\"]\n[FEN \"B:Wc5:Ba7\"]\n[Stipulation \""+st+"\"]\n*\n"))
		if len(errs) > 0 || len(gs) != 1 {
			t.Fatalf("PDN: %v", errs)
		}
		c, err := FromGame("w.pdn", 1, &gs[0])
		if err != nil {
			t.Fatalf("%q: %v", st, err)
		}
		if c.Start.Side != want || c.Start.Key != c.Start.ComputeKey() {
			t.Errorf("%q on B:Wc5:Ba7: side %v, want %v (key up to date: %v)", st, c.Start.Side, want, c.Start.Key == c.Start.ComputeKey())
		}
	}
	for _, st := range []string{"white-first: black-first: win", "black-first: white-first: win", "ход белых: ход черных: выигрыш"} {
		if _, err := ParseStipulation(st); err == nil || !strings.Contains(err.Error(), "white-first and black-first at once") {
			t.Errorf("%q: error %v, want white-first and black-first at once", st, err)
		}
	}
}
