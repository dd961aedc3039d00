package session

import (
	"sync"

	"safehouse/app/session/internal/relay"
)

// The relay carries envelopes through the signaling server, sealed, when no direct data
// channel can be made: internal/relay has its handshake, frames and sealing; a relayConn is
// one relay as a Conn. A joining player opens one when its direct path looks blocked
// (paths.go), the host answers it (host.go), and either side's frame out of turn ends it (its
// client then reconnects and resumes the seat).

// relayConn is a Conn whose messages travel sealed through the signaling server.
type relayConn struct {
	transmit func(relay.Frame) error // hands a frame to the signaling socket
	in       *queue[[]byte]
	onClose  func()

	mu        sync.Mutex // numbers leave and arrive in order
	link      *relay.Link
	closeOnce sync.Once
}

func newRelayConn(link *relay.Link, transmit func(relay.Frame) error, onClose func()) *relayConn {
	return &relayConn{link: link, transmit: transmit, in: newQueue[[]byte](maxQueued), onClose: onClose}
}

func (r *relayConn) Send(msg []byte) error {
	if r.in.closed() {
		return ErrClosed
	}
	r.mu.Lock()
	defer r.mu.Unlock() // numbers leave in order
	return r.transmit(r.link.Seal(msg))
}

func (r *relayConn) Receive() ([]byte, error) { return r.in.next(nil) }

// deliver opens one numbered frame. Anything out of turn or not sealed with the right key
// ends the relay: the other side then reconnects and resumes its seat.
func (r *relayConn) deliver(f relay.Frame) {
	r.mu.Lock()
	msg, err := r.link.Open(f)
	r.mu.Unlock()
	if err != nil {
		r.Close()
		return
	}
	r.in.push(msg)
}

func (r *relayConn) Close() error {
	r.closeOnce.Do(func() {
		r.in.close(ErrClosed, false)
		if r.onClose != nil {
			r.onClose()
		}
	})
	return nil
}
