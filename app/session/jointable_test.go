package session

import (
	"errors"
	"slices"
	"testing"
)

// refusingTable is a game that has seats for the names in room only; it refuses anyone else
// with a coded refusal, as the game room does at a full Spyfall table.
type refusingTable struct {
	rosterTable
	room  []string
	asked []Player
}

var (
	_ JoinTable    = (*refusingTable)(nil)
	_ CodedRefusal = tableFull{}
)

type tableFull struct{}

func (tableFull) Error() string                    { return "the table is full (2 seats)" }
func (tableFull) RefusalCode() (code, rule string) { return "forbidden", "FAKE-RULE-1" }

func (t *refusingTable) Join(p Player) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.asked = append(t.asked, p)
	if !slices.Contains(t.room, p.Name) {
		return tableFull{}
	}
	return nil
}

// A game that refuses a newcomer a seat (JoinTable) keeps them out of the room: the newcomer
// is refused with room-full and the game's reason and rule, the host is told join-refused,
// and nothing else changes (no seat, no new state, no save). A returning seat is not the
// game's to refuse: it is not asked.
func TestAGameThatRefusesASeatSeatsNobody(t *testing.T) {
	h := newTestCore(t)
	store := &MemoryStore{}
	h.store = &hostStore{store: store, claim: "claim-claim-claim-claim", secret: "c2VjcmV0"}
	table := &refusingTable{rosterTable: rosterTable{Names: map[Seat]string{}}, room: []string{"Hana", "Ann"}}
	h.setTable(table)
	_, hw := mustSeat(t, h, "Hana", "", true)
	ann, _ := mustSeat(t, h, "Ann", "", false)
	hw.waitView(t, "Ann seated", func(v View) bool { return len(v.Players) == 2 })
	state, saved := h.stateNumber(), savedState(t, store).State

	_, _, err := seatClient(t, h, "Cleo", "", false)
	var refusal *RefusalError
	if !errors.As(err, &refusal) {
		t.Fatalf("Cleo's join: %v, want a refusal", err)
	}
	if r := refusal.Refusal; r.Code != CodeRoomFull || r.Reason != "forbidden" || r.Rule != "FAKE-RULE-1" {
		t.Fatalf("Cleo was refused with %+v, want room-full, forbidden, FAKE-RULE-1", r)
	}
	n := hw.waitNotices(t, 1)
	if n.Code != CodeJoinRefused || n.Reason != "forbidden" || n.Rule != "FAKE-RULE-1" {
		t.Fatalf("the host was told %+v, want join-refused, forbidden, FAKE-RULE-1", n)
	}
	if got := len(h.players()); got != 2 || h.stateNumber() != state || savedState(t, store).State != saved {
		t.Fatalf("after the refusal: %d players, state %d (was %d), saved %d (was %d); want nothing changed",
			got, h.stateNumber(), state, savedState(t, store).State, saved)
	}
	table.mu.Lock()
	_, given := table.Names[ann.Seat()+1]
	asked := len(table.asked)
	table.mu.Unlock()
	if given {
		t.Fatal("the game was given the refused seat in a roster")
	}

	// Ann comes back on a new connection: hers is a returning seat, not the game's to refuse.
	if _, _, err := seatClient(t, h, "Ann", ann.Token(), false); err != nil {
		t.Fatalf("Ann's return: %v", err)
	}
	table.mu.Lock()
	defer table.mu.Unlock()
	if len(table.asked) != asked {
		t.Fatalf("the game was asked about Ann's return: %+v", table.asked[asked:])
	}
}
