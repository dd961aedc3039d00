package session

import (
	"context"
	"crypto/ecdh"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"safehouse/app/session/internal/sealed"
	"safehouse/wire"
)

// Asking to continue the game on this device: the ask, its repeats and withdrawal, and,
// with a majority of shares, opening the newest copy and hosting the game here.

// AskTakeover asks the table to continue the game on this device (after Update.Takeover's
// offer). The devices whose players agree send their shares; with a majority this device
// becomes the host (Update.Host) and this client ends. Progress and the end come as
// Update.Takeover. An ask from a lower seat already under way makes this an agreement to it.
func (c *Client) AskTakeover() error {
	t := c.takeoverState()
	t.mu.Lock()
	c.mu.Lock()
	k := c.keep
	var cp *sealed.Copy
	var deal sealed.Deal
	var share sealed.Share
	var line []byte
	if k != nil {
		cp, deal, share, line = k.copy, k.deal, k.share, k.line
	}
	seat := c.seat
	c.mu.Unlock()
	switch {
	case !t.lineUp || c.isOnline():
		t.mu.Unlock()
		return ErrTakeoverNotNow
	case k == nil || cp == nil:
		t.mu.Unlock()
		return ErrTakeoverNoDeal
	case t.ask != nil:
		t.mu.Unlock()
		return nil
	}
	for _, a := range t.asks {
		if a.Seat < seat {
			t.agreed = true // a lower seat asks already: it wins, so this press agrees
			out := t.giveLocked()
			sig := t.line
			t.mu.Unlock()
			t.send(sig, out)
			return nil
		}
	}
	priv, err := ecdh.X25519().GenerateKey(rand.Reader)
	if err != nil {
		t.mu.Unlock()
		return err
	}
	a := &asking{priv: priv, deal: deal, line: line, ring: sealed.NewRing(deal), copies: []sealed.Copy{*cp},
		coming: map[string]*holding{}, named: map[string]uint64{}, copied: make(chan struct{}, 1), stop: make(chan struct{}), started: time.Now()}
	a.body = askBody{ID: newToken(), Seat: seat, Game: deal.Game, Epoch: deal.Epoch, State: cp.State, Pub: priv.PublicKey().Bytes()}
	if err := a.ring.Add(share); err != nil {
		t.mu.Unlock()
		return err
	}
	t.ask = a
	t.mu.Unlock()
	c.notify(Update{Takeover: &Takeover{Asking: true, Have: 1, Need: deal.Threshold, Asker: -1}})
	c.wg.Add(1)
	go t.keepAsking(a)
	return nil
}

// keepAsking says the ask again for devices whose line came later, and ends it at askLimit.
func (t *takeover) keepAsking(a *asking) {
	defer t.c.wg.Done()
	data, err := encodeTake(a.line, takeAsk, a.body)
	if err != nil {
		return
	}
	tick := time.NewTicker(askAgain)
	defer tick.Stop()
	limit := time.NewTimer(askLimit)
	defer limit.Stop()
	for {
		t.mu.Lock()
		sig := t.line
		t.mu.Unlock()
		t.send(sig, []outgoingTake{{to: wire.AllPeers, data: data}})
		select {
		case <-tick.C:
		case <-limit.C:
			t.giveUp(a)
			return
		case <-a.stop:
			return
		case <-t.c.done:
			return
		}
	}
}

// giveUp ends an ask that did not gather a majority in time: its shares are forgotten and
// the table hears it is withdrawn, so the givers may give again.
func (t *takeover) giveUp(a *asking) {
	t.mu.Lock()
	if t.ask != a || a.done {
		t.mu.Unlock()
		return
	}
	t.ask = nil
	a.end()
	out := withdrawOf(a)
	sig := t.line
	t.mu.Unlock()
	t.send(sig, out)
	t.c.notify(Update{Takeover: &Takeover{Ended: true, Why: NoticeTakeoverFailed, Asker: -1}})
	t.c.notify(Update{Notice: "Too few devices agreed in time: the game waits for its host.", Code: NoticeTakeoverFailed})
}

func withdrawOf(a *asking) []outgoingTake {
	data, err := encodeTake(a.line, takeWithdraw, withdrawBody{ID: a.body.ID, Seat: a.body.Seat})
	if err != nil {
		return nil
	}
	return []outgoingTake{{to: wire.AllPeers, data: data}}
}

// end forgets what an ask gathered.
func (a *asking) end() {
	if !a.done {
		a.done = true
		close(a.stop)
	}
	a.ring.Forget()
}

// finish opens the newest copy with the shares gathered and hosts the game on this device.
func (t *takeover) finish(a *asking) {
	c := t.c
	defer c.wg.Done()
	done := c.beginTaking()
	defer done()
	fail := func(code, msg string) {
		a.ring.Forget()
		t.mu.Lock()
		if t.ask == a {
			t.ask = nil
		}
		out := withdrawOf(a)
		sig := t.line
		t.mu.Unlock()
		t.send(sig, out)
		c.notify(Update{Takeover: &Takeover{Ended: true, Why: code, Asker: -1}})
		c.notify(Update{Notice: msg, Code: code})
	}
	copies, missing, ok := t.awaitCopies(a)
	if !ok {
		a.ring.Forget()
		return // this client is closing
	}
	key, err := a.ring.Key()
	a.ring.Forget()
	if err != nil {
		fail(NoticeShareForged, "The shares gathered do not make the key: "+err.Error())
		return
	}
	st, refused, err := openNewest(key, a.deal, copies)
	clear(key[:])
	refused = append(refused, missing...)
	if err == nil {
		st, err = st.hostedBy(c.Token())
	}
	if err != nil {
		fail(NoticeCopyDamaged, "No sealed copy opens: "+err.Error())
		return
	}
	if len(refused) > 0 {
		c.notify(Update{Code: NoticeCopyRefused, Notice: fmt.Sprintf(
			"A sealed copy of state %v did not come whole or does not open (changed, or not of that state): it was not used; the game goes on from state %d.", refused, st.State)})
	}
	ctx, cancel := context.WithTimeout(context.Background(), handoffTakeWait)
	defer cancel()
	c.cancelOnClose(ctx, cancel)
	host, err := c.becomeHost(ctx, st)
	if errors.Is(err, ErrRoomTaken) {
		fail(NoticeTakeoverLost, "Another device continues the game.")
		return
	}
	if err != nil {
		fail(NoticeTakeoverFailed, "This device could not continue the game: "+err.Error())
		return
	}
	c.notify(Update{Host: host})
	c.retire()
}

// copyWait bounds how long an asker with a majority waits for the newer copies its givers
// said they send along (they follow the give at once).
const copyWait = 3 * time.Second

// awaitCopies waits, up to copyWait, for the newer copies a's givers named, and returns the
// copies a has then, with the state numbers of those named that did not come whole. ok is
// false when this client closes meanwhile.
func (t *takeover) awaitCopies(a *asking) (copies []sealed.Copy, missing []uint64, ok bool) {
	limit := time.NewTimer(copyWait)
	defer limit.Stop()
	for passed := false; ; {
		t.mu.Lock()
		if len(a.named) > 0 && !passed {
			t.mu.Unlock()
			select {
			case <-a.copied:
			case <-limit.C:
				passed = true
			case <-t.c.done:
				return nil, nil, false
			}
			continue
		}
		copies = slices.Clone(a.copies)
		for _, n := range a.named {
			missing = append(missing, n)
		}
		clear(a.named)
		t.mu.Unlock()
		slices.Sort(missing)
		return copies, missing, true
	}
}

// openNewest opens the newest of copies that opens with key, and makes its state this
// device's to host: its own seat first, the clock going on from the moment it was sealed.
// refused are the state numbers of the newer copies that did not open: a copy changed on
// its way, or relabelled with a state number it is not of (the number is sealed in).
func openNewest(key sealed.Key, deal sealed.Deal, copies []sealed.Copy) (st HostState, refused []uint64, err error) {
	slices.SortFunc(copies, func(a, b sealed.Copy) int { return -cmpState(a.State, b.State) })
	err = sealed.ErrDamaged
	for _, cp := range copies {
		if cp.Of(deal) != nil {
			continue
		}
		plain, e := cp.Open(key)
		if e != nil {
			err = e
			refused = append(refused, cp.State)
			continue
		}
		var s sealedState
		e = json.Unmarshal(plain, &s)
		clear(plain)
		if e != nil {
			err = fmt.Errorf("%w: %v", sealed.ErrDamaged, e)
			refused = append(refused, cp.State)
			continue
		}
		s.State.Clock = s.At - time.Now().UnixMilli()
		return s.State, refused, nil
	}
	return HostState{}, refused, err
}

// newestLocked is the state number of the newest copy a has.
func (a *asking) newestLocked() uint64 {
	var n uint64
	for _, c := range a.copies {
		n = max(n, c.State)
	}
	return n
}

func cmpState(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
