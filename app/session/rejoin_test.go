//go:build !js

package session

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"sync"
	"testing"
	"time"
)

// chaosOptions are test options for players that notice a dead connection and come back fast.
func chaosOptions(url, name string) Options {
	o := testOptions(url, name)
	o.Heartbeat = 200 * time.Millisecond
	o.RetryDelay = 20 * time.Millisecond
	o.RetryMaxDelay = 200 * time.Millisecond
	return o
}

// kill cuts a remote client's current connection from its side, as a phone losing its
// network does; the client must notice and come back by itself.
func kill(c *Client) {
	if dc, ok := c.current().(*dataChannelConn); ok { // a QR player's channel (qrjoin.go)
		_ = dc.Close()
		return
	}
	if pc, ok := c.current().(*peerConn); ok {
		pc.p.mu.Lock()
		rtc := pc.p.pc
		pc.p.mu.Unlock()
		if rtc != nil {
			_ = rtc.Close()
		}
		_ = pc.Conn.Close()
	}
}

// crash stops a host the way a closed or reloaded tab does: no farewell to anyone.
func (h *HostSession) crash() {
	var links map[string]*peerLink
	h.netHost.crash(func() {
		h.halt()
		h.mu.Lock()
		links = h.links
		h.links = map[string]*peerLink{}
		h.mu.Unlock()
	}, func() {
		_ = h.signal().ws.CloseNow()
		h.signal().close()
		h.wg.Wait()
		for _, l := range links {
			if l.relay != nil {
				_ = l.relay.Close()
			}
			if l.pc != nil {
				_ = l.pc.Close()
			}
		}
	})
}

// crash ends the host as close does, but as a tab that vanished: no word to any player, and
// the saved state kept as it was.
func (n *netHost) crash(stop, release func()) {
	n.closeOnce.Do(func() {
		stop()
		n.core.mu.Lock()
		n.core.closed = true
		n.core.scheduleLocked() // closed: stops the game's timer
		conns := make([]*hostConn, 0, len(n.core.conns))
		for hc := range n.core.conns {
			conns = append(conns, hc)
		}
		n.core.mu.Unlock()
		release()
		for _, hc := range conns {
			_ = hc.conn.Close()
		}
		n.player.Close()
		close(n.quiet)
		n.core.wg.Wait()
		n.waiters.Wait()
	})
}

// onlines counts how many times a watcher's client came online (its first welcome included).
func onlines(w *watcher) int {
	n := 0
	for _, s := range w.status {
		if s == StatusOnline {
			n++
		}
	}
	return n
}

// APP-REJOIN-1: a player whose connection dies in the middle of a vote comes back by itself
// to the same seat with the same card, and the vote completes with everyone's vote counted once.
func TestConnectionKilledMidVoteComesBackToTheSameSeat_APP_REJOIN_1(t *testing.T) {
	url, _ := startSignaling(t)
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	host, err := Host(ctx, chaosOptions(url, "Hana"))
	if err != nil {
		t.Fatal(err)
	}
	defer host.Close()
	peers := make([]*Client, 3)
	for i := range peers {
		if peers[i], err = Join(ctx, chaosOptions(url, fmt.Sprintf("P%d", i+1)), host.Room(), host.Secret()); err != nil {
			t.Fatal(err)
		}
		defer peers[i].Close()
	}
	cards := map[Seat]string{0: "card-harbour", 1: "card-circus", 2: "card-embassy", 3: "card-vineyard"}
	table := newVoteTable(4, cards)
	host.SetTable(table)
	clients := append([]*Client{host.Player()}, peers...)
	watchers := make([]*watcher, len(clients))
	for i, c := range clients {
		watchers[i] = watch(c)
	}
	victim, vw := peers[1], watchers[2]
	seatBefore, tokenBefore := victim.Seat(), victim.Token()
	vw.waitView(t, "the victim's card", func(v View) bool { return gameView(v).Card == cards[seatBefore] })

	// Two votes are in, then the victim's connection dies; it votes while it is away.
	for _, c := range clients[:2] {
		if err := c.Send(vote(1)); err != nil {
			t.Fatal(err)
		}
	}
	watchers[0].waitView(t, "two votes", func(v View) bool { return gameView(v).Voted == 2 })
	kill(victim)
	if err := victim.Send(vote(1)); err != nil {
		t.Fatalf("a vote while reconnecting: %v", err)
	}
	if err := peers[2].Send(vote(1)); err != nil {
		t.Fatal(err)
	}

	for i, w := range watchers {
		v := w.waitView(t, "the vote completed", func(v View) bool {
			return len(gameView(v).Results) == 1 && len(v.Players) == 4 && v.Players[seatBefore].Online
		})
		if got := gameView(v).Results[0]; got != 4 {
			t.Errorf("client %d: the round counted %d votes, want 4", i, got)
		}
	}
	vw.until(t, "a second welcome", func() bool { return onlines(vw) >= 2 })
	if victim.Seat() != seatBefore || victim.Token() != tokenBefore {
		t.Errorf("came back as seat %d token %q, want seat %d and the same token", victim.Seat(), victim.Token(), seatBefore)
	}
	if v, _ := vw.lastView(); gameView(v).Card != cards[seatBefore] || v.You != seatBefore {
		t.Errorf("after the reconnect the victim sees seat %d card %q, want seat %d card %q", v.You, gameView(v).Card, seatBefore, cards[seatBefore])
	}
	if got := len(host.Players()); got != 4 {
		t.Errorf("%d seats after the reconnect, want 4", got)
	}
	vw.mu.Lock()
	defer vw.mu.Unlock()
	sawReconnecting := false
	for _, s := range vw.status {
		sawReconnecting = sawReconnecting || s == StatusReconnecting
	}
	if !sawReconnecting {
		t.Errorf("statuses %v: want reconnecting between the two onlines", vw.status)
	}
	for _, n := range vw.notices {
		if n.Code == CodeRefused {
			t.Errorf("the victim's vote was refused: %s", n.Notice)
		}
	}
}

// APP-REJOIN-2: a host that stops without a word (a reloaded tab) comes back from its saved
// state, reclaims the same room, and every player comes back by itself to its seat and card;
// the game continues where it was.
func TestHostRestartedFromItsSavedStateContinues_APP_REJOIN_2(t *testing.T) {
	url, _ := startSignaling(t)
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	store := &MemoryStore{}
	opts := chaosOptions(url, "Hana")
	opts.Store = store
	host, err := Host(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	peers := make([]*Client, 3)
	for i := range peers {
		if peers[i], err = Join(ctx, chaosOptions(url, fmt.Sprintf("P%d", i+1)), host.Room(), host.Secret()); err != nil {
			t.Fatal(err)
		}
		defer peers[i].Close()
	}
	cards := map[Seat]string{0: "card-harbour", 1: "card-circus", 2: "card-embassy", 3: "card-vineyard"}
	host.SetTable(newVoteTable(4, cards))
	watchers := make([]*watcher, len(peers))
	for i, c := range peers {
		watchers[i] = watch(c)
	}
	if err := host.Player().Send(vote(1)); err != nil {
		t.Fatal(err)
	}
	if err := peers[0].Send(vote(1)); err != nil {
		t.Fatal(err)
	}
	watchers[2].waitView(t, "two votes", func(v View) bool { return gameView(v).Voted == 2 })
	room, stateBefore := host.Room(), host.State()

	host.crash()

	saved, err := store.Load()
	if err != nil || saved == nil {
		t.Fatalf("nothing saved: %v", err)
	}
	st, err := DecodeHostState(saved)
	if err != nil {
		t.Fatal(err)
	}
	table, err := restoreVoteTable(st.Game)
	if err != nil {
		t.Fatal(err)
	}
	resumed, err := ResumeHost(ctx, opts, st, table)
	if err != nil {
		t.Fatal(err)
	}
	defer resumed.Close()
	if resumed.Room() != room || resumed.Player().Seat() != 0 {
		t.Fatalf("resumed room %s seat %d, want room %s seat 0", resumed.Room(), resumed.Player().Seat(), room)
	}
	for i, w := range watchers {
		v := w.waitView(t, "everyone back", func(v View) bool {
			if len(v.Players) != 4 || v.State <= stateBefore {
				return false
			}
			for _, p := range v.Players {
				if !p.Online {
					return false
				}
			}
			return true
		})
		if v.You != peers[i].Seat() || gameView(v).Card != cards[v.You] || gameView(v).Voted != 2 {
			t.Errorf("peer %d back as seat %d with card %q and %d votes, want seat %d card %q and 2 votes",
				i, v.You, gameView(v).Card, gameView(v).Voted, peers[i].Seat(), cards[peers[i].Seat()])
		}
	}
	for _, c := range peers[1:] {
		if err := c.Send(vote(1)); err != nil {
			t.Fatal(err)
		}
	}
	for i, w := range watchers {
		v := w.waitView(t, "the vote completed after the restart", func(v View) bool { return len(gameView(v).Results) == 1 })
		if got := gameView(v).Results[0]; got != 4 {
			t.Errorf("peer %d: the round counted %d votes, want 4", i, got)
		}
	}
	if got := table.snapshot().Round; got != 2 {
		t.Errorf("the restored table is in round %d, want 2", got)
	}
}

// randomDrops is how many connections a random-drop test drops: 12 under -race or -short, 40
// in make test's run without -race, and 100 with SAFEHOUSE_LONG (make test-long).
func randomDrops() int {
	switch {
	case testing.Short() || raceEnabled:
		return 12
	case os.Getenv("SAFEHOUSE_LONG") != "":
		return 100
	}
	return 40
}

// Random connection drops during a long run of actions: every action is applied exactly
// once (none lost, none twice, in the order sent), and every player ends on its own seat.
func TestRandomDropsApplyEveryActionOnce(t *testing.T) {
	drops, perPeer := randomDrops(), 60
	if drops < 40 {
		perPeer = 20
	}
	url, _ := startSignaling(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*patience)
	defer cancel()
	host, err := Host(ctx, chaosOptions(url, "Hana"))
	if err != nil {
		t.Fatal(err)
	}
	defer host.Close()
	table := newVoteTable(99, map[Seat]string{})
	host.SetTable(table)
	peers := make([]*Client, 3)
	watchers := make([]*watcher, len(peers))
	seats := make([]Seat, len(peers))
	for i := range peers {
		if peers[i], err = Join(ctx, chaosOptions(url, fmt.Sprintf("P%d", i+1)), host.Room(), host.Secret()); err != nil {
			t.Fatal(err)
		}
		defer peers[i].Close()
		watchers[i] = watch(peers[i])
		seats[i] = peers[i].Seat()
	}

	// Everyone keeps acting for as long as the drops go on, so drops land with actions in
	// flight.
	var senders sync.WaitGroup
	dropping := make(chan struct{})
	sent := make([]int, len(peers))
	for i, c := range peers {
		senders.Add(1)
		go func() {
			defer senders.Done()
			for id := 1; ; id++ {
				select {
				case <-dropping:
					if id > perPeer {
						return
					}
				default:
				}
				err := c.Send(addToken(id))
				for errors.Is(err, ErrOutboxFull) && ctx.Err() == nil {
					// A long reconnect filled the outbox: like a player told to wait, try
					// again later. The refused Send queued nothing, so nothing is lost.
					time.Sleep(20 * time.Millisecond)
					err = c.Send(addToken(id))
				}
				if err != nil {
					t.Errorf("peer %d token %d: %v", i, id, err)
					return
				}
				sent[i] = id
				time.Sleep(time.Duration(1+rand.IntN(3)) * time.Millisecond)
			}
		}()
	}
	rng := rand.New(rand.NewPCG(7, uint64(drops)))
	for range drops {
		i := rng.IntN(len(peers))
		w := watchers[i]
		w.mu.Lock()
		before := onlines(w)
		w.mu.Unlock()
		kill(peers[i])
		w.until(t, "a reconnect", func() bool { return onlines(w) > before })
	}
	close(dropping)
	senders.Wait()

	for i, w := range watchers {
		w.waitView(t, "every token on the pile", func(v View) bool { return gameView(v).Pile == sent[i] })
		if peers[i].Seat() != seats[i] {
			t.Errorf("peer %d ended on seat %d, started on %d", i, peers[i].Seat(), seats[i])
		}
		w.mu.Lock()
		for _, n := range w.notices {
			if n.Code == CodeRefused {
				t.Errorf("peer %d: an action was refused (applied twice?): %s", i, n.Notice)
			}
		}
		w.mu.Unlock()
	}
	piles := table.snapshot().Piles
	for i, s := range seats {
		pile := piles[s]
		if len(pile) != sent[i] {
			t.Errorf("seat %d has %d tokens, want %d", s, len(pile), sent[i])
			continue
		}
		for k, id := range pile {
			if id != k+1 {
				t.Errorf("peer %d: token %d applied in place %d (want each once, in order)", i, id, k+1)
				break
			}
		}
	}
	if got := len(host.Players()); got != 1+len(peers) {
		t.Errorf("%d seats after %d drops, want %d", got, drops, 1+len(peers))
	}
}

// With no direct connection possible, a whole game runs through the signaling server's
// relay; the server's traffic never holds a card (nor an envelope) in clear.
func TestGameOverTheRelayKeepsCardsFromTheServer(t *testing.T) {
	var mu sync.Mutex
	var traffic strings.Builder
	tap := func(raw []byte) {
		mu.Lock()
		traffic.Write(raw)
		traffic.WriteByte('\n')
		mu.Unlock()
	}
	signalTap.Store(&tap)
	defer signalTap.Store(nil)

	url, _ := startSignaling(t)
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	host, err := Host(ctx, chaosOptions(url, "Hana"))
	if err != nil {
		t.Fatal(err)
	}
	defer host.Close()
	cards := map[Seat]string{0: "card-harbour-XJ", 1: "card-circus-QZ", 2: "card-embassy-VW"}
	host.SetTable(newVoteTable(3, cards))
	secrets := []string{host.Secret(), ""} // one came by link, one typed the code
	peers := make([]*Client, 2)
	watchers := make([]*watcher, 2)
	for i := range peers {
		o := chaosOptions(url, fmt.Sprintf("Relayed %d", i+1))
		o.noDirect = true
		o.DirectTimeout = 300 * time.Millisecond
		if secrets[i] == "" {
			o.OnWaiting = letInWhenWaiting(host, o.Name) // the host lets the typed-code player in
		}
		if peers[i], err = Join(ctx, o, host.Room(), secrets[i]); err != nil {
			t.Fatal(err)
		}
		defer peers[i].Close()
		watchers[i] = watch(peers[i])
		if _, relayed := peers[i].current().(*peerConn).Conn.(*relayConn); !relayed {
			t.Fatalf("peer %d is not on the relay", i)
		}
	}
	for round := 1; round <= 3; round++ {
		for _, c := range append([]*Client{host.Player()}, peers...) {
			if err := c.Send(vote(round)); err != nil {
				t.Fatal(err)
			}
		}
		for i, w := range watchers {
			v := w.waitView(t, "the round's result", func(v View) bool { return len(gameView(v).Results) == round })
			if gameView(v).Card != cards[v.You] {
				t.Errorf("peer %d sees card %q, want %q", i, gameView(v).Card, cards[v.You])
			}
		}
	}
	mu.Lock()
	seen := traffic.String()
	mu.Unlock()
	if !strings.Contains(seen, `"relay"`) {
		t.Fatal("no relay frame went through the signaling server")
	}
	for _, clear := range []string{"card-", `"t":"view"`, `"t":"intent"`, "Relayed 1"} {
		if strings.Contains(seen, clear) {
			t.Errorf("the signaling server saw %q in clear", clear)
		}
	}
}
