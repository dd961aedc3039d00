package session

import "safehouse/wire"

// The host's word to the signaling server on a remote player (signaling/PROTOCOL.md): a
// player the host seats is admitted, so it no longer counts among the room's strangers (the
// few places the server keeps for players without the invite pass); a knock the host turns
// away is blocked, so the server closes it and its address may not knock on the room again.
// The word travels off the host's lock and is best effort: the server's quota only keeps
// strangers from filling the room, while who sits down stays the host's decision.

// tellLocked passes the host's word (wire.TypeAdmit or wire.TypeBlock) on hc to the signaling
// server. Called with h.mu held.
func (h *hostCore) tellLocked(hc *hostConn, word string) {
	if h.tellServer != nil && !hc.isHost {
		h.tellServer(hc.conn, word)
	}
}

// signalPeerOf is the signaling server's id of the peer on conn, "" when the server does not
// know it (the host's own player, a player who came by QR code).
func signalPeerOf(conn Conn) string {
	if f, ok := conn.(*firstWord); ok {
		return f.peer
	}
	return ""
}

// tellServer sends word on conn's peer to the signaling server, without waiting for it.
func (h *HostSession) tellServer(conn Conn, word string) {
	id := signalPeerOf(conn)
	if id == "" {
		return
	}
	h.mu.Lock()
	if h.done {
		h.mu.Unlock()
		return
	}
	h.waiters.Add(1) // under mu after the done check, so never after Close began waiting
	sig := h.signal()
	h.mu.Unlock()
	go func() {
		defer h.waiters.Done()
		if err := sig.send(wire.Message{T: word, ID: id}); err != nil {
			h.log.Info("session: the signaling server did not get the host's word", "word", word, "err", err)
		}
	}()
}
