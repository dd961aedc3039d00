package game

import (
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
		out = append(out, session.Player{Seat: i, Name: n, Online: true, Host: i == 0})
	}
	return out
}

func newTestRoom(t *testing.T, clock *testClock, names ...string) *Room {
	t.Helper()
	r := NewRoom(Options{Now: clock.Now, Seed: fixedSeeds(41)})
	r.SetRoster(roster(names...))
	return r
}

func mustApply(t *testing.T, r *Room, seat int, in session.Intent) {
	t.Helper()
	if err := r.Apply(seat, in.Game); err != nil {
		t.Fatalf("seat %d: %s refused: %v", seat, in.Game, err)
	}
}

func view(t *testing.T, r *Room, seat int) *TableView {
	t.Helper()
	v, err := DecodeView(r.View(seat))
	if err != nil || v == nil {
		t.Fatalf("view of seat %d: %v", seat, err)
	}
	return v
}

func sfAction(t *testing.T, a spyfall.Action) session.Intent {
	t.Helper()
	in, err := SpyfallAction(a)
	if err != nil {
		t.Fatal(err)
	}
	return in
}

func sxAction(t *testing.T, a spyfest.Action) session.Intent {
	t.Helper()
	in, err := SpyfestAction(a)
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
	s := DefaultSettings()
	s.Family, s.Spyfall = Spyfall, &c
	return s
}

func spyfestSettings(c spyfest.Config) Settings {
	s := DefaultSettings()
	s.Family, s.Spyfest = Spyfest, &c
	return s
}

func rawOp(s string) json.RawMessage { return json.RawMessage(s) }

// spyfallEngine is the room's Spyfall engine, nil when no Spyfall game runs.
func (r *Room) spyfallEngine() *spyfall.Game {
	if g, ok := r.g.(*spyfallFamily); ok {
		return g.g
	}
	return nil
}

// spyfestEngine is the room's Spyfest engine, nil when no Spyfest game runs.
func (r *Room) spyfestEngine() *spyfest.Game {
	if g, ok := r.g.(*spyfestFamily); ok {
		return g.g
	}
	return nil
}
