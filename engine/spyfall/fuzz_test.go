package spyfall

import (
	"bytes"
	"errors"
	"testing"

	"safehouse/engine"
)

// FuzzDecodeAndApply feeds arbitrary bytes, as a wire message from an
// arbitrary seat, to games in every phase a short scripted start reaches:
// decoding never panics, a refusal is always a *engine.Refusal that leaves
// the state byte-for-byte unchanged, and the game stays restorable.
func FuzzDecodeAndApply(f *testing.F) {
	seeds := []string{
		`{"kind":"accuse","round":1,"suspect":2}`,
		`{"kind":"vote","vote":1,"yes":true}`,
		`{"kind":"guess","round":1,"location":"t-loc03"}`,
		`{"kind":"deal","round":2}`,
		`{"kind":"start_clock","round":1}`,
		`{"kind":"ask","round":1,"question":0,"target":1}`,
		`{"kind":"reveal_table","round":1}`,
		`{"kind":"lead","round":1,"captain":0}`,
		`{"kind":"pick","round":1,"turn":0,"agent":3}`,
		`{"kind":"guess_both","round":1,"locations":["t-loc01","t-loc02"]}`,
		`{"kind":"host_mark_absent","round":1,"seat":1}`,
		`{"kind":"tick"}`,
		`{"kind":"rename","seat":0,"name":"x"}`,
		`{"kind":"accuse","round":1e9,"suspect":-5}`,
		`{"kind":"vote","vote":-1,"yes":1}`,
		`[1,2]`, `"accuse"`, `{`, ``,
	}
	for i, s := range seeds {
		f.Add([]byte(s), int8(i%5-1), uint8(i))
	}
	f.Fuzz(func(t *testing.T, data []byte, seat int8, setup uint8) {
		g := fuzzGame(t, setup)
		a, err := DecodeAction(data)
		if err != nil {
			if !errors.Is(err, engine.ErrInvalidAction) {
				t.Fatalf("decode error %v is not ErrInvalidAction", err)
			}
			return
		}
		// Round trip of what was decoded.
		enc, err := EncodeAction(a)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := DecodeAction(enc); err != nil {
			t.Fatalf("re-decoding %s: %v", enc, err)
		}
		before := snapshot(t, g)
		s := engine.Seat(seat)
		if seat == -3 {
			s = Host
		}
		if err := g.Apply(s, a, t0+engine.Instant(setup)*1000); err != nil {
			var r *engine.Refusal
			if !errors.As(err, &r) {
				t.Fatalf("%T%+v: %v is not a refusal", a, a, err)
			}
			if !bytes.Equal(before, snapshot(t, g)) {
				t.Fatalf("refused %T%+v changed the state", a, a)
			}
		}
		g2 := new(Game)
		if err := g2.UnmarshalBinary(snapshot(t, g)); err != nil {
			t.Fatal(err)
		}
		for _, v := range []engine.Seat{engine.NoSeat, 0, 1, 2, 3, 4} {
			_ = g.View(v)
		}
	})
}

// fuzzGame reaches one of several phases, by setup: lobby, playing, a vote,
// time up, two-spy guess, 2P, team picking.
func fuzzGame(t *testing.T, setup uint8) *Game {
	switch setup % 7 {
	case 0:
		return newGame(t, config(Classic, 5, uint64(setup)))
	case 1:
		g := newGame(t, config(Classic, 5, uint64(setup)))
		start(t, g, t0)
		return g
	case 2:
		g := newGame(t, config(TimeTravel, 5, uint64(setup)))
		start(t, g, t0)
		ns := nonSpies(g)
		apply(t, g, ns[0], Accuse{Round: 1, Suspect: ns[1]}, t0)
		return g
	case 3:
		g := newGame(t, config(Classic, 5, uint64(setup)))
		r := start(t, g, t0)
		g.Advance(r.Clock.Deadline)
		return g
	case 4:
		g := newGame(t, config(Spyfall2, 9, uint64(setup)))
		r := start(t, g, t0)
		apply(t, g, r.Spies[0], Guess{Round: 1, Location: locID(g, 0)}, t0)
		return g
	case 5:
		g := newGame(t, config(TimeTravel, 2, uint64(setup)))
		start(t, g, t0)
		return g
	default:
		g := teamGame(t, 7, uint64(setup), 1)
		tm := g.s.Cur.Team
		apply(t, g, tm.Captains[0], Lead{Round: 1, Captain: tm.Captains[0]}, t0)
		return g
	}
}
