package session

import (
	"encoding/json"
	"strings"
	"testing"
)

func savedState(t *testing.T, m *MemoryStore) HostState {
	t.Helper()
	data, err := m.Load()
	if err != nil || data == nil {
		t.Fatalf("nothing saved: %v", err)
	}
	st, err := DecodeHostState(data)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// The host saves once per change of state, and the save holds every seat with its token,
// the last intent handled for it, and the game.
func TestHostSavesEveryChange(t *testing.T) {
	h := newTestCore(t)
	store := &MemoryStore{}
	h.store = &hostStore{store: store, claim: "claim-claim-claim-claim", secret: "c2VjcmV0"}
	table := newVoteTable(3, map[Seat]string{0: "card-a", 1: "card-b", 2: "card-c"})
	h.setTable(table)
	host, hw := mustSeat(t, h, "Hana", "", true)
	ann, _ := mustSeat(t, h, "Ann", "", false)
	for _, in := range []Intent{vote(1), {Kind: KindRename, Name: "Annie"}} {
		if err := ann.Send(in); err != nil {
			t.Fatal(err)
		}
	}
	hw.waitView(t, "Annie", func(v View) bool { return len(v.Players) == 2 && v.Players[1].Name == "Annie" })

	if saves, state := store.Saves(), h.stateNumber(); uint64(saves) != state {
		t.Errorf("%d saves for %d changes of state", saves, state)
	}
	st := savedState(t, store)
	if st.State != h.stateNumber() || st.Room != "TESTRM" || st.Claim == "" || st.Secret == "" {
		t.Errorf("saved state %d room %s claim %q secret %q", st.State, st.Room, st.Claim, st.Secret)
	}
	want := []SavedSeat{
		{Seat: 0, Name: "Hana", Host: true, Token: host.Token()},
		{Seat: 1, Name: "Annie", Token: ann.Token(), LastSeq: 2},
	}
	if len(st.Seats) != len(want) {
		t.Fatalf("saved seats %+v, want %+v", st.Seats, want)
	}
	for i := range want {
		if st.Seats[i] != want[i] {
			t.Errorf("saved seat %d = %+v, want %+v", i, st.Seats[i], want[i])
		}
	}
	game, err := restoreVoteTable(st.Game)
	if err != nil || len(game.snapshot().Votes) != 1 {
		t.Errorf("saved game %s (%v), want one vote in", st.Game, err)
	}
}

// A restored host gives a returning player its seat, tells it which intents were handled,
// and ignores a resend of those.
func TestRestoredHostKnowsWhatItHandled(t *testing.T) {
	st := HostState{Room: "TESTRM", Claim: "claim-claim-claim-claim", Secret: "c2VjcmV0", State: 40, NextSeat: 5,
		Seats: []SavedSeat{
			{Seat: 0, Name: "Hana", Host: true, Token: "AAAAAAAAAAAAAAAAAAAAAA"},
			{Seat: 3, Name: "Ann", Token: "BBBBBBBBBBBBBBBBBBBBBB", LastSeq: 7},
		}}
	h := newTestCore(t)
	h.restore(st)
	table := newVoteTable(2, map[Seat]string{0: "card-a", 3: "card-b"})
	h.setTable(table)
	mustSeat(t, h, "", st.Seats[0].Token, true)
	ann, aw := mustSeat(t, h, "", st.Seats[1].Token, false)
	if ann.Seat() != 3 {
		t.Fatalf("came back to seat %d, want 3", ann.Seat())
	}
	v := aw.waitView(t, "Ann's view", func(v View) bool { return len(v.Players) == 2 })
	if v.Players[1].Name != "Ann" || v.State <= st.State || gameView(v).Card != "card-b" {
		t.Errorf("view after the restore: %+v", v)
	}
	state := h.stateNumber()

	// A resend from before the reload (seq 7) changes nothing; the next intent is numbered 8.
	raw, _ := json.Marshal(Envelope{V: 1, T: TypeIntent, Seq: 7, Body: mustJSON(vote(1))})
	h.mu.Lock()
	hc := h.seats[1].conn
	h.mu.Unlock()
	h.handle(hc, raw)
	if h.stateNumber() != state || len(table.snapshot().Votes) != 0 {
		t.Fatalf("a resent seq 7 changed the state from %d to %d", state, h.stateNumber())
	}
	if err := ann.Send(vote(1)); err != nil {
		t.Fatal(err)
	}
	aw.waitView(t, "the vote", func(v View) bool { return gameView(v).Voted == 1 && v.Ack == 8 })

	// A newcomer gets a number never given out before the reload.
	newcomer, _ := mustSeat(t, h, "Cy", "", false)
	if newcomer.Seat() != 5 {
		t.Errorf("a newcomer got seat %d, want 5", newcomer.Seat())
	}
}

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// A damaged save is refused whole, with a reason.
func TestDecodeHostStateRefusesDamage(t *testing.T) {
	good := HostState{Room: "K7MPQ2", Claim: "claim-claim-claim-claim", Secret: "c2VjcmV0", State: 3,
		Seats: []SavedSeat{
			{Seat: 0, Name: "Hana", Host: true, Token: "AAAAAAAAAAAAAAAAAAAAAA"},
			{Seat: 1, Name: "Ann", Token: "BBBBBBBBBBBBBBBBBBBBBB"},
		}}
	data, err := EncodeHostState(good)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := DecodeHostState(data); err != nil {
		t.Fatalf("a whole save was refused: %v", err)
	}
	// A game with no server has no claim, and keeps its spent offers.
	offline := good
	offline.Claim, offline.NoServer, offline.Spent = "", true, []uint32{1, 1<<32 - 1}
	data2, _ := EncodeHostState(offline)
	if st, err := DecodeHostState(data2); err != nil || !st.NoServer || len(st.Spent) != 2 || st.Spent[1] != 1<<32-1 {
		t.Fatalf("a whole save of a game with no server came back as %+v, %v", st, err)
	}
	for _, tc := range []struct {
		name   string
		damage func(st *HostState)
		raw    string
	}{
		{name: "another version", raw: strings.Replace(string(data), `"v":1`, `"v":2`, 1)},
		{name: "lower-case room", damage: func(st *HostState) { st.Room = "k7mpq2" }},
		{name: "no claim", damage: func(st *HostState) { st.Claim = "" }},
		{name: "no secret in a game with no server", damage: func(st *HostState) { st.Claim, st.Secret, st.NoServer = "", "", true }},
		{name: "too many spent offers", damage: func(st *HostState) { st.NoServer, st.Spent = true, make([]uint32, maxSpentOffers+1) }},
		{name: "no seats", damage: func(st *HostState) { st.Seats = nil }},
		{name: "host not first", damage: func(st *HostState) { st.Seats[0].Host, st.Seats[1].Host = false, true }},
		{name: "repeated token", damage: func(st *HostState) { st.Seats[1].Token = st.Seats[0].Token }},
		{name: "short token", damage: func(st *HostState) { st.Seats[1].Token = "abc" }},
		{name: "repeated seat number", damage: func(st *HostState) { st.Seats[1].Seat = 0 }},
		{name: "name with a control character", damage: func(st *HostState) { st.Seats[1].Name = "A\x07n" }},
		{name: "unknown field", raw: strings.Replace(string(data), `{`, `{"extra":1,`, 1)},
		{name: "trailing data", raw: string(data) + `{}`},
		{name: "not JSON", raw: "\x00\x01"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			raw := []byte(tc.raw)
			if tc.damage != nil {
				st := good
				st.Seats = append([]SavedSeat(nil), good.Seats...)
				tc.damage(&st)
				raw, _ = EncodeHostState(st)
			}
			if _, err := DecodeHostState(raw); err == nil {
				t.Errorf("accepted %s", raw)
			}
		})
	}
}
