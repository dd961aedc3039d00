package session

import (
	"encoding/json"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"
)

// APP-LOBBY-1: a kicked seat hears why, leaves the table, cannot come back with its token,
// and its seat number is never given to anyone else.
func TestKickedSeatLeavesForGood(t *testing.T) {
	h := newTestCore(t)
	host, hw := mustSeat(t, h, "Hana", "", true)
	ann, aw := mustSeat(t, h, "Ann", "", false)
	mustSeat(t, h, "Bob", "", false)
	hw.waitView(t, "three seats", func(v View) bool { return len(v.Players) == 3 })
	token := ann.Token()
	target := 1
	if err := host.Send(Intent{Kind: KindKick, Target: &target}); err != nil {
		t.Fatal(err)
	}
	if n := aw.waitNotices(t, 1); n.Code != CodeKicked {
		t.Fatalf("the kicked player heard %q (%s), want %s", n.Notice, n.Code, CodeKicked)
	}
	hw.waitView(t, "Ann gone", sameNames([]string{"Hana", "Bob"}))
	if _, _, err := seatClient(t, h, "Ann", token, false); err == nil {
		t.Fatal("the kicked seat's token got a seat back")
	}
	mustSeat(t, h, "Cy", "", false)
	v := hw.waitView(t, "Cy seated", sameNames([]string{"Hana", "Bob", "Cy"}))
	if seat := v.Players[2].Seat; seat == 1 {
		t.Fatal("the kicked seat's number was given to a newcomer")
	}
}

// kickRefusingTable refuses every kick, as a game does when a seat may not leave now.
type kickRefusingTable struct{ fakeTable }

func (kickRefusingTable) Kick(Seat) error { return errors.New("not now: the round needs every seat") }

var _ KickTable = (*kickRefusingTable)(nil)

// APP-LOBBY-2: a game that cannot let a seat go refuses the kick; nothing changes.
func TestKickRefusedByTheGame(t *testing.T) {
	h := newTestCore(t)
	host, hw := mustSeat(t, h, "Hana", "", true)
	mustSeat(t, h, "Ann", "", false)
	h.setTable(&kickRefusingTable{})
	hw.waitView(t, "two seats", func(v View) bool { return len(v.Players) == 2 })
	state := h.stateNumber()
	target := 1
	if err := host.Send(Intent{Kind: KindKick, Target: &target}); err != nil {
		t.Fatal(err)
	}
	if n := hw.waitNotices(t, 1); n.Code != CodeRefused || n.Notice != "not now: the round needs every seat" {
		t.Fatalf("refusal %q (%s)", n.Notice, n.Code)
	}
	if h.stateNumber() != state || len(h.players()) != 2 {
		t.Fatal("a refused kick changed the table")
	}
}

// clockTable is a TimedTable whose single deadline is a real instant.
type clockTable struct {
	fakeTable
	mu       sync.Mutex
	deadline time.Time
	expired  bool
}

var _ TimedTable = (*clockTable)(nil)

func (c *clockTable) View(seat Seat) json.RawMessage {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.expired {
		return json.RawMessage(`"time up"`)
	}
	return json.RawMessage(`"running"`)
}

func (c *clockTable) NextDeadline() (time.Duration, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return time.Until(c.deadline), !c.expired
}

func (c *clockTable) Advance() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.expired || time.Now().Before(c.deadline) {
		return false
	}
	c.expired = true
	return true
}

// APP-TIME-1: the host wakes a TimedTable at its deadline by itself and sends everyone the
// result, with no intent from anyone.
func TestHostWakesTheTableAtItsDeadline(t *testing.T) {
	h := newTestCore(t)
	_, hw := mustSeat(t, h, "Hana", "", true)
	_, aw := mustSeat(t, h, "Ann", "", false)
	h.setTable(&clockTable{deadline: time.Now().Add(30 * time.Millisecond)})
	for _, w := range []*watcher{hw, aw} {
		w.waitView(t, "the time-up view", func(v View) bool { return string(v.Game) == `"time up"` })
	}
	views, notices := aw.counts()
	if notices != 0 || views < 2 {
		t.Fatalf("Ann got %d views and %d notices", views, notices)
	}
	if got := names(must(aw.lastView())); !slices.Equal(got, []string{"Hana", "Ann"}) {
		t.Fatalf("table after the timer: %v", got)
	}
}

func must(v View, ok bool) View {
	if !ok {
		panic("no view")
	}
	return v
}
