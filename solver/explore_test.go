package solver

import (
	"os"
	"testing"
	"time"

	"draughtsjudge/draughts"
	"draughtsjudge/tablebase"
)

func TestExploreDFPN(t *testing.T) {
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
	cases := []struct {
		r    *draughts.Rules
		fen  string
		goal Goal
	}{
		{draughts.Russian, "W:WKa5,a3:Ba7,f4", Win{Prober: pr}},
		{draughts.International, "W:W34,K38,K42,K50:B31,36,K26", Win{Prober: pr}},
		{draughts.International, "W:W21,26,28,30,31,32,33,34,35,38,39,40,42,43,45:B3,7,8,9,10,12,14,16,17,18,19,20,23,24,25", Win{Prober: pr, MaterialMargin: 2}},
		{draughts.Russian, "W:Wa1,b4,c3,e3,h2:Bb6,e5,e7,g5,h4", Win{Prober: pr}}, // black wins after?
	}
	for _, c := range cases {
		p, _ := draughts.ParseFEN(c.r, c.fen)
		tt := NewPNTable(256 << 20)
		for _, m := range draughts.LegalMoves(&p, c.r) {
			q := p.Play(m)
			att := draughts.White
			if c.fen[len(c.fen)-1] == '4' && c.r == draughts.Russian && len(c.fen) > 30 {
				att = draughts.Black
			}
			pv := NewProver(c.r, c.goal, att, Budget{Nodes: 5_000_000}, tt)
			t0 := time.Now()
			o, d := pv.Decide(q)
			t.Logf("%s %s: %v dist<=%d nodes %d %.2fs", c.fen[:12], draughts.MoveString(&p, c.r, m), o, d, pv.Nodes(), time.Since(t0).Seconds())
		}
	}
}
