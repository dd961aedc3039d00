//go:build !js

package session

import (
	"bytes"
	"testing"
	"time"

	"safehouse/app/session/internal/sealed"
	"safehouse/wire"
)

// lineOf joins ht's room on a socket of the test's own, as a device of the table would.
// askHeard kills the host mid-vote, has peers[1] ask to take over and waits until peers[3]
// heard the ask. It returns what a forger holding the table's line key knows (it is not the
// server): the ask, the connection it came from as the witness saw it, and the witness's own
// share and sealed copy.
func (ht *handoffTable) askHeard(t *testing.T) (asker, witness *Client, ask askBody, from string, k holding) {
	t.Helper()
	ht.killMidVote(t)
	asker, witness = ht.peers[1], ht.peers[3]
	ht.takeoverNews(t, asker, "the offer", offered)
	if err := asker.AskTakeover(); err != nil {
		t.Fatal(err)
	}
	ht.takeoverNews(t, witness, "the ask", func(u Takeover) bool { return Seat(u.Asker) == asker.Seat() })
	asker.take.mu.Lock()
	ask = asker.take.ask.body
	asker.take.mu.Unlock()
	witness.take.mu.Lock()
	from = witness.take.asks[ask.ID].from
	witness.take.mu.Unlock()
	witness.mu.Lock()
	k = *witness.keep
	witness.mu.Unlock()
	return asker, witness, ask, from, k
}

func (ht *handoffTable) lineOf(t *testing.T) *signalClient {
	t.Helper()
	sig, err := dialSignal(ht.ctx, ht.url, ht.host.Room())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(sig.close)
	if err := sig.send(wire.Message{T: wire.TypeJoin, Room: ht.host.Room()}); err != nil {
		t.Fatal(err)
	}
	if m, err := sig.await(ht.ctx); err != nil || m.T != wire.TypeJoined {
		t.Fatalf("joining: %+v %v", m, err)
	}
	return sig
}

// Bad input to an asker (APP-HOST-3): a share of another game, one of an older deal, a forged
// one and one that does not decrypt each get their own notice and never count; the majority
// that really agrees still opens the copy.
func TestBadSharesAreRefusedEachWithItsOwnNotice_APP_HOST_3(t *testing.T) {
	ht := takeoverTable(t, 4)
	asker, witness, ask, from, k := ht.askHeard(t)

	_, otherShares, err := sealed.NewDeal(k.deal.Game, sealed.Key{7}, 4) // an older deal of this game
	if err != nil {
		t.Fatal(err)
	}
	foreign := k.share
	foreign.Game = sealed.GameID("another game")
	forged := k.share
	forged.Data = bytes.Clone(forged.Data)
	forged.Data[0] ^= 0x55
	line := ht.lineOf(t)
	give := func(s sealed.Share, garble bool) {
		pub, nonce, box, err := sealShare(k.line, ask, s)
		if err != nil {
			t.Fatal(err)
		}
		if garble {
			box[0] ^= 1
		}
		data, err := encodeTake(k.line, takeGive, giveBody{ID: ask.ID, Seat: int(witness.Seat()), Game: s.Game, Epoch: s.Epoch, Pub: pub, Nonce: nonce, Box: box})
		if err != nil {
			t.Fatal(err)
		}
		if err := lineSend(line, from, data); err != nil {
			t.Fatal(err)
		}
	}
	give(foreign, false)
	give(otherShares[0], false)
	give(forged, false)
	give(k.share, true)
	w := ht.watcherOf(asker)
	for _, code := range []string{NoticeShareOtherGame, NoticeShareStale, NoticeShareForged} {
		w.until(t, "the refusal "+code, func() bool { return hasCode(w, code) })
	}
	w.until(t, "two forged refusals", func() bool { return countCode(w.notices, NoticeShareForged) == 2 })
	asker.take.mu.Lock()
	have := asker.take.ask.ring.Count()
	asker.take.mu.Unlock()
	if have != 1 {
		t.Fatalf("the asker counts %d shares after four bad ones, want its own only", have)
	}
	for _, p := range []*Client{ht.peers[0], ht.peers[2]} {
		ht.agreeOnceHeard(t, p, asker)
	}
	ht.newHostOf(t, asker)
}

// agreeOnceHeard has p agree to asker's ask once p's device has heard it, as its player can
// only then (a device whose line to the table is not up yet refuses: ErrTakeoverNotNow).
func (ht *handoffTable) agreeOnceHeard(t *testing.T, p, asker *Client) {
	t.Helper()
	ht.takeoverNews(t, p, "the ask", func(u Takeover) bool { return Seat(u.Asker) == asker.Seat() })
	if err := p.AgreeTakeover(); err != nil {
		t.Fatal(err)
	}
}

// A sealed copy that does not open (damaged on the asker's device) ends the ask with its own
// notice: nobody hosts, and the shares gathered are forgotten.
func TestACopyThatDoesNotOpenChangesNothing_APP_HOST_3(t *testing.T) {
	ht := takeoverTable(t, 3)
	ht.killMidVote(t)
	asker := ht.peers[1]
	ht.takeoverNews(t, asker, "the offer", offered)
	asker.mu.Lock()
	bad := *asker.keep.copy
	bad.Box = bytes.Clone(bad.Box)
	bad.Box[len(bad.Box)/2] ^= 0x80
	asker.keep.copy = &bad
	asker.mu.Unlock()
	if err := asker.AskTakeover(); err != nil {
		t.Fatal(err)
	}
	// The other holders' copies are as old as the asker's: none is sent along.
	ht.agreeOnceHeard(t, ht.peers[0], asker)
	ht.takeoverNews(t, asker, "the ask ended", func(u Takeover) bool { return u.Ended && u.Why == NoticeCopyDamaged })
	time.Sleep(200 * time.Millisecond)
	for _, p := range ht.peers {
		w := ht.watcherOf(p)
		w.mu.Lock()
		if len(w.hosts) > 0 {
			t.Errorf("seat %d hosts with a copy that does not open", p.Seat())
		}
		w.mu.Unlock()
	}
}

func hasCode(w *watcher, code string) bool { return countCode(w.notices, code) > 0 }

// Bad input to an asker (APP-HOST-3): a holder's give that names a state number its copy is
// not of (a genuine copy relabelled as newer, sent along with the give), or a newer copy
// that never comes, does not make the asker open anything else nor wait for ever: the copy
// is refused with its own notice and the game goes on from the newest copy that opens, the
// vote as it was.
func TestACopyOfTheWrongStateNumberIsRefused_APP_HOST_3(t *testing.T) {
	for _, sendCopy := range []bool{true, false} {
		t.Run(map[bool]string{true: "relabelled", false: "never sent"}[sendCopy], func(t *testing.T) {
			ht := takeoverTable(t, 4)
			asker, witness, ask, from, k := ht.askHeard(t)
			relabelled := *k.copy
			relabelled.State += 3

			line := ht.lineOf(t)
			pub, nonce, box, err := sealShare(k.line, ask, k.share)
			if err != nil {
				t.Fatal(err)
			}
			data, err := encodeTake(k.line, takeGive, giveBody{ID: ask.ID, Seat: int(witness.Seat()), Game: k.share.Game,
				Epoch: k.share.Epoch, State: relabelled.State, Pub: pub, Nonce: nonce, Box: box})
			if err != nil {
				t.Fatal(err)
			}
			out := []outgoingTake{{to: from, data: data}}
			if sendCopy {
				out = append(out, copyParts(k.line, ask.ID, from, relabelled)...)
			}
			for _, o := range out {
				if err := lineSend(line, o.to, o.data); err != nil {
					t.Fatal(err)
				}
			}
			w := ht.watcherOf(asker)
			ht.takeoverNews(t, asker, "two shares", func(u Takeover) bool { return u.Asking && u.Have == 2 })
			// The copy's parts follow the give; they tell the player nothing, so look.
			for deadline := time.Now().Add(patience); sendCopy; time.Sleep(10 * time.Millisecond) {
				asker.take.mu.Lock()
				has := asker.take.ask != nil && len(asker.take.ask.copies) == 2
				asker.take.mu.Unlock()
				if has {
					break
				}
				if time.Now().After(deadline) {
					t.Fatal("the relabelled copy never reached the asker")
				}
			}
			ht.agreeOnceHeard(t, ht.peers[0], asker)
			newHost := ht.newHostOf(t, asker)
			if !hasCode(w, NoticeCopyRefused) {
				t.Errorf("the asker was not told a copy was refused: %+v", w.notices)
			}
			if hasCode(w, NoticeCopyDamaged) {
				t.Error("the asker was told no copy opens, yet it hosts")
			}
			v := ht.watcherOf(newHost.Player()).waitView(t, "the new host's view", func(View) bool { return true })
			if g := gameView(v); g.Voted != 2 {
				t.Errorf("the game goes on with %d votes, want the 2 of the newest copy that opens", g.Voted)
			}
		})
	}
}
