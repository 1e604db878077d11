package workbench

import (
	"fmt"
	"io"
	"net/http"
	"path"
	"strconv"
	"strings"

	"draughtsjudge/composition"
	"draughtsjudge/corpus"
	"draughtsjudge/draughts"
)

// Entry is a composition as the page edits it: the fields of the form,
// the author's solution as PDN move text and the other tags of its PDN
// game, kept as read.
type Entry struct {
	Variant     string      `json:"variant"`
	FEN         string      `json:"fen"`
	Genre       string      `json:"genre"`
	Stipulation string      `json:"stipulation"`
	Author      string      `json:"author"`
	Source      string      `json:"source"`
	Event       string      `json:"event"`
	Solution    string      `json:"solution"`
	Tags        [][2]string `json:"tags,omitempty"`
}

// formTags are the tags the form edits (PDN names and their Russian
// synonyms, composition.Tag); every other tag is kept in Entry.Tags.
var formTags = map[string]bool{"gametype": true, "variant": true, "вариант": true, "fen": true, "позиция": true,
	"genre": true, "жанр": true, "stipulation": true, "задание": true, "author": true, "автор": true,
	"source": true, "источник": true, "event": true, "соревнование": true}

// PDN writes e as one PDN game: the tags (the game system's, FEN, genre,
// stipulation, author, source, the others), then the solution.
func (e *Entry) PDN() (string, error) {
	var sys *System
	for _, x := range Systems() {
		if x.ID == e.Variant {
			sys = &x
			break
		}
	}
	if sys == nil {
		return "", fmt.Errorf("unknown game system %q", e.Variant)
	}
	var sb strings.Builder
	tag := func(name, value string) {
		if strings.TrimSpace(value) != "" {
			fmt.Fprintf(&sb, "[%s %s]\n", name, quote(value))
		}
	}
	tag("Event", e.Event)
	tag("Author", e.Author)
	tag("Source", e.Source)
	tag(sys.Tag[0], sys.Tag[1])
	tag("FEN", e.FEN)
	tag("Genre", e.Genre)
	tag("Stipulation", e.Stipulation)
	for _, t := range e.Tags {
		if !validTagName(t[0]) {
			return "", fmt.Errorf("tag name %q: want letters, digits and _", t[0])
		}
		if !formTags[strings.ToLower(t[0])] {
			tag(t[0], t[1])
		}
	}
	sol := strings.TrimSpace(e.Solution)
	if sol == "" {
		sol = "*"
	}
	sb.WriteString(sol + "\n")
	return sb.String(), nil
}

// quote writes a PDN tag value: in double quotes, \ and " escaped,
// line breaks as spaces.
func quote(v string) string {
	v = strings.NewReplacer("\\", "\\\\", "\"", "\\\"", "\r", " ", "\n", " ").Replace(strings.TrimSpace(v))
	return "\"" + v + "\""
}

func validTagName(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if !(c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c > 127) {
			return false
		}
	}
	return true
}

// composition reads e through the PDN reader check uses (corpus.Parse):
// the composition, or the input error ("composition:LINE: what is
// wrong") check would print.
func (e *Entry) composition() (*composition.Composition, string, error) {
	if _, err := readPosition(e.Variant, e.FEN); err != nil {
		return nil, "", err
	}
	text, err := e.PDN()
	if err != nil {
		return nil, "", err
	}
	entries := corpus.Parse("composition", []byte(text))
	if len(entries) != 1 {
		return nil, text, fmt.Errorf("the composition reads as %d PDN games, want one (a stray [ or a result inside the solution?)", len(entries))
	}
	if entries[0].Err != nil {
		return nil, text, entries[0].Err
	}
	return entries[0].Composition, text, nil
}

// entryOf is the form of a composition read from a PDN file.
func entryOf(c *composition.Composition) Entry {
	g := c.Game
	e := Entry{Variant: c.Rules.ID, FEN: c.FEN(), Author: c.Author, Source: c.Source, Event: c.Event}
	e.Genre, _ = composition.Tag(g, "Genre", "Жанр")
	e.Stipulation, _ = composition.Tag(g, "Stipulation", "Задание")
	for _, t := range g.Tags {
		if !formTags[strings.ToLower(t.Name)] {
			e.Tags = append(e.Tags, [2]string{t.Name, t.Value})
		}
	}
	var sb strings.Builder
	if g.Comment != "" {
		fmt.Fprintf(&sb, "{%s} ", g.Comment)
	}
	half := 0
	if strings.HasPrefix(e.FEN, "B") {
		half = 1
	}
	writeMoves(&sb, g.Moves, half)
	if g.Result != "" {
		sb.WriteString(g.Result)
	} else {
		sb.WriteString("*")
	}
	e.Solution = strings.TrimSpace(sb.String())
	return e
}

// writeMoves writes plies as PDN move text from half-move half (0:
// White's first move), with their marks ($n), comments and variations.
func writeMoves(sb *strings.Builder, plies []draughts.Ply, half int) {
	for i, p := range plies {
		h := half + i
		if h%2 == 0 {
			fmt.Fprintf(sb, "%d. ", h/2+1)
		} else if i == 0 {
			fmt.Fprintf(sb, "%d... ", h/2+1)
		}
		sb.WriteString(p.Text + " ")
		for _, n := range p.NAGs {
			sb.WriteString("$" + strconv.Itoa(n) + " ")
		}
		if p.Comment != "" {
			fmt.Fprintf(sb, "{%s} ", strings.ReplaceAll(p.Comment, "}", ")"))
		}
		for _, v := range p.Variations {
			sb.WriteString("(")
			writeMoves(sb, v, h)
			s := strings.TrimRight(sb.String(), " ")
			sb.Reset()
			sb.WriteString(s + ") ")
		}
		if len(p.Variations) > 0 && (h+1)%2 == 1 && i+1 < len(plies) {
			fmt.Fprintf(sb, "%d... ", h/2+1)
		}
	}
}

// parsed is what /api/parse answers: the compositions of a PDN file, in
// file order, each with its form or its input error.
type parsed struct {
	Name    string        `json:"name"`
	Entries []parsedEntry `json:"entries"`
}

type parsedEntry struct {
	Index int    `json:"index"`
	Line  int    `json:"line"`
	Title string `json:"title"`
	Entry *Entry `json:"entry,omitempty"`
	Error string `json:"error,omitempty"`
}

// parse reads a PDN file pasted (the body) or uploaded (multipart field
// "file"): every composition in it, or the error of each that cannot be
// read. The file's name is only a label, never opened.
func (s *Server) parse(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, s.cfg.MaxUpload)
	name := "pasted.pdn"
	var data []byte
	var err error
	if strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/form-data") {
		f, h, ferr := r.FormFile("file")
		if ferr != nil {
			err = ferr
		} else {
			defer f.Close()
			name = path.Base(strings.ReplaceAll(h.Filename, "\\", "/"))
			data, err = io.ReadAll(f)
		}
	} else {
		data, err = io.ReadAll(r.Body)
	}
	if err != nil {
		if strings.Contains(err.Error(), "request body too large") {
			err = &http.MaxBytesError{Limit: s.cfg.MaxUpload}
		}
		s.bodyError(w, err)
		return
	}
	out := parsed{Name: name, Entries: []parsedEntry{}}
	for _, e := range corpus.Parse(name, data) {
		pe := parsedEntry{Index: e.Index, Line: e.Line}
		if e.Err != nil {
			pe.Error = e.Err.Error()
		} else {
			en := entryOf(e.Composition)
			pe.Entry = &en
			pe.Title = strings.TrimSpace(fmt.Sprintf("%d. %s %s", e.Index, en.Author, e.Composition.Rules.ID))
		}
		out.Entries = append(out.Entries, pe)
	}
	writeJSON(w, http.StatusOK, out)
}

// pdn answers the composition of the form as a PDN file to download,
// after reading it back as check would (an input error is a 400).
func (s *Server) pdn(w http.ResponseWriter, r *http.Request) {
	var e Entry
	if !s.readJSON(w, r, &e) {
		return
	}
	_, text, err := e.composition()
	if err != nil {
		httpError(w, http.StatusBadRequest, err.Error())
		return
	}
	w.Header().Set("Content-Type", "application/x-pdn; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="composition.pdn"`)
	_, _ = io.WriteString(w, text)
}
