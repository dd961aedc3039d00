package signaling

import (
	"io"
	"log/slog"
	"net/netip"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/gorilla/websocket"

	"safehouse/wire"
)

// client is one WebSocket connection. An idle connection costs one goroutine
// (its reader) and no buffer but the reader's: a writer goroutine runs only
// while something waits to be written (see outbox.go), and the keep-alive is a
// timer (see keepalive.go). Fields below the lines are guarded by the mutex
// named there; the rest are fixed or belong to one goroutine.
type client struct {
	srv  *Server
	conn *websocket.Conn
	addr netip.Addr
	key  string   // limit key of addr (keys[0])
	keys []string // limit keys of addr at every prefix level, finest first

	awaitingPong atomic.Bool // a ping went out and its pong has not come back

	// used by the reader and the message handlers it waits for, one at a time
	badMessages int
	relayBudget tokenBucket   // relayed bytes this connection may still send
	netRelay    *netRelay     // its network's, shared (guarded by srv.mu; set once admitted)
	relayPause  time.Duration // set when data was refused: how long the reader waits before reading on

	// guarded by mu, which may be taken while holding srv.mu but never the other way
	mu          sync.Mutex
	queue       []outgoing // messages waiting for the writer; nil when there are none
	queuedBytes int64      // relayed bytes in queue and in the write under way, for the relay budget
	relays      int        // relayed messages in queue
	pingDue     bool       // the keep-alive asks the writer for a ping
	writer      writerState
	writers     sync.WaitGroup // the writer goroutine, while one runs
	closing     bool           // shutdown was asked: nothing more is queued
	status      int            // why, once closing
	reason      string
	keepAlive   *time.Timer

	remote *remotePeer // set on a home's stand-in for a peer connected to another instance (cluster.go)

	// guarded by srv.mu
	room    *room
	peerID  string // "" while unplaced or when this client is its room's host
	vouched bool   // as a peer: invited (it showed the room's pass) or admitted by the host (strangers.go)
}

func newClient(s *Server, conn *websocket.Conn, addr netip.Addr, key string) *client {
	return &client{srv: s, conn: conn, addr: addr, key: key, keys: prefixKeys(addr), relayBudget: newTokenBucket(s.cfg.RelayRate, s.cfg.RelayBurst, s.cfg.Now())}
}

// shutdown asks the writer to deliver what is queued and then close the
// connection with status (websocket.CloseAbnormalClosure: without a close
// frame); the first call wins. Safe from any goroutine, with or without the
// server's mutex.
func (c *client) shutdown(status int, reason string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closing {
		return
	}
	c.closing, c.status, c.reason = true, status, reason
	if c.remote != nil {
		// Only homes close stand-ins, with the server's mutex held.
		c.srv.forward(c, opClose, nil, status, reason)
		return
	}
	c.startWriterLocked()
}

// isClosing says whether shutdown was asked: nothing the client sends after
// that counts.
func (c *client) isClosing() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.closing
}

// drop cuts the connection without a close handshake: every read and write
// on it fails at once and serve tears the client down.
func (c *client) drop() {
	c.shutdown(websocket.CloseAbnormalClosure, "dropped")
	c.conn.Close()
}

// serve runs the connection: the reader here, the handshake and keep-alive
// timers beside it, and the teardown once the reader ends.
func (c *client) serve() {
	s := c.srv
	handshake := time.AfterFunc(s.cfg.HandshakeTimeout, func() {
		s.mu.Lock()
		placed := c.room != nil
		s.mu.Unlock()
		if !placed {
			c.shutdown(websocket.ClosePolicyViolation, "no host or join in time")
		}
	})
	c.startKeepAlive()

	c.conn.SetReadLimit(4 * s.cfg.MaxMessageSize)
	c.readLoop()

	handshake.Stop()
	// Reading ended: the client closed (the library has answered its close
	// frame), the link broke, or we closed it. No close handshake is left to do.
	c.shutdown(websocket.CloseAbnormalClosure, "read ended")
	c.stopKeepAlive()
	c.writers.Wait()
	c.conn.Close()

	s.mu.Lock()
	s.leave(c)
	delete(s.clients, c)
	s.connsByKey.remove(c.keys)
	s.releaseNetRelay(c)
	s.mu.Unlock()
	s.connections.Done()
}

func (c *client) readLoop() {
	s := c.srv
	for {
		typ, r, err := c.conn.NextReader()
		if err != nil {
			return
		}
		if c.isClosing() {
			// Whatever a closing connection still sends counts for nothing;
			// reading it through would cost CPU and, for a vandal, a log line
			// each. Its socket is closed once the writer has said goodbye.
			return
		}
		b, err := io.ReadAll(io.LimitReader(r, s.cfg.MaxMessageSize+1))
		if err != nil {
			return
		}
		tooLarge := int64(len(b)) > s.cfg.MaxMessageSize
		if tooLarge {
			// Drain the rest so the next message can be read; past the hard read
			// limit the library ends the connection instead (status 1009).
			if _, err := io.Copy(io.Discard, r); err != nil {
				return
			}
		}
		onFreshStack(func() { c.process(typ, b, tooLarge) })
		if c.relayPause > 0 {
			// A sender over its relay budget is not read until the budget
			// could take its message: its flood then waits in its own TCP
			// buffers instead of costing the server a read and a decode per
			// message refused.
			time.Sleep(c.relayPause)
			c.relayPause = 0
		}
	}
}

// process acts on one message read whole (or, tooLarge, only its start).
func (c *client) process(typ int, b []byte, tooLarge bool) {
	switch {
	case tooLarge:
		c.refuseBad(wire.CodeTooLarge, "message larger than the server accepts")
	case typ != websocket.TextMessage:
		c.refuseBad(wire.CodeBadMessage, "binary messages are not accepted; send JSON text")
	case !utf8.Valid(b):
		// encoding/json lets invalid UTF-8 through inside strings, and a browser
		// must fail a connection that receives such a text frame: forwarded, one
		// message would cut the recipient off (RFC 6455, section 8.1).
		c.refuseBad(wire.CodeBadMessage, "a text message must be valid UTF-8")
	default:
		m, err := DecodeMessage(b)
		if err != nil {
			c.refuseBad(wire.CodeBadMessage, err.Error())
			return
		}
		c.srv.handle(c, m)
	}
}

// onFreshStack runs f on a short-lived goroutine and waits for it. Decoding
// and answering a message takes several KB of stack (encoding/json recurses);
// on the reader's goroutine that stack would stay grown for the connection's
// whole life, while the reader needs little of it to wait for the next
// message. At thousands of idle connections that is the largest cost left.
func onFreshStack(f func()) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	<-done
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
		s.logLimited(c.key, slog.LevelInfo, "connection closed for bad messages", "addr", c.addr, "count", c.badMessages)
		c.shutdown(websocket.ClosePolicyViolation, "too many bad messages")
	}
}
