package render

import (
	"html/template"

	"draughtsjudge/judge"
)

// predFigure is the diagram of a position an entry shares with one of its
// predecessors (or successors), captioned with who and how.
type predFigure struct {
	Caption string
	SVG     template.HTML
}

// predecessorFigures are the shared positions of r's anticipations
// (judge.Originality.Found), a diagram each, for the HTML report and the
// HTML section report.
func predecessorFigures(r *judge.Report, sq int) []predFigure {
	if r.Originality == nil {
		return nil
	}
	var out []predFigure
	for _, a := range r.Originality.Found {
		if a.FEN == "" {
			continue
		}
		c := a.Entry + " " + a.Who + ", " + a.Relation
		if len(a.Matches) > 0 {
			c += ": " + a.Matches[0]
		}
		if a.Dismissed != "" {
			c += " [dismissed: " + a.Dismissed + "]"
		}
		out = append(out, predFigure{c, diagram(r.Variant, a.FEN, sq)})
	}
	return out
}

// predecessorsHTML is the template of the figures (the variable's name
// in both pages is .PredFigures).
const predecessorsHTML = `{{if .PredFigures}}<div class="diagrams">{{range .PredFigures}}<figure>{{.SVG}}<figcaption>{{.Caption}}</figcaption></figure>{{end}}</div>{{end}}`
