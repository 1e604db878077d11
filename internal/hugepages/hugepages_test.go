package hugepages

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
	"unsafe"
)

// TestAdviseGetsHugePages checks, on Linux with transparent huge pages
// available, that a table advised before it is written is backed by huge
// pages (AnonHugePages of its mapping in /proc/self/smaps).
func TestAdviseGetsHugePages(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("huge pages are advised on Linux only")
	}
	mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil || strings.Contains(string(mode), "[never]") {
		t.Skipf("transparent huge pages unavailable here (%q, %v)", strings.TrimSpace(string(mode)), err)
	}
	s := Make[uint64](64 << 20 / 8) // advised before its first write
	for i := range s {
		s[i] = uint64(i)
	}
	kb, err := anonHugeKB(uintptr(unsafe.Pointer(&s[len(s)/2])))
	if err != nil {
		t.Fatal(err)
	}
	if kb < Huge>>10 {
		t.Errorf("a 64 MiB table advised before its first write has %d kB in huge pages, want at least %d", kb, Huge>>10)
	}
	runtime.KeepAlive(s)
}

// anonHugeKB returns AnonHugePages of the mapping of /proc/self/smaps
// holding address a.
func anonHugeKB(a uintptr) (int, error) {
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		return 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	in := false
	for sc.Scan() {
		line := sc.Text()
		var lo, hi uintptr
		if n, _ := fmt.Sscanf(line, "%x-%x", &lo, &hi); n == 2 { // a mapping's first line: "lo-hi perms ..."
			in = lo <= a && a < hi
			continue
		}
		var kb int
		if in {
			if n, _ := fmt.Sscanf(line, "AnonHugePages: %d kB", &kb); n == 1 {
				return kb, nil
			}
		}
	}
	if err := sc.Err(); err != nil {
		return 0, err
	}
	return 0, fmt.Errorf("no mapping of /proc/self/smaps holds %#x", a)
}

func TestAdviseSmallOrEmpty(t *testing.T) {
	Advise([]byte(nil))
	Advise(make([]byte, 100))
	Advise(make([]uint16, Huge/2)) // 2 MiB: under the 4 MiB threshold, nothing advised
}
