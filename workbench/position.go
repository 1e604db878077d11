package workbench

import (
	"fmt"
	"net/http"
	"strings"
)

// positionRequest asks for the pieces of a FEN.
type positionRequest struct {
	Variant string `json:"variant"`
	FEN     string `json:"fen"`
}

// Position is a position as the page draws it.
type Position struct {
	FEN    string            `json:"fen"`    // as the system writes it
	Side   string            `json:"side"`   // "W" or "B", to move
	Pieces map[string]string `json:"pieces"` // square name → pieces, top first (system.go)
}

// position reads a FEN typed or pasted on the page: its pieces, or a
// 400 saying what is wrong with it.
func (s *Server) position(w http.ResponseWriter, r *http.Request) {
	var req positionRequest
	if !s.readJSON(w, r, &req) {
		return
	}
	p, err := readPosition(req.Variant, req.FEN)
	if err != nil {
		httpError(w, http.StatusBadRequest, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, p)
}

// readPosition reads fen in the game system variant.
func readPosition(variant, fen string) (Position, error) {
	b, err := boardFor(variant)
	if err != nil {
		return Position{}, err
	}
	pieces, side, canon, err := b.pieces(fen)
	if err != nil {
		if !strings.HasPrefix(err.Error(), "FEN") {
			err = fmt.Errorf("FEN %q: %v", fen, err)
		}
		return Position{}, err
	}
	return Position{FEN: canon, Side: side, Pieces: pieces}, nil
}
