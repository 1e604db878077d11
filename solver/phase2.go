package solver

import "golang.org/x/sync/errgroup"

// Phase 2 of solveDecided (package doc): the winning moves get their
// exact distance by iterative deepening up to the proof's length; the
// undecided ones are searched as before phase 1 existed, up to the
// shortest win + Slack (MaxBound when none wins), and say so. Phase 2
// runs on Threads goroutines, each first move with its own bounded table,
// reading (never writing) phase 1's table; so results and node counts do
// not depend on Threads.

// Each first move's table in phase 2 is an equal part of half of
// Budget.TTBytes (perMoveTTBytes when it is 0), at least perMoveTTMin.
const (
	perMoveTTBytes = 64 << 20
	perMoveTTMin   = 1 << 20
)

// boundedRounds are the budgets per move of the rounds after the first
// (one budget) that the bounded searches get for the first moves phase 1
// leaves undecided, sharing what is left of boundedShare budgets for the
// root (the table is kept, so a round resumes at the depth the last one
// reached). Measured on 10x10 problems: each move of bound costs 3-4x,
// and shortest + 4 takes 4-24M nodes per try (Zubov's locks).
var boundedRounds = []uint64{8, 32}

// boundedShare is the most node budgets the bounded searches of phase 2
// spend on the first moves phase 1 leaves undecided, all together.
const boundedShare = 64

// runPhase2 finds the winning moves' distances and searches the
// undecided ones to the bound.
func (d *decided) runPhase2() {
	d.main.prover() // phase 2 reads its table
	d.perMove = d.opt.Budget
	d.perMove.Tables = nil
	if d.perMove.TTBytes == 0 {
		d.perMove.TTBytes = perMoveTTBytes
	}
	d.perMove.TTBytes = max(d.perMove.TTBytes/2/len(d.ms), perMoveTTMin)
	if !d.draw {
		d.fanOut(Proved, d.exactDistance)
	}
	d.shortest = -1
	for i := range d.st {
		if d.st[i].o == Proved && (d.shortest < 0 || d.st[i].dist < d.shortest) {
			d.shortest = d.st[i].dist
		}
	}
	d.last = d.opt.MaxBound - 1
	if d.shortest >= 0 && !d.draw {
		d.last = min(d.shortest+d.opt.Slack-1, MaxDepth)
	}
	d.refuters = make([]*Searcher, len(d.st))
	d.bounded(d.n)
	if d.opt.Quick || d.n == 0 {
		return
	}
	for _, mult := range boundedRounds {
		d.progress()
		if d.open() == 0 || d.ctx.Err() != nil || d.refutersNodes() >= boundedShare*d.n {
			break
		}
		d.bounded(d.share(mult, boundedShare, d.refutersNodes()))
	}
}

// fanOut runs run(i) for every first move i on Threads goroutines; the
// moves whose outcome is o are the ones searched, and each of them gets
// at most an equal part of what the work budget has left now (Work.hold).
func (d *decided) fanOut(o Outcome, run func(i int)) {
	k := 0
	for i := range d.st {
		if d.st[i].o == o {
			k++
		}
	}
	w := d.opt.Budget.Work
	w.hold(k)
	defer w.release()
	g, _ := errgroup.WithContext(d.ctx)
	g.SetLimit(d.opt.Threads)
	for i := range d.st {
		g.Go(func() error {
			if d.ctx.Err() == nil {
				run(i)
			}
			return nil
		})
	}
	_ = g.Wait() // every run returns nil: a cancelled context leaves moves as they are
}

// phase2Searcher is a first move's searcher in phase 2: its own table,
// reading phase 1's.
func (d *decided) phase2Searcher() *Searcher {
	s := NewSearcher(d.r, d.goal, d.attacker, d.perMove)
	s.pnt = d.main.pnt
	return s
}

// exactDistance finds the exact distance of first move i when phase 1
// proved it, up to the proof's length.
func (d *decided) exactDistance(i int) {
	x := &d.st[i]
	if x.o != Proved {
		return
	}
	s := d.phase2Searcher()
	s.afterMove(&d.p, d.ms[i])
	if o, dist := s.distanceID(&x.q, x.dist-1); o == Proved {
		x.dist = dist + 1
	} else {
		x.bound = true
	}
	x.nodes += s.Nodes()
}

// bounded searches the first moves still undecided to the bound, at a
// budget of b nodes each, each resuming from its own table.
func (d *decided) bounded(b uint64) {
	d.fanOut(Aborted, func(i int) {
		x := &d.st[i]
		if x.o != Aborted {
			return
		}
		s := d.refuters[i]
		if s == nil {
			s = d.phase2Searcher()
			s.afterMove(&d.p, d.ms[i])
			d.refuters[i] = s
		}
		before := s.Nodes()
		s.SetNodeBudget(b)
		s.Refill()
		o, dist := s.distanceID(&x.q, d.last)
		switch o {
		case Proved:
			x.o, x.dist = Proved, dist+1 // undecided by df-pn, found by the bounded search
		case NotWithin:
			x.o = NotWithin
		}
		x.nodes += s.Nodes() - before
	})
}

// refutersNodes is what the bounded searches have spent so far.
func (d *decided) refutersNodes() uint64 {
	var t uint64
	for _, s := range d.refuters {
		if s != nil {
			t += s.Nodes()
		}
	}
	return t
}
