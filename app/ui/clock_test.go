package ui

import (
	"testing"
	"time"
)

func TestClockFace(t *testing.T) {
	cases := []struct {
		running bool
		left    time.Duration
		text    string
		state   string
	}{
		{true, 8 * time.Minute, "8:00", "calm"},
		{true, 61 * time.Second, "1:01", "calm"},
		{true, 60 * time.Second, "1:00", "amber"},
		{true, 10500 * time.Millisecond, "0:11", "amber"},
		{true, 10 * time.Second, "0:10", "red"},
		{true, 1, "0:01", "red"},
		{true, 0, "0:00", "red"},
		{false, 5 * time.Minute, "5:00", "paused"},
	}
	for _, c := range cases {
		if got := clockText(c.left); got != c.text {
			t.Errorf("clockText(%v) = %q, want %q", c.left, got, c.text)
		}
		if got := clockState(c.running, c.left); got != c.state {
			t.Errorf("clockState(%v, %v) = %q, want %q", c.running, c.left, got, c.state)
		}
	}
}
