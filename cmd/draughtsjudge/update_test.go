package main

import "flag"

// update rewrites the generated files the tests compare against: the
// docs/bad-input.md (the bad-input catalogue) and the examples under docs/contest.
var update = flag.Bool("update", false, "rewrite the generated files (docs/bad-input.md, docs/contest examples)")
