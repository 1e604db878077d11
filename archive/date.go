package archive

import (
	"strconv"
	"strings"
)

// Date is a PDN date ("1965", "1965.??.??", "2026.11.03", "2026-11-03")
// as year, month and day; 0 is unknown.
type Date struct{ Y, M, D int }

// ParseDate reads the leading year, month and day of s; an unreadable
// field and all after it are unknown.
func ParseDate(s string) Date {
	f := strings.FieldsFunc(strings.TrimSpace(s), func(r rune) bool { return r == '.' || r == '-' || r == '/' || r == ' ' })
	var v [3]int
	for i := 0; i < len(f) && i < 3; i++ {
		n, err := strconv.Atoi(f[i])
		if err != nil || n <= 0 {
			break
		}
		v[i] = n
	}
	if v[0] < 1000 { // a day first (03.11.2026) or no year: only a year is trusted
		v = [3]int{}
		for _, x := range f {
			if n, err := strconv.Atoi(x); err == nil && n >= 1000 {
				v[0] = n
			}
		}
	}
	return Date{v[0], v[1], v[2]}
}

// Known reports whether the year is known.
func (d Date) Known() bool { return d.Y > 0 }

// CompareDates compares two PDN dates on the fields both know: -1 a is
// older, 1 a is later, 0 the same or not known.
func CompareDates(a, b string) int {
	x, y := ParseDate(a), ParseDate(b)
	xs, ys := [3]int{x.Y, x.M, x.D}, [3]int{y.Y, y.M, y.D}
	for i := 0; i < 3; i++ {
		if xs[i] == 0 || ys[i] == 0 {
			return 0
		}
		if xs[i] != ys[i] {
			if xs[i] < ys[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}
