package game

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"safehouse/app/session"
)

// table is a whole room over the real session layer: a LocalHost, a Room, and one client per
// seat whose every update is recorded, in order, as the bytes it carried.
type table struct {
	t      *testing.T
	host   *session.LocalHost
	room   session.Table
	seats  []*seatLog
	ctx    context.Context
	cancel context.CancelFunc
	step   atomic.Int64 // the driver's current step, stamped on what arrives
}

// seatLog records what one client received.
type seatLog struct {
	c    *session.Client
	sent uint64
	gone bool // kicked: no longer expected to follow the state

	mu      sync.Mutex
	changed chan struct{}
	got     []string // each view as JSON, each notice as "notice <code>: <text>"
	steps   []int64  // the driver's step during which each entry of got arrived
	step    *atomic.Int64
	last    *session.View
	notices int
	refused []session.Update // every update that carried a notice, as received
}

func (s *seatLog) read() {
	for u := range s.c.Updates() {
		s.mu.Lock()
		if u.View != nil {
			// The view's own fields, then the game's bytes exactly as the host sent them.
			head := *u.View
			head.Game = nil
			b, _ := json.Marshal(head)
			s.got = append(s.got, string(b)+" "+string(u.View.Game))
			s.steps = append(s.steps, s.step.Load())
			s.last = u.View
		}
		if u.Notice != "" {
			s.got = append(s.got, fmt.Sprintf("notice %s: %s", u.Code, u.Notice))
			s.refused = append(s.refused, u)
			s.steps = append(s.steps, s.step.Load())
			s.notices++
		}
		close(s.changed)
		s.changed = make(chan struct{})
		s.mu.Unlock()
	}
}

// wait blocks until cond holds over the seat's log (a generous deadline only stops a hang).
func (s *seatLog) wait(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.After(30 * time.Second)
	for {
		s.mu.Lock()
		ok, ch := cond(), s.changed
		s.mu.Unlock()
		if ok {
			return
		}
		select {
		case <-ch:
		case <-deadline:
			t.Fatalf("waiting for %s", what)
		}
	}
}

// transcript returns a copy of everything the seat received.
func (s *seatLog) transcript() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.got...)
}

// record is a seat's transcript with the driver's step of each entry: every message a step
// causes arrives before the next step starts (send and settle wait for it).
type record struct {
	got   []string
	steps []int64
}

func (s *seatLog) record() record {
	s.mu.Lock()
	defer s.mu.Unlock()
	return record{got: append([]string(nil), s.got...), steps: append([]int64(nil), s.steps...)}
}

// newTable seats the host (names[0]) and the other players on one LocalHost running room;
// spectators lists seat indexes seated as watchers.
func newTable(t *testing.T, room session.Table, names []string, spectators ...int) *table {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	tb := &table{t: t, room: room, ctx: ctx, cancel: cancel}
	isSpectator := func(i int) bool {
		for _, s := range spectators {
			if s == i {
				return true
			}
		}
		return false
	}
	host, err := session.NewLocalHost(ctx, session.Options{Name: names[0], Spectator: isSpectator(0)})
	if err != nil {
		t.Fatal(err)
	}
	tb.host = host
	t.Cleanup(tb.close)
	tb.watch(host.Player())
	host.SetTable(room)
	for i, n := range names[1:] {
		var c *session.Client
		if isSpectator(i + 1) {
			c, err = host.AddLocalSpectator(ctx, n)
		} else {
			c, err = host.AddLocalPlayer(ctx, n)
		}
		if err != nil {
			t.Fatal(err)
		}
		tb.watch(c)
	}
	tb.settle()
	return tb
}

func (tb *table) watch(c *session.Client) {
	s := &seatLog{c: c, changed: make(chan struct{}), step: &tb.step}
	tb.seats = append(tb.seats, s)
	go s.read()
}

func (tb *table) close() {
	tb.host.Close()
	tb.cancel()
}

// settle waits until every seated client has seen the host's current state.
func (tb *table) settle() {
	tb.t.Helper()
	state := tb.host.State()
	for i, s := range tb.seats {
		if s.gone {
			continue
		}
		s.wait(tb.t, fmt.Sprintf("seat %d to see state %d", i, state), func() bool {
			return s.last != nil && s.last.State >= state
		})
	}
}

// send sends one intent from seat i and waits until the host has handled it: it returns the
// refusal's text, or "" when the intent was applied. Every client then has the new state.
func (tb *table) send(i int, in session.Intent) string {
	tb.t.Helper()
	s := tb.seats[i]
	s.mu.Lock()
	from, notices := len(s.got), s.notices
	s.mu.Unlock()
	if err := s.c.Send(in); err != nil {
		tb.t.Fatalf("seat %d: send: %v", i, err)
	}
	s.sent++
	seq := s.sent
	var refusal string
	s.wait(tb.t, fmt.Sprintf("seat %d's intent %d to be handled", i, seq), func() bool {
		if s.notices > notices {
			refusal = s.got[len(s.got)-1]
			return true
		}
		return len(s.got) > from && s.last != nil && s.last.Ack >= seq
	})
	tb.settle()
	return refusal
}

// view is seat i's latest table view.
func (tb *table) view(i int) *testView {
	tb.t.Helper()
	s := tb.seats[i]
	s.mu.Lock()
	last := s.last
	s.mu.Unlock()
	v, err := decodeTestView(last.Game)
	if err != nil || v == nil {
		tb.t.Fatalf("seat %d: no table view (%v)", i, err)
	}
	return v
}
