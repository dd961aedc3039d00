package spyfall

import (
	"slices"
	"strings"
	"testing"

	"safehouse/engine"
	"safehouse/engine/enginetest"
	"safehouse/wire"
)

// APP-LOBBY-1: before the game the host renames, adds, removes and reorders
// seats; players rename themselves only; seat IDs stay stable.
func TestLobbySeats(t *testing.T) {
	g := newGame(t, Config{Edition: Classic, Players: []string{"Ann", "Bob", "Cat", "Dan"}, CustomPacks: []Pack{testPack("t", 4, 7)}})
	enginetest.Refused(t, g, 0, lateSeat(g, "Eve"), t0, engine.ErrForbidden)
	enginetest.Refused(t, g, 1, Rename{Seat: 0, Name: "Mallory"}, t0, engine.ErrForbidden)
	enginetest.Refused(t, g, 1, Rename{Seat: 1, Name: "  "}, t0, engine.ErrInvalidAction)
	enginetest.Refused(t, g, 7, Rename{Seat: 7, Name: "Ghost"}, t0, engine.ErrNoSuchSeat)
	enginetest.Apply(t, g, 1, Rename{Seat: 1, Name: " Bobby "}, t0)
	enginetest.Apply(t, g, Host, Rename{Seat: 2, Name: "Cathy"}, t0)
	enginetest.Refused(t, g, Host, engine.HostAddSeat{Seat: 5, Name: "Eve"}, t0, engine.ErrInvalidAction) // seat 4 is next
	enginetest.Apply(t, g, Host, lateSeat(g, "Eve"), t0)
	enginetest.Apply(t, g, Host, HostMoveSeat{Seat: 4, To: 0}, t0)
	enginetest.Apply(t, g, Host, engine.HostRemoveSeat{Seat: 3}, t0)
	enginetest.Refused(t, g, Host, HostMoveSeat{Seat: 0, To: 4}, t0, engine.ErrInvalidAction)
	enginetest.Refused(t, g, Host, engine.HostRemoveSeat{Seat: 3}, t0, engine.ErrNoSuchSeat)
	enginetest.Refused(t, g, Host, HostMoveSeat{Seat: 3, To: 0}, t0, engine.ErrNoSuchSeat)
	enginetest.Refused(t, g, 3, Rename{Seat: 3, Name: "Dan again"}, t0, engine.ErrNoSuchSeat)
	v := g.View(engine.NoSeat)
	var names []string
	for _, s := range v.Seats {
		if !s.Removed {
			names = append(names, s.Name)
		}
	}
	if !slices.Equal(g.Seats(), []engine.Seat{4, 0, 1, 2}) || !slices.Equal(names, []string{"Eve", "Ann", "Bobby", "Cathy"}) {
		t.Fatalf("order %v names %v", g.Seats(), names)
	}
	for i := 0; i < 4; i++ {
		enginetest.Apply(t, g, Host, lateSeat(g, "More"), t0)
	}
	enginetest.Refused(t, g, Host, lateSeat(g, "Ninth"), t0, engine.ErrForbidden)
	start(t, g, t0)
	enginetest.Refused(t, g, Host, HostMoveSeat{Seat: 0, To: 1}, t0, engine.ErrWrongPhase)
	enginetest.Refused(t, g, Host, lateSeat(g, "Late"), t0, engine.ErrForbidden) // 8 is full
}

// APP-LOBBY-1: a late joiner seated mid-round waits for the next round: no
// card, no vote, no accusation; dealt in at the next deal.
func TestLateJoinerWaits(t *testing.T) {
	g := newGame(t, config(Classic, 4, 46))
	r := start(t, g, t0)
	enginetest.Apply(t, g, Host, lateSeat(g, "Late"), t0)
	late := engine.Seat(4)
	if v := g.View(late); v.Card != nil || v.Seat != late || v.Seats[4].InRound || !slices.Equal(v.Can, []string{"rename"}) {
		t.Fatalf("late joiner's view %+v", v)
	}
	enginetest.Refused(t, g, late, Accuse{Round: 1, Suspect: 0}, t0, engine.ErrForbidden)
	enginetest.Refused(t, g, 0, Accuse{Round: 1, Suspect: late}, t0, engine.ErrForbidden)
	enginetest.Refused(t, g, Host, HostMarkAbsent{Round: 1, Seat: late}, t0, engine.ErrForbidden) // not in this round
	ns := nonSpies(g)
	enginetest.Apply(t, g, ns[0], Accuse{Round: 1, Suspect: ns[1]}, t0)
	enginetest.Refused(t, g, late, Vote{Vote: r.Vote.ID, Yes: true}, t0, engine.ErrForbidden)
	voteAll(t, g, t0, ns[2])
	guessRight(t, g, r.Spies[0])
	if lastResult(g).Points[late] != 0 || len(lastResult(g).Cards) != 4 {
		t.Fatalf("late joiner in round 1's result: %+v", lastResult(g))
	}
	if r2 := start(t, g, t0); !r2.inRound(late) || g.View(late).Card == nil {
		t.Fatal("late joiner not dealt into the next round")
	}
}

// APP-LOBBY-2: between rounds seats are added (they play from the next
// round) and removed (points stay in the history); the minimum is kept.
func TestSeatsBetweenRounds(t *testing.T) {
	c := config(Classic, 3, 41)
	g := newGame(t, c)
	r := start(t, g, t0)
	guessRight(t, g, r.Spies[0])
	spy := r.Spies[0]
	enginetest.Refused(t, g, Host, engine.HostRemoveSeat{Seat: 0}, t0, engine.ErrForbidden)
	enginetest.Apply(t, g, Host, lateSeat(g, "Late"), t0)
	enginetest.Apply(t, g, Host, engine.HostRemoveSeat{Seat: spy}, t0)
	if g.Points()[spy] != 4 || lastResult(g).Totals[spy] != 4 {
		t.Fatalf("removed seat lost its points: %v", g.Points())
	}
	r = start(t, g, t0)
	if !r.inRound(3) || r.inRound(spy) || r.Dealer == spy {
		t.Fatalf("round 2 seats: cards %+v dealer %d", r.Cards, r.Dealer)
	}
	if g.View(spy).Card != nil {
		t.Fatal("a removed seat still gets a card")
	}
	if winners := func() []engine.Seat { enginetest.Apply(t, g, Host, engine.HostEndGame{}, t0); return g.Winners() }(); slices.Contains(winners, spy) {
		t.Fatalf("a removed seat won: %v", winners)
	}
}

// APP-LOBBY-2: a seat marked absent mid-round no longer votes; an essential
// seat (a spy, a captain, a 2P/3P player) voids the round with no points.
func TestAbsentSeats(t *testing.T) {
	g := newGame(t, config(Classic, 5, 42))
	r := start(t, g, t0)
	ns := nonSpies(g)
	enginetest.Apply(t, g, ns[0], Accuse{Round: 1, Suspect: r.Spies[0]}, t0)
	enginetest.Apply(t, g, Host, HostMarkAbsent{Round: 1, Seat: ns[3]}, t0)
	enginetest.Refused(t, g, Host, HostMarkAbsent{Round: 1, Seat: ns[3]}, t0, engine.ErrAlreadyDone)
	enginetest.Refused(t, g, ns[3], Vote{Vote: r.Vote.ID, Yes: false}, t0, engine.ErrForbidden)
	if v := g.View(engine.NoSeat).Vote; len(v.Voters) != 3 {
		t.Fatalf("voters %v still include the absent seat", v.Voters)
	}
	voteAll(t, g, t0)
	res := lastResult(g)
	if res.Ending != EndSpyConvicted || res.Points[ns[3]] != 0 || res.Points[ns[1]] != 1 || !slices.Equal(res.Absent, []engine.Seat{ns[3]}) {
		t.Fatalf("round with an absent seat: %+v", res)
	}

	// The last pending voter leaving closes the vote.
	g = newGame(t, config(Classic, 4, 42))
	r = start(t, g, t0)
	ns = nonSpies(g)
	enginetest.Apply(t, g, ns[0], Accuse{Round: 1, Suspect: r.Spies[0]}, t0)
	enginetest.Apply(t, g, ns[1], Vote{Vote: r.Vote.ID, Yes: true}, t0)
	enginetest.Apply(t, g, Host, HostMarkAbsent{Round: 1, Seat: ns[2]}, t0)
	if g.Phase() != PhaseRoundOver || lastResult(g).Ending != EndSpyConvicted {
		t.Fatalf("vote not closed when its last voter left: %s", g.Phase())
	}

	essential := []struct {
		name string
		g    func() (*Game, engine.Seat)
	}{
		{"spy", func() (*Game, engine.Seat) {
			g := newGame(t, config(Spyfall2, 9, 43))
			r := start(t, g, t0)
			return g, r.Spies[1]
		}},
		{"captain", func() (*Game, engine.Seat) {
			g := teamGame(t, 7, 43, 1)
			return g, g.s.Cur.Team.Captains[1]
		}},
		{"2P player", func() (*Game, engine.Seat) {
			g := newGame(t, config(TimeTravel, 2, 43))
			start(t, g, t0)
			return g, 0
		}},
	}
	for _, tc := range essential {
		g, seat := tc.g()
		enginetest.Apply(t, g, Host, HostMarkAbsent{Round: 1, Seat: seat}, t0)
		res := lastResult(g)
		if res.Ending != EndVoided || slices.Max(res.Points) != 0 || g.Phase() != PhaseRoundOver {
			t.Fatalf("%s absent: %+v", tc.name, res)
		}
		enginetest.Refused(t, g, Host, HostMarkAbsent{Round: 1, Seat: seat}, t0, engine.ErrStale)
	}

	// An absent dealer before the clock starts: the next seat deals.
	g = newGame(t, config(Classic, 5, 45))
	enginetest.Apply(t, g, 0, Deal{Round: 1}, t0)
	r = g.s.Cur
	dealer := r.Dealer
	if r.isSpy(dealer) {
		t.Fatal("seed deals the spy to the dealer; pick another")
	}
	enginetest.Apply(t, g, Host, HostMarkAbsent{Round: 1, Seat: dealer}, t0)
	if r.Dealer != dealer.Left(5) || g.View(engine.NoSeat).Dealer != dealer.Left(5) {
		t.Fatalf("dealer %d after the dealer %d left", r.Dealer, dealer)
	}
	enginetest.Refused(t, g, dealer, StartClock{Round: 1}, t0, engine.ErrForbidden)
	enginetest.Apply(t, g, r.Dealer, StartClock{Round: 1}, t0)

	// An absent seat in turn at classic time up is skipped. The seed is the first from 44
	// that gives the first turn to a non-spy, whose absence does not void the round.
	for seed := uint64(44); ; seed++ {
		if seed == 44+100 {
			t.Fatal("no seed of 100 gives the first turn at time up to a non-spy")
		}
		g = newGame(t, config(Classic, 5, seed))
		r = start(t, g, t0)
		g.Advance(r.Clock.Deadline)
		if !r.isSpy(r.EndOrder[0]) {
			break
		}
	}
	turn := r.EndOrder[0]
	enginetest.Apply(t, g, Host, HostMarkAbsent{Round: 1, Seat: turn}, r.Clock.Deadline)
	if g.View(engine.NoSeat).EndTurn != r.EndOrder[1] {
		t.Fatalf("absent seat kept its turn")
	}
}

// APP-ACT-1: a seat cannot act as the host or as another seat; actions from
// unknown seats are refused; nothing changes.
func TestForgedSeats(t *testing.T) {
	g := newGame(t, config(Classic, 4, 45))
	r := start(t, g, t0)
	enginetest.Refused(t, g, 0, engine.HostEndGame{}, t0, engine.ErrForbidden)
	enginetest.Refused(t, g, 0, HostMarkAbsent{Round: 1, Seat: 1}, t0, engine.ErrForbidden)
	enginetest.Refused(t, g, 9, Accuse{Round: 1, Suspect: 1}, t0, engine.ErrNoSuchSeat)
	enginetest.Refused(t, g, engine.NoSeat, Accuse{Round: 1, Suspect: 1}, t0, engine.ErrNoSuchSeat)
	enginetest.Refused(t, g, Host, Accuse{Round: 1, Suspect: 1}, t0, engine.ErrForbidden)
	enginetest.Refused(t, g, Host, Guess{Round: 1, Location: locID(g, r.Loc)}, t0, engine.ErrForbidden)
	enginetest.Refused(t, g, 0, nil, t0, engine.ErrInvalidAction)
}

// Names are plain text: control characters and overlong names are refused.
func TestNames(t *testing.T) {
	g := newGame(t, config(Classic, 3, 47))
	for _, bad := range []string{"a\nb", "tab\there", "\x00", strings.Repeat("é", wire.MaxNameRunes+1), string([]byte{0xff})} {
		enginetest.Refused(t, g, 0, Rename{Seat: 0, Name: bad}, t0, engine.ErrInvalidAction)
	}
	enginetest.Apply(t, g, 0, Rename{Seat: 0, Name: strings.Repeat("é", wire.MaxNameRunes)}, t0)
}
