package game

import (
	"errors"
	"slices"
	"testing"

	"safehouse/app/session"
	"safehouse/engine"
	"safehouse/engine/spyfall"
)

// SF-END-1a: at time up the seat in turn passes from its own device, and the host's own
// moves reach the engine as the host (its menu's pass and mark-away buttons send them
// through SpyfallAction): passing for the seat the game waits on, marking a seat away. No
// player may send them, and the host's op carries nothing else.
func TestHostPassesAndMarksAwayInRound(t *testing.T) {
	clock := newTestClock()
	r := newTestRoom(t, clock, "Hana", "Ann", "Bob", "Cy", "Dee")
	mustApply(t, r, 0, Start())
	v := view(t, r, 0)
	mustApply(t, r, v.SessionSeat((v.Spyfall.Dealer)), sfAction(t, spyfall.StartClock{Round: 1}))
	wait, _ := r.NextDeadline()
	clock.Add(wait)
	r.Advance()
	turn := func() (engine.Seat, session.Seat) {
		v := view(t, r, 0)
		if v.Spyfall.Phase != spyfall.PhaseEndAccuse {
			t.Fatalf("phase %s, want %s", v.Spyfall.Phase, spyfall.PhaseEndAccuse)
		}
		return v.Spyfall.EndTurn, v.SessionSeat((v.Spyfall.EndTurn))
	}
	first, firstSession := turn()
	pass := sfAction(t, spyfall.HostPass{Round: 1, Seat: first})
	player := (firstSession + 1) % 5
	if player == 0 {
		player = 1
	}
	before := snapshotOf(t, r)
	if err := r.Apply(player, pass.Game); !errors.Is(err, engine.ErrNotHost) {
		t.Fatalf("a player's host pass: %v, want %v", err, engine.ErrNotHost)
	}
	for _, op := range []string{
		`{"op":"host","action":{"kind":"host_end_game"}}`,
		`{"op":"host","action":{"kind":"pass","round":1}}`,
		`{"op":"host"}`,
	} {
		if err := r.Apply(0, rawOp(op)); err == nil {
			t.Fatalf("%s accepted", op)
		}
	}
	if snapshotOf(t, r) != before {
		t.Fatal("a refused host op changed the room")
	}
	mustApply(t, r, 0, pass)
	second, secondSession := turn()
	if second == first {
		t.Fatal("the host's pass left the turn where it was")
	}
	mustApply(t, r, secondSession, sfAction(t, spyfall.Pass{Round: 1}))
	third, _ := turn()
	mustApply(t, r, 0, sfAction(t, spyfall.HostMarkAbsent{Round: 1, Seat: third}))
	sv := view(t, r, 0).Spyfall
	if !slices.Equal(sv.Passed, []engine.Seat{first, second}) {
		t.Fatalf("passed %v, want %v", sv.Passed, []engine.Seat{first, second})
	}
	for _, s := range sv.Seats {
		if s.ID == third && !s.Absent {
			t.Fatalf("seat %d marked away by the host is not absent", third)
		}
	}
}
