package game

import (
	"testing"

	"safehouse/app/session"
	"safehouse/engine/spyfall"
	"safehouse/engine/spyfest"
)

// FuzzRoomApply: any bytes as any seat's game intent, in a Spyfall game, a Spyfest game or
// the lobby, either apply or are refused with a message and leave the room unchanged; no
// input panics (APP-ACT-1).
func FuzzRoomApply(f *testing.F) {
	for _, seed := range []string{
		`{"op":"start"}`, `{"op":"end"}`, `{"op":"lobby"}`, `{"op":"balance"}`, `{"op":"shuffle"}`,
		`{"op":"team","team":1}`, `{"op":"assign","target":2,"team":0}`, `{"op":"assign","target":-5,"team":9}`,
		`{"op":"settings","settings":{"family":"spyfest"}}`, `{"op":"settings","settings":{"family":"spyfall","spyfall":{"edition":"timetravel","team":true}}}`,
		`{"op":"action","action":{"kind":"accuse","round":1,"suspect":2}}`, `{"op":"action","action":{"kind":"choose_spy","round":1,"spy":0}}`,
		`{"op":"action","action":{"kind":"host_end_game"}}`, `{"op":"action","action":null}`, `{"op":"action","action":[1,2]}`,
		`{"op":7}`, `null`, `[]`, `{}`, `{"op":"start"} {"op":"end"}`,
	} {
		for seat := 0; seat < 3; seat++ {
			for mode := uint8(0); mode < 3; mode++ {
				f.Add(mode, seat, []byte(seed))
			}
		}
	}
	f.Fuzz(func(t *testing.T, mode uint8, seat int, op []byte) {
		clock := newTestClock()
		r := newTestRoom(t, clock, "Hana", "Ann", "Bob", "Cy")
		switch mode % 3 {
		case 1:
			mustApply(t, r, 0, SetSettings(spyfallSettings(spyfall.Config{Edition: spyfall.Spyfall2})))
			mustApply(t, r, 0, Start())
		case 2:
			mustApply(t, r, 0, SetSettings(spyfestSettings(spyfest.Config{Edition: spyfest.EditionSpyfest, Deck: spyfest.DeckFictional, Keywords: spyfest.KeywordsA})))
			mustApply(t, r, 0, ShuffleTeams())
			mustApply(t, r, 0, Start())
		}
		before := snapshotOf(t, r)
		if err := r.Apply(session.Seat(seat), op); err != nil {
			if err.Error() == "" {
				t.Fatal("a refusal without a message")
			}
			if snapshotOf(t, r) != before {
				t.Fatalf("refused %q changed the room", op)
			}
		}
		for s := 0; s < 4; s++ {
			raw := r.View(session.Seat(s))
			mustBeCompact(t, raw)
			if _, err := DecodeView(raw); err != nil {
				t.Fatalf("after %q seat %d's view does not decode: %v", op, s, err)
			}
		}
	})
}
