package session

import (
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"testing"

	"safehouse/app/session/internal/relay"
)

// Signaling data (offers, candidates, relay frames, refusals) from anyone: never a panic, and what is
// accepted holds exactly one thing, a relay frame within its rules.
func FuzzDecodeSignalData(f *testing.F) {
	for _, seed := range []string{
		`{"sdp":{"type":"offer","sdp":"v=0"}}`,
		`{"candidate":{"candidate":"candidate:1 1 udp 1 127.0.0.1 5000 typ host"}}`,
		`{"relay":{"hello":{"pub":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="}}}`,
		`{"relay":{"n":1,"box":"AAAA"}}`,
		`{"relay":{"n":0,"box":"AAAA"}}`,
		`{"refused":"no link"}`, `{"refused":"","sdp":{}}`,
		`{"sdp":{},"relay":{}}`, `null`, `[]`, `{}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		d, err := decodeSignalData(raw)
		if err != nil {
			return
		}
		held := 0
		for _, present := range []bool{d.SDP != nil, d.Candidate != nil, d.Relay != nil, d.Refused != ""} {
			if present {
				held++
			}
		}
		if held != 1 {
			t.Fatalf("accepted %q holding %d things", raw, held)
		}
		if d.Relay != nil && relay.Check(*d.Relay, MaxMessageBytes) != nil {
			t.Fatalf("accepted a bad relay frame %q", raw)
		}
	})
}

// A saved host state from storage (which a page script could have changed): never a panic,
// and what is accepted is whole and survives a save and reload unchanged.
func FuzzDecodeHostState(f *testing.F) {
	good, _ := EncodeHostState(HostState{Room: "K7MPQ2", Claim: "claim-claim-claim-claim", Secret: "c2VjcmV0",
		State: 9, Seats: []SavedSeat{{Seat: 0, Name: "Hana", Host: true, Token: "AAAAAAAAAAAAAAAAAAAAAA", LastSeq: 3},
			{Seat: 2, Name: "Ann", Token: "BBBBBBBBBBBBBBBBBBBBBB"}}, Game: []byte{1, 2, 3}})
	for _, seed := range []string{string(good), `{"v":1}`, `{"v":1,"room":"k7mpq2"}`, `[]`, ``} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		st, err := DecodeHostState(raw)
		if err != nil {
			return
		}
		if st.check() != nil {
			t.Fatalf("accepted a damaged state %q", raw)
		}
		again, err := EncodeHostState(st)
		if err != nil {
			t.Fatal(err)
		}
		back, err := DecodeHostState(again)
		if err != nil {
			t.Fatalf("a re-saved state was refused: %v", err)
		}
		if a, b := fmt.Sprint(st), fmt.Sprint(back); a != b {
			t.Fatalf("state changed through a save: %s -> %s", a, b)
		}
	})
}

// Relay frames forged by whoever carries them (the signaling server): none is ever accepted,
// nor a panic; the genuine frame still arrives when it was not cut off.
func FuzzRelayFrames(f *testing.F) {
	f.Add(uint64(1), []byte("garbage"))
	f.Add(uint64(2), make([]byte, 40))
	f.Add(uint64(0), []byte{})
	f.Fuzz(func(t *testing.T, n uint64, box []byte) {
		_, host, err := relayPair(t, "", "c2VjcmV0LXNlY3JldC0xMjM0")
		if err != nil {
			t.Fatal(err)
		}
		frame := relay.Frame{N: n, Box: box}
		if relay.Check(frame, MaxMessageBytes) != nil {
			return // the signaling decoder drops it before any relay sees it
		}
		host.deliver(frame)
		host.in.mu.Lock()
		accepted := len(host.in.items)
		host.in.mu.Unlock()
		if accepted != 0 {
			t.Fatalf("a forged frame n=%d of %d bytes was accepted", n, len(box))
		}
	})
}

// The intent path with forged seats and replayed sequence numbers: after one genuine vote
// (seq 5), a resend of any seq up to 5 and any intent naming a seat change nothing at all.
func FuzzIntentReplayAndForgedSeat(f *testing.F) {
	f.Add(uint64(5), "yes", 1, true)
	f.Add(uint64(3), "no", 0, false)
	f.Add(uint64(9), "", 2, true)
	f.Fuzz(func(t *testing.T, seq uint64, choice string, round int, forge bool) {
		h := newHostCore("FUZZED", slog.New(slog.NewTextHandler(io.Discard, nil)))
		table := newVoteTable(3, map[Seat]string{0: "a", 1: "b", 2: "c"})
		h.table = table
		mallory, malloryEnd := Pipe()
		defer malloryEnd.Close()
		from := &hostConn{conn: mallory, invited: true}
		h.handle(&hostConn{conn: func() Conn { c, _ := Pipe(); return c }(), isHost: true, invited: true}, []byte(`{"v":1,"t":"hello","body":{"name":"Hana"}}`))
		h.handle(from, []byte(`{"v":1,"t":"hello","body":{"name":"Mallory"}}`))
		h.handle(from, []byte(`{"v":1,"t":"intent","seq":5,"body":{"kind":"game","game":{"vote":"yes","round":1}}}`))
		state, votes := h.stateNumber(), table.snapshot()

		action, _ := json.Marshal(voteAction{Vote: choice, Round: round})
		body := map[string]any{"kind": "game", "game": json.RawMessage(action)}
		if forge {
			body["seat"] = 0
			seq = seq%1000 + 6 // a fresh seq: only the forged field is wrong
		} else {
			seq %= 6 // a replay of something already handled, or seq 0
		}
		raw, _ := json.Marshal(map[string]any{"v": 1, "t": "intent", "seq": seq, "body": body})
		h.handle(from, raw)

		if h.stateNumber() != state {
			t.Errorf("seq %d forged=%v moved the state from %d to %d", seq, forge, state, h.stateNumber())
		}
		if got := table.snapshot(); fmt.Sprint(got) != fmt.Sprint(votes) {
			t.Errorf("seq %d forged=%v changed the game: %+v -> %+v", seq, forge, votes, got)
		}
	})
}
