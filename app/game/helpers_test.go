package game

import (
	"bytes"
	"encoding/json"
	"sync/atomic"
	"testing"
	"time"

	"safehouse/app/session"
	"safehouse/engine/spyfall"
	"safehouse/engine/spyfest"
)

// testClock is a host clock the test moves by hand (safe for the host's timer goroutine).
type testClock struct{ ms atomic.Int64 }

func newTestClock() *testClock {
	c := &testClock{}
	c.ms.Store(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC).UnixMilli())
	return c
}

func (c *testClock) Now() time.Time         { return time.UnixMilli(c.ms.Load()).UTC() }
func (c *testClock) Add(d time.Duration)    { c.ms.Add(d.Milliseconds()) }
func (c *testClock) Set(ms int64)           { c.ms.Store(ms) }
func fixedSeeds(first uint64) func() uint64 { n := first; return func() uint64 { n++; return n } }

// roster makes session players: seat i named names[i], seat 0 the host.
func roster(names ...string) []session.Player {
	var out []session.Player
	for i, n := range names {
		out = append(out, session.Player{Seat: session.Seat(i), Name: n, Online: true, Host: i == 0})
	}
	return out
}

func newTestRoom(t *testing.T, clock *testClock, names ...string) *Room {
	t.Helper()
	r := NewRoom(Options{Now: clock.Now, Seed: fixedSeeds(41)})
	r.SetRoster(roster(names...))
	return r
}

// mustApply and view take a session seat of either type: the tests count seats in ints.
func mustApply[S ~int](t *testing.T, r *Room, seat S, in session.Intent) {
	t.Helper()
	if err := r.Apply(session.Seat(seat), in.Game); err != nil {
		t.Fatalf("seat %d: %s refused: %v", seat, in.Game, err)
	}
}

func view[S ~int](t *testing.T, r *Room, seat S) *testView {
	t.Helper()
	raw := r.View(session.Seat(seat))
	mustBeCompact(t, raw)
	v, err := decodeTestView(raw)
	if err != nil || v == nil {
		t.Fatalf("view of seat %d: %v", seat, err)
	}
	return v
}

// mustBeCompact fails unless raw is compact JSON as json.Marshal writes it: the host sends a
// table's view as it is (session.Table).
func mustBeCompact(t *testing.T, raw json.RawMessage) {
	t.Helper()
	if raw == nil {
		return
	}
	var again bytes.Buffer
	if err := json.Compact(&again, raw); err != nil {
		t.Fatalf("a view that is not JSON: %v\n%s", err, raw)
	}
	var marshaled bytes.Buffer
	json.HTMLEscape(&marshaled, again.Bytes())
	if !bytes.Equal(raw, marshaled.Bytes()) {
		t.Fatalf("a view that is not compact as json.Marshal writes it:\n%s\nwant\n%s", raw, marshaled.Bytes())
	}
}

// testView is a TableView with the engine's view read into its family's type (nil for the
// other family, and before the game starts).
type testView struct {
	*TableView
	Spyfall *spyfall.View
	Spyfest *spyfest.View
}

func decodeTestView(raw json.RawMessage) (*testView, error) {
	tv, err := DecodeView(raw)
	if err != nil || tv == nil {
		return nil, err
	}
	v := &testView{TableView: tv}
	switch tv.Family {
	case Spyfall:
		v.Spyfall = new(spyfall.View)
		if ok, err := tv.GameView(v.Spyfall); !ok {
			v.Spyfall = nil
			return v, err
		}
	case Spyfest:
		v.Spyfest = new(spyfest.View)
		if ok, err := tv.GameView(v.Spyfest); !ok {
			v.Spyfest = nil
			return v, err
		}
	}
	return v, nil
}

// sfConfig and sxConfig are the families' configs in settings.
func sfConfig(s Settings) *spyfall.Config { return s.Config(Spyfall).(*spyfall.Config) }
func sxConfig(s Settings) *spyfest.Config { return s.Config(Spyfest).(*spyfest.Config) }

func sfAction(t testing.TB, a spyfall.Action) session.Intent {
	t.Helper()
	in, err := Action(a)
	if err != nil {
		t.Fatal(err)
	}
	return in
}

func sxAction(t *testing.T, a spyfest.Action) session.Intent {
	t.Helper()
	in, err := Action(a)
	if err != nil {
		t.Fatal(err)
	}
	return in
}

func snapshotOf(t *testing.T, r *Room) string {
	t.Helper()
	b, err := r.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func spyfallSettings(c spyfall.Config) Settings {
	return DefaultSettings().With(Spyfall, &c)
}

func spyfestSettings(c spyfest.Config) Settings {
	return DefaultSettings().With(Spyfest, &c)
}

func rawOp(s string) json.RawMessage { return json.RawMessage(s) }

// spyfallEngine is the room's Spyfall engine, nil when no Spyfall game runs.
func (r *Room) spyfallEngine() *spyfall.Game {
	if g, ok := r.g.(spyfallPlay); ok {
		return g.Game
	}
	return nil
}

// spyfestEngine is the room's Spyfest engine, nil when no Spyfest game runs.
func (r *Room) spyfestEngine() *spyfest.Game {
	if g, ok := r.g.(spyfestPlay); ok {
		return g.Game
	}
	return nil
}
