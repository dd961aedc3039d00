package spyfall

import (
	"bytes"
	"errors"
	"testing"

	"safehouse/engine"
	"safehouse/engine/enginetest"
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
		`{"kind":"pass","round":1}`,
		`{"kind":"host_pass","round":1,"vote":0,"seat":1}`,
		`{"kind":"host_pass","round":1,"vote":1,"seat":2}`,
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
		if !enginetest.Decoded(t, err) {
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
		before := enginetest.Snapshot(t, g)
		s := engine.Seat(seat)
		if seat == -3 {
			s = Host
		}
		if err := g.Apply(s, a, t0+engine.Instant(setup)*1000); err != nil {
			var r *engine.Refusal
			if !errors.As(err, &r) {
				t.Fatalf("%T%+v: %v is not a refusal", a, a, err)
			}
			if !bytes.Equal(before, enginetest.Snapshot(t, g)) {
				t.Fatalf("refused %T%+v changed the state", a, a)
			}
		}
		g2 := new(Game)
		if err := g2.UnmarshalBinary(enginetest.Snapshot(t, g)); err != nil {
			t.Fatal(err)
		}
		for _, v := range []engine.Seat{engine.NoSeat, 0, 1, 2, 3, 4} {
			_ = g.View(v)
		}
	})
}

// fuzzGame reaches one of several phases, by setup: lobby, playing, a vote,
// time up, two-spy guess, 2P, team picking.
func fuzzGame(t testing.TB, setup uint8) *Game {
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
		enginetest.Apply(t, g, ns[0], Accuse{Round: 1, Suspect: ns[1]}, t0)
		return g
	case 3:
		g := newGame(t, config(Classic, 5, uint64(setup)))
		r := start(t, g, t0)
		g.Advance(r.Clock.Deadline)
		return g
	case 4:
		g := newGame(t, config(Spyfall2, 9, uint64(setup)))
		r := start(t, g, t0)
		enginetest.Apply(t, g, r.Spies[0], Guess{Round: 1, Location: locID(g, 0)}, t0)
		return g
	case 5:
		g := newGame(t, config(TimeTravel, 2, uint64(setup)))
		start(t, g, t0)
		return g
	default:
		g := teamGame(t, 7, uint64(setup), 1)
		tm := g.s.Cur.Team
		enginetest.Apply(t, g, tm.Captains[0], Lead{Round: 1, Captain: tm.Captains[0]}, t0)
		return g
	}
}

// FuzzRestore feeds damaged snapshots to UnmarshalBinary: it refuses them
// or restores a game that can be viewed and played without a panic.
func FuzzRestore(f *testing.F) {
	for setup := uint8(0); setup < 7; setup++ {
		f.Add(enginetest.Snapshot(f, fuzzGame(f, setup)), setup)
	}
	f.Fuzz(func(t *testing.T, data []byte, setup uint8) {
		g := new(Game)
		if err := g.UnmarshalBinary(data); err != nil {
			return
		}
		for s := engine.Seat(-2); int(s) < len(g.s.Seats)+1; s++ {
			_ = g.View(s)
		}
		p := newPlayer(g, uint64(setup), true)
		for i := 0; i < 20; i++ {
			seat, a, _ := p.next()
			_ = p.apply(seat, a)
		}
	})
}

// Every number and boolean of a snapshot, in every phase the fuzz setups
// reach, replaced by odd values: the damaged snapshot is refused, or the restored game can be
// viewed and played on without a panic.
func TestDamagedSnapshots(t *testing.T) {
	values := []string{"-2", "-1", "0", "1", "2", "9", "1000"}
	for setup := uint8(0); setup < 7; setup++ {
		snap := enginetest.Snapshot(t, fuzzGame(t, setup))
		for _, span := range numberSpans(snap) {
			vals := values
			if tok := string(snap[span[0]:span[1]]); tok == "true" || tok == "false" {
				vals = []string{"true", "false", "null"}
			}
			for _, v := range vals {
				data := append(append(append([]byte(nil), snap[:span[0]]...), v...), snap[span[1]:]...)
				g := new(Game)
				if g.UnmarshalBinary(data) != nil {
					continue
				}
				func() {
					defer func() {
						if p := recover(); p != nil {
							t.Fatalf("setup %d, %q replaced by %s in ...%s...: panic %v", setup, snap[span[0]:span[1]], v, snap[max(0, span[0]-40):span[1]], p)
						}
					}()
					for s := engine.Seat(-2); int(s) < len(g.s.Seats)+1; s++ {
						_ = g.View(s)
					}
					p := newPlayer(g, uint64(span[0]), true)
					for i := 0; i < 15; i++ {
						seat, a, _ := p.next()
						_ = p.apply(seat, a)
					}
				}()
			}
		}
	}
}

// numberSpans finds the JSON numbers and booleans of data that are not
// inside strings.
func numberSpans(data []byte) [][2]int {
	var out [][2]int
	inString, escaped := false, false
	for i := 0; i < len(data); i++ {
		c := data[i]
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == 't' || c == 'f':
			j := i
			for j < len(data) && data[j] >= 'a' && data[j] <= 'z' {
				j++
			}
			out = append(out, [2]int{i, j})
			i = j - 1
		case c == '-' || c >= '0' && c <= '9':
			j := i + 1
			for j < len(data) && (data[j] >= '0' && data[j] <= '9' || data[j] == '.' || data[j] == 'e' || data[j] == '+' || data[j] == '-') {
				j++
			}
			out = append(out, [2]int{i, j})
			i = j - 1
		}
	}
	return out
}
