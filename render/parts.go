package render

import (
	"bytes"
	"draughtsjudge/judge"
	"fmt"
	"io"
	"strings"
)

// writeParts writes the report of each part of a composition of a special
// kind (clause 11.1.4), indented under the composition's own.
func writeParts(w io.Writer, r *judge.Report, tree bool) {
	for _, p := range r.Parts {
		var b bytes.Buffer
		writeReport(&b, p, tree)
		fmt.Fprintf(w, "   -- %s\n", p.Part)
		for _, l := range strings.Split(strings.TrimRight(b.String(), "\n"), "\n") {
			fmt.Fprintf(w, "   |%s\n", l)
		}
	}
}
