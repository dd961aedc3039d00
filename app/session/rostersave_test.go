package session

import (
	"encoding"
	"encoding/json"
	"sync"
	"testing"
)

// rosterTable is a table that, like the real game room, takes a seat for a late joiner and a
// rename from the roster it is given, and saves what it took.
type rosterTable struct {
	mu    sync.Mutex
	Names map[Seat]string `json:"names"` // the names the game knows, by seat
}

var (
	_ RosterTable              = (*rosterTable)(nil)
	_ encoding.BinaryMarshaler = (*rosterTable)(nil)
)

func (t *rosterTable) SetRoster(players []Player) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, p := range players {
		t.Names[p.Seat] = p.Name
	}
}

func (t *rosterTable) View(Seat) json.RawMessage {
	t.mu.Lock()
	defer t.mu.Unlock()
	b, _ := json.Marshal(t.Names)
	return b
}

func (t *rosterTable) Apply(Seat, json.RawMessage) error { return nil }

func (t *rosterTable) MarshalBinary() ([]byte, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return json.Marshal(t.Names)
}

// A host reloaded right after a late joiner is seated, or right after a rename, finds the
// game as the last views showed it: the table takes the roster before the host saves.
func TestReloadRightAfterARosterChangeKeepsIt(t *testing.T) {
	h := newTestCore(t)
	store := &MemoryStore{}
	h.store = &hostStore{store: store, claim: "claim-claim-claim-claim", secret: "c2VjcmV0"}
	h.setTable(&rosterTable{Names: map[Seat]string{}})
	_, hw := mustSeat(t, h, "Hana", "", true)

	reloaded := func(what string) map[Seat]string {
		t.Helper()
		st := savedState(t, store)
		if st.State != h.stateNumber() {
			t.Fatalf("%s: saved state %d, host at %d", what, st.State, h.stateNumber())
		}
		var names map[Seat]string
		if err := json.Unmarshal(st.Game, &names); err != nil {
			t.Fatalf("%s: the saved game does not read: %v", what, err)
		}
		return names
	}

	ann, _ := mustSeat(t, h, "Ann", "", false)
	hw.waitView(t, "Ann seated", func(v View) bool { return len(v.Players) == 2 })
	if got := reloaded("after the late joiner"); got[ann.Seat()] != "Ann" {
		t.Errorf("the save after Ann joined holds %v: her seat is lost on a reload", got)
	}

	if err := ann.Send(Intent{Kind: KindRename, Name: "Annie"}); err != nil {
		t.Fatal(err)
	}
	hw.waitView(t, "the rename", func(v View) bool { return len(v.Players) == 2 && v.Players[1].Name == "Annie" })
	if got := reloaded("after the rename"); got[ann.Seat()] != "Annie" {
		t.Errorf("the save after the rename holds %v: a reload goes back to the old name", got)
	}
}
