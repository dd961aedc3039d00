package ui

import (
	"fmt"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Clock is the round clock both games show: a big countdown with a thin ring, amber in the last
// minute, red in the last 10 seconds, clearly paused while stopped, the same on every device. It counts
// from the absolute deadline, corrected by the skew between this device and the host, and
// buzzes once when it runs out.
type Clock struct {
	goapp.Compo

	Running    bool
	Deadline   int64 // Unix ms on the host's clock
	Left       time.Duration
	Length     time.Duration
	Skew       time.Duration
	Small      bool
	PausedText string
	TimeUpText string // instead of PausedText once the clock has run out
	Label      string

	ticking bool
	buzzed  int64
}

func (c *Clock) OnMount(ctx goapp.Context) { c.tick(ctx) }

func (c *Clock) tick(ctx goapp.Context) {
	if c.ticking || !goapp.IsClient {
		return
	}
	c.ticking = true
	ctx.After(250*time.Millisecond, func(ctx goapp.Context) {
		c.ticking = false
		if !c.Mounted() {
			return
		}
		if c.Running && c.remaining() == 0 && c.buzzed != c.Deadline {
			c.buzzed = c.Deadline
			Alert()
		}
		c.tick(ctx)
	})
}

func (c *Clock) remaining() time.Duration {
	if !c.Running {
		return c.Left
	}
	hostNow := ClockNow().Add(c.Skew).UnixMilli()
	left := time.Duration(c.Deadline-hostNow) * time.Millisecond
	return max(left, 0)
}

// ClockNow is this device's time for the clocks; tests that compare screens pin it.
var ClockNow = time.Now

// clockText shows a duration as m:ss, rounding up so 0:00 means the time is really up.
func clockText(d time.Duration) string {
	s := int((d + time.Second - 1) / time.Second)
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// clockState is the clock's colour class: paused, red (10 s), amber (1 min) or plain.
func clockState(running bool, left time.Duration) string {
	switch {
	case !running:
		return "paused"
	case left <= 10*time.Second:
		return "red"
	case left <= time.Minute:
		return "amber"
	}
	return "calm"
}

func (c *Clock) Render() goapp.UI {
	left := c.remaining()
	frac := 0.0
	if c.Length > 0 {
		frac = float64(left) / float64(c.Length)
	}
	const circumference = 2 * 3.14159265 * 45
	ring := fmt.Sprintf(`<svg class="sf-ring" viewBox="0 0 100 100" aria-hidden="true"><circle class="sf-ring-track" cx="50" cy="50" r="45"/><circle class="sf-ring-bar" cx="50" cy="50" r="45" stroke-dasharray="%.1f" stroke-dashoffset="%.1f"/></svg>`,
		circumference, circumference*(1-frac))
	class := "sf-clock " + clockState(c.Running, left)
	if c.Small {
		class += " small"
	}
	return ElWith("div#sf-clock[role=timer]",
		goapp.Raw(ring),
		ElText("span.sf-clock-time", clockText(left)),
		goapp.If(!c.Running, func() goapp.UI {
			if left == 0 {
				return ElText("span.sf-clock-paused", c.TimeUpText)
			}
			return ElText("span.sf-clock-paused", c.PausedText)
		}),
	).Class(class).Aria("label", c.Label)
}

// Alert buzzes (navigator.vibrate) and plays a short tone generated with WebAudio, unless the
// player turned them off (localStorage "safehouse.vibrate"/"safehouse.sound" = "off").
func Alert() {
	if !goapp.IsClient {
		return
	}
	w := goapp.Window()
	store := w.Get("localStorage")
	off := func(key string) bool {
		if !store.Truthy() {
			return false
		}
		v := store.Call("getItem", key)
		return v.Truthy() && (v.String() == "off" || v.String() == `"off"`)
	}
	if nav := w.Get("navigator"); nav.Truthy() && nav.Get("vibrate").Truthy() && !off("safehouse.vibrate") {
		nav.Call("vibrate", []any{120, 60, 120})
	}
	if off("safehouse.sound") {
		return
	}
	ctor := w.Get("AudioContext")
	if !ctor.Truthy() {
		return
	}
	ac := ctor.New()
	osc := ac.Call("createOscillator")
	gain := ac.Call("createGain")
	osc.Set("type", "sine")
	osc.Get("frequency").Set("value", 880)
	now := ac.Get("currentTime").Float()
	gain.Get("gain").Call("setValueAtTime", 0.2, now)
	gain.Get("gain").Call("exponentialRampToValueAtTime", 0.001, now+0.35)
	osc.Call("connect", gain)
	gain.Call("connect", ac.Get("destination"))
	osc.Call("start", now)
	osc.Call("stop", now+0.35)
	osc.Set("onended", goapp.FuncOf(func(goapp.Value, []goapp.Value) any { ac.Call("close"); return nil }))
}
