package session

import (
	"context"
	"errors"
	"fmt"
	"time"

	"safehouse/wire"
)

// registerRoom opens a signaling socket and registers a room on it: a new one, under the code
// register.Room proposes if no room has it, or with register.Claim, the host's own room
// again. It returns the socket and the server's "hosted" answer, whose room is the room's code
// and whose claim replaces the one used.
func registerRoom(ctx context.Context, url string, register wire.Message) (*signalClient, wire.Message, error) {
	sig, err := dialSignal(ctx, url, register.Room)
	if err != nil {
		return nil, wire.Message{}, err
	}
	fail := func(err error) (*signalClient, wire.Message, error) {
		sig.close()
		return nil, wire.Message{}, err
	}
	m, err := sig.ask(ctx, register)
	if err == nil && retryWithoutProposal(register, m) {
		m, err = sig.ask(ctx, wire.Message{T: wire.TypeHost, Gate: register.Gate})
	}
	if err != nil {
		return fail(fmt.Errorf("session: registering a room: %w", err))
	}
	reclaim := register.Claim != ""
	switch {
	case m.T == wire.TypeError && m.Code == wire.CodeUnknownRoom:
		return fail(fmt.Errorf("%w: %s", ErrUnknownRoom, m.Msg))
	case m.T == wire.TypeError && m.Code == wire.CodeBadClaim:
		return fail(fmt.Errorf("%w: %w: %s", ErrRoomTaken, errBadClaim, m.Msg))
	case m.T == wire.TypeError:
		return fail(fmt.Errorf("session: the signaling server refused the room: %s (%s)", m.Msg, m.Code))
	case m.T != wire.TypeHosted || m.Room == "" || (reclaim && m.Room != register.Room):
		return fail(fmt.Errorf("session: unexpected answer %q to registering a room", m.T))
	}
	return sig, m, nil
}

// retryWithoutProposal reports whether m refused register's proposed code for a new room in a
// way a plain new room may not be refused. A server older than proposals takes one for a
// reclaim without its claim (bad-message, unknown-room or bad-claim); a server refuses one
// from an address that failed too many joins (rate-limited), since a taken code would tell a
// guesser the room is there, as someone guessing codes behind the host's shared network may
// have. Either way the server picks the code, and only a proxy's routing by the code is lost
// (the servers of a cluster still find the room for every player).
func retryWithoutProposal(register, m wire.Message) bool {
	proposal := register.Room != "" && register.Claim == ""
	if !proposal || m.T != wire.TypeError {
		return false
	}
	switch m.Code {
	case wire.CodeBadMessage, wire.CodeUnknownRoom, wire.CodeBadClaim, wire.CodeRateLimited:
		return true
	}
	return false
}

// signal is the host's current signaling socket.
func (h *HostSession) signal() *signalClient { return h.sig.Load() }

// halt marks the host as ending: no link, socket or reclaim starts after it.
func (h *HostSession) halt() {
	h.mu.Lock()
	h.done = true
	h.mu.Unlock()
	h.end()
}

func (h *HostSession) halted() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.done
}

// Check tries the signaling server again at once if the host lost it: the page was shown
// again (a phone woken), so waiting out the backoff would only keep the players waiting.
func (h *HostSession) Check() {
	select {
	case h.wake <- struct{}{}:
	default:
	}
}

// signalLoop serves the signaling socket and, when it ends without the host closing (a phone
// that slept, a network change, a restarted server), reclaims the room on a new one: the
// server then tells the players the host is back, and those who lost their connection meanwhile
// come back as after a reloaded host tab.
func (h *HostSession) signalLoop() {
	defer h.wg.Done()
	for {
		sig := h.signal()
		h.readSignal(sig)
		sig.close() // its reader ended; this ends the socket too, if the server's close did not
		if h.halted() {
			return
		}
		h.signalLost()
		if !h.reclaim() {
			return
		}
	}
}

func (h *HostSession) readSignal(sig *signalClient) {
	for m := range sig.in {
		switch m.T {
		case wire.TypePeer:
			h.mu.Lock()
			if _, ok := h.links[m.ID]; !ok && m.ID != "" {
				h.links[m.ID] = &peerLink{id: m.ID}
			}
			h.mu.Unlock()
		case wire.TypeFrom:
			h.fromPeer(m)
		case wire.TypeLeft:
			h.peerLeft(m.ID)
		case wire.TypeError:
			h.log.Warn("session: signaling server refused", "code", m.Code, "msg", m.Msg)
			if m.Code == wire.CodeBadClaim {
				h.noteDisplaced() // another connection holds the room with its claim
			}
		}
	}
}

// signalLost ends what travelled on the lost socket: relays and connections still being
// made. An open direct channel does not need the server and plays on.
func (h *HostSession) signalLost() {
	h.player.notify(Update{Notice: "Lost contact with the signaling server: trying again.", Code: NoticeSignalLost})
	h.mu.Lock()
	var lost []*peerLink
	for id, l := range h.links {
		if l.path != PathDirect { // a settled direct link has no relay (settle)
			lost = append(lost, l)
			delete(h.links, id)
		}
	}
	h.mu.Unlock()
	for _, l := range lost {
		h.closeLink(l)
	}
}

// reclaim registers the host's room again, with the newest claim, on a new socket, with the
// players' reconnect backoff (cut short by Check), until it works, the host closes, or the
// room cannot come back (it expired, or another tab took it with the claim). It reports
// whether the room is back.
func (h *HostSession) reclaim() bool {
	retry := retryPolicyOf(h.opts)
	wait := retry.first
	for {
		timer := time.NewTimer(wait)
		select {
		case <-timer.C:
		case <-h.wake:
			timer.Stop()
		case <-h.life.Done():
			timer.Stop()
			return false
		}
		wait = min(2*wait, retry.most)
		h.mu.Lock()
		claim := h.claim
		h.mu.Unlock()
		ctx, cancel := context.WithTimeout(h.life, retry.attempt)
		sig, m, err := registerRoom(ctx, h.opts.SignalURL, wire.Message{T: wire.TypeHost, Room: h.Room(), Claim: claim, Gate: wire.InviteGate(h.secret)})
		cancel()
		switch {
		case errors.Is(err, ErrUnknownRoom), errors.Is(err, errBadClaim):
			h.log.Warn("session: the room cannot be reclaimed", "err", err)
			if errors.Is(err, errBadClaim) {
				h.noteDisplaced()
			}
			h.player.notify(Update{Notice: "The signaling server no longer keeps this room for this device.", Code: NoticeRoomLost})
			return false
		case err != nil:
			h.log.Info("session: reclaiming the room failed; trying again", "err", err)
			continue
		}
		h.mu.Lock()
		if h.done {
			h.mu.Unlock()
			sig.close()
			return false
		}
		h.sig.Store(sig)
		h.claim = m.Claim
		h.mu.Unlock()
		h.core.newClaim(m.Claim)
		h.noteReclaimed()
		h.player.notify(Update{Notice: "Back in contact with the signaling server.", Code: NoticeSignalBack})
		return true
	}
}

// newClaim keeps the claim the server gave on a reclaim and saves it at once: the old one is
// spent, so a reload with it would lose the room.
func (h *hostCore) newClaim(claim string) {
	h.mu.Lock()
	defer h.unlock()
	if h.store == nil || h.closed {
		return
	}
	h.store.claim = claim
	h.saveLocked()
	h.changedLocked() // a new state: the sealed copies must carry the new claim (seal_host.go)
}
