package batch

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"draughtsjudge/composition"
	"draughtsjudge/draughts"
	"draughtsjudge/tablebase"
)

// provisioner plans the endgame slices of a batch and provides them,
// entry by entry in input order: it checks (loads) the slices an entry
// wants, rebuilds those found damaged, builds those missing, and then the
// entry is ready to be analysed while the slices of the next entries are
// built. Finished slices are never rebuilt. A read-only store with a
// damaged slice cannot be used as the run needs it (an error); a
// read-only store with missing slices is used without them, and a build
// that fails is a note (the entry is checked without those slices),
// never an error.
type provisioner struct {
	cfg   *Config
	store *tablebase.Store
	plans []entryPlan

	mu    sync.Mutex
	users map[*tablebase.Endgames]map[tablebase.Material]int // entries not finished that need each slice

	// seeds are, for each material of each variant, the starts of the
	// entries that want it: a slice is built once for all of them.
	seeds map[*tablebase.Endgames]map[tablebase.Material][]tablebase.Seed

	dmu   sync.Mutex // held while provide loads slices
	found []error    // damaged slices provide found (and had rebuilt or left out)
	base  int        // len(store.Damage()) when the run began
}

// analysisDamage lists the damage the store found since the run began
// other than provide's.
func (p *provisioner) analysisDamage() []error {
	if p.store == nil {
		return nil
	}
	p.dmu.Lock()
	defer p.dmu.Unlock()
	var out []error
	for _, err := range p.store.Damage()[p.base:] {
		if !slices.Contains(p.found, err) {
			out = append(out, err)
		}
	}
	return out
}

// damage is the number of damaged slices the store found other than those
// provide found before an analysis: the damage an analysis may have met.
func (p *provisioner) damage() int {
	if p.store == nil {
		return 0
	}
	p.dmu.Lock()
	defer p.dmu.Unlock()
	return len(p.store.Damage()) - len(p.found)
}

// newProvisioner plans every entry: the slices each wants and needs
// (slices.go). It reads only the store's slice records, no slice.
func newProvisioner(cfg *Config, comps []*composition.Composition) *provisioner {
	p := &provisioner{cfg: cfg, store: cfg.Store, plans: make([]entryPlan, len(comps)),
		users: map[*tablebase.Endgames]map[tablebase.Material]int{}, seeds: map[*tablebase.Endgames]map[tablebase.Material][]tablebase.Seed{}}
	if p.store == nil {
		return p
	}
	p.base = len(p.store.Damage())
	// The canonical materials built at the start, per variant.
	avail := map[*draughts.Rules][]tablebase.Material{}
	for i, c := range comps {
		if c.Lasca != nil {
			continue // no endgame databases for Lasca (docs/lasca.md)
		}
		pl := &p.plans[i]
		pl.e = p.store.Endgames(c.Rules)
		pl.start = tablebase.MaterialOf(&c.Start)
		pl.seed = tablebase.SeedOf(&c.Start)
		pl.cone = tablebase.NewCone(c.Rules.Board, pl.seed)
		if _, ok := avail[c.Rules]; !ok {
			avail[c.Rules] = []tablebase.Material{}
			for _, rec := range p.store.SliceRecords() {
				if m, err := tablebase.ParseMaterial(rec.Material); err == nil && rec.Variant == c.Rules.ID && pl.e.Built(m) {
					avail[c.Rules] = append(avail[c.Rules], m)
				}
			}
		}
		if cfg.Endgames != nil {
			pl.want = wantOf(c.Rules, pl.start, cfg.Endgames(c.Rules, &c.Start))
		}
		need := slices.Clone(pl.want)
		for _, m := range avail[c.Rules] {
			if pl.start.Reaches(m) && !slices.Contains(pl.want, m) && pl.e.Covers(m, pl.seed) {
				need = append(need, m)
			}
		}
		pl.need = buildOrder(c.Rules, need)
		if p.seeds[pl.e] == nil {
			p.seeds[pl.e] = map[tablebase.Material][]tablebase.Seed{}
		}
		for _, m := range pl.want {
			if !slices.Contains(p.seeds[pl.e][m], pl.seed) {
				p.seeds[pl.e][m] = append(p.seeds[pl.e][m], pl.seed)
			}
		}
	}
	return p
}

// buildOrder sorts ms (canonical materials) as the builder orders them.
func buildOrder(r *draughts.Rules, ms []tablebase.Material) []tablebase.Material {
	in := map[tablebase.Material]bool{}
	most := 0
	for _, m := range ms {
		in[m] = true
		most = max(most, m.Pieces())
	}
	out := make([]tablebase.Material, 0, len(ms))
	for _, m := range tablebase.MaterialsUpTo(r, most) {
		if in[m] {
			out = append(out, m)
			delete(in, m)
		}
	}
	for m := range in { // more than 15 of a kind: never built, kept for the key
		out = append(out, m)
	}
	return out
}

// ready reports whether entry i needs nothing built: its report can be
// looked up in the cache before any slice is opened.
func (p *provisioner) ready(i int) bool {
	pl := &p.plans[i]
	if pl.e == nil || p.store.ReadOnly() {
		return true
	}
	for _, m := range pl.want {
		if !pl.e.Covers(m, pl.seed) {
			return false
		}
	}
	return true
}

// slices returns the slices entry i is analysed with now: those of its
// need that are built, and their name for the cache key.
func (p *provisioner) slices(i int, recs map[string]tablebase.SliceRecord) ([]tablebase.Material, string) {
	pl := &p.plans[i]
	if pl.e == nil {
		return nil, "0"
	}
	var ms []tablebase.Material
	for _, m := range pl.need {
		if pl.e.Covers(m, pl.seed) {
			ms = append(ms, m)
		}
	}
	return ms, sliceID(pl.e.Rules(), ms, recs)
}

// prober is the solver.Prober of entry i over the slices ms (slices);
// nil without a store.
func (p *provisioner) prober(i int, ms []tablebase.Material) *sliceProber {
	if p.store == nil {
		return nil
	}
	return &sliceProber{e: p.plans[i].e, set: newSliceSet(ms), cone: p.plans[i].cone}
}

// use counts entry i among the users of the slices it needs, so that
// release keeps them in RAM until the last such entry is done.
func (p *provisioner) use(i int) {
	pl := &p.plans[i]
	if pl.e == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	u := p.users[pl.e]
	if u == nil {
		u = map[tablebase.Material]int{}
		p.users[pl.e] = u
	}
	for _, m := range pl.need {
		u[m]++
	}
}

// release is called when entry i is done: the slices no other unfinished
// entry needs are dropped from RAM (memory: the slices in use).
func (p *provisioner) release(i int) {
	pl := &p.plans[i]
	if pl.e == nil {
		return
	}
	p.mu.Lock()
	var free []tablebase.Material
	for _, m := range pl.need {
		u := p.users[pl.e]
		if u[m]--; u[m] == 0 {
			free = append(free, m)
		}
	}
	p.mu.Unlock()
	pl.e.Release(free)
}

// provide makes entry i ready: its wanted slices loaded (their checksums
// checked), the damaged ones dropped and rebuilt, the missing ones built.
// The error is a damaged slice in a read-only store.
func (p *provisioner) provide(ctx context.Context, i int, name string) error {
	cfg, pl := p.cfg, &p.plans[i]
	if pl.e == nil || len(pl.want) == 0 {
		return nil
	}
	r := pl.e.Rules()
	p.dmu.Lock()
	errs := pl.e.Load(pl.want)
	p.found = append(p.found, errs...)
	p.dmu.Unlock()
	for _, err := range errs {
		if p.store.ReadOnly() {
			return fmt.Errorf("%v; the store is read-only, so it cannot be rebuilt: make it writable, or use --no-db or another --db", err)
		}
		cfg.note("%v; dropped, rebuilding it", err)
	}
	bySlice := p.seeds[pl.e]
	seeds := func(m tablebase.Material) []tablebase.Seed { return bySlice[m] }
	missing := pl.e.MissingFor(pl.want, seeds)
	if len(missing) == 0 {
		return nil
	}
	if p.store.ReadOnly() {
		cfg.note("the store is read-only: %d %s endgame slices up to %d pieces %s can reach are not built (first %s); checking without them", len(missing), r.ID, maxPieces(missing), name, missing[0])
		return nil
	}
	cfg.note("building %d %s endgame slices up to %d pieces for %s (once; kept in %s)", len(missing), r.ID, maxPieces(missing), name, p.store.Dir)
	if cfg.OnBuild != nil {
		cfg.OnBuild(i, r, len(missing))
		defer cfg.OnBuild(i, r, 0)
	}
	t0 := time.Now()
	if err := pl.e.Build(ctx, pl.want, tablebase.BuildOptions{Threads: cfg.BuildThreads, Progress: cfg.BuildProgress, Log: cfg.BuildLog, Seeds: seeds}); err != nil {
		cfg.note("warning: endgame build: %v; checking %s without the %d %s slices not built (reports are cached under the slices present)", err, name, len(pl.e.MissingFor(pl.want, seeds)), r.ID)
		return nil
	}
	cfg.note("%d %s endgame slices built in %.1fs", len(missing), r.ID, time.Since(t0).Seconds())
	return nil
}

// maxPieces is the largest material of ms, in pieces.
func maxPieces(ms []tablebase.Material) int {
	n := 0
	for _, m := range ms {
		n = max(n, int(m.WM)+int(m.WK)+int(m.BM)+int(m.BK))
	}
	return n
}
