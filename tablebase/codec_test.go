package tablebase

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/dgraph-io/badger/v4"

	"draughtsjudge/draughts"
)

// The slices written before the builder compressed its blocks (record
// without a codec, each value the raw codes in a table Badger compressed)
// are read as they were: the store of a user who built them keeps them.
// Here every block of a built russian <= 3 store is rewritten that way and
// the store reopened: each slice loads, its CRC matches, and the probes
// answer as before.
func TestRawBlocksStillRead(t *testing.T) {
	dir := closedStore(t)
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	r := draughts.Russian
	e := s.Endgames(r)
	ms := MaterialsUpTo(r, 3)
	p := kingsPos(t)
	want, ok := e.Probe(&p)
	if !ok {
		t.Fatal("no probe in the built store")
	}
	rewritten := 0
	for _, m := range ms {
		if !m.Canonical() {
			continue
		}
		x := newIndexer(r.Board, m)
		tab := e.table(m)
		if tab == nil {
			t.Fatalf("%s: not built", m)
		}
		err := s.DB().Update(func(txn *badger.Txn) error {
			for side := 0; side < 2; side++ {
				codes := tab.codes[uint64(side)*x.n : uint64(side+1)*x.n]
				for blk := uint32(0); uint64(blk)*EndgameBlockSize < x.n; blk++ {
					lo := uint64(blk) * EndgameBlockSize
					v := append([]byte(nil), codes[lo:min(lo+EndgameBlockSize, x.n)]...)
					if err := txn.Set(blockKey(e.vb, m, draughts.Side(side), blk), v); err != nil {
						return err
					}
				}
			}
			it, err := txn.Get(recordKey(e.vb, m))
			if err != nil {
				return err
			}
			var rec SliceRecord
			if err := it.Value(func(v []byte) error { return json.Unmarshal(v, &rec) }); err != nil {
				return err
			}
			if rec.Codec != blockCodec {
				t.Errorf("%s: record codec %q, want %q", m, rec.Codec, blockCodec)
			}
			rec.Codec = ""
			data, _ := json.Marshal(rec)
			if strings.Contains(string(data), "codec") {
				t.Errorf("a record without codec still names one: %s", data)
			}
			rewritten++
			return txn.Set(recordKey(e.vb, m), data)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s, err = Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	e = s.Endgames(r)
	if errs := e.Load(ms); len(errs) != 0 {
		t.Fatalf("raw slices: %v", errs)
	}
	if got, ok := e.Probe(&p); !ok || got != want {
		t.Errorf("probe of the raw slice: %v %v, want %v", got, ok, want)
	}
	if miss := e.Missing(ms); len(miss) != 0 {
		t.Errorf("raw slices counted missing: %v", miss)
	}
	if rewritten < 5 {
		t.Errorf("only %d slices rewritten", rewritten)
	}
	// Paged probing reads them too.
	e.SetPaging(0, 1<<20)
	if got, ok := e.Probe(&p); !ok || got != want {
		t.Errorf("paged probe of the raw slice: %v %v, want %v", got, ok, want)
	}
}
