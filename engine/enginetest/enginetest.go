// Package enginetest holds the checks every engine's tests share, written once against the
// engine contract (engine.Game). Only tests import it.
package enginetest

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"testing"

	"safehouse/engine"
)

// Apply applies a and fails the test if the game refuses it.
func Apply(t testing.TB, g engine.Game, seat engine.Seat, a engine.Action, now engine.Instant) {
	t.Helper()
	if err := g.Apply(seat, a, now); err != nil {
		t.Fatalf("seat %d %T%+v: %v", seat, a, a, err)
	}
}

// Snapshot is the game's saved state, failing the test if it cannot be saved.
func Snapshot(t testing.TB, g engine.Game) []byte {
	t.Helper()
	b, err := g.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Refused asserts that the game refuses a with want (a sentinel; nil takes any) as an
// *engine.Refusal, and that the state did not change by a single byte.
func Refused(t testing.TB, g engine.Game, seat engine.Seat, a engine.Action, now engine.Instant, want error) {
	t.Helper()
	before := Snapshot(t, g)
	err := g.Apply(seat, a, now)
	if err == nil {
		t.Fatalf("seat %d %T%+v accepted; want %v", seat, a, a, want)
	}
	var r *engine.Refusal
	if !errors.As(err, &r) {
		t.Fatalf("seat %d %T%+v: error %v is not a *engine.Refusal", seat, a, a, err)
	}
	if want != nil && !errors.Is(err, want) {
		t.Fatalf("seat %d %T%+v: got %v (%v), want %v", seat, a, a, r.Err, err, want)
	}
	if after := Snapshot(t, g); !bytes.Equal(before, after) {
		t.Fatalf("refused %T%+v changed the state", a, a)
	}
}

// Decoded is a fuzzer's check of an engine's action decoder: it reports whether the bytes
// decoded (err is nil); a decoder that refuses them must say engine.ErrInvalidAction.
func Decoded(t testing.TB, err error) bool {
	t.Helper()
	if err != nil && !errors.Is(err, engine.ErrInvalidAction) {
		t.Fatalf("decode error %v is not ErrInvalidAction", err)
	}
	return err == nil
}

// PickSeat is a random game's choice of one of from (engine.NoSeat when from is empty).
func PickSeat(rng *rand.Rand, from []engine.Seat) engine.Seat {
	if len(from) == 0 {
		return engine.NoSeat
	}
	return from[rng.IntN(len(from))]
}

// TimePasses is a random game's move that applies nothing: time passes to the move's instant
// (Game.Advance), as the host lets it when a clock runs out. Play and the replays of move
// logs take it so.
type TimePasses struct{}

func (TimePasses) Kind() string { return "time_passes" }

// Play makes one move of a random game or a replayed log: a lets time pass (TimePasses), or
// is applied as seat's action at now.
func Play(g engine.Game, seat engine.Seat, a engine.Action, now engine.Instant) error {
	if _, ok := a.(TimePasses); ok {
		g.Advance(now)
		return nil
	}
	return g.Apply(seat, a, now)
}
