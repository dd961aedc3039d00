package game

import (
	"slices"
	"strings"
	"testing"

	"safehouse/app/session"
	"safehouse/engine"
	"safehouse/engine/spyfest"
)

// Engine seats mean the same in both families: engine seat e is played by session seat
// Seats[e], counted in the order the players sat down, spectators left out, late joiners
// after them, and -1 once a seat left the room. Here in Spyfest, with a table screen among
// the seats so that the two numberings differ.
func TestSpyfestSeatsAreMappedLikeSpyfall(t *testing.T) {
	clock := newTestClock()
	rs := roster("Hana", "TV", "Ann", "Bob", "Cy")
	rs[1].Spectator = true
	r := NewRoom(Options{Now: clock.Now, Seed: fixedSeeds(5)})
	r.SetRoster(rs)
	mustApply(t, r, 0, SetSettings(spyfestSettings(spyfest.Config{Edition: spyfest.EditionSpyfest, Deck: spyfest.DeckFictional, Keywords: spyfest.KeywordsA})))
	for seat, team := range map[int]int{0: 0, 2: 0, 3: 1, 4: 1} {
		mustApply(t, r, seat, PickTeam(team))
	}
	mustApply(t, r, 0, Start())
	v := view(t, r, 0)
	if want := []session.Seat{0, 2, 3, 4}; !slices.Equal(v.Seats, want) {
		t.Fatalf("engine seats map to %v, want %v", v.Seats, want)
	}
	for _, seat := range []session.Seat{0, 2, 3, 4} {
		sv := view(t, r, seat)
		if e := sv.EngineSeat(seat); e < 0 || sv.Spyfest.Seat != e || sv.SessionSeat(e) != seat {
			t.Fatalf("session seat %d: engine seat %d, its view is of %d", seat, e, sv.Spyfest.Seat)
		}
	}
	if tv := view(t, r, 1); tv.Spyfest.Seat != engine.NoSeat {
		t.Fatalf("the table screen sees seat %d", tv.Spyfest.Seat)
	}

	// A late joiner takes the next engine seat; a seat kicked leaves its number behind.
	r.SetRoster(append(rs, roster("", "", "", "", "", "Eve")[5]))
	mustApply(t, r, 5, PickTeam(1))
	if v := view(t, r, 5); !slices.Equal(v.Seats, []session.Seat{0, 2, 3, 4, 5}) || v.Spyfest.Seat != 4 || v.Spyfest.Team != 1 {
		t.Fatalf("late joiner: seats %v, own seat %d in team %d", v.Seats, v.Spyfest.Seat, v.Spyfest.Team)
	}
	if err := r.Kick(3); err != nil {
		t.Fatal(err)
	}
	v = view(t, r, 0)
	if !slices.Equal(v.Seats, []session.Seat{0, 2, -1, 4, 5}) || slices.Contains(v.Spyfest.Teams[1].Members, 2) {
		t.Fatalf("after the kick: seats %v, team 1 %v", v.Seats, v.Spyfest.Teams[1].Members)
	}
}

// A Spyfest game saved when its engine seats were the session seats (no seat map) restores
// with that map, so every player still sees their own seat.
func TestSpyfestSaveWithoutSeatMapRestores(t *testing.T) {
	clock := newTestClock()
	r := spyfestRoom(t, clock, spyfest.Config{Edition: spyfest.EditionSpyfest, Deck: spyfest.DeckFictional, Keywords: spyfest.KeywordsA})
	old := strings.Replace(snapshotOf(t, r), `"seats":[0,1,2,3]`, `"seats":null`, 1)
	if !strings.Contains(old, `"seats":null`) {
		t.Fatal("the snapshot holds no seat map to take out")
	}
	back := NewRoom(Options{Now: clock.Now})
	if err := back.UnmarshalBinary([]byte(old)); err != nil {
		t.Fatal(err)
	}
	back.SetRoster(roster("Hana", "Ann", "Bob", "Cy"))
	for seat := range session.Seat(4) {
		if string(back.View(seat)) != string(r.View(seat)) {
			t.Fatalf("seat %d sees another game after restoring the old save", seat)
		}
	}
}
