package game

import (
	"testing"

	"safehouse/app/session"
	"safehouse/engine"
	"safehouse/engine/spyfest"
)

// An action that comes after a timer ran out, before the host's timer woke to Advance (a
// hidden tab's timers are slowed), lands on the game as the deadline left it: the room lets
// the time pass first. Time that passed for an action then refused is reported by the next
// Advance, so the views catch up.
func TestTimePassesBeforeEveryAction(t *testing.T) {
	clock := newTestClock()
	r := spyfestRoom(t, clock, spyfest.Config{Edition: spyfest.EditionSpycon, Deck: spyfest.DeckNonFictional, Keywords: spyfest.KeywordsB})
	spy := spyfestToDescribing(t, r)
	other := (spy + 1) % 4
	mustApply(t, r, other, sxAction(t, spyfest.StartIdle{Round: 1}))
	clock.Add(spyfest.DefaultIdleTimer)

	// The idle minute ended round 1: round 2's team picks its Spy at once.
	v := view(t, r, 0).Spyfest
	if v.Round != 1 {
		t.Fatalf("the view moved on by itself to round %d", v.Round)
	}
	next := 1 - v.ActiveTeam
	member := int(v.Teams[next].Members[0])
	mustApply(t, r, member, sxAction(t, spyfest.ChooseSpy{Round: 2, Spy: engine.Seat(member)}))
	if v := view(t, r, 0).Spyfest; v.Round != 2 || v.Spy != engine.Seat(member) || v.History[0].Reason != spyfest.EndIdle {
		t.Fatalf("after the late choice: round %d spy %d history %+v", v.Round, v.Spy, v.History)
	}
	if r.Advance() {
		t.Fatal("Advance reports a change already shown")
	}

	// A refused action after a deadline: the time still passed, and Advance says so once.
	mustApply(t, r, member, sxAction(t, spyfest.Draw{Round: 2}))
	if v := view(t, r, member).Spyfest; v.Phase == spyfest.PhaseKeep {
		mustApply(t, r, member, sxAction(t, spyfest.Keep{Round: 2, Character: v.Candidates[0]}))
	}
	other = (member + 1) % 4
	mustApply(t, r, other, sxAction(t, spyfest.StartIdle{Round: 2}))
	clock.Add(spyfest.DefaultIdleTimer)
	if err := r.Apply(session.Seat(other), sxAction(t, spyfest.Stop{Round: 2}).Game); err == nil {
		t.Fatal("a stop for a round the idle timer ended was accepted")
	}
	if !r.Advance() {
		t.Fatal("Advance hides the round the idle timer ended")
	}
	if r.Advance() {
		t.Fatal("Advance reports the same change twice")
	}
	if v := view(t, r, 0).Spyfest; v.Round != 3 {
		t.Fatalf("after the idle timer of round 2: round %d", v.Round)
	}
}
