package game

import (
	"slices"
	"strings"
	"testing"

	"safehouse/app/session"
	"safehouse/engine"
	"safehouse/engine/spyfall"
)

// spySeats returns the session seats holding a spy card, read from each seat's own view.
func (tb *table) spySeats(n int) []int {
	var spies []int
	for i := 0; i < n; i++ {
		if c := tb.view(i).Spyfall.Card; c != nil && c.Spy {
			spies = append(spies, i)
		}
	}
	return spies
}

// APP-PASS-1: a whole Spyfall game runs on one device: one LocalHost, no signaling and no
// network, every seat its own client with its own view.
func TestPassAndPlayWholeGame(t *testing.T) {
	clock := newTestClock()
	names := []string{"Hana", "Ann", "Bob", "Cy"}
	room := NewRoom(Options{Now: clock.Now, Seed: fixedSeeds(3)})
	tb := newTable(t, room, names)
	if msg := tb.send(0, SetSettings(spyfallSettings(spyfall.Config{Edition: spyfall.Classic, Rounds: 2}))); msg != "" {
		t.Fatal(msg)
	}
	if msg := tb.send(0, Start()); msg != "" {
		t.Fatal(msg)
	}
	for round := 1; round <= 2; round++ {
		v := tb.view(0)
		if round > 1 {
			if msg := tb.send(2, mustSF(t, spyfall.Deal{Round: round})); msg != "" {
				t.Fatalf("deal %d: %s", round, msg)
			}
			v = tb.view(0)
		}
		dealer := int(v.SessionSeat(v.Spyfall.Dealer))
		if msg := tb.send(dealer, mustSF(t, spyfall.StartClock{Round: round})); msg != "" {
			t.Fatalf("round %d: start clock: %s", round, msg)
		}
		spies := tb.spySeats(len(names))
		if len(spies) != 1 {
			t.Fatalf("round %d: %d seats see a spy card, want 1", round, len(spies))
		}
		// The spy names some location; right or wrong, the round ends (SF-SPY).
		loc := tb.view(spies[0]).Spyfall.Locations[0].ID
		if msg := tb.send(spies[0], mustSF(t, spyfall.Guess{Round: round, Location: loc})); msg != "" {
			t.Fatalf("round %d: guess: %s", round, msg)
		}
	}
	for i := range names {
		v := tb.view(i).Spyfall
		if v.Phase != spyfall.PhaseGameOver || len(v.History) != 2 || len(v.Winners) == 0 {
			t.Fatalf("seat %d at the end: phase %s, %d rounds, winners %v", i, v.Phase, len(v.History), v.Winners)
		}
	}
	if tb.host.Room() != session.LocalRoom {
		t.Fatalf("local room code %q", tb.host.Room())
	}
}

func mustSF(t *testing.T, a spyfall.Action) session.Intent { return sfAction(t, a) }

// APP-LOBBY-1 and APP-ACT-1 over the session: the host renames, moves and kicks seats; the
// same controls from a player are refused to that player alone and change nothing.
func TestHostLobbyControls(t *testing.T) {
	clock := newTestClock()
	room := NewRoom(Options{Now: clock.Now, Seed: fixedSeeds(5)})
	tb := newTable(t, room, []string{"Hana", "Ann", "Bob", "Cy"})

	refused := []struct {
		name string
		in   session.Intent
	}{
		{"rename another seat", RenameSeat(2, "Zed")},
		{"kick", Kick(3)},
		{"move", MoveSeat(3, 1)},
		{"settings", SetSettings(DefaultSettings())},
		{"start", Start()},
	}
	for _, tc := range refused {
		state := tb.host.State()
		before := make([]int, len(tb.seats))
		for i, s := range tb.seats {
			before[i] = len(s.transcript())
		}
		msg := tb.send(1, tc.in)
		if msg == "" || !strings.Contains(strings.ToLower(msg), "host") {
			t.Fatalf("%s from a player: %q, want a refusal naming the host", tc.name, msg)
		}
		if tb.host.State() != state {
			t.Fatalf("%s from a player changed the state", tc.name)
		}
		for i, s := range tb.seats {
			if got := len(s.transcript()); i != 1 && got != before[i] {
				t.Fatalf("%s from a player: seat %d received %d messages", tc.name, i, got-before[i])
			}
		}
	}

	if msg := tb.send(1, session.Intent{Kind: session.KindRename, Name: "Annie"}); msg != "" {
		t.Fatalf("a player renaming themselves: %s", msg)
	}
	if msg := tb.send(0, RenameSeat(2, "Bobby")); msg != "" {
		t.Fatalf("host renames: %s", msg)
	}
	if msg := tb.send(0, MoveSeat(3, 1)); msg != "" {
		t.Fatalf("host moves: %s", msg)
	}
	if msg := tb.send(0, MoveSeat(0, 2)); msg == "" {
		t.Fatal("the host's seat was moved from first place")
	}
	var names []string
	for _, p := range tb.host.Players() {
		names = append(names, p.Name)
	}
	if want := []string{"Hana", "Cy", "Annie", "Bobby"}; !slices.Equal(names, want) {
		t.Fatalf("table after rename and move: %v, want %v", names, want)
	}

	kicked := tb.seats[3]
	kicked.gone = true
	if msg := tb.send(0, Kick(3)); msg != "" {
		t.Fatalf("host kicks: %s", msg)
	}
	kicked.wait(t, "the kicked seat to hear it", func() bool {
		return slices.ContainsFunc(kicked.got, func(s string) bool { return strings.HasPrefix(s, "notice "+session.CodeKicked) })
	})
	for _, p := range tb.host.Players() {
		if p.Seat == 3 {
			t.Fatal("the kicked seat is still at the table")
		}
	}
	if msg := tb.send(0, Kick(0)); msg == "" {
		t.Fatal("the host kicked their own seat")
	}
}

// APP-TIME-1: the round clock running out moves the game on with no game intent at all: the
// host's timer hook (Advance) at the deadline, with the injected clock, and the host's own
// timer when a change finds the deadline already passed.
func TestClockRunsOutWithoutIntent(t *testing.T) {
	for _, viaTimer := range []bool{false, true} {
		clock := newTestClock()
		room := NewRoom(Options{Now: clock.Now, Seed: fixedSeeds(11)})
		tb := newTable(t, room, []string{"Hana", "Ann", "Bob"})
		if msg := tb.send(0, Start()); msg != "" {
			t.Fatal(msg)
		}
		v := tb.view(0)
		dealer := int(v.SessionSeat(v.Spyfall.Dealer))
		if msg := tb.send(dealer, mustSF(t, spyfall.StartClock{Round: 1})); msg != "" {
			t.Fatal(msg)
		}
		deadline := tb.view(1).Spyfall.Clock.Deadline
		clock.Set(int64(deadline))
		state := tb.host.State()
		if viaTimer {
			// A player's rename is no game intent; the change it makes reschedules the timer,
			// which finds the deadline passed and fires by itself.
			tb.send(2, session.Intent{Kind: session.KindRename, Name: "Bea"})
		} else {
			tb.host.Advance()
		}
		for i, s := range tb.seats {
			s.wait(t, "the time-up view", func() bool {
				if s.last == nil || s.last.State <= state {
					return false
				}
				gv, err := decodeTestView(s.last.Game)
				return err == nil && gv.Spyfall.Phase == spyfall.PhaseEndAccuse
			})
			if gv := tb.view(i).Spyfall; gv.Clock == nil || gv.Clock.Running {
				t.Fatalf("seat %d: the clock still runs after time up", i)
			}
		}
		if turn := tb.view(0).Spyfall.EndTurn; turn == engine.NoSeat {
			t.Fatal("time up without a seat in turn to accuse (SF-END-1a)")
		}
		tb.close()
	}
}
