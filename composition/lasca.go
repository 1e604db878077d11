package composition

import (
	"fmt"

	"draughtsjudge/draughts"
	"draughtsjudge/draughts/lasca"
)

// LascaRules names Lasca in Composition.Rules: ID and Name only. The
// draughts.Position engine does not play Lasca (Board is nil, so any use of
// it fails loudly); code that needs the position reads Composition.Lasca.
var LascaRules = &draughts.Rules{ID: draughts.LascaID, Name: "Lasca (rules file 004)"}

// lascaFromGame reads the initial position of a Lasca composition.
func (c *Composition) lascaFromGame(fen string, fenLine int) error {
	c.Rules = LascaRules
	if fen == "" {
		return &InputError{c.File, c.Line, "no [FEN] tag: a composition needs its initial position"}
	}
	p, err := lasca.ParseFEN(fen)
	if err != nil {
		return &InputError{c.File, fenLine, err.Error()}
	}
	c.Lasca = &p
	c.Start = draughts.Position{Side: p.Side}
	return nil
}

// lascaStipulation says whether Lasca has the stipulation: win (the
// opponent left without a move, 004 §2.4) and draw.
func lascaStipulation(st Stipulation) error {
	switch st.Kind {
	case KindWin, KindDraw:
		return nil
	}
	return fmt.Errorf("stipulation %q is not defined for Lasca (want win or draw; locking and giveaway stipulations are for the checkers variants)", st.Text)
}
