package render

import (
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"strings"

	"draughtsjudge/contest"
	"draughtsjudge/draughts"
	"draughtsjudge/internal/errw"
)

// Key writes the answer key of a solving contest (11.6.1) in format:
// "markdown", "html" (one self-contained page with SVG diagrams, printable
// on A4), "pdn" (one game per composition, every line of the key merged
// into one tree with the points as comments), "json" (what grade --key
// reads back) or "text" (any other format). The error is the template's
// or the first error writing to w.
func Key(w io.Writer, key *contest.ContestKey, format string) error {
	ew := &errw.Writer{W: w}
	var err error
	switch format {
	case "json":
		enc := json.NewEncoder(ew)
		enc.SetIndent("", "  ")
		err = enc.Encode(key)
	case "pdn":
		for _, e := range key.Entries {
			writeKeyPDN(ew, e)
		}
	case "markdown":
		writeKeyMarkdown(ew, key)
	case "html":
		err = writeKeyHTML(ew, key)
	default:
		writeKeyText(ew, key)
	}
	if ew.Err != nil {
		return ew.Err
	}
	return err
}

func sideOf(fen string) draughts.Side {
	if strings.HasPrefix(strings.TrimSpace(fen), "B") {
		return draughts.Black
	}
	return draughts.White
}

// keyLineText is a key line with its forced ending.
func keyLineText(e *contest.KeyEntry, l contest.KeyLine) string {
	s := contest.LineString(l.Moves, sideOf(e.FEN))
	if len(l.Extra) > 0 {
		s += " [then " + strings.Join(l.Extra, " ") + "]"
	}
	return s
}

// keyMoves is the key as a solver writes it: "1. a5-b4", or when Black
// moves first "1... h8-d4 2. g5-f6" (Black's first move, KeyAfter, then
// White's key).
func keyMoves(e *contest.KeyEntry) string {
	if e.Key == "" {
		return "-"
	}
	return contest.LineString(append(append([]string{}, e.KeyAfter...), e.Key), sideOf(e.FEN))
}

// keyParts are the blocks of a key entry: the entry itself, or one per
// part of a special kind (11.1.4), each with its own key and lines.
func keyParts(e *contest.KeyEntry) []*contest.KeyEntry {
	if len(e.Parts) > 0 {
		return e.Parts
	}
	return []*contest.KeyEntry{e}
}

// offerText is one extra point on offer: "cook 1. a5-c3: +2 (full cook:
// …)"; of a dropped composition, what was found, on offer to nobody.
func offerText(e *contest.KeyEntry, o contest.Offer) string {
	pts, detail := fmt.Sprintf(": +%g", o.Points), o.Detail
	if e.Dropped {
		pts, detail = "", detail+"; no extra points: the composition is dropped"
	}
	switch o.Kind {
	case contest.ClaimUnsolvable:
		return fmt.Sprintf("unsolvable%s (%s)", pts, detail)
	case contest.ClaimCook:
		return fmt.Sprintf("cook 1. %s%s (%s)", o.Move, pts, detail)
	}
	return fmt.Sprintf("inaccuracy after %s: %s%s (%s)", contest.LineString(o.Line, sideOf(e.FEN)), o.Move, pts, detail)
}

// standingOffer says what any verified claim earns.
func standingOffer(ps contest.Points) string {
	return fmt.Sprintf("any claim the tool verifies earns: cook +%g, inaccuracy +%g, unsolvable +%g",
		ps.Extra(contest.ClaimCook), ps.Extra(contest.ClaimInaccuracy), ps.Extra(contest.ClaimUnsolvable))
}

func pointsFormula(e *contest.KeyEntry) string {
	var parts []string
	for _, t := range e.Terms {
		if t.Points != 0 {
			parts = append(parts, fmt.Sprintf("%s %g", t.ID, t.Points))
		}
	}
	return fmt.Sprintf("%g = %s (rounded to 0.5)", e.Points, strings.Join(parts, " + "))
}

// byAuthor is a heading's " — author", "" when the author is not known.
func byAuthor(author string) string {
	if author == "" {
		return ""
	}
	return " — " + author
}

// dropped is what the key says of a composition the points file drops
// (contest.KeyEntry.Dropped).
const dropped = "dropped: the tool found a cook and the points file says cooked drop, so it counts for nobody"

// pointsWords is the entry's points for a heading: "9.5 points", or that
// it is dropped.
func pointsWords(e *contest.KeyEntry) string {
	if e.Dropped {
		return "0 points (" + dropped + ")"
	}
	return fmt.Sprintf("%g points", e.Points)
}

// partPoints is a part's points for its heading: "6 points", or, in a
// dropped composition, that they are its difficulty only.
func partPoints(p *contest.KeyEntry) string {
	if p.Dropped {
		return fmt.Sprintf("difficulty %g points (the composition is dropped)", p.Points)
	}
	return fmt.Sprintf("%g points", p.Points)
}

// pointsCell is the entry's points for a table: "9.5", "0 (dropped)".
func pointsCell(e *contest.KeyEntry) string {
	if e.Dropped {
		return "0 (dropped)"
	}
	return fmt.Sprintf("%g", e.Points)
}

func writeKeyText(w io.Writer, key *contest.ContestKey) {
	for _, e := range key.Entries {
		fmt.Fprintf(w, "No. %d%s; %s; %s; %s; %s\n", e.Number, byAuthor(e.Author), variantGenre(e.Variant, e.Genre), stipulationWords(e.Stipulation), toMove(e.FEN), pointsWords(e))
		if e.Source != "" {
			fmt.Fprintf(w, "  source: %s\n", e.Source)
		}
		for _, p := range e.Predecessors {
			fmt.Fprintf(w, "  predecessor: %s\n", p)
		}
		fmt.Fprintf(w, "  position: %s  %s\n", e.FEN, pieceList(e.Variant, e.FEN))
		for _, l := range strings.Split(strings.TrimRight(textDiagram(e.Variant, e.FEN), "\n"), "\n") {
			fmt.Fprintf(w, "    %s\n", l)
		}
		fmt.Fprintf(w, "  verdict: %s", e.Verdict)
		if e.Reason != "" {
			fmt.Fprintf(w, " (%s)", e.Reason)
		}
		fmt.Fprintln(w)
		for i, p := range keyParts(e) {
			in := "  "
			if p != e {
				in = "    "
				fmt.Fprintf(w, "  part %d (%s): %s; %s\n", i+1, p.Part, stipulationWords(p.Stipulation), partPoints(p))
			}
			fmt.Fprintf(w, "%skey: %s (%.2f points)\n", in, keyMoves(p), p.KeyPoints)
			for i, l := range p.Lines {
				fin := ""
				if l.Finale {
					fin = "; finale " + l.FEN
				}
				fmt.Fprintf(w, "%s%d. %-9s %s (%.2f points%s)\n", in, i+1, l.Kind, keyLineText(p, l), l.Points, fin)
			}
			if len(p.Tries) > 0 {
				fmt.Fprintf(w, "%stries: %s\n", in, strings.Join(p.Tries, "; "))
			}
			if len(p.Offers) == 0 {
				fmt.Fprintf(w, "%sextra points: the tool found no cook, inaccuracy or unsolvability\n", in)
			}
			for _, o := range p.Offers {
				fmt.Fprintf(w, "%sextra points: %s\n", in, offerText(p, o))
			}
		}
		if e.Dropped {
			fmt.Fprintf(w, "  points: 0, %s (difficulty %s)\n\n", dropped, pointsFormula(e))
		} else {
			fmt.Fprintf(w, "  points: %s\n\n", pointsFormula(e))
		}
	}
	fmt.Fprintf(w, "Extra points (11.6.1): %s.\n", standingOffer(key.Points))
}

func writeKeyMarkdown(w io.Writer, key *contest.ContestKey) {
	cell := md // user text: HTML escaped, no '|' or line break
	fmt.Fprintln(w, "# Solving contest: the key")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| No. | author | genre | stipulation | key | points | verdict |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|")
	for _, e := range key.Entries {
		fmt.Fprintf(w, "| %d | %s | %s | %s | %s | %s | %s |\n", e.Number, cell(orDash(e.Author)), variantGenre(e.Variant, e.Genre), stipulationWords(e.Stipulation), keyMoves(e), pointsCell(e), e.Verdict)
	}
	fmt.Fprintf(w, "\nExtra points (11.6.1): %s.\n", standingOffer(key.Points))
	for _, e := range key.Entries {
		fmt.Fprintf(w, "\n## No. %d%s\n\n", e.Number, cell(byAuthor(e.Author)))
		fmt.Fprintf(w, "%s, %s, %s. Position `%s`.", variantGenre(e.Variant, e.Genre), stipulationWords(e.Stipulation), toMove(e.FEN), e.FEN)
		if e.Source != "" {
			fmt.Fprintf(w, " Source: %s.", cell(e.Source))
		}
		for _, p := range e.Predecessors {
			fmt.Fprintf(w, " Predecessor: %s.", cell(p))
		}
		fmt.Fprintf(w, "\n\n```\n%s```\n\n", textDiagram(e.Variant, e.FEN))
		if e.Dropped {
			fmt.Fprintf(w, "Verdict: **%s**%s. Points: **0**, %s (difficulty %s).\n\n", e.Verdict, paren(e.Reason), dropped, pointsFormula(e))
		} else {
			fmt.Fprintf(w, "Verdict: **%s**%s. Points: **%g** — %s.\n\n", e.Verdict, paren(e.Reason), e.Points, pointsFormula(e))
		}
		for i, p := range keyParts(e) {
			if p != e {
				fmt.Fprintf(w, "\n### Part %d — %s: %s, %s\n\n", i+1, cell(p.Part), stipulationWords(p.Stipulation), partPoints(p))
			}
			fmt.Fprintln(w, "| line | moves | points | finale |\n|---|---|---|---|")
			fmt.Fprintf(w, "| key | %s | %.2f | |\n", keyMoves(p), p.KeyPoints)
			for _, l := range p.Lines {
				fin := ""
				if l.Finale {
					fin = "`" + l.FEN + "`"
				}
				fmt.Fprintf(w, "| %s | %s | %.2f | %s |\n", l.Kind, cell(keyLineText(p, l)), l.Points, fin)
			}
			if len(p.Tries) > 0 {
				fmt.Fprintf(w, "\nTries: %s.\n", strings.Join(p.Tries, "; "))
			}
			if len(p.Offers) == 0 {
				fmt.Fprintln(w, "\nExtra points: the tool found no cook, inaccuracy or unsolvability.")
			}
			for _, o := range p.Offers {
				fmt.Fprintf(w, "\n- extra points: %s\n", cell(offerText(p, o)))
			}
		}
	}
}

func paren(s string) string {
	if s == "" {
		return ""
	}
	return " (" + s + ")"
}

// writeKeyPDN writes one composition's key as a PDN game: every line of
// the key merged into one tree (the main line first), the points and the
// finales as comments. Captures are written with "x" (PDN 3.0), as
// check --pdn-out writes them; the answer reader reads both.
func writeKeyPDN(w io.Writer, e *contest.KeyEntry) {
	r, _ := draughts.RulesByID(e.Variant)
	tag := func(k, v string) {
		if v != "" {
			fmt.Fprintf(w, "[%s %q]\n", k, v)
		}
	}
	tag("Event", "solving contest key")
	tag("Number", fmt.Sprint(e.Number))
	tag("Author", e.Author)
	tag("Source", e.Source)
	if r != nil {
		tag("GameType", fmt.Sprint(r.GameType))
		if r.Giveaway {
			tag("Variant", r.ID)
		}
	}
	tag("FEN", e.FEN)
	tag("Genre", e.Genre)
	tag("Stipulation", e.Stipulation)
	tag("Points", pointsCell(e))
	tag("Verdict", string(e.Verdict))
	// A special kind (11.1.4): part 1 is the movetext, part N a
	// [SolutionN] tag, as an answer gives them.
	parts := keyParts(e)
	for i, p := range parts[1:] {
		var lines [][]string
		for _, l := range p.Lines {
			lines = append(lines, strings.Fields(pdnMove(strings.Join(l.Moves, " "))))
		}
		tag(fmt.Sprintf("Solution%d", i+2), MoveText(lines, int(sideOf(p.FEN))))
	}
	e = parts[0]
	root := &pdnTrie{}
	for _, l := range e.Lines {
		n := root
		for _, mv := range l.Moves {
			n = n.child(pdnMove(mv)) // PDN 3.0 captures, "x", as check --pdn-out
		}
		c := fmt.Sprintf("%s, %.2f points", l.Kind, l.Points)
		if len(l.Extra) > 0 {
			c += "; then " + pdnMove(strings.Join(l.Extra, " "))
		}
		if l.Finale {
			c += "; finale"
		}
		n.comment = c
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "{key %s, %.2f points}", pdnMove(keyMoves(e)), e.KeyPoints)
	half := 0
	if sideOf(e.FEN) == draughts.Black {
		half = 1
	}
	root.emit(&sb, half, true)
	res := "1-0"
	if strings.HasSuffix(e.Stipulation, "draw") {
		res = "1/2-1/2"
	}
	fmt.Fprintf(w, "%s %s\n\n", strings.TrimSpace(sb.String()), res)
}

// MoveText writes lines of moves as one PDN move text, numbered from the
// ply half (0: White's first move, 1: Black's): the first line is the
// main line, the others variations where they leave it (the key's tree
// without its comments; an answer file is written this way).
func MoveText(lines [][]string, half int) string {
	root := &pdnTrie{}
	for _, l := range lines {
		n := root
		for _, mv := range l {
			n = n.child(mv)
		}
	}
	var sb strings.Builder
	root.emit(&sb, half, true)
	return strings.TrimSpace(sb.String())
}

// pdnTrie merges lines of moves into one PDN tree: the first line is the
// main line, the others become variations where they leave it.
type pdnTrie struct {
	move     string
	comment  string
	children []*pdnTrie
}

func (n *pdnTrie) child(mv string) *pdnTrie {
	for _, c := range n.children {
		if c.move == mv {
			return c
		}
	}
	c := &pdnTrie{move: mv}
	n.children = append(n.children, c)
	return c
}

// emit writes the moves below n; half counts plies from White's first
// move, force asks for "N..." before a Black move.
func (n *pdnTrie) emit(sb *strings.Builder, half int, force bool) {
	if len(n.children) == 0 {
		return
	}
	num := func(force bool) string {
		if half%2 == 0 {
			return fmt.Sprintf("%d. ", half/2+1)
		}
		if force {
			return fmt.Sprintf("%d... ", half/2+1)
		}
		return ""
	}
	note := func(c *pdnTrie) string {
		if c.comment == "" {
			return ""
		}
		return " {" + c.comment + "}"
	}
	m := n.children[0]
	sb.WriteString(" " + num(force) + m.move + note(m))
	for _, v := range n.children[1:] {
		sb.WriteString(" (" + num(true) + v.move + note(v))
		v.emit(sb, half+1, v.comment != "")
		sb.WriteString(")")
	}
	m.emit(sb, half+1, len(n.children) > 1 || m.comment != "")
}

var keyTmpl = template.Must(template.New("key").Funcs(template.FuncMap{
	"join":    strings.Join,
	"p2":      func(f float64) string { return fmt.Sprintf("%.2f", f) },
	"nobreak": nobreak,
	"css":     func() template.CSS { return nobreakCSS },
}).Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Solving contest: the key</title>
<style>
body{font-family:sans-serif;margin:1.5em;color:#222;max-width:1000px}
h1{font-size:1.4em} h2{font-size:1.15em;border-top:2px solid #888;padding-top:.5em}
table{border-collapse:collapse;margin:.4em 0;font-size:.85em} td,th{border:1px solid #bbb;padding:2px 6px;vertical-align:top;text-align:left}
.diagrams{display:flex;flex-wrap:wrap;gap:.8em;align-items:flex-start}.diagrams figure{margin:0}
figcaption{font-size:.75em;max-width:260px}
.offer{background:#ffd}
{{css}} .pt{text-align:right}
@media print{@page{size:A4;margin:12mm} body{margin:0;max-width:none;font-size:9.5pt} h2{break-after:avoid;font-size:12pt} h3{break-after:avoid;font-size:10.5pt}
 .diagrams,tr,.offer{break-inside:avoid} table{font-size:8.5pt} .diagrams svg{width:52mm;height:auto} figcaption{font-size:7.5pt}}
</style></head><body>
<h1>Solving contest: the key</h1>
<table><tr><th>No.</th><th>author</th><th>genre</th><th>stipulation</th><th>key</th><th>points</th><th>verdict</th></tr>
{{range .Entries}}<tr><td>{{.E.Number}}</td><td>{{.E.Author}}</td><td>{{.E.Variant}} {{.E.Genre}}</td><td>{{.Stip}}</td><td class="mv">{{nobreak .Key}}</td><td class="pt">{{.PointsCell}}</td><td>{{.E.Verdict}}</td></tr>
{{end}}</table>
<p>Extra points (11.6.1): {{.Standing}}.</p>
{{range .Entries}}<div class="entry">
<h2>No. {{.E.Number}}{{if .E.Author}} — {{.E.Author}}{{end}}</h2>
<p>{{.System}}, {{.Stip}}, {{.Move}}. {{.Pieces}}{{if .E.Source}}<br>Source: {{.E.Source}}{{end}}{{range .E.Predecessors}}<br>Predecessor: {{.}}{{end}}<br>
Verdict: <b>{{.E.Verdict}}</b>{{if .E.Reason}} ({{.E.Reason}}){{end}}. {{if .E.Dropped}}Points: <b>0</b>, {{.Dropped}} (difficulty {{.Formula}}).{{else}}Points: <b>{{.E.Points}}</b> — {{.Formula}}.{{end}}</p>
<div class="diagrams"><figure>{{.Diagram}}<figcaption>No. {{.E.Number}}: initial position</figcaption></figure>
{{range .Finales}}<figure>{{.SVG}}<figcaption>{{.Name}}</figcaption></figure>{{end}}</div>
{{range .Parts}}{{if .Title}}<h3>{{.Title}}</h3>{{end}}
<table class="lines"><tr><th>line</th><th>moves</th><th>points</th></tr>
<tr><td>key</td><td class="mv">{{nobreak .Key}}</td><td class="pt">{{p2 .KeyPoints}}</td></tr>
{{range .Lines}}<tr><td>{{.Kind}}</td><td class="mv">{{nobreak .Text}}</td><td class="pt">{{p2 .Points}}</td></tr>{{end}}</table>
{{if .Tries}}<p>Tries: {{nobreak (join .Tries "; ")}}.</p>{{end}}
{{if .Offers}}{{range .Offers}}<p class="offer">Extra points: {{nobreak .}}</p>{{end}}{{else}}<p>Extra points: the tool found no cook, inaccuracy or unsolvability.</p>{{end}}
{{end}}</div>{{end}}
</body></html>
`))

func writeKeyHTML(w io.Writer, key *contest.ContestKey) error {
	type fig struct {
		Name string
		SVG  template.HTML
	}
	type line struct {
		Kind, Text string
		Points     float64
	}
	type part struct {
		Title, Key string
		KeyPoints  float64
		Lines      []line
		Tries      []string
		Offers     []string
	}
	type entry struct {
		E                                *contest.KeyEntry
		Stip, Move, Pieces, Formula, Key string
		PointsCell, Dropped              string
		System                           string // variant and genre for prose
		Diagram                          template.HTML
		Finales                          []fig
		Parts                            []part
	}
	var es []entry
	for _, e := range key.Entries {
		x := entry{E: e, Stip: stipulationWords(e.Stipulation), Move: toMove(e.FEN), Pieces: pieceList(e.Variant, e.FEN),
			Formula: pointsFormula(e), Diagram: diagram(e.Variant, e.FEN, 30), Key: keyMoves(e),
			PointsCell: pointsCell(e), Dropped: dropped, System: variantGenre(e.Variant, e.Genre)}
		for n, p := range keyParts(e) {
			b := part{Key: keyMoves(p), KeyPoints: p.KeyPoints, Tries: p.Tries}
			if p != e {
				b.Title = fmt.Sprintf("Part %d — %s: %s, %s", n+1, p.Part, stipulationWords(p.Stipulation), partPoints(p))
			}
			for i, l := range p.Lines {
				b.Lines = append(b.Lines, line{l.Kind, keyLineText(p, l), l.Points})
				if l.Finale && l.Kind != contest.LineDefence {
					x.Finales = append(x.Finales, fig{fmt.Sprintf("finale of line %d (%s)", i+1, l.Kind), diagram(p.Variant, l.FEN, 20)})
				}
			}
			for _, o := range p.Offers {
				b.Offers = append(b.Offers, offerText(p, o))
			}
			x.Parts = append(x.Parts, b)
		}
		es = append(es, x)
	}
	return keyTmpl.Execute(w, struct {
		Entries  []entry
		Standing string
	}{es, standingOffer(key.Points)})
}
