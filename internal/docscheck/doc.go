// Package docscheck holds no code, only a test: every document a comment
// of the project cites is in the repository (TestCitationsResolve).
package docscheck
