package session

import (
	"time"

	"safehouse/app/session/internal/sealed"
)

// Agreeing to another device's ask: this device's share, and its newer copies, sealed to
// the asker.

// AgreeTakeover agrees that the game continues on the device that asked (Update.Takeover's
// Asker); when several ask, the lower seat's device. This device's share goes to that ask.
func (c *Client) AgreeTakeover() error {
	t := c.takeoverState()
	t.mu.Lock()
	if !t.lineUp || c.isOnline() {
		t.mu.Unlock()
		return ErrTakeoverNotNow
	}
	if c.Holding().State == 0 {
		t.mu.Unlock()
		return ErrTakeoverNoDeal
	}
	t.agreed = true
	out := t.giveLocked()
	sig := t.line
	t.mu.Unlock()
	t.send(sig, out)
	return nil
}

// giveLocked gives this device's share to the best ask heard (the lowest seat), unless it
// went to another ask not withdrawn yet (and not given up for longer than giveLimit).
func (t *takeover) giveLocked() []outgoingTake {
	c := t.c
	c.mu.Lock()
	k := c.keep
	var h holding
	if k != nil {
		h = holding{deal: k.deal, share: k.share, line: k.line, copy: k.copy}
	}
	c.mu.Unlock()
	if !t.agreed || k == nil || t.ask != nil {
		return nil
	}
	if t.out != "" && time.Since(t.outAt) < giveLimit {
		return nil
	}
	var best *heardAsk
	for id, a := range t.asks {
		if t.gave[id] || t.withdrawn[id] || a.Epoch != h.deal.Epoch || a.Game != h.deal.Game {
			continue
		}
		if best == nil || a.Seat < best.Seat {
			a := a
			best = &a
		}
	}
	if best == nil {
		return nil
	}
	pub, nonce, box, err := sealShare(h.line, best.askBody, h.share)
	if err != nil {
		return nil
	}
	g := giveBody{ID: best.ID, Seat: int(c.Seat()), Game: h.deal.Game, Epoch: h.deal.Epoch, Pub: pub, Nonce: nonce, Box: box}
	if h.copy != nil {
		g.State = h.copy.State
	}
	data, err := encodeTake(h.line, takeGive, g)
	if err != nil {
		return nil
	}
	t.out, t.outAt, t.gave[best.ID] = best.ID, time.Now(), true
	out := []outgoingTake{{to: best.from, data: data}}
	if h.copy != nil && h.copy.State > best.State {
		out = append(out, copyParts(h.line, best.ID, best.from, *h.copy)...)
	}
	return out
}

// copyParts sends this device's newer copy to an asker, in parts.
func copyParts(line []byte, id, to string, c sealed.Copy) []outgoingTake {
	n := max((len(c.Box)+partBytes-1)/partBytes, 1)
	var out []outgoingTake
	for i := range n {
		p := sealedPart{Game: c.Game, Epoch: c.Epoch, State: c.State, Nonce: c.Nonce, Part: i, Parts: n,
			Box: c.Box[i*partBytes : min((i+1)*partBytes, len(c.Box))]}
		if data, err := encodeTake(line, takeCopy, copyBody{ID: id, Part: p}); err == nil {
			out = append(out, outgoingTake{to: to, data: data})
		}
	}
	return out
}
