package main

import (
	"bufio"
	"os"
	"strconv"
	"strings"
)

// defaultMemMiB is the default of --mem: an eighth of the machine's
// physical memory, between 256 MiB and 4 GiB (256 MiB when it cannot be
// read). The memory per composition does not depend on --threads, so
// neither do the answers; batchLimit keeps the compositions analysed at
// once within half of the machine.
func defaultMemMiB() int {
	total := physicalMiB()
	if total == 0 {
		return 256
	}
	return min(max(total/8, 256), 4096)
}

// batchLimit is how many compositions run at once: --threads, but no more
// than fit in half of the physical memory with mem MiB each.
func batchLimit(threads, mem int) int {
	total := physicalMiB()
	if total == 0 || mem <= 0 {
		return max(1, threads)
	}
	return max(1, min(threads, total/2/mem))
}

// physicalMiB reads MemTotal from /proc/meminfo (Linux); 0 elsewhere.
func physicalMiB() int {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) >= 2 && fields[0] == "MemTotal:" {
			kb, err := strconv.Atoi(fields[1])
			if err != nil {
				return 0
			}
			return kb >> 10
		}
	}
	return 0
}
