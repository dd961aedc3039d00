package engine

import (
	"encoding/json"
	"errors"
	"testing"
	"time"
)

func TestRandRoundTripDrawsTheSame(t *testing.T) {
	g := NewRand(42)
	g.IntN(10)
	b, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	var h Rand
	if err := json.Unmarshal(b, &h); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 100; i++ {
		if a, b := g.IntN(1000), h.IntN(1000); a != b {
			t.Fatalf("draw %d differs after restore: %d vs %d", i, a, b)
		}
	}
	c := g.Clone()
	if g.Uint64() != c.Uint64() {
		t.Fatal("clone diverged")
	}
}

func TestClockPausesAndResumes(t *testing.T) {
	c := NewClock(time.Minute)
	c.Start(1000)
	if got := c.Remaining(11000); got != 50*time.Second {
		t.Fatalf("remaining %v", got)
	}
	c.Pause(11000)
	if got := c.Remaining(99999); got != 50*time.Second {
		t.Fatalf("paused clock moved: %v", got)
	}
	c.Start(100000)
	if c.Deadline != 150000 || c.Expired(149999) || !c.Expired(150000) {
		t.Fatalf("resumed clock wrong: %+v", c)
	}
}

func TestRefusalWrapsSentinel(t *testing.T) {
	err := error(Refuse(ErrNotYourTurn, "SF-ACC-1", "seat %d already accused", 2))
	if !errors.Is(err, ErrNotYourTurn) || err.Error() != "seat 2 already accused" {
		t.Fatalf("bad refusal: %v", err)
	}
	if Seat(5).Left(6) != 0 || !Seat(2).Valid(3) || Seat(3).Valid(3) {
		t.Fatal("seat arithmetic")
	}
}
