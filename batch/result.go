package batch

import "draughtsjudge/judge"

// Result is the JSON document of a batch (draughtsjudge check --format
// json): the reports in input order, the input errors (unreadable
// entries, errors in the authors' solutions) and the totals.
type Result struct {
	Entries []*judge.Report `json:"entries"`
	Errors  []string        `json:"errors"`
	Summary Summary         `json:"summary"`
}

// Summary are a batch's totals.
type Summary struct {
	Entries   int     `json:"entries"`
	Sound     int     `json:"sound"`
	Defective int     `json:"defective"`
	Unknown   int     `json:"unknown"`
	Errors    int     `json:"input_errors"`
	Internal  int     `json:"internal_errors,omitempty"`
	Nodes     uint64  `json:"nodes"`
	Seconds   float64 `json:"seconds"`
}

// Add appends report r, whose analysis failed with internal (nil: it did
// not) to the result: the entry, its author errors, its nodes and its
// verdict in the totals. Summary.Entries, Errors and Seconds are set by
// the caller once the batch is complete.
func (res *Result) Add(r *judge.Report, internal error) {
	res.Entries = append(res.Entries, r)
	if internal != nil {
		res.Summary.Internal++
	}
	res.Errors = append(res.Errors, r.AuthorErrors...)
	res.Summary.Nodes += r.Nodes
	switch r.Verdict {
	case judge.Sound:
		res.Summary.Sound++
	case judge.Defective:
		res.Summary.Defective++
	default:
		res.Summary.Unknown++
	}
}
