package draughts

import (
	"errors"
	"fmt"
	"strings"
)

// Rules is one game system. Every field is a declarative rule difference; the
// move generator reads them and nothing else. Rules values are immutable:
// pass them by pointer, never modify the package-level ones.
type Rules struct {
	// ID is the identifier used in --variant and in PDN [Variant].
	ID string
	// Name is a human-readable name.
	Name string
	// GameType is the PDN GameType number.
	GameType int
	// Board is the geometry: Board8 or Board10.
	Board *Board
	// Majority: a capture must take the greatest number of pieces, kings
	// and men counting alike (7.4.1). false = free choice among captures
	// (6.1.5.14).
	Majority bool
	// PromoteInCapture: a man reaching the last row during a capture becomes
	// a king at once and continues capturing as a king (6.1.5.15). false = it
	// passes the row as a man and promotes only if the move ends there
	// (7.4.2).
	PromoteInCapture bool
	// Giveaway: the side left without pieces or without a legal move wins
	// (8.1); otherwise it loses (6.1.7).
	Giveaway bool
}

// The game systems. Kings are flying and men capture backwards in all of
// them (6.1.5.2, 6.1.5.5, 7.4). Russian and Brazilian share the board and
// the notation; they differ in capture choice and in promotion during a
// capture.
var (
	Russian = &Rules{ID: "russian", Name: "Russian draughts", GameType: 25, Board: Board8,
		PromoteInCapture: true}
	Brazilian = &Rules{ID: "brazilian", Name: "Brazilian draughts (shashki-64, 7.4 capture rules)", GameType: 26, Board: Board8,
		Majority: true}
	International = &Rules{ID: "international", Name: "International draughts", GameType: 20, Board: Board10,
		Majority: true}
	RussianGiveaway = &Rules{ID: "russian-giveaway", Name: "Russian giveaway (poddavki)", GameType: 25, Board: Board8,
		PromoteInCapture: true, Giveaway: true}
	InternationalGiveaway = &Rules{ID: "international-giveaway", Name: "International giveaway (antidraughts)", GameType: 20, Board: Board10,
		Majority: true, Giveaway: true}
)

// AllRules lists every supported game system.
func AllRules() []*Rules {
	return []*Rules{Russian, Brazilian, International, RussianGiveaway, InternationalGiveaway}
}

// LascaID is the variant id of Lasca (docs/spec.md §3, PDN [Variant "lasca"]); its
// positions are lasca.Position (package draughtsjudge/draughts/lasca).
const LascaID = "lasca"

// ErrLascaSolving is RulesByID's answer for Lasca: Lasca has its own
// package and position type (lasca.Position in draughtsjudge/draughts/lasca:
// move generation, FEN, notation, perft, PDN replay) and no Rules value for
// the Position engine. The solver and the
// composition checks take Lasca through solver/lascagraph.Solve; the endgame
// databases do not cover it.
var ErrLascaSolving = errors.New("lasca: Lasca has its own position type (package draughts/lasca), not a Rules value: perft, solve and check take it, the endgame databases (tablebase) do not")

// RulesByID returns the game system with the given identifier. It accepts
// the ids of AllRules and a few common aliases ("shashki", "antidraughts",
// "poddavki", "64", "100").
func RulesByID(id string) (*Rules, error) {
	switch strings.ToLower(strings.TrimSpace(id)) {
	case "russian", "shashki", "russian-draughts", "русские":
		return Russian, nil
	case "brazilian", "shashki-64", "brazilian-draughts":
		return Brazilian, nil
	case "international", "100", "international-draughts", "стоклеточные":
		return International, nil
	case "russian-giveaway", "poddavki", "giveaway", "обратные":
		return RussianGiveaway, nil
	case "international-giveaway", "antidraughts":
		return InternationalGiveaway, nil
	case LascaID:
		return nil, ErrLascaSolving
	}
	ids := make([]string, 0, 6)
	for _, r := range AllRules() {
		ids = append(ids, r.ID)
	}
	ids = append(ids, LascaID) // known, though not to this package's solver
	return nil, fmt.Errorf("unknown variant %q (known: %s)", id, strings.Join(ids, ", "))
}

// RulesFromTags picks the game system from PDN GameType and Variant tag
// values (either may be empty). Variant wins when both are given.
func RulesFromTags(gameType, variant string) (*Rules, error) {
	if v := strings.TrimSpace(variant); v != "" {
		return RulesByID(v)
	}
	gt := strings.TrimSpace(gameType)
	// GameType may carry extra fields after a comma (PDN 3.0).
	if i := strings.IndexByte(gt, ','); i >= 0 {
		gt = gt[:i]
	}
	switch gt {
	case "", "25":
		return Russian, nil
	case "26":
		return Brazilian, nil
	case "20":
		return International, nil
	case "98":
		// lidraughts exports antidraughts with GameType 98 (10x10).
		return InternationalGiveaway, nil
	}
	return nil, fmt.Errorf("unsupported GameType %q (known: 20 international, 25 russian, 26 brazilian, 98 international-giveaway; russian-giveaway by [Variant])", gameType)
}

// String returns the rules' ID.
func (r *Rules) String() string { return r.ID }
