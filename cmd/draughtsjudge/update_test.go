package main

import "flag"

// update rewrites the generated files the tests compare against: the
// README's bad-input catalogue and the examples under docs/contest.
var update = flag.Bool("update", false, "rewrite the generated files (README bad-input catalogue, docs/contest examples)")
