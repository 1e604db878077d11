package solver

import (
	"os"
	"strconv"
	"testing"
	"time"

	"draughtsjudge/draughts"
	"draughtsjudge/tablebase"
)

func TestExploreOne(t *testing.T) {
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
	p, err := draughts.ParseFEN(r, os.Getenv("DJ_FEN"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := draughts.ParseMove(&p, r, os.Getenv("DJ_MOVE"))
	if err != nil {
		t.Fatal(err)
	}
	nodes, _ := strconv.Atoi(os.Getenv("DJ_NODES"))
	att := draughts.White
	if os.Getenv("DJ_ATT") == "black" {
		att = draughts.Black
	}
	pv := NewProver(r, Win{Prober: pr}, att, Budget{Nodes: uint64(nodes)}, NewPNTable(1<<30))
	t0 := time.Now()
	o, d := pv.Decide(p.Play(m))
	t.Logf("%v dist<=%d nodes %d %.2fs cond %d", o, d, pv.Nodes(), time.Since(t0).Seconds(), len(pv.tt.cond))
}
