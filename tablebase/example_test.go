package tablebase_test

import (
	"context"
	"fmt"

	"draughtsjudge/draughts"
	"draughtsjudge/tablebase"
)

// Build what a position needs, then probe it from RAM.
func Example() {
	s, err := tablebase.OpenMemory() // or tablebase.Open(tablebase.DefaultDir())
	if err != nil {
		panic(err)
	}
	defer s.Close()
	r := draughts.Russian
	p, _ := draughts.ParseFEN(r, "W:WKa1,Kc1,Ke1:BKf8") // Petrov's triangle
	if err := s.EnsureSlices(context.Background(), r, tablebase.MaterialOf(&p)); err != nil {
		panic(err)
	}
	e := s.Endgames(r) // one per store and variant; safe for concurrent Probe
	v, ok := e.Probe(&p)
	fmt.Println(v.WDL, v.Plies, v.Moves(), ok)
	// Output: win 21 11 true
}
