package spyfall

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"safehouse/engine"
)

// The snapshot versions (state.Version). Each change of the saved form bumps stateVersion and
// adds one upgrade step here, from the version before it, so a host's save of any earlier
// release still resumes after an update (app/game/testdata/oldsave holds real saves):
//
//	1: up to c8f8aa5. Built-in locations carried their names and roles in every language;
//	   a revealed card named its role with its texts.
//	2: issue 21. A built-in location is its id and role count (each device names it from
//	   its language pack); a revealed card names its role by index (RoleRef); a player's
//	   own location keeps its typed names.
const stateVersion = 2

// readSnapshot decodes a snapshot of any version up to stateVersion and upgrades it.
func readSnapshot(b []byte) (state, error) {
	var s state
	version, err := engine.ReadSnapshot("spyfall", b, stateVersion, &s)
	switch {
	case err != nil:
		return state{}, err
	case version == 1:
		return upgrade1(b)
	case version != stateVersion:
		return state{}, fmt.Errorf("spyfall: unknown snapshot version %d", version)
	}
	return s, nil
}

// stateV1 is a version 1 snapshot where it differs from today's.
type stateV1 struct {
	state
	History []roundResultV1 `json:"history"`
}

type roundResultV1 struct {
	RoundResult
	Cards []revealedCardV1 `json:"cards"`
	Table *revealedCardV1  `json:"table,omitempty"`
}

type revealedCardV1 struct {
	RevealedCard
	Role engine.Text `json:"role,omitempty"`
}

// upgrade1 reads a version 1 snapshot. Its built-in locations become ids with a role count,
// as New makes them today. A location is taken for built-in when a built-in one has its id
// and it was named in English and Russian alone (version 1's built-in content; a location
// typed in the lobby has one language and the id my-N). The role of each revealed card
// becomes its index among its location's roles. A built-in location whose roles this build
// counts differently cannot keep its cards: the snapshot is refused.
func upgrade1(b []byte) (state, error) {
	var v1 stateV1
	if err := json.Unmarshal(b, &v1); err != nil {
		return state{}, fmt.Errorf("spyfall: bad version 1 snapshot: %w", err)
	}
	s := v1.state
	old := map[string]Location{}
	builtin := map[string]bool{}
	for i, l := range s.Locations {
		old[l.ID] = l
		b, ok := builtinLocation(l.ID)
		if !ok || len(l.Name) != 2 || l.Name["en"] == "" || l.Name["ru"] == "" {
			continue
		}
		if len(l.Roles) != b.RoleCount {
			return state{}, fmt.Errorf("spyfall: version 1 snapshot: location %q has %d roles, this build %d", l.ID, len(l.Roles), b.RoleCount)
		}
		s.Locations[i] = Location{ID: l.ID, RoleCount: b.RoleCount}
		builtin[l.ID] = true
	}
	card := func(c revealedCardV1) RevealedCard {
		out := c.RevealedCard
		if c.Role == nil {
			return out
		}
		i := slices.IndexFunc(old[c.Location].Roles, func(r engine.Text) bool { return maps.Equal(r, c.Role) })
		out.Role = &RoleRef{Index: max(i, 0)}
		if !builtin[c.Location] {
			out.Role.Name = c.Role
		}
		return out
	}
	ref := func(r *LocationRef) {
		if r != nil && builtin[r.ID] {
			r.Name = nil
		}
	}
	s.History = make([]RoundResult, len(v1.History))
	for h, r := range v1.History {
		out := r.RoundResult
		ref(&out.Location)
		ref(out.Second)
		out.Cards = make([]RevealedCard, len(r.Cards))
		for i, c := range r.Cards {
			out.Cards[i] = card(c)
		}
		if r.Table != nil {
			t := card(*r.Table)
			out.Table = &t
		}
		s.History[h] = out
	}
	s.Version = stateVersion
	return s, nil
}

// builtinLocation is the built-in location with that id.
func builtinLocation(id string) (Location, bool) {
	for _, p := range builtinPacks() {
		for _, l := range p.Locations {
			if l.ID == id {
				return l, true
			}
		}
	}
	return Location{}, false
}

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
