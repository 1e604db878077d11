package solver

import (
	"os"
	"testing"
	"time"

	"draughtsjudge/draughts"
	"draughtsjudge/tablebase"
)

func TestExploreLocal(t *testing.T) {
	dir := os.Getenv("DJ_EXPLORE_DB")
	if dir == "" {
		t.Skip()
	}
	st, err := tablebase.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	pr := TablebaseProber(st)
	r, _ := draughts.RulesByID(os.Getenv("DJ_VARIANT"))
	p, _ := draughts.ParseFEN(r, os.Getenv("DJ_FEN"))
	m, _ := draughts.ParseMove(&p, r, os.Getenv("DJ_MOVE"))
	q := p.Play(m)
	att := draughts.White
	if os.Getenv("DJ_ATT") == "black" {
		att = draughts.Black
	}
	t0 := time.Now()
	l, n := AnalyseLocal(r, Win{Prober: pr}, att, q, 60_000_000, time.Time{})
	if l == nil {
		t.Logf("gave up after %d positions, %.1fs", n, time.Since(t0).Seconds())
		return
	}
	won, d, _ := l.Lookup(&q)
	t.Logf("positions %d, %.1fs: won %v dist %d", l.Positions(), time.Since(t0).Seconds(), won, d)
}
