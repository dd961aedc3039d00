package session

import (
	"safehouse/app/session/internal/sealed"
)

// holding is what a player's device keeps so the table can continue without the host
// device: its share of the newest deal and the newest sealed copy of that deal, which it
// cannot open alone. Guarded by the client's mu.
type holding struct {
	deal  sealed.Deal
	share sealed.Share
	line  []byte       // the deal's key for the table's messages (takeline.go)
	copy  *sealed.Copy // the newest whole copy
	// A copy on its way, part by part.
	coming *sealedPart
	parts  [][]byte
	got    int
}

// Holding says what this device holds for a takeover: whether it holds a share, how many of
// how many devices' shares open the copies, and the state number of its newest copy (0:
// none yet).
type Holding struct {
	Holds     bool
	Threshold int
	Holders   int
	State     uint64
}

// Holding reports what this device holds for a takeover.
func (c *Client) Holding() Holding {
	c.mu.Lock()
	defer c.mu.Unlock()
	k := c.keep
	if k == nil {
		return Holding{}
	}
	out := Holding{Holds: true, Threshold: k.deal.Threshold, Holders: len(k.deal.Commits)}
	if k.copy != nil {
		out.State = k.copy.State
	}
	return out
}

// sealMessage keeps what the host sends for a takeover. Anything that does not fit (a share
// that is not this deal's, a part of another deal, an older copy) is dropped: it came from
// the host, which the device already trusts with everything else.
func (c *Client) sealMessage(env Envelope) {
	if c.redial == nil {
		return
	}
	switch env.T {
	case TypeSeal:
		var b sealBody
		if err := decodeStrict(env.Body, &b); err != nil || b.Deal.Valid() != nil || b.Deal.Check(b.Share) != nil || len(b.Line) != 32 {
			return
		}
		c.mu.Lock()
		defer c.mu.Unlock()
		if c.keep != nil && c.keep.deal.Epoch == b.Deal.Epoch {
			return
		}
		c.keep = &holding{deal: b.Deal, share: b.Share, line: b.Line}
	case TypeSealed:
		var p sealedPart
		if err := decodeStrict(env.Body, &p); err != nil {
			return
		}
		c.mu.Lock()
		defer c.mu.Unlock()
		c.keep.add(p)
	}
}

// add takes one part of a copy; the last part of a copy newer than the one held replaces it.
func (k *holding) add(p sealedPart) {
	if k == nil || p.Game != k.deal.Game || p.Epoch != k.deal.Epoch || p.Parts < 1 || p.Parts > maxParts ||
		p.Part < 0 || p.Part >= p.Parts || len(p.Box) > partBytes || (k.copy != nil && p.State <= k.copy.State) {
		return
	}
	if k.coming == nil || k.coming.State != p.State || len(k.parts) != p.Parts {
		head := p
		head.Box = nil
		k.coming, k.parts, k.got = &head, make([][]byte, p.Parts), 0
	}
	if k.parts[p.Part] == nil {
		k.got++
	}
	k.parts[p.Part] = p.Box
	if k.got < len(k.parts) {
		return
	}
	var box []byte
	for _, b := range k.parts {
		box = append(box, b...)
	}
	k.copy = &sealed.Copy{Game: p.Game, Epoch: p.Epoch, State: p.State, Nonce: k.coming.Nonce, Box: box}
	k.coming, k.parts = nil, nil
}
