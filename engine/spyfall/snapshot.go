package spyfall

import (
	"fmt"
	"slices"

	"safehouse/engine"
)

// check validates a restored state deeply enough that no later Apply or
// View can index outside it: a damaged snapshot is refused on restore rather
// than crashing the host in the middle of a game.
func (s *state) check() error {
	if s.Rand == nil || len(s.Played) != len(s.Locations) || len(s.Locations) == 0 {
		return fmt.Errorf("incomplete snapshot")
	}
	lo, hi := PlayerRange(s.Settings.Edition, s.Settings.Team)
	if hi == 0 || s.Settings.Spies < 0 || s.Settings.Spies > 2 || s.Rounds < 0 || s.Round < 0 ||
		s.Settings.CaptainTurns < 1 || s.Settings.CaptainTurns > 2 || len(s.Order) > hi || s.Round > 0 && len(s.Order) < lo {
		return fmt.Errorf("bad settings")
	}
	n := len(s.Seats)
	seatOK := func(x engine.Seat) bool { return x >= 0 && int(x) < n }
	orNone := func(x engine.Seat) bool { return x == engine.NoSeat || seatOK(x) }
	if len(s.Order) == 0 {
		return fmt.Errorf("nobody at the table")
	}
	for i, x := range s.Order {
		if !seatOK(x) || s.Seats[x].Removed || slices.Index(s.Order, x) != i {
			return fmt.Errorf("bad table order")
		}
	}
	for _, x := range append(slices.Clone(s.CaptainQueue), s.Winners...) {
		if !seatOK(x) {
			return fmt.Errorf("bad seat %d", x)
		}
	}
	if !orNone(s.NextDealer) || !orNone(s.FirstCaptain) {
		return fmt.Errorf("bad dealer or captain")
	}
	for _, h := range s.History {
		if len(h.Points) > n || len(h.Totals) > n {
			return fmt.Errorf("bad history")
		}
	}
	r := s.Cur
	inRound := map[Phase]bool{PhaseDealt: true, PhasePlaying: true, PhaseVote: true, PhaseSpyGuess: true,
		PhaseEndAccuse: true, PhaseEndVote: true, PhaseTeamLead: true, PhaseTeamPick: true, PhaseTeamGuess: true}
	switch {
	case inRound[s.Phase] != (r != nil):
		return fmt.Errorf("phase %q does not match the round", s.Phase)
	case r == nil:
		if s.Phase != PhaseLobby && s.Phase != PhaseRoundOver && s.Phase != PhaseGameOver {
			return fmt.Errorf("unknown phase %q", s.Phase)
		}
		return nil
	}
	switch r.Variant {
	case Normal, TwoPlayer, ThreePlayer, Team:
	default:
		return fmt.Errorf("bad variant")
	}
	if (r.Variant == TwoPlayer || r.Variant == ThreePlayer) != (r.Table != nil) {
		return fmt.Errorf("table card does not match the variant")
	}
	m := len(r.Cards)
	if m > n || len(r.Absent) != m || len(r.Accused) != m || len(r.FirstAccuser) != m || r.Number != s.Round {
		return fmt.Errorf("bad round")
	}
	locOK := func(l int) bool { return l >= 0 && l < len(s.Locations) }
	cardOK := func(c card) bool {
		if c.Spy {
			return c.Location == -1 && c.Role == -1
		}
		return locOK(c.Location) && c.Role >= -1 && c.Role < s.Locations[c.Location].NumRoles()
	}
	dealtOK := func(x engine.Seat) bool { return x >= 0 && int(x) < m && r.Cards[x].Dealt }
	for _, c := range r.Cards {
		if c.Dealt && !cardOK(c) {
			return fmt.Errorf("bad card")
		}
	}
	if r.Table != nil && !cardOK(*r.Table) {
		return fmt.Errorf("bad table card")
	}
	if !locOK(r.Loc) || r.Loc2 != -1 && !locOK(r.Loc2) {
		return fmt.Errorf("bad location")
	}
	for _, x := range r.Spies {
		if !dealtOK(x) || !r.Cards[x].Spy {
			return fmt.Errorf("bad spy")
		}
	}
	for _, x := range append([]engine.Seat{r.Dealer, r.Asker, r.AskedBy}, r.FirstAccuser...) {
		if x != engine.NoSeat && !dealtOK(x) {
			return fmt.Errorf("bad seat in round")
		}
	}
	for _, gs := range r.Guesses {
		if !dealtOK(gs.Seat) || !locOK(gs.Location) {
			return fmt.Errorf("bad guess")
		}
	}
	for _, x := range append(slices.Clone(r.EndOrder), r.Passed...) {
		if !dealtOK(x) {
			return fmt.Errorf("bad end order")
		}
	}
	atEnd := s.Phase == PhaseEndAccuse || s.Phase == PhaseEndVote
	if r.EndTurn < -1 || r.EndTurn > len(r.EndOrder) || atEnd && (r.EndTurn < 0 || r.EndTurn >= len(r.EndOrder)) {
		return fmt.Errorf("bad end turn")
	}
	if v := r.Vote; v != nil {
		if len(v.Ballots) != m || !orNone(v.Suspect) || !orNone(v.Accuser) || v.ID < 1 || v.ID > s.VoteSerial {
			return fmt.Errorf("bad vote")
		}
		switch v.Kind {
		case VoteAccusation, VoteEndAccusation, VoteEndSeat:
		case VoteTable:
			if r.Table == nil {
				return fmt.Errorf("table vote without a table card")
			}
		default:
			return fmt.Errorf("bad vote kind")
		}
		for _, b := range v.Ballots {
			if b < ballotNone || b > ballotAbstain {
				return fmt.Errorf("bad ballot")
			}
		}
	} else if s.Phase == PhaseVote || s.Phase == PhaseEndVote {
		return fmt.Errorf("vote phase without a vote")
	}
	if s.Phase == PhaseSpyGuess && (len(r.Spies) != 2 || len(r.Guesses) != 1) {
		return fmt.Errorf("bad two-spy guess")
	}
	if t := r.Team; t != nil {
		if len(t.PickedBy) != m || !dealtOK(t.Captains[0]) || !dealtOK(t.Captains[1]) || t.Turn < 0 || t.Turn > 1 ||
			len(r.Spies) != 1 || r.Loc2 == -1 {
			return fmt.Errorf("bad team round")
		}
		if t.SpyPickedBy < -1 || t.SpyPickedBy > 1 {
			return fmt.Errorf("bad pick of the spy")
		}
		for _, p := range t.PickedBy {
			if p < -1 || p > 1 {
				return fmt.Errorf("bad pick")
			}
		}
	} else if r.Variant == Team || s.Phase == PhaseTeamLead || s.Phase == PhaseTeamPick || s.Phase == PhaseTeamGuess {
		return fmt.Errorf("team phase without a team round")
	}
	return nil
}
