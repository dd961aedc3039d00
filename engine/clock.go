package engine

import "time"

// Instant is a point in time as Unix milliseconds. Engines keep instants in
// this form so that snapshots are exact and views carry absolute deadlines
// every device can render against its own (offset-corrected) clock.
type Instant int64

// At converts a time.Time passed in by the caller.
func At(t time.Time) Instant { return Instant(t.UnixMilli()) }

// Time converts back to a time.Time (UTC).
func (i Instant) Time() time.Time { return time.UnixMilli(int64(i)).UTC() }

// Add returns i moved by d.
func (i Instant) Add(d time.Duration) Instant { return i + Instant(d.Milliseconds()) }

// Clock is a countdown that can be paused and resumed. While it runs, the
// absolute Deadline is the truth; while paused, Left holds what remains.
// The zero Clock is stopped with nothing left.
type Clock struct {
	Running  bool          `json:"running"`
	Deadline Instant       `json:"deadline,omitempty"`
	Left     time.Duration `json:"left,omitempty"`
}

// NewClock returns a paused clock holding d.
func NewClock(d time.Duration) Clock { return Clock{Left: d} }

// Start (or resume) the clock at now. Starting a running clock does nothing.
func (c *Clock) Start(now Instant) {
	if c.Running {
		return
	}
	c.Running = true
	c.Deadline = now.Add(c.Left)
	c.Left = 0
}

// Pause stops the clock at now, keeping what remains.
func (c *Clock) Pause(now Instant) {
	if !c.Running {
		return
	}
	c.Left = c.Remaining(now)
	c.Running = false
	c.Deadline = 0
}

// Remaining returns the time left at now, never negative.
func (c Clock) Remaining(now Instant) time.Duration {
	if !c.Running {
		return c.Left
	}
	d := time.Duration(c.Deadline-now) * time.Millisecond
	if d < 0 {
		return 0
	}
	return d
}

// Expired reports whether the clock has run out at now.
func (c Clock) Expired(now Instant) bool { return c.Remaining(now) == 0 }
