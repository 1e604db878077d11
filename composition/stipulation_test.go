package composition

import "testing"

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
