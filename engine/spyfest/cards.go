package spyfest

import (
	"slices"

	"safehouse/engine"
)

func (st *state) spendCard(t int, c Card) {
	st.Teams[t].Cards[c]--
	if st.Teams[t].Cards[c] == 0 {
		delete(st.Teams[t].Cards, c)
	}
	st.Round.Played = append(st.Round.Played, CardPlayed{Team: t, Card: c})
}

// play checks who may play which card when, then plays it.
func (st *state) play(seat engine.Seat, a Play) error {
	if err := st.checkRound(a.Round); err != nil {
		return err
	}
	if !slices.Contains(Cards, a.Card) {
		return engine.Refuse(engine.ErrInvalidAction, "", "unknown action card %q", a.Card)
	}
	if err := st.checkPhase(rulePlayActionCards, "playing an action card", PhaseDraw, PhaseKeep, PhaseDescribing, PhaseStopped); err != nil {
		return err
	}
	if err := st.notSpy(seat, rulePlayActionCards, "play action cards"); err != nil {
		return err
	}
	t := st.teamOf(seat)
	if st.Teams[t].Cards[a.Card] == 0 {
		return engine.Refuse(engine.ErrForbidden, rulePlayActionCards, "your team has no %q card left", a.Card)
	}
	r := &st.Round
	switch a.Card {
	case CardAsk:
		if err := st.checkPhase(ruleAskTheSpy, "asking the Spy", PhaseDescribing, PhaseStopped); err != nil {
			return err
		}
		if st.Phase == PhaseStopped && t == r.intercepting() && r.Guessing != t {
			return engine.Refuse(engine.ErrForbidden, ruleAskTheSpy, "while stopped, ask before your team's own guess")
		}
		if r.Question != NoTeam {
			return engine.Refuse(engine.ErrWrongPhase, ruleAskTheSpy, "the Spy has not answered the last question yet")
		}
		r.Question = t
	case CardTwoGuesses:
		return engine.Refuse(engine.ErrInvalidAction, ruleTwoGuesses, "play \"two guesses\" by naming two characters in your team's guess")
	case CardCrossQuarter:
		if r.reverse() {
			return engine.Refuse(engine.ErrForbidden, ruleReverseRound, "no quarter can be crossed out in a reverse round")
		}
		if err := st.checkPhase(ruleCrossOutQuarter, "crossing out a quarter", PhaseDescribing, PhaseStopped); err != nil {
			return err
		}
		if r.QuarterBy != NoTeam {
			return engine.Refuse(engine.ErrWrongPhase, ruleCrossOutQuarter, "the Spy has not crossed out the last quarter yet")
		}
		if len(st.validQuarters()) == 0 {
			return engine.Refuse(engine.ErrForbidden, ruleCrossOutQuarter, "no quarter is left to cross out")
		}
		r.QuarterBy = t
	case CardTwoCharacters:
		if t != r.Team {
			return engine.Refuse(engine.ErrForbidden, ruleTwoCharacters, "only the Spy's own team may play \"two characters\"")
		}
		if err := st.checkPhase(ruleTwoCharacters, "\"two characters\" (only at the beginning of the round, before the draw)", PhaseDraw); err != nil {
			return err
		}
		if r.TwoCharacters {
			return engine.Refuse(engine.ErrAlreadyDone, ruleTwoCharacters, "\"two characters\" is already played this round")
		}
		r.TwoCharacters = true
	case CardAnotherKeyword:
		if t != r.Team {
			return engine.Refuse(engine.ErrForbidden, ruleAnotherKeyword, "only the Spy's own team may play \"another keyword\"")
		}
		if r.reverse() {
			return engine.Refuse(engine.ErrForbidden, ruleReverseRound, "\"another keyword\" cannot be played in a reverse round")
		}
		if err := st.checkPhase(ruleAnotherKeyword, "\"another keyword\" (after the draw)", PhaseKeep, PhaseDescribing, PhaseStopped); err != nil {
			return err
		}
		if len(st.KeywordDeck) == 0 {
			return engine.Refuse(engine.ErrForbidden, ruleAnotherKeyword, "the keyword deck is empty")
		}
		r.Keywords = append(r.Keywords, st.takeKeywords(1)...)
	}
	st.spendCard(t, a.Card)
	return nil
}

// answer is the Spy's Yes or No to an "ask the Spy" card, allowed even while stopped.
func (st *state) answer(seat engine.Seat, a Answer) error {
	if err := st.checkRound(a.Round); err != nil {
		return err
	}
	r := &st.Round
	if seat != r.Spy {
		return engine.Refuse(engine.ErrNotYourTurn, ruleAskTheSpy, "only the Spy answers")
	}
	if r.Question == NoTeam {
		return engine.Refuse(engine.ErrWrongPhase, ruleAskTheSpy, "there is no question to answer")
	}
	r.Answers = append(r.Answers, AnswerGiven{Team: r.Question, Yes: a.Yes})
	r.Question = NoTeam
	return nil
}

// validQuarters are the quarters the Spy may cross out: not the
// character's own, not already crossed, not empty.
func (st *state) validQuarters() []int {
	r := &st.Round
	own := -1
	for _, s := range st.Sheet {
		if s.ID == r.Character {
			own = s.Quarter
		}
	}
	var out []int
	for q := range Quarters {
		if q == own || slices.Contains(r.CrossedQuarters, q) {
			continue
		}
		if slices.ContainsFunc(st.Sheet, func(s SheetCharacter) bool { return s.Quarter == q }) {
			out = append(out, q)
		}
	}
	return out
}

func (st *state) crossQuarter(seat engine.Seat, a CrossQuarter) error {
	if err := st.checkRound(a.Round); err != nil {
		return err
	}
	r := &st.Round
	if seat != r.Spy {
		return engine.Refuse(engine.ErrNotYourTurn, ruleCrossOutQuarter, "only the Spy crosses out a quarter")
	}
	if r.QuarterBy == NoTeam {
		return engine.Refuse(engine.ErrWrongPhase, ruleCrossOutQuarter, "no \"cross out a quarter\" card is waiting")
	}
	if !slices.Contains(st.validQuarters(), a.Quarter) {
		return engine.Refuse(engine.ErrForbidden, ruleCrossOutQuarter, "quarter %d cannot be crossed out: it holds your character, is already crossed or does not exist", a.Quarter)
	}
	r.CrossedQuarters = append(r.CrossedQuarters, a.Quarter)
	r.QuarterBy = NoTeam
	return nil
}
