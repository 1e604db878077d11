package tablebase

import (
	"context"
	"math/rand/v2"
	"testing"

	"draughtsjudge/draughts"
)

func mustFEN(t *testing.T, r *draughts.Rules, fen string) draughts.Position {
	t.Helper()
	p, err := draughts.ParseFEN(r, fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestConeHoldsPlay plays random games (the rules engine's legal moves,
// not the cone's reasoning) from the starting position and from real
// problem positions: every position reached must be in the start's cone.
func TestConeHoldsPlay(t *testing.T) {
	starts := []struct {
		r   *draughts.Rules
		fen string
	}{
		{draughts.Russian, ""},
		{draughts.International, ""},
		{draughts.Brazilian, ""},
		// published-1 No. 1 and No. 3 (testdata/compositions), Vitoshkin's
		// and Scholma's endings of the sample corpus.
		{draughts.Russian, "W:Wc1,c3,e3,g3,h4:Ba7,b6,d6,f8,h6"},
		{draughts.International, "W:W27,28,33,38,43:B9,13,16,19"},
		{draughts.International, "W:W26,32,37,K46:B14,18,24"},
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, st := range starts {
		start := draughts.Start(st.r)
		if st.fen != "" {
			start = mustFEN(t, st.r, st.fen)
		}
		cone := NewCone(st.r.Board, SeedOf(&start))
		var ml draughts.MoveList
		for game := 0; game < 300; game++ {
			p := start
			for ply := 0; ply < 200; ply++ {
				if !cone.Covers(&p) {
					t.Fatalf("%s game %d ply %d from %s: %s not in the cone", st.r.ID, game, ply, draughts.FEN(&start, st.r), draughts.FEN(&p, st.r))
				}
				draughts.Generate(&p, st.r, &ml)
				if ml.N == 0 {
					break
				}
				p.Play(ml.Moves[rng.IntN(ml.N)])
			}
		}
	}
}

// TestConeExcludes checks positions a start cannot reach: a man behind
// its start square with nothing taken, a material with more pieces.
func TestConeExcludes(t *testing.T) {
	r := draughts.Russian
	start := mustFEN(t, r, "W:Wc3,e3:Bd6,f8,h8")
	cone := NewCone(r.Board, SeedOf(&start))
	for _, c := range []struct {
		fen  string
		want bool
	}{
		{"W:Wd4,e3:Bd6,f8,h8", true},  // a step forward
		{"W:Wb2,e3:Bd6,f8,h8", false}, // a man walked back, nothing taken
		{"B:Wb2,e3:Bf8,h8", true},     // c3 jumped back to a1, then stepped: one taken
		{"W:Wc1,e3:Bh8", true},        // two taken
		{"W:Wc3,e3,g3:Bd6,f8,h8", false},
		{"W:Wc3,b4:Bd6,f8,h8", false}, // only c3 reaches c3 and b4 without a jump
		{"W:Wd4,Kb8:Bd6,f8,h8", true}, // kings are unrestricted
	} {
		p := mustFEN(t, r, c.fen)
		if got := cone.Covers(&p); got != c.want {
			t.Errorf("%s from %s: Covers %v, want %v", c.fen, draughts.FEN(&start, r), got, c.want)
		}
	}
}

// TestSeedText round-trips the seed's record form.
func TestSeedText(t *testing.T) {
	for _, c := range []struct {
		r   *draughts.Rules
		fen string
	}{
		{draughts.Russian, "W:Wc1,c3,e3,g3,Kh4:Ba7,b6,d6,f8,h6"},
		{draughts.International, "W:W27,28,33,38,43:B9,13,16,K19"},
		{draughts.International, "W:WK27:BK9"},
	} {
		p := mustFEN(t, c.r, c.fen)
		s := SeedOf(&p)
		text := s.format(c.r.Board)
		back, err := parseSeed(c.r.Board, text)
		if err != nil || back != s {
			t.Errorf("%s: %q reads back as %+v, %v; want %+v", c.fen, text, back, err, s)
		}
	}
	if _, err := parseSeed(draughts.Russian.Board, "3:22"); err == nil {
		t.Error(`"3:22" read without a black side`)
	}
}

// TestPartialSlices builds the slices of one start partial and compares
// each code with the whole build: equal inside the cone, codeInvalid
// outside, and Verify passes; a second start extends them.
func TestPartialSlices(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		r    *draughts.Rules
		fens []string
	}{
		{draughts.Russian, []string{"W:Wc3,e3:Bd6,f8", "B:Wa3,Kh2:Bb6,c7"}},
		{draughts.International, []string{"W:W38,43:B9,K19", "W:W46,K20:B5,15"}},
	} {
		t.Run(c.r.ID, func(t *testing.T) {
			if testing.Short() && c.r != draughts.Russian {
				t.Skip("short: the Russian slices only")
			}
			var ps []draughts.Position
			var ms []Material
			for _, fen := range c.fens {
				ps = append(ps, mustFEN(t, c.r, fen))
				ms = append(ms, MaterialOf(&ps[len(ps)-1]))
			}
			ws, err := Open(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			defer ws.Close()
			whole := ws.Endgames(c.r)
			if err := whole.Build(ctx, ms, BuildOptions{}); err != nil {
				t.Fatal(err)
			}
			s, err := Open(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			e := s.Endgames(c.r)
			var seeds []Seed
			for i, fen := range c.fens {
				seed := SeedOf(&ps[i])
				seeds = append(seeds, seed)
				if err := e.Build(ctx, ms[i:i+1], BuildOptions{Seeds: SeedList(seed)}); err != nil {
					t.Fatal(err)
				}
				if !e.Covers(ms[i], seed) {
					t.Fatalf("%s: not covered after its build", fen)
				}
				if e.Covers(ms[i]) {
					t.Fatalf("%s: a partial slice counted as whole", fen)
				}
				cone := NewCone(c.r.Board, seeds...)
				var in, out int
				for _, mm := range closure(c.r.Board, ms[:i+1]...) {
					tp, tw := e.table(mm), whole.table(mm)
					if tp == nil || tw == nil {
						t.Fatalf("%s: %s missing", fen, mm)
					}
					part := e.Partial(mm)
					if part && !e.Covers(mm, relevantSeeds(mm, SeedList(seeds...))...) {
						t.Fatalf("%s: %s lacks an earlier seed", fen, mm)
					}
					x := tw.x
					for mc := uint64(0); mc < x.menConfigs; mc++ {
						// The cone decides by men and material: one
						// position of the configuration tells, as played
						// or as its mirror.
						var covered, valid bool
						for r := uint64(0); r < x.kings && !valid; r++ {
							pos, ok := x.position(mc*x.kings+r, draughts.White)
							if !ok {
								continue
							}
							valid = true
							mirrored := e.mirrorPos(&pos)
							covered = cone.Covers(&pos) || cone.Covers(&mirrored)
						}
						if !valid {
							continue
						}
						for side := uint64(0); side < 2; side++ {
							for j := side*x.n + mc*x.kings; j < side*x.n+(mc+1)*x.kings; j++ {
								switch {
								case covered:
									in++
									if tp.codes[j] != tw.codes[j] {
										t.Fatalf("%s: %s index %d: partial code %d, whole %d", fen, mm, j, tp.codes[j], tw.codes[j])
									}
								case part:
									out++
									if tp.codes[j] != codeInvalid {
										t.Fatalf("%s: %s index %d outside the cones holds %d", fen, mm, j, tp.codes[j])
									}
								}
							}
						}
					}
				}
				if in == 0 || out == 0 {
					t.Errorf("%s: %d positions in the cones, %d out: the test shows nothing", fen, in, out)
				}
				t.Logf("%s: %d positions in the cones, %d out", fen, in, out)
			}
			reps, err := e.Verify(ctx, 0, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, rep := range reps {
				if rep.Mismatches != 0 {
					t.Errorf("%s: %d mismatches, first %s", rep.Material, rep.Mismatches, rep.First)
				}
			}
			// The whole build replaces the partial slices.
			if err := e.Build(ctx, MaterialsUpTo(c.r, 3), BuildOptions{}); err != nil {
				t.Fatal(err)
			}
			for _, m := range MaterialsUpTo(c.r, 3) {
				if !e.Covers(m) {
					t.Errorf("%s not whole after a whole build", m)
				}
			}
		})
	}
}
