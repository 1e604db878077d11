// Command draughtsjudge solves and checks draughts compositions.
package main

import "os"

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }
