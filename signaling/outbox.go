package signaling

import (
	"log/slog"
	"slices"
	"time"

	"github.com/gorilla/websocket"

	"safehouse/wire"
)

// A client's outbox is its queue of messages to write. No goroutine waits on
// an empty one: the first message queued starts a writer goroutine, which ends
// once the queue is empty again, so that thousands of idle connections hold
// no writer stack and no write buffer (the library lends one from a pool for
// the length of a write).

// writerState says whether a client's writer goroutine runs.
type writerState uint8

const (
	writerIdle    writerState = iota // nothing to write, no goroutine
	writerRunning                    // a goroutine writes the queue, then closes if asked
	writerDone                       // the connection is closed or broken: no writer will run again
)

// closeHandshakeTimeout is how long a client may take to answer the server's
// close frame before its socket is simply closed.
const closeHandshakeTimeout = 5 * time.Second

// outgoing is one queued message. Relayed data and the notices of a peer
// joining or leaving carry the peer they concern, so that a peer that comes
// and goes before its host has read of it can vanish from the queue whole.
type outgoing struct {
	b      []byte
	relay  bool   // relayed data, counted against the relay limits
	from   string // relayed data: the sending peer's id
	joined string // a `peer` notice: the id of the peer that joined
}

// send queues a message of the protocol itself for the writer. Called with
// the server's mutex held, so it never blocks: a client whose queue is full
// is too slow to keep and is let go (it will reconnect).
func (c *client) send(b []byte) {
	if c.remote != nil {
		c.srv.forward(c, opSend, b, 0, "")
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sendLocked(outgoing{b: b})
}

func (c *client) sendLocked(m outgoing) {
	if c.closing {
		return
	}
	if len(c.queue)-c.relays >= sendQueueLen {
		c.srv.logLimited(c.key, slog.LevelWarn, "connection closed", "reason", "too slow to keep up", "addr", c.addr, "queued", len(c.queue))
		c.closing, c.status, c.reason = true, websocket.CloseTryAgainLater, "too slow to keep up"
		c.startWriterLocked()
		return
	}
	c.enqueueLocked(m)
}

// peerJoined queues the `peer` notice for a host.
func (c *client) peerJoined(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sendLocked(outgoing{b: encode(wire.Message{T: wire.TypePeer, ID: id}), joined: id})
}

// peerLeft queues the `left` notice for a host, or, when the host has not yet
// been told that this peer joined, takes the `peer` notice and the peer's
// data back instead: the host never needed to know. Joining and leaving in a
// loop so costs a host that reads slowly nothing.
func (c *client) peerLeft(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if i := slices.IndexFunc(c.queue, func(m outgoing) bool { return m.joined == id }); i >= 0 {
		kept := c.queue[:i]
		for _, m := range c.queue[i+1:] {
			if m.relay && m.from == id {
				c.relays--
				c.queuedBytes -= int64(len(m.b))
				continue
			}
			kept = append(kept, m)
		}
		clear(c.queue[len(kept):])
		if c.queue = kept; len(c.queue) == 0 {
			c.queue = nil
		}
		return
	}
	c.sendLocked(outgoing{b: encode(wire.Message{T: wire.TypeLeft, ID: id})})
}

// relay queues data relayed from the peer with id from (HostID for the host)
// if the client's limits for relayed traffic allow, and says whether it did.
// Relayed data never takes the room's own messages' places, so a sender
// cannot get its recipient disconnected by flooding it.
func (c *client) relay(from string, b []byte) bool {
	if c.remote != nil {
		c.srv.forward(c, opRelay, b, 0, "")
		return true
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.relays >= relayQueueLen || c.queuedBytes+int64(len(b)) > c.srv.relayBudget() {
		return false
	}
	if c.closing {
		return true // gone anyway; the sender hears of it through "left" or "host-away"
	}
	c.relays++
	c.queuedBytes += int64(len(b))
	c.enqueueLocked(outgoing{b: b, relay: true, from: from})
	return true
}

func (c *client) enqueueLocked(m outgoing) {
	c.queue = append(c.queue, m)
	c.startWriterLocked()
}

// startWriterLocked starts a writer goroutine unless one runs or the
// connection is done. Called with c.mu held.
func (c *client) startWriterLocked() {
	if c.writer != writerIdle {
		return
	}
	c.writer = writerRunning
	c.writers.Add(1)
	go c.writeLoop()
}

// writeLoop writes the due ping and the queued messages in order; once the
// queue is empty it closes the connection if shutdown was asked (after
// delivering what was queued before: an expiry notice, the last refusal), or
// else ends. The caller has set c.writer to writerRunning and added to
// c.writers.
func (c *client) writeLoop() {
	defer c.writers.Done()
	timeout := c.srv.cfg.WriteTimeout
	for {
		c.mu.Lock()
		switch {
		case c.pingDue:
			c.pingDue = false
			c.mu.Unlock()
			if err := c.conn.WriteControl(websocket.PingMessage, nil, time.Now().Add(timeout)); err != nil {
				c.fail()
				return
			}
		case len(c.queue) > 0:
			m := c.queue[0]
			c.queue[0] = outgoing{}
			if c.queue = c.queue[1:]; len(c.queue) == 0 {
				c.queue = nil // let the emptied array go
			}
			if m.relay {
				c.relays--
			}
			c.mu.Unlock()
			c.conn.SetWriteDeadline(time.Now().Add(timeout))
			err := c.conn.WriteMessage(websocket.TextMessage, m.b)
			if m.relay {
				c.mu.Lock()
				c.queuedBytes -= int64(len(m.b))
				c.mu.Unlock()
			}
			if err != nil {
				c.fail()
				return
			}
		case c.closing:
			c.writer = writerDone
			status, reason := c.status, c.reason
			c.mu.Unlock()
			c.close(status, reason)
			return
		default:
			c.writer = writerIdle
			c.mu.Unlock()
			return
		}
	}
}

// close sends the close frame with status, or for CloseAbnormalClosure (which
// may not be sent) cuts the connection at once.
func (c *client) close(status int, reason string) {
	if status == websocket.CloseAbnormalClosure {
		c.conn.Close()
		return
	}
	timeout := c.srv.cfg.WriteTimeout
	if err := c.conn.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(status, reason), time.Now().Add(timeout)); err != nil {
		c.conn.Close()
		return
	}
	// The reader ends when the client answers; one that does not is cut off.
	c.conn.SetReadDeadline(time.Now().Add(closeHandshakeTimeout))
}

// fail ends a connection whose write failed or timed out: nothing more can be
// delivered, so it is cut without a close frame.
func (c *client) fail() {
	c.mu.Lock()
	if !c.closing {
		c.closing, c.status, c.reason = true, websocket.CloseAbnormalClosure, "write failed"
	}
	c.writer = writerDone
	c.queue, c.queuedBytes, c.relays = nil, 0, 0
	c.mu.Unlock()
	c.conn.Close()
}
