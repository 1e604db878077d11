package composition

import "testing"

// 11.3.7.6: 1:2, 1:1:2, 2:3:4 ideal; 1:3:4, 2:2:4:5 economical; 1:3,
// 1:2:4 uneconomical; two options taking the most is a real choice.
func TestClassifyChoice(t *testing.T) {
	for _, tc := range []struct {
		counts []int
		want   string
	}{
		{[]int{1, 2}, "ideal"}, {[]int{1, 1, 2}, "ideal"}, {[]int{2, 3, 4}, "ideal"},
		{[]int{1, 3, 4}, "economical"}, {[]int{2, 2, 4, 5}, "economical"},
		{[]int{1, 3}, "uneconomical"}, {[]int{1, 2, 4}, "uneconomical"},
		{[]int{2, 2}, ""},
	} {
		if got := classifyChoice(tc.counts); got != tc.want {
			t.Errorf("%v: %q, want %q", tc.counts, got, tc.want)
		}
	}
}
