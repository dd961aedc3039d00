package spyfest

import (
	"slices"

	"safehouse/engine"
)

type round struct {
	Number int         `json:"number"`
	Team   int         `json:"team"` // the active team, whose member is the Spy
	Spy    engine.Seat `json:"spy"`
	Effect Effect      `json:"effect,omitempty"` // the card under the active team's standee

	Candidates  []string `json:"candidates,omitempty"` // drawn characters awaiting Keep
	Character   string   `json:"character,omitempty"`
	Keywords    []string `json:"keywords,omitempty"`     // [0] is the Spy's own draw
	KeywordsOut []string `json:"keywords_out,omitempty"` // shown as out of play
	// TwoCharacters records "two characters" played this round.
	TwoCharacters bool `json:"two_characters,omitempty"`

	Attempt  int            `json:"attempt"`  // attempts started so far
	Guessing int            `json:"guessing"` // team whose window is open while stopped
	Window   engine.Instant `json:"window"`   // its deadline; 0 waits for the submission
	Wrong    []string       `json:"wrong,omitempty"`
	// Lapsed: the intercepting team's window of this attempt ran out without a guess
	// so its guess was spent, not wrong. A save from before it was kept
	// reads false, as every earlier build told it.
	Lapsed bool `json:"lapsed,omitempty"`

	CrossedQuarters []int          `json:"crossed_quarters,omitempty"`
	Idle            engine.Instant `json:"idle"` // idle timer deadline; 0 when not running
	Description     engine.Clock   `json:"description"`
	Silent          bool           `json:"silent,omitempty"`

	Question  int           `json:"question"` // team awaiting the Spy's Yes/No, or NoTeam
	Answers   []AnswerGiven `json:"answers,omitempty"`
	QuarterBy int           `json:"quarter_by"` // team awaiting the Spy's quarter, or NoTeam
	Played    []CardPlayed  `json:"played,omitempty"`
}

// AnswerGiven is a Spy's answer to an "ask the Spy" card, shown to all.
type AnswerGiven struct {
	Team int  `json:"team"`
	Yes  bool `json:"yes"`
}

// CardPlayed records an action card played this round, shown to all.
type CardPlayed struct {
	Team int  `json:"team"`
	Card Card `json:"card"`
}

func (r *round) intercepting() int { return 1 - r.Team }

func (r *round) reverse() bool { return r.Effect == EffectReverseRound }

// maxAttempts is the round's attempts: 3, or 2 or 4 by the carpet card.
func (r *round) maxAttempts() int {
	switch r.Effect {
	case EffectTwoAttempts:
		return 2
	case EffectFourthAttempt:
		return 4
	}
	return 3
}

// vpFor is the VP of a right guess by its attempt: 3, 2, 1 (1, 2, 3 under the
// reverse VP card), and 1 for a 4th attempt.
func (r *round) vpFor(attempt int) int {
	switch {
	case r.Effect == EffectReverseVP:
		return attempt
	case attempt >= 4:
		return 1
	}
	return 4 - attempt
}

// target is what the teams try to name: the character, or the Spy's keyword
// in a reverse round.
func (r *round) target() string {
	if r.reverse() {
		return r.Keywords[0]
	}
	return r.Character
}

// beginRound starts round n for the active team: the carpet card it stands on
// is shown and in force, and a keyword flip takes effect at once.
func (st *state) beginRound(n, active int) {
	st.Round = round{Number: n, Team: active, Spy: engine.NoSeat, Guessing: NoTeam, Question: NoTeam, QuarterBy: NoTeam}
	if st.Track != nil {
		st.Round.Effect = st.Track[st.Teams[active].Position]
	}
	st.Phase = PhaseSpyChoice
	if st.Round.Effect == EffectFlipKeywords {
		st.KeywordSet = otherSet(st.KeywordSet)
		st.KeywordDeck = st.keywordIDs(st.KeywordSet)
		st.shuffle(st.KeywordDeck)
	}
}

func otherSet(s string) string {
	if s == KeywordsA {
		return KeywordsB
	}
	return KeywordsA
}

// SuggestedSpy is the next member of the active team in rotation; the team may choose another.
func (st *state) suggestedSpy() engine.Seat {
	members := st.Teams[st.Round.Team].Members
	if len(members) == 0 {
		return engine.NoSeat
	}
	i := slices.Index(members, st.Teams[st.Round.Team].LastSpy)
	return members[(i+1)%len(members)]
}

func (st *state) chooseSpy(seat engine.Seat, a ChooseSpy) error {
	if err := st.checkRound(a.Round); err != nil {
		return err
	}
	if err := st.checkPhase(ruleTeamPicksSpy, "choosing the Spy", PhaseSpyChoice); err != nil {
		return err
	}
	t := st.Round.Team
	if st.teamOf(seat) != t {
		return engine.Refuse(engine.ErrNotYourTurn, ruleTeamPicksSpy, "the active team chooses its own Spy")
	}
	if st.teamOf(a.Spy) != t {
		return engine.Refuse(engine.ErrForbidden, ruleTeamPicksSpy, "the Spy must be a member of the active team")
	}
	for i := range st.Teams {
		if len(st.Teams[i].Members) < 2 {
			return engine.Refuse(engine.ErrForbidden, ruleTwoTeams, "team %d has fewer than 2 players: the host must add one first", i+1)
		}
	}
	st.Round.Spy = a.Spy
	st.Teams[t].LastSpy = a.Spy
	st.Phase = PhaseDraw
	return nil
}

// draw is the Spy drawing the character and the keyword, with the extra draws
// of the carpet card and of "two characters".
func (st *state) draw(seat engine.Seat, a Draw, now engine.Instant) error {
	if err := st.checkRound(a.Round); err != nil {
		return err
	}
	if err := st.checkPhase(ruleSpyDraws, "drawing", PhaseDraw); err != nil {
		return err
	}
	if seat != st.Round.Spy {
		return engine.Refuse(engine.ErrNotYourTurn, ruleSpyDraws, "only the Spy draws")
	}
	r := &st.Round
	if r.Effect == EffectKeywordsOut {
		// Keep at least one keyword for the Spy's own draw.
		n := min(3, len(st.KeywordDeck)-1)
		r.KeywordsOut = st.takeKeywords(n)
	}
	count := 1
	if r.Effect == EffectTwoCharacters {
		count++
	}
	if r.TwoCharacters {
		count++
	}
	count = min(count, len(st.CharacterDeck))
	drawn := slices.Clone(st.CharacterDeck[:count])
	st.CharacterDeck = slices.Delete(st.CharacterDeck, 0, count)
	r.Keywords = st.takeKeywords(1)
	if r.Effect == EffectSecondKeyword && len(st.KeywordDeck) > 0 {
		r.Keywords = append(r.Keywords, st.takeKeywords(1)...)
	}
	if len(drawn) == 1 {
		r.Character = drawn[0]
		st.startDescribing(now)
		return nil
	}
	r.Candidates = drawn
	st.Phase = PhaseKeep
	return nil
}

func (st *state) takeKeywords(n int) []string {
	n = max(0, min(n, len(st.KeywordDeck)))
	out := slices.Clone(st.KeywordDeck[:n])
	st.KeywordDeck = slices.Delete(st.KeywordDeck, 0, n)
	return out
}

// keep: the Spy keeps one drawn character; the others go back, shuffled.
func (st *state) keep(seat engine.Seat, a Keep, now engine.Instant) error {
	if err := st.checkRound(a.Round); err != nil {
		return err
	}
	if err := st.checkPhase(ruleKeepOneCharacter, "keeping a character", PhaseKeep); err != nil {
		return err
	}
	if seat != st.Round.Spy {
		return engine.Refuse(engine.ErrNotYourTurn, ruleKeepOneCharacter, "only the Spy keeps a character")
	}
	r := &st.Round
	if !slices.Contains(r.Candidates, a.Character) {
		return engine.Refuse(engine.ErrInvalidAction, ruleKeepOneCharacter, "%q is not one of the drawn characters", a.Character)
	}
	for _, c := range r.Candidates {
		if c != a.Character {
			st.CharacterDeck = append(st.CharacterDeck, c)
		}
	}
	st.shuffle(st.CharacterDeck)
	r.Candidates = nil
	r.Character = a.Character
	st.startDescribing(now)
	return nil
}

func (st *state) startDescribing(now engine.Instant) {
	st.Phase = PhaseDescribing
	if st.DescLimit > 0 {
		st.Round.Description = engine.NewClock(st.DescLimit)
		st.Round.Description.Start(now)
	}
}

// endRound closes the round (scored or not, and revealed), then checks the end
// of the game (Victory, the VP target, an empty deck) or begins the next round.
func (st *state) endRound(reason string, scorer int, at engine.Instant) {
	r := &st.Round
	res := RoundResult{
		Round: r.Number, Team: r.Team, Spy: r.Spy, Character: r.Character,
		Keywords: slices.Clone(r.Keywords), KeywordsOut: slices.Clone(r.KeywordsOut),
		Reverse: r.reverse(), Scorer: scorer, Attempt: r.Attempt, Reason: reason,
	}
	if scorer != NoTeam {
		res.VP = r.vpFor(r.Attempt)
		st.Teams[scorer].VP += res.VP
		if st.Track != nil {
			st.Teams[scorer].Position = min(st.Teams[scorer].Position+res.VP, len(st.Track)-1)
		}
	}
	st.History = append(st.History, res)
	st.returnRoundCards()
	// Team marks are cleared at the end of each round.
	for t := range st.Notes {
		st.Notes[t] = map[string]Mark{}
	}
	if scorer != NoTeam && st.reachedVictory(scorer) {
		st.finish(scorer, EndVictory)
		return
	}
	if len(st.CharacterDeck) == 0 {
		st.finish(st.deckEmptyWinner(), EndDeckEmpty)
		return
	}
	st.beginRound(r.Number+1, 1-r.Team)
}

// reachedVictory reports a team on or past Victory (without a carpet, at the VP target).
func (st *state) reachedVictory(t int) bool {
	if st.Track == nil {
		return st.Teams[t].VP >= st.VictoryVP
	}
	return st.Teams[t].Position >= len(st.Track)-1
}

// deckEmptyWinner is the winner when the character deck runs out: further on
// the track, then more VP, then a draw.
func (st *state) deckEmptyWinner() int {
	a, b := st.Teams[0], st.Teams[1]
	switch {
	case st.Track != nil && a.Position != b.Position:
		if a.Position > b.Position {
			return 0
		}
		return 1
	case a.VP > b.VP:
		return 0
	case b.VP > a.VP:
		return 1
	}
	return NoTeam
}

// returnRoundCards puts the round's cards where they go when it ends: the
// character leaves the game, unchosen candidates and the keywords go back, reshuffled.
func (st *state) returnRoundCards() {
	r := &st.Round
	if r.Character != "" {
		st.Out = append(st.Out, r.Character)
	}
	st.CharacterDeck = append(st.CharacterDeck, r.Candidates...)
	if len(r.Candidates) > 0 {
		st.shuffle(st.CharacterDeck)
	}
	st.KeywordDeck = append(append(st.KeywordDeck, r.Keywords...), r.KeywordsOut...)
	st.shuffle(st.KeywordDeck)
}

func (st *state) finish(winner int, reason string) {
	st.Phase = PhaseOver
	st.Winner = winner
	st.Ended = reason
}
