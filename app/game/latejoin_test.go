package game

import (
	"errors"
	"testing"

	"safehouse/app/session"
	"safehouse/engine/spyfall"
)

// SF-ED-1, APP-LOBBY-1: mid-game, a late joiner at a classic Spyfall table of seven gets
// the eighth engine seat; a ninth is refused by the game, and the refusal reaches both who
// can act on it: the newcomer's join fails with room-full (with the game's reason and rule),
// and the host gets a join-refused notice. Nobody is seated for the ninth: the roster, the
// game's seats and the state number stay as they were.
func TestARefusedLateJoinerGetsNoSeat(t *testing.T) {
	clock := newTestClock()
	room := NewRoom(Options{Now: clock.Now, Seed: fixedSeeds(7)})
	names := []string{"Hana", "Ann", "Bob", "Cy", "Dee", "Eve", "Fay"}
	tb := newTable(t, room, names)
	if r := tb.send(0, SetSettings(spyfallSettings(spyfall.Config{Edition: spyfall.Classic, Rounds: 3}))); r != "" {
		t.Fatalf("settings refused: %s", r)
	}
	if r := tb.send(0, Start()); r != "" {
		t.Fatalf("start refused: %s", r)
	}
	gus, err := tb.host.AddLocalPlayer(tb.ctx, "Gus")
	if err != nil {
		t.Fatalf("an eighth player mid-game: %v", err)
	}
	tb.watch(gus)
	tb.settle()
	if v := tb.view(7); v.EngineSeat(7) != 7 || len(v.Spyfall.Seats) != 8 || v.Spyfall.Card != nil {
		t.Fatalf("the late joiner: engine seat %d of %d, card %+v; want seat 7 of 8, no card yet",
			v.EngineSeat(7), len(v.Spyfall.Seats), v.Spyfall.Card)
	}

	state, players := tb.host.State(), len(tb.host.Players())
	seats := len(tb.view(0).Seats)
	host := tb.seats[0]
	host.mu.Lock()
	notices := host.notices
	host.mu.Unlock()

	_, err = tb.host.AddLocalPlayer(tb.ctx, "Late")
	var refusal *session.RefusalError
	if !errors.As(err, &refusal) {
		t.Fatalf("a ninth player at a classic table: %v, want the host's refusal", err)
	}
	if got := refusal.Refusal; got.Code != session.CodeRoomFull || got.Reason != "forbidden" || got.Rule != "SF-ED-1" {
		t.Fatalf("the newcomer was refused with %+v, want room-full, forbidden, SF-ED-1", got)
	}
	host.wait(t, "the host's notice", func() bool { return host.notices > notices })
	host.mu.Lock()
	n := host.refused[len(host.refused)-1]
	host.mu.Unlock()
	if n.Code != session.CodeJoinRefused || n.Reason != "forbidden" || n.Rule != "SF-ED-1" {
		t.Fatalf("the host was told %+v, want join-refused, forbidden, SF-ED-1", n)
	}
	if got := len(tb.host.Players()); got != players || tb.host.State() != state {
		t.Fatalf("after the refusal: %d players at state %d, want %d at state %d", got, tb.host.State(), players, state)
	}
	for i := range tb.seats {
		if v := tb.view(i); len(v.Seats) != seats || len(v.Spyfall.Seats) != 8 {
			t.Fatalf("seat %d sees %d mapped and %d engine seats, want %d and 8", i, len(v.Seats), len(v.Spyfall.Seats), seats)
		}
	}

}
