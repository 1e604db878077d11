// Package tsv reads the project's tab-separated files (the rubric, the
// points formula, the judge's overrides): one record a line, '#' starts a
// comment line, blank lines are skipped.
package tsv

import (
	"bufio"
	"bytes"
	"strings"
)

// Each calls fn with the 1-based number and the tab-separated fields (as
// written, a trailing "\r" removed) of every line of data that is neither
// blank nor a comment, and stops at the first error fn returns.
func Each(data []byte, fn func(line int, fields []string) error) error {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64*1024), len(data)+1)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimRight(sc.Text(), "\r")
		if t := strings.TrimSpace(line); t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if err := fn(n, strings.Split(line, "\t")); err != nil {
			return err
		}
	}
	return nil
}
