package signaling

import (
	"time"

	"github.com/gorilla/websocket"
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

// send queues a message of the protocol itself for the writer. Called with
// the server's mutex held, so it never blocks: a client whose queue is full
// is too slow to keep and is let go (it will reconnect).
func (c *client) send(b []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closing {
		return
	}
	if len(c.queue) >= sendQueueLen {
		c.srv.log.Warn("connection closed", "reason", "too slow to keep up", "addr", c.addr, "queued", len(c.queue))
		c.closing, c.status, c.reason = true, websocket.CloseTryAgainLater, "too slow to keep up"
		c.startWriterLocked()
		return
	}
	c.enqueueLocked(b)
}

// relay queues relayed data for the writer if the client's budget for relayed
// traffic allows, and says whether it did. Relayed data never fills the
// queue: the room's own messages always find space, and a sender cannot get
// its recipient disconnected by flooding it.
func (c *client) relay(b []byte) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.queue) >= sendQueueLen-controlReserve || c.queuedBytes+int64(len(b)) > c.srv.relayBudget() {
		return false
	}
	if c.closing {
		return true // gone anyway; the sender hears of it through "left" or "host-away"
	}
	c.enqueueLocked(b)
	return true
}

func (c *client) enqueueLocked(b []byte) {
	c.queue = append(c.queue, b)
	c.queuedBytes += int64(len(b))
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
			b := c.queue[0]
			c.queue[0] = nil
			if c.queue = c.queue[1:]; len(c.queue) == 0 {
				c.queue = nil // let the emptied array go
			}
			c.mu.Unlock()
			c.conn.SetWriteDeadline(time.Now().Add(timeout))
			err := c.conn.WriteMessage(websocket.TextMessage, b)
			c.mu.Lock()
			c.queuedBytes -= int64(len(b))
			c.mu.Unlock()
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
	c.queue, c.queuedBytes = nil, 0
	c.mu.Unlock()
	c.conn.Close()
}
