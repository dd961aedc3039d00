package session

import "runtime"

// What the host sends its remote players leaves after its lock is released, in one batch per
// locked step. The host's own player (an in-memory pipe) gets its messages at once.
//
// Order: a step takes sendMu before it lets go of the lock, so batches are sent in the order
// of the steps that made them, and every connection receives its messages in state order, as
// when they were sent under the lock. Whatever a step closes (a kicked or moved connection, a
// silent one, the host's end) is closed after its batch, so a farewell still arrives first.
//
// Why: in the browser every goroutine of the host tab shares one thread, and go-app redraws a
// screen one frame (1/120 s) after the update was dispatched. Sending the remote views first
// made the host's own screen wait for all of them and then for the frame. Now the host's
// player is handed its view, the batch yields once so that the view reaches the UI goroutine
// and its frame is scheduled, and the frame's wait overlaps the remote sends. Natively the
// lock is free while the data channels send.

// remoteSend is one message for a remote player.
type remoteSend struct {
	hc  *hostConn
	t   string
	msg []byte
}

// unlock releases h.mu and sends what the locked work queued for remote players. Every
// hostCore method that may have sent something while holding h.mu releases it this way.
func (h *hostCore) unlock() {
	out := h.outbox
	h.outbox = nil
	if len(out) == 0 {
		h.mu.Unlock()
		return
	}
	h.sendMu.Lock()
	h.mu.Unlock()
	defer h.sendMu.Unlock()
	runtime.Gosched()
	for _, o := range out {
		if err := o.hc.conn.Send(o.msg); err != nil {
			h.log.Debug("session: send failed", "type", o.t, "err", err)
		}
	}
}
