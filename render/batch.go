package render

import (
	"encoding/json"
	"io"

	"draughtsjudge/batch"
	"draughtsjudge/internal/errw"
	"draughtsjudge/judge"
)

// Batch writes the result of check in format: "markdown" (Markdown), "html"
// (HTML), "json" (the batch.Result document; with tree the reports keep
// their solution trees) or "text" (any other format: each entry's Report,
// then the Summary). The error is the first error writing to w.
func Batch(w io.Writer, res *batch.Result, format string, tree bool) error {
	switch format {
	case "markdown":
		return Markdown(w, res)
	case "html":
		return HTML(w, res)
	case "json":
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		if tree {
			return enc.Encode(res)
		}
		return enc.Encode(withoutTree(res))
	}
	ew := &errw.Writer{W: w}
	for _, r := range res.Entries {
		writeReport(ew, r, tree)
	}
	writeSummary(ew, res)
	return ew.Err
}

// withoutTree is a copy of res whose reports have no solution tree.
func withoutTree(res *batch.Result) *batch.Result {
	out := *res
	if res.Entries != nil {
		out.Entries = make([]*judge.Report, len(res.Entries))
	}
	for i, r := range res.Entries {
		c := *r
		c.Tree = nil
		out.Entries[i] = &c
	}
	return &out
}
