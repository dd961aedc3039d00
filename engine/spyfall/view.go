package spyfall

import (
	"slices"
	"time"

	"safehouse/engine"
)

// View is what one seat may see, built field by field from that seat's
// rights; View(engine.NoSeat) (or Host) is the public view every player may
// see, fit for a table screen. It is plain data, ready for JSON. Built-in
// content is named by id (and a role by index), never by names, so a view
// does not grow with the number of languages; the engine.Text maps of a
// player's own locations are shared with the game and must not be modified.
type View struct {
	Seat     engine.Seat  `json:"seat"`
	Phase    Phase        `json:"phase"`
	Round    int          `json:"round"`
	Rounds   int          `json:"rounds"`
	Settings SettingsView `json:"settings"`
	// Variant is the variant of the round in play, or of the next round.
	Variant Variant    `json:"variant"`
	Seats   []SeatView `json:"seats"` // in table order, then removed seats
	// Locations is the game's whole list, the same for everyone.
	Locations []LocationRef `json:"locations"`

	Dealer engine.Seat `json:"dealer"`
	// FirstAsker asks the first question: the dealer.
	FirstAsker engine.Seat `json:"first_asker"`
	// Asker, AskedBy and Question are the question tracker.
	Asker    engine.Seat   `json:"asker"`
	AskedBy  engine.Seat   `json:"asked_by"`
	Question int           `json:"question"`
	Clock    *ClockView    `json:"clock,omitempty"`
	Card     *CardView     `json:"card,omitempty"`
	Vote     *VoteView     `json:"vote,omitempty"`
	LastVote *VoteResult   `json:"last_vote,omitempty"`
	SpyGuess *SpyGuessView `json:"spy_guess,omitempty"`
	// EndTurn is the seat accusing (classic) or voted on at time up.
	EndTurn engine.Seat `json:"end_turn"`
	// Passed lists the seats that passed their turn at time up this round
	// in turn order.
	Passed []engine.Seat `json:"passed,omitempty"`
	// QuietVote asks players not to discuss during a mid-round vote
	// (a notice, nothing more); at time up discussion is free.
	QuietVote bool `json:"quiet_vote"`
	// TableCard says a card lies hidden on the table (2P/3P).
	TableCard bool      `json:"table_card"`
	Team      *TeamView `json:"team,omitempty"`
	// Waits lists who the game waits on now, each with the host's pass that moves it on
	// without them: the dealer, the seat in turn at time up, the voters still to
	// vote, the second spy, the captain picking. It is public, the same in every view: the
	// team spy naming both locations may be known to nobody, so their pass names NoSeat and
	// the engine finds them.
	Waits []HostPass `json:"waits,omitempty"`

	// LastRound is the round just over, every card it revealed, between rounds and at the
	// end; the history lists it in summary with the others.
	LastRound *RoundResult   `json:"last_round,omitempty"`
	History   []RoundSummary `json:"history"`
	Winners   []engine.Seat  `json:"winners,omitempty"`
	// Can lists the action kinds this seat may send now.
	Can []string `json:"can"`
}

// RoundSummary is a finished round as the history lists it, which every seat keeps seeing:
// where it was, who spied, how it ended and the points it gave. Every card the round
// revealed is in LastRound for the round just over, and only there: every view carries the
// history, and with the whole results in it a view of 12 seats grew by 1.3 KB a round (1.8 KB
// in round 1, 8.5 KB in round 5), sent to every screen on every change of the game.
type RoundSummary struct {
	Round    int           `json:"round"`
	Variant  Variant       `json:"variant"`
	Location LocationRef   `json:"location"`
	Second   *LocationRef  `json:"second_location,omitempty"` // team: captain 1's
	Spies    []engine.Seat `json:"spies"`
	Ending   Ending        `json:"ending"`
	Points   []int         `json:"points"` // by seat ID, this round's points
}

func summaries(results []RoundResult) []RoundSummary {
	out := make([]RoundSummary, len(results))
	for i, r := range results {
		out[i] = r.RoundSummary
	}
	return out
}

// SettingsView is the agreed setup, shown to all.
type SettingsView struct {
	Edition         Edition       `json:"edition"`
	RoundLength     time.Duration `json:"round_length"`
	Spies           int           `json:"spies"`
	RolesShown      bool          `json:"roles_shown"`
	OldPals         bool          `json:"old_pals"`
	QuestionTracker bool          `json:"question_tracker"`
	FairRotation    bool          `json:"fair_rotation"`
	Team            bool          `json:"team"`
	CaptainTurns    int           `json:"captain_turns,omitempty"`
	TeamClock       bool          `json:"team_clock,omitempty"`
}

// SeatView is a seat as everybody sees it.
type SeatView struct {
	ID      engine.Seat `json:"id"`
	Name    string      `json:"name"`
	Points  int         `json:"points"`
	Removed bool        `json:"removed,omitempty"`
	InRound bool        `json:"in_round"`
	Absent  bool        `json:"absent,omitempty"`
	// Accused says the seat used its one mid-round accusation.
	Accused bool `json:"accused,omitempty"`
}

// ClockView is the shared round clock, paused while play stops: while it runs, Deadline
// is the absolute instant it runs out; while stopped, Left is what remains.
type ClockView struct {
	Running  bool           `json:"running"`
	Deadline engine.Instant `json:"deadline,omitempty"`
	Left     time.Duration  `json:"left"`
	Length   time.Duration  `json:"length"`
}

// CardView is the seat's own card, and nothing of anyone else's.
type CardView struct {
	Spy      bool         `json:"spy"`
	Location *LocationRef `json:"location,omitempty"`
	Role     *RoleRef     `json:"role,omitempty"`
	// FellowSpies names the other spy under old pals (two spies who know each other).
	FellowSpies []engine.Seat `json:"fellow_spies,omitempty"`
	Captain     bool          `json:"captain,omitempty"`
}

// VoteView is the vote in progress: who votes and who has voted; the
// ballots themselves are shown when the vote closes (LastVote).
type VoteView struct {
	ID      int           `json:"id"`
	Kind    VoteKind      `json:"kind"`
	Accuser engine.Seat   `json:"accuser"`
	Suspect engine.Seat   `json:"suspect"`
	Voters  []engine.Seat `json:"voters"`
	Voted   []engine.Seat `json:"voted"`
	// Mine is this seat's ballot: "", "pending", "yes", "no", or "passed"
	// when the host passed for it.
	Mine string `json:"mine,omitempty"`
}

// SpyGuessView is the two-spy guess, once the first spy named a location: both spies are revealed,
// the first spy's location is shown, whether it is right is not.
type SpyGuessView struct {
	First  engine.Seat `json:"first"`
	Named  LocationRef `json:"named"`
	Second engine.Seat `json:"second"`
}

// TeamView is a team round as everybody sees it.
type TeamView struct {
	Captains [2]engine.Seat `json:"captains"`
	Turn     engine.Seat    `json:"turn"`
	PickNo   int            `json:"pick_no"`
	Done     [2]bool        `json:"done"`
	// Picked lists each captain's picked agents.
	Picked [2][]engine.Seat `json:"picked"`
	// SpyPicked is the spy once a captain picked them, else NoSeat.
	SpyPicked engine.Seat   `json:"spy_picked"`
	Agents    []engine.Seat `json:"agents"`
}

// SeatView is View behind the engine contract (engine.Game).
func (g *Game) SeatView(seat engine.Seat) any { return g.View(seat) }

// View returns what seat may see. Any seat that is not at the table
// (engine.NoSeat, Host) gets the public view.
func (g *Game) View(seat engine.Seat) View {
	s := &g.s
	r := s.Cur
	me := seat
	if !g.seated(seat) {
		me = engine.NoSeat
	}
	v := View{
		Seat: me, Phase: s.Phase, Round: s.Round, Rounds: s.Rounds,
		Settings: SettingsView{
			Edition: s.Settings.Edition, RoundLength: s.Settings.roundLength(len(s.Order)),
			Spies: s.Settings.spiesFor(len(s.Order)), RolesShown: !s.Settings.HideRoles,
			OldPals: s.Settings.OldPals, QuestionTracker: s.Settings.QuestionTracker,
			FairRotation: s.Settings.FairRotation, Team: s.Settings.Team,
			TeamClock: s.Settings.TeamClock,
		},
		Variant: s.Settings.variantFor(len(s.Order)),
		Dealer:  engine.NoSeat, FirstAsker: engine.NoSeat, Asker: engine.NoSeat, AskedBy: engine.NoSeat, EndTurn: engine.NoSeat,
		History: summaries(s.History),
		Winners: slices.Clone(s.Winners),
		Can:     g.can(me),
	}
	if s.Settings.Team {
		v.Settings.CaptainTurns = s.Settings.CaptainTurns
	}
	// The last round's whole result, every card it revealed, is for the screens between
	// rounds and at the end; once the next round is dealt, its summary in the history is
	// what the scores show.
	if n := len(s.History); n > 0 && (s.Phase == PhaseRoundOver || s.Phase == PhaseGameOver) {
		last := s.History[n-1]
		v.LastRound = &last
	}
	if s.LastVote != nil {
		lv := *s.LastVote
		v.LastVote = &lv
	}
	for _, l := range s.Locations {
		v.Locations = append(v.Locations, LocationRef{ID: l.ID, Name: l.Name})
	}
	seatView := func(id engine.Seat) SeatView {
		st := s.Seats[id]
		sv := SeatView{ID: id, Name: st.Name, Points: st.Points, Removed: st.Removed}
		if r != nil {
			sv.InRound = r.inRound(id)
			sv.Absent = r.inRound(id) && r.Absent[id]
			sv.Accused = r.inRound(id) && r.Accused[id]
		}
		return sv
	}
	for _, id := range s.Order {
		v.Seats = append(v.Seats, seatView(id))
	}
	for i, st := range s.Seats {
		if st.Removed {
			v.Seats = append(v.Seats, seatView(engine.Seat(i)))
		}
	}
	if r == nil {
		return v
	}
	v.Variant = r.Variant
	v.Dealer = r.Dealer
	if r.Team == nil {
		v.FirstAsker = r.Dealer
	}
	if s.Settings.QuestionTracker && r.Team == nil {
		v.Asker, v.AskedBy, v.Question = r.Asker, r.AskedBy, r.Questions
	}
	if r.Team == nil || s.Settings.TeamClock {
		// The clock was set for the seats dealt in; r.Cards also holds
		// seats removed before the deal.
		length := s.Settings.roundLength(r.dealtCount())
		v.Clock = &ClockView{Running: r.Clock.Running, Deadline: r.Clock.Deadline, Left: r.Clock.Left, Length: length}
	}
	v.TableCard = r.Table != nil
	if me != engine.NoSeat && r.inRound(me) {
		v.Card = g.cardView(me)
	}
	if vt := r.Vote; vt != nil {
		vv := &VoteView{ID: vt.ID, Kind: vt.Kind, Accuser: vt.Accuser, Suspect: vt.Suspect, Voters: []engine.Seat{}, Voted: []engine.Seat{}}
		for i, b := range vt.Ballots {
			if b == ballotNone {
				continue
			}
			vv.Voters = append(vv.Voters, engine.Seat(i))
			if b != ballotPending {
				vv.Voted = append(vv.Voted, engine.Seat(i))
			}
		}
		if me != engine.NoSeat && int(me) < len(vt.Ballots) {
			vv.Mine = [...]string{"", "pending", "yes", "no", "passed"}[vt.Ballots[me]]
		}
		v.Vote = vv
		v.QuietVote = vt.Kind == VoteAccusation || vt.Kind == VoteTable
	}
	if s.Phase == PhaseSpyGuess {
		first := r.Guesses[0].Seat
		second := r.Spies[0]
		if second == first {
			second = r.Spies[1]
		}
		v.SpyGuess = &SpyGuessView{First: first, Named: g.locRef(r.Guesses[0].Location), Second: second}
	}
	if (s.Phase == PhaseEndAccuse || s.Phase == PhaseEndVote) && r.EndTurn < len(r.EndOrder) {
		v.EndTurn = r.EndOrder[r.EndTurn]
	}
	v.Passed = slices.Clone(r.Passed)
	if t := r.Team; t != nil {
		tv := &TeamView{Captains: t.Captains, Turn: engine.NoSeat, PickNo: t.PickNo, Done: t.Done,
			Picked: [2][]engine.Seat{{}, {}}, SpyPicked: engine.NoSeat, Agents: []engine.Seat{}}
		if s.Phase == PhaseTeamPick {
			tv.Turn = t.Captains[t.Turn]
		}
		for i, by := range t.PickedBy {
			if by >= 0 {
				tv.Picked[by] = append(tv.Picked[by], engine.Seat(i))
			}
			if r.inRound(engine.Seat(i)) && engine.Seat(i) != t.Captains[0] && engine.Seat(i) != t.Captains[1] {
				tv.Agents = append(tv.Agents, engine.Seat(i))
			}
		}
		if t.SpyPickedBy >= 0 {
			tv.SpyPicked = r.Spies[0]
		}
		v.Team = tv
	}
	v.Waits = g.waits()
	return v
}

// waits is View.Waits: the passes the host may make now, one for each seat the game waits on.
func (g *Game) waits() []HostPass {
	s := &g.s
	r := s.Cur
	pass := func(seat engine.Seat) []HostPass { return []HostPass{{Round: s.Round, Seat: seat}} }
	switch s.Phase {
	case PhaseDealt:
		return pass(r.Dealer)
	case PhaseEndAccuse:
		turn := engine.NoSeat
		if r.EndTurn < len(r.EndOrder) {
			turn = r.EndOrder[r.EndTurn]
		}
		return pass(turn)
	case PhaseVote, PhaseEndVote:
		if r.Vote == nil {
			return nil
		}
		var out []HostPass
		for i, b := range r.Vote.Ballots {
			if b == ballotPending {
				out = append(out, HostPass{Round: s.Round, Vote: r.Vote.ID, Seat: engine.Seat(i)})
			}
		}
		return out
	case PhaseSpyGuess:
		second := r.Spies[0]
		if second == r.Guesses[0].Seat {
			second = r.Spies[1]
		}
		return pass(second)
	case PhaseTeamPick:
		return pass(r.Team.Captains[r.Team.Turn])
	case PhaseTeamGuess:
		return pass(engine.NoSeat)
	}
	return nil
}

// cardView is seat me's own card, and nothing of anyone else's: a spy sees
// no location and no role; under old pals the spies see each other; a
// captain sees their own location only.
func (g *Game) cardView(me engine.Seat) *CardView {
	r := g.s.Cur
	c := r.Cards[me]
	cv := &CardView{Spy: c.Spy}
	if r.Team != nil {
		cv.Captain = me == r.Team.Captains[0] || me == r.Team.Captains[1]
	}
	if c.Spy {
		if g.s.Settings.OldPals && len(r.Spies) == 2 {
			for _, s := range r.Spies {
				if s != me {
					cv.FellowSpies = append(cv.FellowSpies, s)
				}
			}
		}
		return cv
	}
	ref := g.locRef(c.Location)
	cv.Location = &ref
	if c.Role >= 0 && !g.s.Settings.HideRoles {
		cv.Role = g.roleRef(c.Location, c.Role)
	}
	return cv
}

// can lists the action kinds seat me may send now (a hint for the UI; Apply
// is the judge).
func (g *Game) can(me engine.Seat) []string {
	s := &g.s
	r := s.Cur
	out := []string{}
	if me == engine.NoSeat {
		return out
	}
	out = append(out, Rename{}.Kind())
	switch s.Phase {
	case PhaseLobby, PhaseRoundOver:
		return append(out, Deal{}.Kind())
	case PhaseGameOver:
		return out
	}
	if !r.present(me) {
		return out
	}
	small := r.Variant == TwoPlayer || r.Variant == ThreePlayer
	switch s.Phase {
	case PhaseDealt:
		if me == r.Dealer {
			out = append(out, StartClock{}.Kind())
		}
	case PhasePlaying:
		if s.Settings.QuestionTracker && me == r.Asker {
			out = append(out, Ask{}.Kind())
		}
		if small && !r.isSpy(me) || !small && !r.Accused[me] {
			out = append(out, Accuse{}.Kind())
		}
		if r.isSpy(me) {
			out = append(out, Guess{}.Kind())
		}
		if r.Table != nil {
			out = append(out, RevealTable{}.Kind())
		}
	case PhaseVote, PhaseEndVote:
		if r.Vote != nil && r.Vote.Ballots[me] == ballotPending {
			out = append(out, Vote{}.Kind())
		}
	case PhaseSpyGuess:
		if r.isSpy(me) && me != r.Guesses[0].Seat {
			out = append(out, Guess{}.Kind())
		}
	case PhaseEndAccuse:
		if r.EndOrder[r.EndTurn] == me {
			out = append(out, Accuse{}.Kind(), Pass{}.Kind())
		}
	case PhaseTeamLead:
		if me == r.Team.Captains[0] || me == r.Team.Captains[1] {
			out = append(out, Lead{}.Kind())
		}
	case PhaseTeamPick:
		if me == r.Team.Captains[r.Team.Turn] {
			out = append(out, Pick{}.Kind(), StopPicking{}.Kind())
		}
	case PhaseTeamGuess:
		if r.isSpy(me) {
			out = append(out, GuessBoth{}.Kind())
		}
	}
	return out
}
