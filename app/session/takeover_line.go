package session

import (
	"context"
	"encoding/json"
	"time"

	"safehouse/wire"
)

// The takeover line: while the host is away, this device keeps its own socket in the room
// and hears the table there (asks, gives, withdrawals and copies), and sends its own.

// runLine keeps this device's own socket in the room while the host is away: it hears the
// table's messages there, and the host's return.
func (t *takeover) runLine() {
	c := t.c
	defer c.wg.Done()
	defer func() {
		t.mu.Lock()
		t.running, t.line, t.lineUp = false, nil, false
		t.mu.Unlock()
	}()
	for {
		t.mu.Lock()
		away := !t.since.IsZero()
		t.mu.Unlock()
		if !away || c.closing.Load() || c.farewell.Load() {
			return
		}
		if back := t.lineOnce(); back {
			// The host is there (back, or never away for the server): a reconnect waiting
			// for news of it (awayRecheck) tries now.
			c.retrySoon()
			return
		}
		select {
		case <-c.done:
			return
		case <-time.After(c.retry.first):
		}
	}
}

// lineOnce joins the room on a new socket and serves it until it ends; it reports whether
// the host is there (back, or never away for the server).
func (t *takeover) lineOnce() (hostThere bool) {
	c := t.c
	ctx, cancel := context.WithTimeout(context.Background(), c.retry.attempt)
	defer cancel()
	c.cancelOnClose(ctx, cancel)
	c.mu.Lock()
	url, room, pass := c.opts.SignalURL, c.room, c.pass
	c.mu.Unlock()
	sig, err := dialSignal(ctx, url, room)
	if err != nil {
		return false
	}
	defer sig.close()
	if err := sig.send(wire.Message{T: wire.TypeJoin, Room: room, Pass: pass}); err != nil {
		return false
	}
	if m, err := sig.await(ctx); err != nil || m.T != wire.TypeJoined {
		return m.T == wire.TypeError && m.Code == wire.CodeUnknownRoom
	}
	t.mu.Lock()
	t.line = sig
	t.mu.Unlock()
	seen := time.NewTimer(hostSeenWait)
	defer seen.Stop()
	for {
		select {
		case m, ok := <-sig.in:
			if !ok {
				return false
			}
			switch m.T {
			case wire.TypeHostAway:
				seen.Stop()
				t.mu.Lock()
				t.lineUp = true
				u := t.offerLocked()
				t.mu.Unlock()
				if u != nil {
					c.notify(Update{Takeover: u})
				}
			case wire.TypeHostBack:
				t.hostBack()
				return true
			case wire.TypeFrom:
				if m.ID != wire.HostID {
					t.heard(sig, m.ID, m.Data)
				}
			}
		case <-seen.C:
			t.mu.Lock()
			up := t.lineUp
			t.mu.Unlock()
			if !up {
				return true // no host-away: the host is there, the reconnect finds it
			}
		case <-c.done:
			return true
		}
	}
}

// outgoingTake is one table message to send once the lock is released.
type outgoingTake struct {
	to   string
	data json.RawMessage
}

func (t *takeover) send(sig *signalClient, out []outgoingTake) {
	for _, o := range out {
		if sig != nil {
			_ = lineSend(sig, o.to, o.data)
		}
	}
}

// heard handles one table message from peer from.
func (t *takeover) heard(sig *signalClient, from string, data json.RawMessage) {
	c := t.c
	c.mu.Lock()
	var line []byte
	if c.keep != nil {
		line = c.keep.line
	}
	seat := c.seat
	c.mu.Unlock()
	if line == nil {
		return
	}
	m, err := decodeTake(line, data)
	if err != nil {
		return // not from this deal's table (or from the server): nothing to act on
	}
	var notices []Update
	var out []outgoingTake
	t.mu.Lock()
	switch m.Kind {
	case takeAsk:
		var a askBody
		if json.Unmarshal(m.Body, &a) != nil || a.Seat == seat || t.withdrawn[a.ID] {
			break
		}
		t.asks[a.ID] = heardAsk{askBody: a, from: from}
		if own := t.ask; own != nil && !own.done {
			if a.Seat < own.body.Seat { // the lower seat wins: withdraw, and give to it
				t.ask = nil
				own.end()
				out = append(out, withdrawOf(own)...)
				t.agreed = true
				notices = append(notices, Update{Takeover: &Takeover{Asker: a.Seat}})
				out = append(out, t.giveLocked()...)
			}
			break
		}
		if !t.shown[a.ID] {
			t.shown[a.ID] = true
			notices = append(notices, Update{Takeover: &Takeover{Asker: a.Seat}})
		}
		out = append(out, t.giveLocked()...)
	case takeWithdraw:
		var w withdrawBody
		if json.Unmarshal(m.Body, &w) != nil {
			break
		}
		t.withdrawn[w.ID] = true
		delete(t.asks, w.ID)
		if t.out == w.ID {
			t.out = ""
		}
		out = append(out, t.giveLocked()...)
	case takeGive:
		if !canHost {
			break // the player build never asks (canHost): no give is for it
		}
		var g giveBody
		own := t.ask
		if json.Unmarshal(m.Body, &g) != nil || own == nil || own.done || g.ID != own.body.ID {
			break
		}
		share, err := openShare(own.line, own.priv, g)
		if err == nil {
			err = own.ring.Add(share)
		}
		if err != nil {
			code := shareNotice(err)
			notices = append(notices, Update{Notice: "A device's share was refused: " + err.Error(), Code: code})
			break
		}
		if g.State > own.newestLocked() {
			own.named[from] = g.State // its copy follows the give
		}
		notices = append(notices, Update{Takeover: &Takeover{Asking: true, Have: own.ring.Count(), Need: own.deal.Threshold, Asker: -1}})
		if own.ring.Ready() && time.Since(own.started) < askLimit {
			own.done = true
			close(own.stop)
			c.wg.Add(1)
			go t.finish(own)
		}
	case takeCopy:
		if !canHost {
			break // nor is a copy sent along with a give
		}
		var cb copyBody
		own := t.ask
		if json.Unmarshal(m.Body, &cb) != nil || own == nil || cb.ID != own.body.ID {
			break
		}
		h := own.coming[from]
		if h == nil {
			h = &holding{deal: own.deal}
			own.coming[from] = h
		}
		h.add(cb.Part)
		if h.copy != nil {
			own.copies = append(own.copies, *h.copy)
			delete(own.coming, from)
			delete(own.named, from)
			select {
			case own.copied <- struct{}{}:
			default:
			}
		}
	}
	t.mu.Unlock()
	t.send(sig, out)
	for _, u := range notices {
		c.notify(u)
	}
}
