package session

import "sync"

// A joining peer may open two paths to the host at once: its direct data channel and the
// encrypted relay, which it tries when the direct path looks blocked (paths.go). It uses the
// first that opens and says its hello there, so the host takes the path its first message
// arrives on and lets the other go: the data channel and its PeerConnection when the relay
// won (a PeerConnection that never found a path would otherwise sit in state "new" until the
// game ends), the relay when the channel won. A message on the other path after that is
// never handled, so nothing a peer sends can count twice.

// firstWord is a link's path as the host core reads it: its first message settles the link
// on this path, or finds it settled on the other and ends this one.
type firstWord struct {
	Conn
	peer   string // the signaling server's id of the peer (hostblock.go)
	once   sync.Once
	settle func() bool
}

func (f *firstWord) Receive() ([]byte, error) {
	msg, err := f.Conn.Receive()
	if err != nil {
		return nil, err
	}
	ok := true
	f.once.Do(func() { ok = f.settle() })
	if !ok {
		_ = f.Conn.Close()
		return nil, ErrClosed
	}
	return msg, nil
}

// underlying is the connection a firstWord reads from (conn itself otherwise).
func underlying(conn Conn) Conn {
	if f, ok := conn.(*firstWord); ok {
		return f.Conn
	}
	return conn
}

// settle records that l's peer speaks on path and closes the link's other path. It reports
// false when the link already chose the other path.
func (h *HostSession) settle(l *peerLink, path Path) bool {
	h.mu.Lock()
	if l.path != "" {
		h.mu.Unlock()
		return l.path == path
	}
	l.path = path
	var loser Conn
	closePC := false
	switch path {
	case PathRelay:
		closePC = true
		if l.conn != nil {
			loser = l.conn
		}
	case PathDirect:
		if l.relay != nil {
			loser = l.relay
		}
		l.relay = nil // a direct link outlives its signaling socket (peerLeft)
	}
	if h.done {
		h.mu.Unlock()
		return true // Close closes every link itself
	}
	h.waiters.Add(1) // a channel's Close may wait to drain: not on the reader's goroutine
	h.mu.Unlock()
	go func() {
		defer h.waiters.Done()
		if loser != nil {
			_ = loser.Close()
		}
		if closePC {
			h.closePC(l)
		}
	}()
	return true
}

// closePC closes l's PeerConnection once, and counts it closed.
func (h *HostSession) closePC(l *peerLink) {
	h.mu.Lock()
	pc := l.pc
	h.mu.Unlock()
	if pc == nil {
		return
	}
	l.pcOnce.Do(func() {
		_ = pc.Close()
		h.openPCs.Add(-1)
	})
}
