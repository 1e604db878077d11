package judge

import (
	"strings"

	"draughtsjudge/composition"
)

// Giveaway compositions (clause 11.1.4, "с обратным заданием (поддавки)").
// Their stipulation reverses the aim: White forces Black to capture every
// White piece, to leave White without a move, or (a giveaway locking task,
// 11.1.3: "задачи в поддавки, в которых белые заставляют черных запереть
// белые шашки") to lock exactly the stated White pieces. Clause 11.1.3's
// note applies the rules of the main kinds "with the corresponding
// amendments"; the amendments this tool makes are giveawayAmend's, and the
// report lists them in the [amendments] check.

// giveawayAmend applies clause 11.1.3's note ("with the corresponding
// amendments") to a giveaway composition's checks, and adds the
// [amendments] check that says which checks do not apply and why:
//   - [genre] (11.1.3): the material limits of the main genres measure
//     White's force; in giveaway White's pieces are a burden to be given
//     away, so the limits are not applied (a stated task still needs a
//     lock stipulation);
//   - [problem-balance] (11.2.7.1): "Black at most one piece ahead" guards
//     against a problem won by material; in giveaway a lead is a
//     handicap, so it is not applied;
//   - the problem finale rule (a material gain counts as won, 11.2.7.2)
//     is never used: the finale is the board's own (White without a move
//     or without pieces, or the stated lock), or a giveaway endgame
//     database value (8.1);
//   - [exact-lock] (11.2.8.2) counts White's locked pieces, White to move;
//   - as written: [legal], [quiet-key] (every main kind starts with a quiet
//     move, 11.1.3), [solvable], [unique], [variations],
//     [economy-construction] and [economy-finale] (a white piece that the
//     finale's block does not need is surplus; a finale without white
//     pieces has none to spare).
func (rep *Report) giveawayAmend(c *composition.Composition) {
	if !composition.IsGiveaway(c) {
		return
	}
	var na []string
	if ch := rep.Check("genre"); ch != nil && c.Genre != composition.Task && ch.Status != NotApplicable {
		ch.Status = NotApplicable
		ch.Detail = "giveaway composition (11.1.4): the material limits of the main genres (11.1.3) measure White's force and are not applied, White's pieces being the ones to give away; " + ch.Detail
		na = append(na, "genre (material limits)")
	}
	if ch := rep.Check("problem-balance"); ch != nil && ch.Status != NotApplicable {
		ch.Status = NotApplicable
		ch.Detail = "giveaway composition (11.1.4): a material lead is a handicap in giveaway, so Black's lead is not limited (11.2.7.1 not applied); " + ch.Detail
		na = append(na, "problem-balance")
	}
	d := "giveaway composition: " + composition.GiveawayGoalText(c) + "; the rules of the main kinds apply with the corresponding amendments (11.1.3 note)"
	if len(na) > 0 {
		d += "; not applied: " + strings.Join(na, ", ")
	}
	d += "; the problem finale rule of material gain (11.2.7.2) is never used: a finale is White without a move or without pieces, the stated lock of White's pieces, or a giveaway endgame database value (8.1)"
	if c.Stipulation.Kind == composition.KindLock {
		d += "; exact-lock counts White's locked pieces"
	}
	d += "; applied as written: legal, quiet-key, solvable, unique, variations, economy-construction, economy-finale (a white piece the finale's block does not need is surplus)"
	rep.add(newCheck(CheckAmendments, Pass, d))
}
