//go:build !js

package session

import (
	"errors"
	"fmt"
	"testing"
	"time"
)

// APP-HOST-2: a host whose phone was only out of reach (its page never closed) while the table
// continued the game on another phone comes back to a room that is no longer its own: the
// signaling server refuses its claim, so it is told the game moved on (NoticeRoomLost, with
// Displaced), stops hosting, forgets its state, and its player rejoins as the seat it had,
// with its card and the votes as the new host has them.
func TestHostBackAfterATakeoverIsToldAndRejoinsItsSeat_APP_HOST_2(t *testing.T) {
	url, _ := startSignaling(t)
	ht := newHandoffTableOn(t, url, 4, func(o *Options) {
		// The host's phone stays out of reach until the test wakes it (Check).
		o.RetryDelay, o.RetryMaxDelay = 10*time.Minute, 10*time.Minute
	})
	for _, p := range ht.peers {
		p.mu.Lock()
		p.opts.TakeoverAfter = 300 * time.Millisecond
		p.mu.Unlock()
	}
	for _, c := range []*Client{ht.host.Player(), ht.peers[0]} {
		if err := c.Send(vote(1)); err != nil {
			t.Fatal(err)
		}
	}
	ht.watchers[0].waitView(t, "two votes", func(v View) bool { return gameView(v).Voted == 2 })
	holdingNow(t, ht.peers, ht.host.State())

	// The host's phone loses the network: the server loses its socket, every player its channel.
	_ = ht.host.signal().ws.CloseNow()
	for i, p := range ht.peers {
		w := ht.watchers[i+1]
		w.until(t, "the host away", func() bool { return hasNotice(w, NoticeHostAway) })
		kill(p)
	}
	asker := ht.peers[1]
	ht.takeoverNews(t, asker, "the offer", offered)
	if err := asker.AskTakeover(); err != nil {
		t.Fatal(err)
	}
	for _, p := range []*Client{ht.peers[2], ht.peers[3]} {
		ht.takeoverNews(t, p, "the ask", func(u Takeover) bool { return Seat(u.Asker) == asker.Seat() })
		if err := p.AgreeTakeover(); err != nil {
			t.Fatal(err)
		}
	}
	newHost := ht.newHostOf(t, asker)

	// The old host's phone is back.
	hw := ht.watchers[0]
	if ht.host.Displaced() {
		t.Fatal("the host counts itself displaced before it tried its room again")
	}
	ht.host.Check()
	hw.until(t, "the old host told the room is lost", func() bool { return hasNotice(hw, NoticeRoomLost) })
	if !ht.host.Displaced() {
		t.Fatal("the old host lost its room but does not know another device holds it")
	}
	if _, err := ht.resumeFrom(t, ht.store); !errors.Is(err, ErrRoomTaken) {
		t.Fatalf("the old host's saved game resumed: %v, want ErrRoomTaken", err)
	}
	// As the app does on that notice: the host closes, forgetting its state, and its player
	// joins again with its seat's token.
	token := ht.host.Player().Token()
	ht.host.Close()
	if data, _ := ht.store.Load(); data != nil {
		t.Error("the displaced host kept its state")
	}
	o := playerOptions(url, "Hana")
	o.Token = token
	old, err := Join(ht.ctx, o, newHost.Room(), newHost.Secret())
	if err != nil {
		t.Fatalf("the old host rejoining as its seat: %v", err)
	}
	defer old.Close()
	if old.Seat() != 0 {
		t.Fatalf("the old host came back as seat %d, want 0", old.Seat())
	}
	players := map[Seat]*Client{0: old, asker.Seat(): newHost.Player()}
	for _, p := range ht.peers {
		if p != asker {
			players[p.Seat()] = p
		}
	}
	for seat, c := range players {
		v := ht.watcherOf(c).waitView(t, fmt.Sprintf("seat %d with the new host", seat), func(v View) bool {
			// The new host's view: the old host's last ones had everyone online and two votes too.
			return allOnline(5)(v) && gameView(v).Voted == 2 && v.Players[0].Seat == asker.Seat()
		})
		if g := gameView(v); g.Card != ht.cards[seat] || v.You != seat || v.Players[0].Seat != asker.Seat() || !v.Players[0].Host {
			t.Errorf("seat %d: card %q as seat %d, first seat %+v; want card %q and seat %d hosting", seat, g.Card, v.You, v.Players[0], ht.cards[seat], asker.Seat())
		}
	}
	for _, seat := range []Seat{ht.peers[1].Seat(), ht.peers[2].Seat(), ht.peers[3].Seat()} {
		if err := players[seat].Send(vote(1)); err != nil {
			t.Fatal(err)
		}
	}
	for seat, c := range players {
		v := ht.watcherOf(c).waitView(t, "the vote completed", func(v View) bool { return len(gameView(v).Results) == 1 })
		if got := gameView(v).Results[0]; got != 5 {
			t.Errorf("seat %d: the round counted %d votes, want 5", seat, got)
		}
	}
}
