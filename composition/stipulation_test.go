package composition

import (
	"strings"
	"testing"
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
