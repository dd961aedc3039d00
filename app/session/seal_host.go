package session

import (
	"encoding/json"
	"slices"
	"time"

	"safehouse/app/session/internal/sealed"
)

// The host keeps a sealed copy of its state on every seated device but its own, and deals the
// copies' key among them, so a majority of the table can continue the game without the host's
// device, while no device, no smaller group and not the server can read it. PROTOCOL.md, "Taking the game over", has the messages.

// Envelope types of the sealed copies.
const (
	TypeSeal   = "seal"   // host -> player: this device's share of a new deal {"deal","share"}
	TypeSealed = "sealed" // host -> player: one part of the newest sealed copy
)

// sealEvery is the least time between two sealed copies: the state may change many times a
// second, and each copy goes to every holder.
const sealEvery = 2 * time.Second

// sealBody is the body of "seal".
type sealBody struct {
	Deal  sealed.Deal  `json:"deal"`
	Share sealed.Share `json:"share"`
	// Line is the deal's key for the table's own messages while the host is away
	// (takeline.go): every holder has it, the server never does.
	Line []byte `json:"line"`
}

// sealedPart is the body of "sealed": a copy's box travels in parts under the message cap.
type sealedPart struct {
	Game  string `json:"game"`
	Epoch uint64 `json:"epoch"`
	State uint64 `json:"state"`
	Nonce []byte `json:"nonce"`
	Part  int    `json:"part"`
	Parts int    `json:"parts"`
	Box   []byte `json:"box"`
}

// sealedState is what a copy seals: the whole HostState, and the game's clock when it was
// sealed, so a takeover goes on from that moment.
type sealedState struct {
	State HostState `json:"state"`
	At    int64     `json:"at"`
}

// sealer is the host's side of the sealed copies (guarded by the core's lock).
type sealer struct {
	game    string
	seats   []int // the seats but the host's when the key was last dealt
	holders []int // the seats holding a share, by holder index; nil: no deal (fewer than 2)
	key     sealed.Key
	line    []byte // the deal's line key (sealBody.Line)
	deal    sealed.Deal
	shares  map[int]sealed.Share // by seat
	given   map[*hostConn]uint64 // the epoch whose share each connection has
	sent    map[*hostConn]uint64 // the state of the newest copy each connection has
	copy    *sealed.Copy         // the newest copy of this deal
	last    time.Time            // when it was made
	timer   *time.Timer          // a copy waiting for sealEvery
}

func newSealer(secret string) *sealer {
	return &sealer{game: sealed.GameID(secret), shares: map[int]sealed.Share{},
		given: map[*hostConn]uint64{}, sent: map[*hostConn]uint64{}}
}

// sealLocked follows a change of the host's state: a new deal when the seats holding shares
// changed, each present holder's share when it lacks it, and a new copy, at most every
// sealEvery.
func (h *hostCore) sealLocked() {
	s := h.seal
	if s == nil || h.closed {
		return
	}
	var holders []int
	for _, seat := range h.seats {
		if !seat.host {
			holders = append(holders, seat.no)
		}
	}
	slices.Sort(holders)
	if s.seats == nil || !slices.Equal(holders, s.seats) {
		h.dealLocked(holders)
	}
	if s.holders == nil {
		return
	}
	for hc := range s.given {
		if _, live := h.conns[hc]; !live {
			delete(s.given, hc)
			delete(s.sent, hc)
		}
	}
	for _, seat := range h.seats {
		hc := seat.conn
		if seat.host || hc == nil {
			continue
		}
		if s.given[hc] != s.deal.Epoch {
			h.sendLocked(hc, TypeSeal, 0, sealBody{Deal: s.deal, Share: s.shares[seat.no], Line: s.line})
			s.given[hc] = s.deal.Epoch
			delete(s.sent, hc)
		}
	}
	if wait := sealEvery - time.Since(s.last); s.copy != nil && wait > 0 {
		h.sendCopyLocked(false) // the copy there is to those who lack it; a new one follows
		if s.timer == nil {
			s.timer = time.AfterFunc(wait, h.sealLater)
		}
		return
	}
	h.newCopyLocked()
}

// dealLocked makes a new K and deals it among holders (none with fewer than 2): the share of
// a device that left never opens a later copy.
func (h *hostCore) dealLocked(holders []int) {
	s := h.seal
	s.seats = append([]int{}, holders...)
	s.holders, s.copy, s.shares = nil, nil, map[int]sealed.Share{}
	clear(s.given)
	clear(s.sent)
	if len(holders) < 2 {
		return
	}
	key, line := sealed.NewKey(), sealed.NewKey()
	deal, shares, err := sealed.NewDeal(s.game, key, len(holders))
	if err != nil {
		h.log.Error("session: no sealed copies: the key could not be dealt", "err", err)
		return
	}
	s.holders, s.key, s.deal, s.line = holders, key, deal, line[:]
	for i, seat := range holders {
		s.shares[seat] = shares[i]
	}
}

// sealLater makes the copy a change asked for once sealEvery has passed.
func (h *hostCore) sealLater() {
	h.mu.Lock()
	defer h.unlock()
	if h.seal == nil || h.closed {
		return
	}
	h.seal.timer = nil
	if h.frozenLocked() {
		return // the state is on its way to another device; the next change seals again
	}
	h.newCopyLocked()
}

// newCopyLocked seals the state as it is now and sends it to every present holder.
func (h *hostCore) newCopyLocked() {
	s := h.seal
	if s.holders == nil {
		return
	}
	st, err := h.stateLocked()
	var plain []byte
	if err == nil {
		st.Version = hostStateVersion
		plain, err = json.Marshal(sealedState{State: st, At: gameClock(h.store.clock)().UnixMilli()})
	}
	var c sealed.Copy
	if err == nil {
		c, err = sealed.Seal(s.key, s.game, s.deal.Epoch, h.state, plain)
	}
	clear(plain)
	if err != nil {
		h.log.Error("session: the state could not be sealed", "err", err)
		return
	}
	s.copy, s.last = &c, time.Now()
	h.sendCopyLocked(true)
}

// sendCopyLocked sends the newest copy to every present holder that lacks it.
func (h *hostCore) sendCopyLocked(all bool) {
	s := h.seal
	c := s.copy
	if c == nil {
		return
	}
	n := max((len(c.Box)+partBytes-1)/partBytes, 1)
	for _, seat := range h.seats {
		hc := seat.conn
		if seat.host || hc == nil || s.given[hc] != s.deal.Epoch || (!all && s.sent[hc] == c.State) {
			continue
		}
		for i := range n {
			box := c.Box[i*partBytes : min((i+1)*partBytes, len(c.Box))]
			h.sendLocked(hc, TypeSealed, 0, sealedPart{Game: c.Game, Epoch: c.Epoch, State: c.State, Nonce: c.Nonce, Part: i, Parts: n, Box: box})
		}
		s.sent[hc] = c.State
	}
}
