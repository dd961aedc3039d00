package game

import (
	"fmt"
	"testing"

	"safehouse/app/session"
	"safehouse/engine/spyfall"
)

// BenchmarkViewsOfAChange is the host's work for one change at the evening's table (make
// bench's evening section): a Spyfall 2 round under way, 12 players and 9 table screens, and
// every seat's view built as the session sends it.
func BenchmarkViewsOfAChange(b *testing.B) {
	r, _ := eveningRoundUnderWay(b)
	players := r.roster
	size := 0
	b.ReportAllocs()
	for b.Loop() {
		size = 0
		for _, p := range players {
			size += len(r.View(p.Seat))
		}
	}
	b.ReportMetric(float64(size), "bytes/change")
}

// BenchmarkReadingAView is a player's device reading its view of that change: the table's
// part, then the engine's (what the shell and the Spyfall screens do with every view).
func BenchmarkReadingAView(b *testing.B) {
	r, seat := eveningRoundUnderWay(b)
	raw := r.View(seat)
	b.ReportAllocs()
	b.SetBytes(int64(len(raw)))
	for b.Loop() {
		tv, err := DecodeView(raw)
		if err != nil || EngineView[spyfall.View](tv) == nil {
			b.Fatal("unreadable view", err)
		}
	}
}

// eveningRoundUnderWay is the evening's table (make bench's evening section) in a Spyfall 2
// round with its clock running: 12 players and 9 table screens. It also returns a player's
// seat.
func eveningRoundUnderWay(b *testing.B) (*Room, session.Seat) {
	clock := newTestClock()
	r := NewRoom(Options{Now: clock.Now, Seed: fixedSeeds(41)})
	var players []session.Player
	for i := range 21 {
		players = append(players, session.Player{Seat: session.Seat(i), Name: fmt.Sprintf("Player %d", i+1), Online: true, Host: i == 0, Spectator: i >= 12})
	}
	r.SetRoster(players)
	for _, in := range []session.Intent{SetSettings(spyfallSettings(spyfall.Config{Edition: spyfall.Spyfall2, QuestionTracker: true})), Start()} {
		if err := r.Apply(0, in.Game); err != nil {
			b.Fatal(err)
		}
	}
	sf := r.spyfallEngine().View(-1)
	if err := r.Apply(r.s.Seats[sf.Dealer], sfAction(b, spyfall.StartClock{Round: 1}).Game); err != nil {
		b.Fatal(err)
	}
	return r, 3
}
