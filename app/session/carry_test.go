//go:build !js

package session

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"
	"time"
)

// carryAcrossReload is what a tab does when it reloads: its page carries the seat, the old
// client goes with the page, and the next page goes on with what was carried (changed by
// edit, if any).
func (ht *handoffTable) carryAcrossReload(t *testing.T, p *Client, o Options, edit ...func(*carriedSeat)) *Client {
	t.Helper()
	carried, err := p.Carry()
	if err != nil {
		t.Fatal(err)
	}
	p.Close()
	if len(edit) > 0 {
		var k carriedSeat
		if err := json.Unmarshal(carried, &k); err != nil {
			t.Fatal(err)
		}
		for _, f := range edit {
			f(&k)
		}
		if carried, err = json.Marshal(k); err != nil {
			t.Fatal(err)
		}
	}
	next, err := JoinCarried(o, ht.host.Room(), ht.host.Secret(), carried)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { next.Close() })
	return next
}

// APP-HOST-2, APP-REJOIN-1: a guest's tab reloads while the host's device is away. Before, the
// reloaded page had lost its share and sealed copy (only the host gives them), so it could
// neither ask nor help: a table of guests who had reloaded, or of player-build phones that
// must reload into the full build to host, could not continue the game. The carried seat
// asks, the others agree, and the game goes on there with every seat's card.
func TestASeatCarriedAcrossAReloadTakesTheGameOver_APP_HOST_2(t *testing.T) {
	ht := takeoverTable(t, 4)
	ht.killMidVote(t)
	ht.takeoverNews(t, ht.peers[1], "the offer before the reload", offered)
	// The wait before the offer counts from the first page's sight of the host away, not
	// from the new page's: a page that had seen it away an hour ago offers at once.
	o := playerOptions(ht.url, "P2")
	o.TakeoverAfter = 30 * time.Minute
	asker := ht.carryAcrossReload(t, ht.peers[1], o, func(k *carriedSeat) {
		if k.AwaySince.IsZero() {
			t.Fatal("the page that saw the host away carried no time of it")
		}
		k.AwaySince = time.Now().Add(-time.Hour)
	})
	ht.takeoverNews(t, asker, "the offer after the reload", offered)
	if err := asker.AskTakeover(); err != nil {
		t.Fatal(err)
	}
	for _, p := range []*Client{ht.peers[2], ht.peers[3]} {
		ht.agreeOnceHeard(t, p, asker)
	}
	newHost := ht.newHostOf(t, asker)
	if newHost.Player().Seat() != 2 {
		t.Fatalf("the carried seat hosts as seat %d, want 2", newHost.Player().Seat())
	}
	for _, c := range []*Client{newHost.Player(), ht.peers[0], ht.peers[2], ht.peers[3]} {
		ht.watcherOf(c).waitView(t, "the game on the carried seat's device, both votes kept", func(v View) bool {
			g := gameView(v)
			return g.Voted == 2 && g.Card == ht.cards[c.Seat()]
		})
	}
}

// APP-HOST-2: a reloaded seat still helps another device continue the game: its carried
// share counts towards the majority.
func TestASeatCarriedAcrossAReloadAgreesToATakeover_APP_HOST_2(t *testing.T) {
	ht := takeoverTable(t, 4) // three of the four holders' shares open the copy
	ht.killMidVote(t)
	ht.takeoverNews(t, ht.peers[3], "the offer before the reload", offered)
	o := playerOptions(ht.url, "P4")
	o.TakeoverAfter = 300 * time.Millisecond
	giver := ht.carryAcrossReload(t, ht.peers[3], o)
	asker := ht.peers[1]
	ht.takeoverNews(t, asker, "the offer", offered)
	if err := asker.AskTakeover(); err != nil {
		t.Fatal(err)
	}
	ht.agreeOnceHeard(t, ht.peers[2], asker)
	ht.agreeOnceHeard(t, giver, asker)
	newHost := ht.newHostOf(t, asker)
	ht.watcherOf(giver).waitView(t, "the carried seat back at the new host with its card", func(v View) bool {
		return gameView(v).Card == ht.cards[4] && gameView(v).Voted == 2
	})
	if newHost.Player().Seat() != asker.Seat() {
		t.Fatalf("the new host is seat %d", newHost.Player().Seat())
	}
}

// APP-REJOIN-1: with the host there, a carried seat comes back online as itself, the host
// sends its share again, and nothing else changes.
func TestASeatCarriedWhileTheHostIsThereComesBackAsItself(t *testing.T) {
	ht := takeoverTable(t, 2)
	p := ht.peers[0]
	back := ht.carryAcrossReload(t, p, playerOptions(ht.url, "P1"))
	w := ht.watcherOf(back)
	w.waitView(t, "the same seat and card back", func(v View) bool { return gameView(v).Card == ht.cards[1] })
	if back.Seat() != 1 {
		t.Fatalf("seat %d, want 1", back.Seat())
	}
	w.until(t, "its share again", func() bool { return back.Holding().Holds })
	ht.watchers[0].waitView(t, "the host sees every seat online", allOnline(3))
}

// APP-REJOIN-1, APP-REJOIN-2: a guest's tab reloads while the host's tab is away; when the host
// comes back, the carried seat is online again as itself, with its card, and the host's
// view lists every seat online.
func TestASeatCarriedWhileTheHostIsAwayComesBackWithTheHost_APP_REJOIN_1(t *testing.T) {
	ht := takeoverTable(t, 2)
	holdingNow(t, ht.peers, ht.host.State())
	ht.crash()
	p := ht.peers[0]
	ht.watcherOf(p).until(t, "the host away", func() bool { return !p.isOnline() })
	back := ht.carryAcrossReload(t, p, playerOptions(ht.url, "P1"))
	w := ht.watcherOf(back)
	w.until(t, "the carried seat reconnecting", func() bool { return slices.Contains(w.status, StatusReconnecting) })
	if back.Holding().State == 0 {
		t.Fatal("the carried seat holds no sealed copy while the host is away")
	}
	host, err := ht.resumeFrom(t, ht.store)
	if err != nil {
		t.Fatal(err)
	}
	w.waitView(t, "the same card back from the host", func(v View) bool { return gameView(v).Card == ht.cards[1] })
	if back.Seat() != 1 {
		t.Fatalf("seat %d, want 1", back.Seat())
	}
	ht.watcherOf(host.Player()).waitView(t, "every seat online at the host", allOnline(3))
}

// Bad input: what does not fit the room, or a share that is not the deal's, is refused
// before anything starts.
func TestJoinCarriedRefusesWhatDoesNotFit(t *testing.T) {
	ht := takeoverTable(t, 2)
	holdingNow(t, ht.peers, ht.host.State())
	good, err := ht.peers[0].Carry()
	if err != nil {
		t.Fatal(err)
	}
	var other carriedSeat
	if err := json.Unmarshal(good, &other); err != nil {
		t.Fatal(err)
	}
	forged := other
	forged.Share.Data = append([]byte(nil), forged.Share.Data...)
	forged.Share.Data[0] ^= 1
	otherRoom := other
	otherRoom.Room = "ZZZZ"
	noToken := other
	noToken.Token = ""
	encode := func(k carriedSeat) []byte {
		b, err := json.Marshal(k)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	for name, carried := range map[string][]byte{
		"not JSON":         []byte("{"),
		"an unknown field": []byte(`{"room":"` + other.Room + `","seat":1,"token":"x","extra":1}`),
		"a forged share":   encode(forged),
		"another room":     encode(otherRoom),
		"no token":         encode(noToken),
	} {
		c, err := JoinCarried(playerOptions(ht.url, "P1"), ht.host.Room(), ht.host.Secret(), carried)
		if !errors.Is(err, ErrNotCarried) {
			if c != nil {
				c.Close()
			}
			t.Errorf("%s: %v, want ErrNotCarried", name, err)
		}
	}
	if _, err := (&Client{seat: -1}).Carry(); !errors.Is(err, ErrNotCarried) {
		t.Errorf("a client never seated carried: %v", err)
	}
}
