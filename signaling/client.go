package signaling

import (
	"context"
	"errors"
	"io"
	"net"
	"net/netip"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// client is one WebSocket connection. Its fields below the line are guarded by
// the server's mutex; the rest are fixed or belong to one goroutine.
type client struct {
	srv  *Server
	conn *websocket.Conn
	raw  net.Conn // under conn, for dropping a client that will not close
	addr netip.Addr
	key  string

	out       chan []byte
	queued    atomic.Int64 // bytes in out, for the relay budget
	closing   chan struct{}
	closeOnce sync.Once
	status    websocket.StatusCode // set once, before closing is closed
	reason    string

	badMessages int // read goroutine only

	// guarded by srv.mu
	room   *room
	peerID string // "" while unplaced or when this client is its room's host
}

func newClient(s *Server, conn *websocket.Conn, raw net.Conn, addr netip.Addr, key string) *client {
	return &client{
		srv:     s,
		conn:    conn,
		raw:     raw,
		addr:    addr,
		key:     key,
		out:     make(chan []byte, sendQueueLen),
		closing: make(chan struct{}),
	}
}

// shutdown asks the writer to close the connection with status; the first
// call wins. Safe from any goroutine, with or without the server's mutex.
func (c *client) shutdown(status websocket.StatusCode, reason string) {
	c.closeOnce.Do(func() {
		c.status, c.reason = status, reason
		close(c.closing)
	})
}

// drop cuts the connection without a close handshake: every read and write
// on it fails at once and serve tears the client down.
func (c *client) drop() {
	c.shutdown(websocket.StatusAbnormalClosure, "dropped")
	if c.raw != nil {
		c.raw.Close()
	}
}

// send queues a message of the protocol itself for the writer. Called with
// the server's mutex held, so it never blocks: a client whose queue is full
// is too slow to keep and is let go (it will reconnect).
func (c *client) send(b []byte) {
	select {
	case <-c.closing:
	case c.out <- b:
		c.queued.Add(int64(len(b)))
	default:
		c.shutdown(websocket.StatusTryAgainLater, "too slow to keep up")
	}
}

// relay queues relayed data for the writer if the client's budget for relayed
// traffic allows, and says whether it did. Relayed data never fills the
// queue: the room's own messages always find space, and a sender cannot get
// its recipient disconnected by flooding it.
func (c *client) relay(b []byte) bool {
	if len(c.out) >= cap(c.out)-controlReserve || c.queued.Load()+int64(len(b)) > c.srv.relayBudget() {
		return false
	}
	select {
	case <-c.closing:
		return true // gone anyway; the sender hears of it through "left" or "host-away"
	case c.out <- b:
		c.queued.Add(int64(len(b)))
		return true
	}
}

// serve runs the connection: reader here, writer and keep-alive beside it,
// and the teardown once the reader ends.
func (c *client) serve() {
	s := c.srv
	var helpers sync.WaitGroup
	helpers.Add(2)
	go func() { defer helpers.Done(); c.writeLoop() }()
	go func() { defer helpers.Done(); c.keepAlive() }()
	handshake := time.AfterFunc(s.cfg.HandshakeTimeout, func() {
		s.mu.Lock()
		placed := c.room != nil
		s.mu.Unlock()
		if !placed {
			c.shutdown(websocket.StatusPolicyViolation, "no host or join in time")
		}
	})

	c.conn.SetReadLimit(4 * s.cfg.MaxMessageSize)
	c.readLoop()

	handshake.Stop()
	// Reading ended: the client closed (the library has answered its close
	// frame), the link broke, or we closed it. No close handshake is left to do.
	c.shutdown(websocket.StatusAbnormalClosure, "read ended")
	helpers.Wait()
	c.conn.CloseNow() // frees the connection's buffers at once

	s.mu.Lock()
	s.leave(c)
	delete(s.clients, c)
	s.releaseConnSlot(c.key)
	s.mu.Unlock()
	s.connections.Done()
}

func (c *client) readLoop() {
	s := c.srv
	for {
		typ, r, err := c.conn.Reader(context.Background())
		if err != nil {
			return
		}
		b, err := io.ReadAll(io.LimitReader(r, s.cfg.MaxMessageSize+1))
		if err != nil {
			return
		}
		if int64(len(b)) > s.cfg.MaxMessageSize {
			// Drain the rest so the next message can be read; past the hard read
			// limit the library ends the connection instead.
			if _, err := io.Copy(io.Discard, r); err != nil {
				return
			}
			c.refuseBad(CodeTooLarge, "message larger than the server accepts")
			continue
		}
		if typ != websocket.MessageText {
			c.refuseBad(CodeBadMessage, "binary messages are not accepted; send JSON text")
			continue
		}
		m, err := DecodeMessage(b)
		if err != nil {
			c.refuseBad(CodeBadMessage, err.Error())
			continue
		}
		s.handle(c, m)
	}
}

// refuseBad answers a malformed message and disconnects a client that keeps
// sending them.
func (c *client) refuseBad(code, text string) {
	s := c.srv
	c.badMessages++
	s.mu.Lock()
	s.counters.badMessages++
	s.refuse(c, code, text)
	s.mu.Unlock()
	if c.badMessages >= s.cfg.MaxBadMessages {
		s.log.Info("connection closed for bad messages", "addr", c.addr, "count", c.badMessages)
		c.shutdown(websocket.StatusPolicyViolation, "too many bad messages")
	}
}

func (c *client) writeLoop() {
	timeout := c.srv.cfg.WriteTimeout
	for {
		select {
		case b := <-c.out:
			if !c.write(b, timeout) {
				return
			}
		case <-c.closing:
			// Deliver what was queued before the close (an expiry notice, the
			// last refusal), then close with the status asked for.
			for drained := false; !drained; {
				select {
				case b := <-c.out:
					if !c.write(b, timeout) {
						return
					}
				default:
					drained = true
				}
			}
			if c.status == websocket.StatusAbnormalClosure {
				c.conn.CloseNow() // 1006 may not be sent; the link is already broken
			} else {
				c.conn.Close(c.status, c.reason)
			}
			return
		}
	}
}

func (c *client) write(b []byte, timeout time.Duration) bool {
	defer c.queued.Add(-int64(len(b)))
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	if err := c.conn.Write(ctx, websocket.MessageText, b); err != nil {
		c.shutdown(websocket.StatusAbnormalClosure, "write failed")
		c.conn.CloseNow()
		return false
	}
	return true
}

// keepAlive pings the client; one that does not answer within half the idle
// timeout is gone (a locked phone, a dropped network) and is disconnected.
func (c *client) keepAlive() {
	interval := c.srv.cfg.IdleTimeout / 2
	ticker := time.NewTicker(interval)
	defer ticker.Stop()
	for {
		select {
		case <-c.closing:
			return
		case <-ticker.C:
		}
		ctx, cancel := context.WithTimeout(context.Background(), interval)
		err := c.conn.Ping(ctx)
		cancel()
		if err != nil {
			if !errors.Is(err, context.DeadlineExceeded) {
				c.shutdown(websocket.StatusAbnormalClosure, "connection lost")
				return
			}
			c.srv.log.Debug("client idle, dropping", "addr", c.addr)
			c.drop() // it does not answer, so it would not answer a close frame either
			return
		}
	}
}
