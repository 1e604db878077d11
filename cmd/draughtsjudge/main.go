// Command draughtsjudge solves and checks draughts compositions.
package main

import "os"

func main() { os.Exit(run(os.Args[1:], stdoutWriter(), os.Stderr)) }
