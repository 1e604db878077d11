package batch

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"draughtsjudge/composition"
	"draughtsjudge/corpus"
	"draughtsjudge/draughts"
	"draughtsjudge/judge"
	"draughtsjudge/solver"
)

// defaultOptions are check's options with its default flags (--nodes
// 2000000, --mem 256, --slack 4, --max-bound 40, --margin 2,
// --draw-rules theory).
func defaultOptions() judge.Options {
	return judge.Options{
		Solver: solver.Options{
			Budget:   solver.Budget{Nodes: 2_000_000, TTBytes: 256 << 20},
			MaxBound: 40, Slack: 4, Threads: 2,
		},
		MaterialMargin: 2,
	}
}

// oldKey is the cache key as cmd/draughtsjudge/check.go computed it up to
// commit 10f7a51, from the flags (frozen here: CacheKey must agree with
// it, or every store's cached reports are recomputed). The slices were
// then the number of slices in the store; they are now named per entry
// (sliceID), "0" for none as before.
func oldKey(c *composition.Composition, nodes uint64, slack, maxBound, margin, mem int, slices string, drawRules string, lenient bool) string {
	h := sha256.New()
	fmt.Fprintf(h, "v%d|%s|%s|%s|%d|%d|%d|%d|%d|%s|%s|", judge.ReportVersion, c.Genre, c.Stipulation.Text, c.Rules.ID, nodes, slack, maxBound, margin, mem, slices, drawRules)
	if c.Practical {
		fmt.Fprint(h, "practical|")
	}
	if c.Lasca != nil {
		fmt.Fprintf(h, "lasca %s|", c.FEN())
	}
	if lenient {
		fmt.Fprint(h, "lenient-study-duals|")
	}
	for _, p := range flatten(c) {
		fmt.Fprintf(h, "%s ", p)
	}
	fmt.Fprint(h, c.PartsKey())
	return "report:" + hex.EncodeToString(h.Sum(nil))[:32]
}

func sampleComps(t testing.TB) []*composition.Composition {
	t.Helper()
	var out []*composition.Composition
	for _, e := range corpus.Sample() {
		if e.Err != nil {
			t.Fatal(e.Err)
		}
		out = append(out, e.Composition)
	}
	if len(out) == 0 {
		t.Fatal("no sample corpus")
	}
	return out
}

// The key of the first sample entry with check's default flags and no
// endgame slice, as the code before CacheKey computed it (pinned: a
// change here invalidates every cached report, so it needs a
// judge.ReportVersion bump or a good reason).
func TestCacheKeyPinned(t *testing.T) {
	c := sampleComps(t)[0]
	const want = "report:421ea3ef68cdf298a410bb2f9362645b"
	if got := CacheKey(c, defaultOptions(), "0"); got != want {
		t.Errorf("CacheKey of %s = %s, want %s (ReportVersion %d)", c.Name(), got, want, judge.ReportVersion)
	}
}

// CacheKey agrees with the old flag-based key on every sample entry and
// on every flag the old key hashed.
func TestCacheKeyAsBefore(t *testing.T) {
	type flags struct {
		nodes                        uint64
		slack, maxBound, margin, mem int
		slices                       string
		drawRules                    string
		lenient                      bool
	}
	for _, f := range []flags{
		{2_000_000, 4, 40, 2, 256, "0", "theory", false},
		{20_000, 3, 12, -1, 4096, "e0123456789abcdef", "game", true},
		{0, 1, 1, 20, 1, "e1", "theory", false},
	} {
		opt := judge.Options{
			Solver: solver.Options{
				Budget:   solver.Budget{Nodes: f.nodes, TTBytes: f.mem << 20},
				MaxBound: f.maxBound, Slack: f.slack, Threads: 3,
			},
			MaterialMargin: f.margin, LenientStudyDuals: f.lenient, Time: time.Minute,
		}
		opt.Solver.DrawRules, _ = solver.ParseDrawRules(f.drawRules)
		for _, c := range sampleComps(t) {
			if got, want := CacheKey(c, opt, f.slices), oldKey(c, f.nodes, f.slack, f.maxBound, f.margin, f.mem, f.slices, f.drawRules, f.lenient); got != want {
				t.Errorf("%s %+v: CacheKey %s, the old key %s", c.Name(), f, got, want)
			}
		}
	}
}

// notKeyed are the fields of judge.Options (paths as below) that
// must not change the cache key, and why.
var notKeyed = map[string]string{
	"Solver.Threads":         "reports do not depend on the threads",
	"Solver.Budget.Deadline": "wall clock: a time-limited unknown is never stored",
	"Solver.Budget.Tables":   "scratch memory shared by one composition's searches",
	"Solver.Budget.Work":     "made per composition by judge from Solver.Budget.Nodes (solver.WorkLimit), which is hashed",
	"Time":                   "a time-limited unknown is never stored; a decided report does not depend on the time it took",
	"Prober":                 "the endgame databases: CacheKey's slices argument names them",
	"otherSolutions":         "unexported: set by composition for the parts of a double composition, whose key PartsKey covers",
	"workLimit":              "unexported: a test's override of the work budget, never set by the tool",
	"part":                   "unexported: set by judge for the parts of a special kind, analysed inside their composition's report, whose key PartsKey covers",
}

// Every field of judge.Options changes the key, but those listed
// in notKeyed, which do not: a new option is either hashed or listed
// with its reason.
func TestCacheKeyCoversOptions(t *testing.T) {
	c := sampleComps(t)[0]
	base := defaultOptions()
	baseKey := CacheKey(c, base, "0")
	seen := map[string]bool{}
	var walk func(typ reflect.Type, path []int, name string)
	walk = func(typ reflect.Type, path []int, name string) {
		for i := 0; i < typ.NumField(); i++ {
			sf := typ.Field(i)
			p := append(append([]int{}, path...), i)
			n := strings.TrimPrefix(name+"."+sf.Name, ".")
			if sf.Type.Kind() == reflect.Struct && sf.Type != reflect.TypeOf(time.Time{}) {
				walk(sf.Type, p, n)
				continue
			}
			seen[n] = true
			opt := base
			v := reflect.ValueOf(&opt).Elem().FieldByIndex(p)
			if !v.CanSet() {
				if _, ok := notKeyed[n]; !ok {
					t.Errorf("%s: unexported, cannot be varied here: list it in notKeyed with the reason it needs no key", n)
				}
				continue
			}
			if !vary(v) {
				t.Errorf("%s: no way to vary a %s in this test", n, sf.Type)
				continue
			}
			changed := CacheKey(c, opt, "0") != baseKey
			why, excluded := notKeyed[n]
			switch {
			case excluded && changed:
				t.Errorf("%s changes the cache key, but notKeyed says: %s", n, why)
			case !excluded && !changed:
				t.Errorf("%s does not change the cache key: hash it in CacheKey, or list it in notKeyed with the reason", n)
			}
		}
	}
	walk(reflect.TypeOf(base), nil, "")
	for n := range notKeyed {
		if !seen[n] {
			t.Errorf("notKeyed lists %s, which judge.Options no longer has", n)
		}
	}
	if CacheKey(c, base, "e1") == baseKey {
		t.Error("the endgame slices do not change the key")
	}
}

// vary sets v to a value other than its own; false for a kind it does
// not know.
func vary(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(!v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(v.Int() + 1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(v.Uint() + 1)
	case reflect.String:
		v.SetString(v.String() + "x")
	case reflect.Slice:
		if v.Type().Elem().Kind() != reflect.String {
			return false
		}
		v.Set(reflect.Append(v, reflect.ValueOf("x").Convert(v.Type().Elem())))
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
	case reflect.Interface:
		if !reflect.TypeOf(fakeProber{}).Implements(v.Type()) {
			return false
		}
		v.Set(reflect.ValueOf(fakeProber{}))
	case reflect.Struct: // time.Time
		if v.Type() != reflect.TypeOf(time.Time{}) {
			return false
		}
		v.Set(reflect.ValueOf(time.Unix(1, 0)))
	default:
		return false
	}
	return true
}

type fakeProber struct{}

func (fakeProber) Probe(*draughts.Rules, draughts.Position) (int, int, bool) { return 0, 0, false }

// The key covers the author's solution with its marks: a try mark or a
// variation changes it.
func TestCacheKeyCoversTheSolution(t *testing.T) {
	c := *sampleComps(t)[0]
	k := CacheKey(&c, defaultOptions(), "0")
	moves := append([]draughts.Ply{}, c.Game.Moves...)
	moves[0].NAGs = append(append([]int{}, moves[0].NAGs...), 2)
	c.Game.Moves = moves
	if CacheKey(&c, defaultOptions(), "0") == k {
		t.Error("a mark on the key move does not change the key")
	}
}
