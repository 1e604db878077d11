package draughts

import "testing"

// ReadPDNAt numbers lines from where its piece of a file starts: the game,
// its tags, plies and errors, as ReadPDN does for the whole file.
func TestReadPDNAt(t *testing.T) {
	whole := "\n\n\n[FEN \"W:Wa1:Bb2\"]\n1. a1-c3 *\n\n[FEN \"W:Wa1\"]\n1. a1-b2 ( *\n"
	piece := whole[3:] // from line 4
	gw, ew := ReadPDN("f.pdn", []byte(whole))
	gp, ep := ReadPDNAt("f.pdn", []byte(piece), 4)
	if len(gw) != 1 || len(gp) != 1 || len(ew) != 1 || len(ep) != 1 {
		t.Fatalf("whole: %d games %v; piece: %d games %v", len(gw), ew, len(gp), ep)
	}
	if gw[0].Line != gp[0].Line || gw[0].Tags[0].Line != gp[0].Tags[0].Line || gw[0].Moves[0].Line != gp[0].Moves[0].Line || gp[0].Line != 4 {
		t.Errorf("lines: whole game %d tag %d ply %d; piece %d %d %d", gw[0].Line, gw[0].Tags[0].Line, gw[0].Moves[0].Line, gp[0].Line, gp[0].Tags[0].Line, gp[0].Moves[0].Line)
	}
	if ew[0].Error() != ep[0].Error() {
		t.Errorf("error: whole %q, piece %q", ew[0], ep[0])
	}
}
