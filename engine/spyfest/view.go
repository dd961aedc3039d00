package spyfest

import (
	"slices"
	"time"

	"safehouse/engine"
)

// Roles of a seat in the current round.
const (
	RoleSpy          = "spy"
	RoleSpyTeam      = "spy_team"     // the active team, Spy excepted
	RoleIntercepting = "intercepting" // the other team
	RoleSpectator    = "spectator"    // not in a team (and engine.NoSeat)
)

// View is what one seat may see, built field by field. It is plain data,
// ready for JSON.
type View struct {
	Seat engine.Seat `json:"seat"`
	Team int         `json:"team"`
	Role string      `json:"role"`

	Phase      Phase       `json:"phase"`
	Round      int         `json:"round"`
	ActiveTeam int         `json:"active_team"`
	Spy        engine.Seat `json:"spy"`
	// SuggestedSpy is the next in rotation while the active team chooses.
	SuggestedSpy engine.Seat `json:"suggested_spy"`

	Teams     [2]TeamView `json:"teams"`
	Track     []Effect    `json:"track,omitempty"` // the whole red carpet, seen by all
	VictoryVP int         `json:"victory_vp,omitempty"`
	Effect    Effect      `json:"effect,omitempty"` // applies this round

	KeywordSet string         `json:"keyword_set"`
	Sheet      []SheetEntry   `json:"sheet"`    // the full list, for everyone
	Keywords   []KeywordEntry `json:"keywords"` // the full set in play, for everyone

	// Secrets, present only for the seats that may see them.
	Character  string   `json:"character,omitempty"`
	MyKeywords []string `json:"my_keywords,omitempty"`
	Candidates []string `json:"candidates,omitempty"`
	// ValidQuarters are offered to the Spy when a quarter must be crossed.
	ValidQuarters []int `json:"valid_quarters,omitempty"`
	// Reminder is the Spy's reminder card.
	Reminder *Reminder `json:"reminder,omitempty"`

	KeywordsOut     []string `json:"keywords_out,omitempty"` // shown as out of play, public
	CrossedQuarters []int    `json:"crossed_quarters,omitempty"`
	Attempt         int      `json:"attempt"`
	MaxAttempts     int      `json:"max_attempts"`
	AttemptVP       []int    `json:"attempt_vp"` // VP for a correct guess at each attempt
	Guessing        int      `json:"guessing"`   // team whose window is open, or NoTeam
	// Lapsed: while the Spy's team guesses, the intercepting team's time ran out without a
	// guess; false when it guessed wrong.
	Lapsed      bool           `json:"lapsed,omitempty"`
	Window      engine.Instant `json:"window,omitempty"`     // its absolute deadline; 0 waits
	Idle        engine.Instant `json:"idle,omitempty"`       // idle timer deadline
	Description engine.Clock   `json:"description,omitzero"` // the optional description limit
	Silent      bool           `json:"silent,omitempty"`
	GuessWindow time.Duration  `json:"guess_window"` // 0: off
	IdleTimer   time.Duration  `json:"idle_timer"`   // 0: off

	Question  int           `json:"question"` // team awaiting the Spy's answer, or NoTeam
	Answers   []AnswerGiven `json:"answers,omitempty"`
	QuarterBy int           `json:"quarter_by"`
	Played    []CardPlayed  `json:"played,omitempty"`

	History []RoundResult `json:"history,omitempty"` // reveals of the rounds so far
	Winner  int           `json:"winner"`
	Ended   string        `json:"ended,omitempty"`
}

// TeamView is what everyone sees of a team.
type TeamView struct {
	Members  []engine.Seat `json:"members"`
	VP       int           `json:"vp"`
	Position int           `json:"position"`
	Cards    map[Card]int  `json:"cards"` // action cards left, face up
}

// SheetEntry is one line of the character sheet as a seat sees it.
type SheetEntry struct {
	ID       string      `json:"id"`
	Name     engine.Text `json:"name,omitempty"` // a character the players added; else named by ID
	Overview engine.Text `json:"overview,omitempty"`
	Quarter  int         `json:"quarter"`
	Out      bool        `json:"out,omitempty"`     // out of the game, crossed for all
	Crossed  bool        `json:"crossed,omitempty"` // in a quarter crossed this round
	Wrong    bool        `json:"wrong,omitempty"`   // named wrongly this round
	Note     Mark        `json:"note,omitempty"`    // the seat's team note, if it may see it
}

// KeywordEntry is one keyword of the set in play as a seat sees it.
type KeywordEntry struct {
	ID    string      `json:"id"`
	Name  engine.Text `json:"name,omitempty"`  // a keyword of the players' own; else named by ID
	Out   bool        `json:"out,omitempty"`   // shown as not in play
	Wrong bool        `json:"wrong,omitempty"` // named wrongly in a reverse round
	Note  Mark        `json:"note,omitempty"`
}

// Reminder is the Spy's reminder card: the Spy's restrictions apply
// always; these say which variants and which kind of round are in play.
type Reminder struct {
	ThirdPerson    bool `json:"third_person"`
	InternetLookup bool `json:"internet_lookup"`
	Reverse        bool `json:"reverse"` // describe the keyword through the character
}

// SeatView is View behind the engine contract (engine.Game).
func (g *Game) SeatView(seat engine.Seat) any { return g.View(seat) }

// View returns what seat may see; engine.NoSeat (or any seat not in a team)
// gets the public view of a spectator.
func (g *Game) View(seat engine.Seat) View {
	st := &g.st
	r := &st.Round
	v := View{
		Seat: seat, Team: st.teamOf(seat), Phase: st.Phase, Round: r.Number, ActiveTeam: r.Team,
		Spy: r.Spy, SuggestedSpy: engine.NoSeat, VictoryVP: st.VictoryVP, Effect: r.Effect,
		KeywordSet: st.KeywordSet, KeywordsOut: slices.Clone(r.KeywordsOut),
		CrossedQuarters: slices.Clone(r.CrossedQuarters), Attempt: r.Attempt, MaxAttempts: r.maxAttempts(),
		Guessing: r.Guessing, Window: r.Window, Idle: r.Idle, Description: r.Description, Silent: r.Silent,
		GuessWindow: st.GuessWindow, IdleTimer: st.IdleTimer, Question: r.Question,
		Answers: slices.Clone(r.Answers), QuarterBy: r.QuarterBy, Played: slices.Clone(r.Played),
		History: slices.Clone(st.History), Winner: st.Winner, Ended: st.Ended, Track: slices.Clone(st.Track),
	}
	if st.Phase == PhaseSpyChoice {
		v.SuggestedSpy = st.suggestedSpy()
	}
	v.Lapsed = st.Phase == PhaseStopped && r.Lapsed
	for n := 1; n <= r.maxAttempts(); n++ {
		v.AttemptVP = append(v.AttemptVP, r.vpFor(n))
	}
	for t, tm := range st.Teams {
		v.Teams[t] = TeamView{Members: slices.Clone(tm.Members), VP: tm.VP, Position: tm.Position, Cards: maps(tm.Cards)}
	}
	switch {
	case v.Team == NoTeam:
		v.Role = RoleSpectator
	case seat == r.Spy:
		v.Role = RoleSpy
	case v.Team == r.Team:
		v.Role = RoleSpyTeam
	default:
		v.Role = RoleIntercepting
	}
	inRound := st.Phase != PhaseSpyChoice && st.Phase != PhaseOver
	// Who sees the character and the keywords (a reverse round swaps them for the Spy's team).
	if inRound {
		switch v.Role {
		case RoleSpy:
			v.Character = r.Character
			v.MyKeywords = slices.Clone(r.Keywords)
			v.Candidates = slices.Clone(r.Candidates)
			v.Reminder = &Reminder{ThirdPerson: st.ThirdPerson, InternetLookup: st.InternetLookup, Reverse: r.reverse()}
			if r.QuarterBy != NoTeam {
				v.ValidQuarters = st.validQuarters()
			}
		case RoleSpyTeam:
			if r.reverse() {
				v.Character = r.Character
			} else {
				v.MyKeywords = slices.Clone(r.Keywords)
			}
		}
	}
	// Team notes only for that team's members other than the Spy.
	var notes map[string]Mark
	if v.Role == RoleSpyTeam || v.Role == RoleIntercepting {
		notes = st.Notes[v.Team]
	}
	for _, s := range st.Sheet {
		v.Sheet = append(v.Sheet, SheetEntry{
			ID: s.ID, Name: s.Name, Overview: s.Overview, Quarter: s.Quarter,
			Out:     slices.Contains(st.Out, s.ID),
			Crossed: slices.Contains(r.CrossedQuarters, s.Quarter),
			Wrong:   !r.reverse() && slices.Contains(r.Wrong, s.ID),
			Note:    notes[s.ID],
		})
	}
	for _, k := range st.KeywordSets[st.KeywordSet] {
		v.Keywords = append(v.Keywords, KeywordEntry{
			ID: k.ID, Name: k.Name, Out: slices.Contains(r.KeywordsOut, k.ID),
			Wrong: r.reverse() && slices.Contains(r.Wrong, k.ID), Note: notes[k.ID],
		})
	}
	return v
}
