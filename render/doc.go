// Package render writes what draughtsjudge finds for people and for
// other programs: check's reports (text, Markdown, HTML with SVG
// diagrams, JSON, the solution trees as PDN), the answer key and the
// problem sheet of a solving contest, the graded results, and the judge's
// section report. It solves nothing and reads no flags: its inputs are
// the values that packages composition and batch compute.
//
// Every entry point returns the first error writing to its io.Writer
// (and a template's error); a format it does not know is written as the
// default one its doc comment names.
package render
