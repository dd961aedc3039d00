package session

import (
	"testing"
	"time"
)

// A remote player silent for longer than the limit is dropped and shown away to everyone;
// the host's own player is never dropped, and a player heard within the limit stays.
func TestHostDropsSilentConnections(t *testing.T) {
	for _, tc := range []struct {
		name        string
		limit       time.Duration
		wantDropped int
	}{
		{"heard within the hour", time.Hour, 0},
		{"silent since its last message", 0, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newTestCore(t)
			_, hw := mustSeat(t, h, "Hana", "", true)
			mustSeat(t, h, "Ann", "", false)
			hw.waitView(t, "Ann online", func(v View) bool { return len(v.Players) == 2 && v.Players[1].Online })

			if got := h.dropSilent(tc.limit); got != tc.wantDropped {
				t.Fatalf("dropped %d connections, want %d", got, tc.wantDropped)
			}
			if tc.wantDropped > 0 {
				hw.waitView(t, "Ann away", func(v View) bool { return len(v.Players) == 2 && !v.Players[1].Online })
			}
			players := h.players()
			if !players[0].Online || players[1].Online != (tc.wantDropped == 0) {
				t.Errorf("presence after the sweep: %+v", players)
			}
		})
	}
}
