//go:build !wasm

package e2e

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"safehouse/app/game"
	"safehouse/app/session"
	"safehouse/engine"
	"safehouse/engine/spyfall"
)

// steppedClock is a natively hosted game's clock, which a test moves past the end of a round
// instead of waiting minutes. Only the game reads it: the connections keep real time.
type steppedClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *steppedClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *steppedClock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// nativeTable is a Spyfall game hosted natively (session.Host with a game.Room on a stepped
// clock), whose other players are browser tabs that came by the invite link: the way to show
// the end-of-time procedures in the browser, since the shortest round lasts minutes.
type nativeTable struct {
	t     *testing.T
	h     *harness
	host  *session.HostSession
	clock *steppedClock
	me    *spyPeer // the host's own player
	tabs  map[string]*tab
	seat  map[string]engine.Seat // each tab's engine seat, by name
}

func openNativeTable(t *testing.T, h *harness, names ...string) *nativeTable {
	t.Helper()
	return openNativeTableSeeded(t, h, 7, names...)
}

// openNativeTableSeeded is openNativeTable with the game's seed, which decides every deal.
func openNativeTableSeeded(t *testing.T, h *harness, seed uint64, names ...string) *nativeTable {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	host, err := session.Host(ctx, session.Options{SignalURL: h.signal, Name: "Maya", Loopback: true})
	if err != nil {
		t.Fatalf("the native host: %v", err)
	}
	n := &nativeTable{t: t, h: h, host: host, clock: &steppedClock{now: time.Now()},
		tabs: map[string]*tab{}, seat: map[string]engine.Seat{}}
	// A fixed seed makes the deal the same every run (with 7, a tab deals, so the tabs act first).
	host.SetTable(game.NewRoom(game.Options{Now: n.clock.Now, Seed: func() uint64 { return seed }}))
	n.me = &spyPeer{t: t, name: "Maya", client: host.Player()}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for u := range host.Player().Updates() {
			n.me.update(u)
		}
	}()
	t.Cleanup(func() {
		host.Close()
		<-done
	})
	link := fmt.Sprintf("%s/#join=%s&k=%s", h.origin, host.Room(), host.Secret())
	for i, name := range names {
		tb := h.openBrowser(name, h.origin, true)
		tb.open(link)
		tb.typeInto("name", name)
		tb.click("join")
		tb.waitJS(fmt.Sprintf(`document.querySelectorAll("#players .player-name").length === %d`, i+2), name+" seated")
		n.tabs[name] = tb
	}
	return n
}

// start starts the game with settings (the host's own choice, sent as its intent), deals
// round 1 and has the dealer start the clock.
func (n *nativeTable) start(settings game.Settings) {
	n.t.Helper()
	n.send(game.SetSettings(settings))
	n.send(game.Start())
	v := n.me.waitView("round 1 dealt", func(v *spyfall.View) bool { return v.Phase == spyfall.PhaseDealt && v.Round == 1 })
	for _, st := range v.Seats {
		if st.ID != v.Seat {
			n.seat[st.Name] = st.ID
		}
	}
	if v.Dealer == v.Seat {
		n.me.act(spyfall.StartClock{Round: 1})
	} else {
		n.tabOf(v.Dealer).click("start-clock")
	}
	n.me.waitView("the clock running", func(v *spyfall.View) bool { return v.Phase == spyfall.PhasePlaying })
}

func (n *nativeTable) send(in session.Intent) {
	n.t.Helper()
	if err := n.host.Player().Send(in); err != nil {
		n.t.Fatalf("the host's intent %s: %v", in.Kind, err)
	}
}

// tabOf is the browser tab playing seat, nil for the host's own seat.
func (n *nativeTable) tabOf(seat engine.Seat) *tab {
	for name, s := range n.seat {
		if s == seat {
			return n.tabs[name]
		}
	}
	return nil
}

// timeUp moves the game's clock past the end of the round and lets the host see it.
func (n *nativeTable) timeUp() {
	n.t.Helper()
	n.clock.add(12*time.Minute + time.Second) // longer than any round
	n.host.Advance()
}

// vote has every voter still to vote on the vote in progress vote yes or no, the tabs by
// their buttons and the host by its intent.
func (n *nativeTable) vote(yes bool) {
	n.t.Helper()
	v := n.me.waitView("a vote", func(v *spyfall.View) bool { return v.Vote != nil })
	for _, voter := range v.Vote.Voters {
		if slices.Contains(v.Vote.Voted, voter) {
			continue
		}
		tb := n.tabOf(voter)
		if tb == nil {
			n.me.act(spyfall.Vote{Vote: v.Vote.ID, Yes: yes})
			continue
		}
		button := "vote-no"
		if yes {
			button = "vote-yes"
		}
		tb.waitJS(fmt.Sprintf(`document.getElementById(%q) !== null`, button), "the vote buttons")
		tb.click(button)
	}
}

// SF-END-1a in the browser: at time up in classic Spyfall the seats accuse in turn from the
// dealer; a tab in turn picks its suspect on screen, the others are told who is choosing, and
// a unanimous vote ends the round.
func TestTimeUpClassicAccusationRound(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	n := openNativeTable(t, h, "Leo", "Nadia")
	set := game.DefaultSettings()
	set.Config(game.Spyfall).(*spyfall.Config).Rounds = 1
	n.start(set)

	n.timeUp()
	v := n.me.waitView("time up", func(v *spyfall.View) bool { return v.Phase == spyfall.PhaseEndAccuse })
	if v.EndTurn != v.Dealer {
		t.Fatalf("seat %d accuses first, want the dealer %d", v.EndTurn, v.Dealer)
	}
	if n.tabOf(v.Dealer) == nil {
		t.Fatal("the host's seat deals: the seed should have a tab deal, so a tab accuses on screen")
	}
	for name, tb := range n.tabs {
		tb.waitJS(`document.getElementById("time-up") !== null`, "the time-up screen")
		want := seatName(v, v.EndTurn) + " is choosing whom to accuse."
		if n.seat[name] == v.EndTurn {
			want = "Your turn: accuse the player you suspect."
		}
		if got := tb.text("end-turn"); got != want {
			tb.fatalf("the time-up screen says %q, want %q", got, want)
		}
	}
	h.screenshots(n.tabs["Leo"], "sf-time-up")

	// The seat in turn accuses the seat after it; everyone else votes yes.
	turn := v.EndTurn
	suspect := v.Seats[(slices.IndexFunc(v.Seats, func(s spyfall.SeatView) bool { return s.ID == turn })+1)%len(v.Seats)].ID
	if tb := n.tabOf(turn); tb != nil {
		press(tb, fmt.Sprintf("#sf-players button[data-seat='%d']", suspect))
		tb.waitJS(fmt.Sprintf(`document.querySelector("#sf-players button[data-seat='%d'][aria-pressed=true]") !== null`, suspect), "the suspect picked")
		tb.click("accuse-confirm")
	} else {
		n.me.act(spyfall.Accuse{Round: 1, Suspect: suspect})
	}
	v = n.me.waitView("the end vote", func(v *spyfall.View) bool { return v.Phase == spyfall.PhaseEndVote })
	if v.Vote == nil || v.Vote.Suspect != suspect || v.Vote.Accuser != turn {
		t.Fatalf("vote %+v, want %d accusing %d", v.Vote, turn, suspect)
	}
	for _, tb := range n.tabs {
		tb.waitJS(`document.getElementById("vote-head") !== null && document.querySelector(".sf-timeup") !== null`, "the end vote on screen")
	}
	n.vote(true)

	// Unanimous: the accused's card is shown and the game, of one round, is over.
	n.me.waitView("the game over", func(v *spyfall.View) bool { return v.Phase == spyfall.PhaseGameOver })
	for _, tb := range n.tabs {
		tb.waitJS(`document.querySelector("main.spyfall[data-phase='game_over']") !== null`, "the final result")
	}
	h.screenshots(n.tabs["Nadia"], "sf-time-up-final")
}

// SF-END-1b in the browser: at time up in Time Travel everyone votes on one seat at a time
// from the dealer; a vote that fails moves on to the next seat, on every screen.
func TestTimeUpSeatBySeatVotes(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	n := openNativeTable(t, h, "Leo", "Nadia", "Omar")
	set := game.DefaultSettings().With(game.Spyfall, &spyfall.Config{Edition: spyfall.TimeTravel, Rounds: 1})
	n.start(set)

	n.timeUp()
	v := n.me.waitView("the first seat vote", func(v *spyfall.View) bool {
		return v.Phase == spyfall.PhaseEndVote && v.Vote != nil && v.Vote.Kind == spyfall.VoteEndSeat
	})
	if v.Vote.Suspect != v.Dealer {
		t.Fatalf("the first vote is on seat %d, want the dealer %d", v.Vote.Suspect, v.Dealer)
	}
	head := func(seat engine.Seat) string { return "Is " + seatName(v, seat) + " the spy?" }
	for _, tb := range n.tabs {
		tb.waitJS(fmt.Sprintf(`document.getElementById("vote-head") !== null && document.getElementById("vote-head").textContent === %q`, head(v.Dealer)), "the vote on the dealer")
	}
	h.screenshots(n.tabs["Leo"], "sf-time-up-seat-vote")

	// Everyone says no: the vote moves to the next seat, on every screen.
	first := v.Vote.ID
	n.vote(false)
	v = n.me.waitView("the second seat vote", func(v *spyfall.View) bool {
		return v.Phase == spyfall.PhaseEndVote && v.Vote != nil && v.Vote.ID != first
	})
	next := v.Seats[(slices.IndexFunc(v.Seats, func(s spyfall.SeatView) bool { return s.ID == v.Dealer })+1)%len(v.Seats)].ID
	if v.Vote.Suspect != next {
		t.Fatalf("the second vote is on seat %d, want %d (left of the dealer)", v.Vote.Suspect, next)
	}
	for _, tb := range n.tabs {
		tb.waitJS(fmt.Sprintf(`document.getElementById("vote-head").textContent === %q`, head(next)), "the vote on the next seat")
	}

	// Everyone says yes: that seat's card is shown and the one-round game is over.
	n.vote(true)
	n.me.waitView("the game over", func(v *spyfall.View) bool { return v.Phase == spyfall.PhaseGameOver })
	for _, tb := range n.tabs {
		tb.waitJS(`document.querySelector("main.spyfall[data-phase='game_over']") !== null`, "the final result")
	}
}

// seatName is the name of seat in v.
func seatName(v *spyfall.View, seat engine.Seat) string {
	for _, s := range v.Seats {
		if s.ID == seat {
			return s.Name
		}
	}
	return fmt.Sprint(seat)
}
