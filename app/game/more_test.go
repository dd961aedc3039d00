package game

import (
	"testing"
	"time"

	"safehouse/app/session"
	"safehouse/engine"
	"safehouse/engine/spyfall"
	"safehouse/engine/spyfest"
)

// APP-HID-2: a host device that is a table screen plays no seat: it keeps the host's
// controls, and its screen gets only the public view.
func TestHostAsTableScreen(t *testing.T) {
	clock := newTestClock()
	room := NewRoom(Options{Now: clock.Now, Seed: fixedSeeds(9)})
	tb := newTable(t, room, []string{"TV", "Ann", "Bob", "Cy"}, 0)
	if msg := tb.send(0, Start()); msg != "" {
		t.Fatalf("the table screen could not start the game: %s", msg)
	}
	tv := tb.view(0)
	if !tv.Host || !tv.Spectator || tv.Spyfall.Card != nil || tv.Spyfall.Seat != engine.NoSeat {
		t.Fatalf("table screen view: host=%v spectator=%v card=%+v seat=%d", tv.Host, tv.Spectator, tv.Spyfall.Card, tv.Spyfall.Seat)
	}
	if len(tv.Seats) != 3 || tv.EngineSeat(0) != -1 {
		t.Fatalf("engine seats %v: the table screen must not play", tv.Seats)
	}
	for s := 1; s <= 3; s++ {
		if tb.view(s).Spyfall.Card == nil {
			t.Fatalf("seat %d has no card", s)
		}
	}
}

// spyfestRoom starts a Spyfest game of four seats in two teams.
func spyfestRoom(t *testing.T, clock *testClock, cfg spyfest.Config) *Room {
	t.Helper()
	r := newTestRoom(t, clock, "Hana", "Ann", "Bob", "Cy")
	mustApply(t, r, 0, SetSettings(spyfestSettings(cfg)))
	for seat, team := range []int{0, 1, 0, 1} {
		mustApply(t, r, seat, PickTeam(team))
	}
	mustApply(t, r, 0, Start())
	return r
}

// spyfestToDescribing chooses the Spy and draws, returning the Spy's session seat.
func spyfestToDescribing(t *testing.T, r *Room) int {
	t.Helper()
	v := view(t, r, 0).Spyfest
	member := int(v.Teams[v.ActiveTeam].Members[0])
	mustApply(t, r, member, sxAction(t, spyfest.ChooseSpy{Round: v.Round, Spy: engine.Seat(member)}))
	mustApply(t, r, member, sxAction(t, spyfest.Draw{Round: v.Round}))
	if v := view(t, r, member).Spyfest; v.Phase == spyfest.PhaseKeep {
		mustApply(t, r, member, sxAction(t, spyfest.Keep{Round: v.Round, Character: v.Candidates[0]}))
	}
	return member
}

// APP-LOBBY-2: a Spy kicked mid-round voids the round with no points; the game goes on.
func TestSpyfestKickedSpyVoidsTheRound(t *testing.T) {
	clock := newTestClock()
	r := spyfestRoom(t, clock, spyfest.Config{Edition: spyfest.EditionSpyfest, Deck: spyfest.DeckFictional, Keywords: spyfest.KeywordsA})
	spy := spyfestToDescribing(t, r)
	if err := r.Kick(session.Seat(spy)); err != nil {
		t.Fatal(err)
	}
	v := view(t, r, (spy+1)%4).Spyfest
	if len(v.History) != 1 || v.History[0].Reason != spyfest.EndVoided || v.History[0].VP != 0 || v.Round != 2 {
		t.Fatalf("after kicking the Spy: round %d, history %+v", v.Round, v.History)
	}
	for _, team := range v.Teams {
		for _, m := range team.Members {
			if int(m) == spy {
				t.Fatal("the kicked Spy is still in a team")
			}
		}
	}
}

// APP-TIME-1: a Spyfest timer (the idle timer here) runs out through the room's Advance at
// the deadline the room reports, with the host's injected clock.
func TestSpyfestTimerRunsOutThroughAdvance(t *testing.T) {
	clock := newTestClock()
	r := spyfestRoom(t, clock, spyfest.Config{Edition: spyfest.EditionSpycon, Deck: spyfest.DeckNonFictional, Keywords: spyfest.KeywordsB})
	spy := spyfestToDescribing(t, r)
	other := (spy + 1) % 4
	mustApply(t, r, other, sxAction(t, spyfest.StartIdle{Round: 1}))
	wait, ok := r.NextDeadline()
	if !ok || wait != spyfest.DefaultIdleTimer {
		t.Fatalf("next deadline in %v (%v), want the idle minute", wait, ok)
	}
	clock.Add(wait - time.Millisecond)
	if r.Advance() {
		t.Fatal("Advance changed the game before the deadline")
	}
	clock.Add(time.Millisecond)
	if !r.Advance() {
		t.Fatal("Advance at the deadline changed nothing")
	}
	v := view(t, r, other).Spyfest
	if v.Round != 2 || len(v.History) != 1 || v.History[0].Reason != spyfest.EndIdle {
		t.Fatalf("after the idle timer: round %d, history %+v", v.Round, v.History)
	}
}

// Every view of the largest settings fits in one session message (MaxMessageBytes): all
// Spyfall packs at the biggest table, and a Spyfest built-in deck.
func TestLargestViewsFitInOneMessage(t *testing.T) {
	clock := newTestClock()
	var packs []string
	for _, p := range spyfall.BuiltinPacks() {
		packs = append(packs, p.ID)
	}
	names := []string{"A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L"}
	r := newTestRoom(t, clock, names...)
	mustApply(t, r, 0, SetSettings(spyfallSettings(spyfall.Config{Edition: spyfall.Spyfall2, Packs: packs, QuestionTracker: true})))
	mustApply(t, r, 0, Start())
	sx := spyfestRoom(t, clock, spyfest.Config{Edition: spyfest.EditionSpycon, Deck: spyfest.DeckNonFictional, Keywords: spyfest.KeywordsA})
	spyfestToDescribing(t, sx)
	for _, tc := range []struct {
		name string
		room *Room
		seat int
	}{{"spyfall", r, 3}, {"spyfest", sx, 1}} {
		v := session.View{Room: "ABCDEF", Players: make([]session.Player, len(names)), Game: tc.room.View(session.Seat(tc.seat))}
		size := len(v.Game) + 100*len(v.Players)
		if size > session.MaxMessageBytes*3/4 {
			t.Errorf("%s: a view of %d bytes leaves little room under the %d-byte message limit", tc.name, size, session.MaxMessageBytes)
		}
	}
}
