package session

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// seatAs connects a remote Client to h as a player or a table screen and waits for its
// welcome or refusal.
func seatAs(t *testing.T, h *hostCore, name string, spectator bool) (*Client, error) {
	t.Helper()
	hostEnd, playerEnd := Pipe()
	h.accept(hostEnd, false)
	c := newClient(playerEnd, nil)
	t.Cleanup(func() { c.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	return c, c.hello(ctx, Hello{Name: name, Spectator: spectator})
}

func countSeats(players []Player) (playing, watching int) {
	for _, p := range players {
		if p.Spectator {
			watching++
		} else {
			playing++
		}
	}
	return playing, watching
}

// Players and table screens have caps of their own: a full game can still be watched, and
// a full set of table screens leaves the players' seats free. Each refusal is room-full with
// a sentence naming the kind of seat, and seats no one.
func TestSeatCapsForPlayersAndTableScreens(t *testing.T) {
	for _, screensFirst := range []bool{false, true} {
		t.Run(fmt.Sprintf("table screens first %v", screensFirst), func(t *testing.T) {
			h := newTestCore(t)
			mustSeat(t, h, "Host", "", true)
			fillPlayers := func() {
				for i := 1; i < MaxSeats; i++ {
					if _, err := seatAs(t, h, fmt.Sprintf("P%d", i), false); err != nil {
						t.Fatalf("player %d: %v", i, err)
					}
				}
			}
			fillScreens := func() {
				for i := range MaxSpectators {
					if _, err := seatAs(t, h, fmt.Sprintf("TV%d", i), true); err != nil {
						t.Fatalf("table screen %d: %v", i, err)
					}
				}
			}
			refused := func(spectator bool, want string) {
				t.Helper()
				c, err := seatAs(t, h, "Late", spectator)
				var refusal *RefusalError
				if !errors.As(err, &refusal) || refusal.Refusal.Code != CodeRoomFull || c.Seat() != -1 {
					t.Fatalf("a late hello (spectator %v): seat %d, %v; want a %s refusal", spectator, c.Seat(), err, CodeRoomFull)
				}
				if !strings.Contains(refusal.Refusal.Msg, want) {
					t.Errorf("refusal %q does not say %q", refusal.Refusal.Msg, want)
				}
			}
			if screensFirst {
				fillScreens()
				refused(true, "table screen")
				fillPlayers()
			} else {
				fillPlayers()
				refused(false, "players")
				fillScreens()
			}
			refused(false, "players")
			refused(true, "table screen")
			playing, watching := countSeats(h.players())
			if playing != MaxSeats || watching != MaxSpectators || playing+watching != MaxConnections {
				t.Errorf("%d players and %d table screens seated, want %d and %d", playing, watching, MaxSeats, MaxSpectators)
			}
		})
	}
}

// A host whose own device is a table screen counts its seat as one: it leaves MaxSeats
// players' seats free and one table screen's seat fewer.
func TestHostTableScreenCountsAsATableScreen(t *testing.T) {
	h := newTestCore(t)
	hostEnd, playerEnd := Pipe()
	h.accept(hostEnd, true)
	host := newClient(playerEnd, nil)
	t.Cleanup(func() { host.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	if err := host.hello(ctx, Hello{Name: "TV", Spectator: true}); err != nil {
		t.Fatal(err)
	}
	for i := range MaxSeats {
		if _, err := seatAs(t, h, fmt.Sprintf("P%d", i), false); err != nil {
			t.Fatalf("player %d next to a table-screen host: %v", i, err)
		}
	}
	for i := 1; i < MaxSpectators; i++ {
		if _, err := seatAs(t, h, fmt.Sprintf("TV%d", i), true); err != nil {
			t.Fatalf("table screen %d: %v", i, err)
		}
	}
	if _, err := seatAs(t, h, "Late", true); err == nil {
		t.Fatal("a table screen beyond the cap was seated")
	}
	if playing, watching := countSeats(h.players()); playing != MaxSeats || watching != MaxSpectators {
		t.Errorf("%d players and %d table screens, want %d and %d", playing, watching, MaxSeats, MaxSpectators)
	}
}

// A save holds at most MaxSeats players and MaxSpectators table screens, as the host seats
// them; one more of either kind is damage.
func TestDecodeHostStateSeatCaps(t *testing.T) {
	state := func(players, screens int) HostState {
		st := HostState{Room: "K7MPQ2", Claim: "claim-claim-claim-claim", Secret: "c2VjcmV0", State: 3}
		for i := range players + screens {
			st.Seats = append(st.Seats, SavedSeat{Seat: i, Name: fmt.Sprintf("S%d", i), Host: i == 0,
				Spectator: i >= players, Token: fmt.Sprintf("%022d", i)})
		}
		return st
	}
	for _, tc := range []struct {
		players, screens int
		ok               bool
	}{
		{MaxSeats, MaxSpectators, true},
		{1, MaxSpectators, true},
		{MaxSeats + 1, 0, false},
		{1, MaxSpectators + 1, false},
		{MaxSeats + 1, MaxSpectators, false},
	} {
		data, err := EncodeHostState(state(tc.players, tc.screens))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := DecodeHostState(data); (err == nil) != tc.ok {
			t.Errorf("%d players and %d table screens: error %v, want accepted %v", tc.players, tc.screens, err, tc.ok)
		}
	}
}
