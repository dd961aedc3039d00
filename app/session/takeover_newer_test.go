//go:build !js

package session

import (
	"testing"
)

// APP-HOST-2: the newest state the table holds is the one that goes on, even when only the
// last device to agree has it: its give completes the majority and its newer copy follows
// the give, so the asker must open that copy, not the older ones it had when the majority
// was reached.
func TestTheLastGiversNewerCopyIsTheOneThatGoesOn_APP_HOST_2(t *testing.T) {
	ht := takeoverTable(t, 4) // four holders: three shares open the copy
	if err := ht.host.Player().Send(vote(1)); err != nil {
		t.Fatal(err)
	}
	ht.watchers[0].waitView(t, "one vote", func(v View) bool { return gameView(v).Voted == 1 })
	older := holdingNow(t, ht.peers, ht.host.State())
	ht.killMidVote(t) // peers[0]'s vote too: every holder gets a copy with two votes, then the host dies
	asker, first, last := ht.peers[1], ht.peers[2], ht.peers[3]
	for _, i := range []int{1, 2} { // the asker and the first giver missed the newest copy
		p := ht.peers[i]
		p.mu.Lock()
		p.keep.copy = older[i].copy
		p.mu.Unlock()
	}
	ht.takeoverNews(t, asker, "the offer", offered)
	if err := asker.AskTakeover(); err != nil {
		t.Fatal(err)
	}
	ht.takeoverNews(t, first, "the ask", func(u Takeover) bool { return Seat(u.Asker) == asker.Seat() })
	if err := first.AgreeTakeover(); err != nil {
		t.Fatal(err)
	}
	ht.takeoverNews(t, asker, "two shares", func(u Takeover) bool { return u.Asking && u.Have == 2 })
	ht.takeoverNews(t, last, "the ask", func(u Takeover) bool { return Seat(u.Asker) == asker.Seat() })
	if err := last.AgreeTakeover(); err != nil {
		t.Fatal(err)
	}
	newHost := ht.newHostOf(t, asker)
	v := ht.watcherOf(newHost.Player()).waitView(t, "the new host's view", func(View) bool { return true })
	if g := gameView(v); g.Voted != 2 {
		t.Errorf("the game goes on with %d votes, want the 2 of the newest copy, which the last giver sent", g.Voted)
	}
}
