package render

import (
	"html/template"
	"regexp"
)

// moveRe finds the moves in a text ("1. a5-b4", "3...h2-g1", "32x23",
// "c5:a7"), with their move number.
var moveRe = regexp.MustCompile(`(?:[0-9]+\.+ ?)?(?:[a-h][1-8]|[0-9]{1,2})(?:[-:x×](?:[a-h][1-8]|[0-9]{1,2}))+[!?]*`)

// nobreak escapes s for HTML and keeps each move (with its number) on one
// line: a narrow column breaks between moves, never inside "a5-b4".
func nobreak(s string) template.HTML {
	esc := template.HTMLEscapeString(s)
	return template.HTML(moveRe.ReplaceAllString(esc, `<span class="nw">$0</span>`))
}

// nobreakCSS is the style every page with nobreak text carries.
const nobreakCSS = `.nw,.pt{white-space:nowrap}`
