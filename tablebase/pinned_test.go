package tablebase

import (
	"context"
	"flag"
	"fmt"
	"os"
	"testing"

	"draughtsjudge/draughts"
)

var tbDump = flag.String("tablebase.dump", "", "print the completion records (variant, material, CRC-32C, index size) of the store in this directory")

// TestDumpRecords prints each slice's CRC from a store: a development aid
// for comparing two builders' output (skipped without -tablebase.dump).
func TestDumpRecords(t *testing.T) {
	if *tbDump == "" {
		t.Skip("no -tablebase.dump")
	}
	s, err := Open(*tbDump)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, rec := range s.SliceRecords() {
		fmt.Fprintf(os.Stdout, "%s %s %08x %d\n", rec.Variant, rec.Material, rec.CRC32, rec.N)
	}
}

// pinnedCRC is the CRC-32C of every russian slice up to 4 pieces and every
// international slice up to 3, as written by the first builder
// (draughtsjudge-retro-1, 2026-12-01; TestCrossCheckSearch checks those
// values against a forward search, `tablebase verify` passes on them).
// Any builder must reproduce them byte for byte.
var pinnedCRC = []struct {
	variant, material string
	crc               uint32
}{
	{"international", "1K-1K", 0xf5b05aa8},
	{"international", "1M-1K", 0xa9482533},
	{"international", "1M-1M", 0x35184ba6},
	{"international", "1M-2K", 0x6bf010e1},
	{"international", "1M1K-1K", 0x6ffbe27b},
	{"international", "1M1K-1M", 0x66798d45},
	{"international", "2K-1K", 0xd0d44ac0},
	{"international", "2M-1K", 0x310c06b6},
	{"international", "2M-1M", 0xc685951c},
	{"russian", "1K-1K", 0x5bd38c9e},
	{"russian", "1M-1K", 0xb237a96f},
	{"russian", "1M-1M", 0x9cf7d9ff},
	{"russian", "1M-2K", 0x1a437bee},
	{"russian", "1M-3K", 0xf35046dd},
	{"russian", "1M1K-1K", 0xa04300f8},
	{"russian", "1M1K-1M", 0xfca71d8c},
	{"russian", "1M1K-1M1K", 0xacd847a6},
	{"russian", "1M1K-2K", 0x209ec0f2},
	{"russian", "1M2K-1K", 0xdb2ed24b},
	{"russian", "1M2K-1M", 0x536ab58d},
	{"russian", "2K-1K", 0xb2572fc3},
	{"russian", "2K-2K", 0xf463988d},
	{"russian", "2M-1K", 0x9f4102ee},
	{"russian", "2M-1M", 0xcad751a0},
	{"russian", "2M-1M1K", 0x8fc080b6},
	{"russian", "2M-2K", 0xfa6b1abe},
	{"russian", "2M-2M", 0xb933b723},
	{"russian", "2M1K-1K", 0xda0af93f},
	{"russian", "2M1K-1M", 0x84c4781f},
	{"russian", "3K-1K", 0x890f8204},
	{"russian", "3M-1K", 0xff0a1b7b},
	{"russian", "3M-1M", 0x13085a2f},
}

// TestPinnedSlices builds the pinned slices and compares their CRCs (the
// russian 4-piece slices are left out with -short). The international
// build drops every slice from RAM once nothing left needs it (as large
// builds do), so dependencies are read back from the store.
func TestPinnedSlices(t *testing.T) {
	defer func(k int64) { keepBytes = k }(keepBytes)
	for _, r := range []*draughts.Rules{draughts.Russian, draughts.International} {
		if r == draughts.International {
			keepBytes = 0
		}
		n := 3
		if r == draughts.Russian && !testing.Short() {
			n = 4
		}
		s, err := OpenMemory()
		if err != nil {
			t.Fatal(err)
		}
		e := s.Endgames(r)
		if err := e.Build(context.Background(), MaterialsUpTo(r, n), BuildOptions{}); err != nil {
			t.Fatal(err)
		}
		got := map[string]uint32{}
		for _, rec := range s.SliceRecords() {
			got[rec.Material] = rec.CRC32
		}
		s.Close()
		checked := 0
		for _, p := range pinnedCRC {
			m, err := ParseMaterial(p.material)
			if err != nil {
				t.Fatal(err)
			}
			if p.variant != r.ID || m.Pieces() > n {
				continue
			}
			checked++
			if c, ok := got[p.material]; !ok {
				t.Errorf("%s %s: not built", r.ID, p.material)
			} else if c != p.crc {
				t.Errorf("%s %s: CRC %08x, pinned %08x", r.ID, p.material, c, p.crc)
			}
		}
		if want := len(MaterialsUpTo(r, n)); checked != want || len(got) != want {
			t.Errorf("%s ≤ %d: %d pinned, %d built, want %d", r.ID, n, checked, len(got), want)
		}
	}
}
