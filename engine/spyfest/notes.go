package spyfest

import (
	"slices"

	"safehouse/engine"
)

// note sets a mark on the sender's team sheet: any member but the Spy.
func (st *state) note(seat engine.Seat, a Note) error {
	if err := st.checkRound(a.Round); err != nil {
		return err
	}
	if err := st.checkPhase(ruleTeamNotes, "marking the sheet", PhaseDraw, PhaseKeep, PhaseDescribing, PhaseStopped); err != nil {
		return err
	}
	if err := st.notSpy(seat, ruleTeamNotes, "mark the team sheets"); err != nil {
		return err
	}
	switch a.Mark {
	case MarkNone, MarkMaybe, MarkMinus, MarkCross:
	default:
		return engine.Refuse(engine.ErrInvalidAction, ruleTeamNotes, "unknown mark %q (use ?, - or x)", a.Mark)
	}
	onSheet := slices.ContainsFunc(st.Sheet, func(s SheetCharacter) bool { return s.ID == a.ID })
	if !onSheet && !slices.Contains(st.keywordIDs(st.KeywordSet), a.ID) {
		return engine.Refuse(engine.ErrInvalidAction, ruleTeamNotes, "%q is neither a character nor a keyword in play", a.ID)
	}
	notes := st.Notes[st.teamOf(seat)]
	if a.Mark == MarkNone {
		delete(notes, a.ID)
	} else {
		notes[a.ID] = a.Mark
	}
	return nil
}
