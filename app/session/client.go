package session

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// Client is one player's connection to the host: a remote peer over WebRTC (or the
// encrypted relay), or the host's own player over an in-memory connection (one code path for
// every player). A remote player's Client reconnects by itself when its connection dies.
type Client struct {
	updates chan Update
	pending *queue[Update]

	// sendMu orders what leaves: seq numbering, the outbox and the sends on the connection.
	sendMu sync.Mutex
	seq    uint64     // the last intent seq used by this seat
	outbox []outgoing // intents sent but not yet seen handled, resent after a reconnect
	ready  bool       // the current connection was welcomed: intents may go out on it
	// An ICE restart in progress (restart.go): the connection being restarted, and the ping
	// body whose pong proves the host hears it again.
	mending Conn
	probe   string
	probed  chan struct{} // closed when the probe's pong arrives
	probes  int

	mu       sync.Mutex
	conn     Conn
	room     string
	seat     int
	token    string
	said     Hello         // the first hello; a reconnect says it again with the seat's token
	welcomed chan struct{} // closed once welcome or a refusal of hello arrived
	refused  error         // the host's refusal of hello, if any

	// onWaiting is told when the host makes this player wait to be let in (Options.OnWaiting).
	onWaiting func()
	// opts are the options the player joined with: a device that becomes the host (a
	// handoff, a takeover) hosts with them. handoff is a handoff the host asked it to take.
	opts    Options
	handoff *handoffIn
	taking  chan struct{} // closed when a room being taken over is taken, or not
	keep    *holding      // this device's share and sealed copy (seal_player.go)
	take    *takeover     // continuing the game without the host (takeover.go)
	carried time.Time     // when the page that carried this seat saw the host away (carry.go)
	pass    string        // the invite pass this player joins with ("" without the secret)
	// retryNow cuts a reconnect's wait short: the host (or a new one) is back.
	retryNow chan struct{}

	cleanup   func()     // closes what the first connection depends on
	redial    redialFunc // nil: no reconnecting (the host's own player)
	retry     retryPolicy
	lastHeard atomic.Int64 // Unix nanoseconds of the last message from the host
	restarts  atomic.Int64 // ICE restarts that brought the connection back
	done      chan struct{}
	closing   atomic.Bool
	farewell  atomic.Bool // the host said why it is ending the connection
	closeOnce sync.Once
	wg        sync.WaitGroup
}

// outgoing is one intent as sent, kept until the host is seen to have handled it.
type outgoing struct {
	seq uint64
	msg []byte
}

// maxOutbox bounds the intents a player may have in flight while the host is unreachable.
const maxOutbox = 256

// newClient starts reading conn. cleanup (may be nil) runs once on Close, after conn is closed.
func newClient(conn Conn, cleanup func()) *Client {
	c := &Client{
		conn:     conn,
		updates:  make(chan Update),
		pending:  newQueue[Update](0),
		seat:     -1,
		welcomed: make(chan struct{}),
		cleanup:  cleanup,
		done:     make(chan struct{}),
	}
	c.start()
	return c
}

// start runs the client's reader and delivery, and for a remote player its heartbeat.
func (c *Client) start() {
	c.lastHeard.Store(time.Now().UnixNano())
	c.wg.Add(2)
	go c.readLoop()
	go c.deliver()
	if c.redial != nil && c.retry.heartbeat > 0 {
		c.wg.Add(1)
		go c.heartbeat()
	}
}

// Updates delivers what happens to this client, in order. It is closed after Close, or
// after a final Status "closed" update when the connection to the host ends for good.
func (c *Client) Updates() <-chan Update { return c.updates }

// Send asks the host for something. Each intent gets the next sequence number of this
// seat. A remote player's intent is kept until the host has handled it, and resent after a
// reconnect; the host applies it once. Send returns an error only when the intent cannot
// be sent; the host's refusals arrive as Notice updates.
func (c *Client) Send(in Intent) error {
	if c.closing.Load() {
		return ErrClosed
	}
	c.sendMu.Lock()
	defer c.sendMu.Unlock()
	if c.redial != nil && len(c.outbox) >= maxOutbox {
		return ErrOutboxFull
	}
	msg, err := encodeEnvelope(TypeIntent, c.seq+1, in)
	if err != nil {
		return err
	}
	c.seq++
	if c.redial == nil {
		return c.current().Send(msg)
	}
	c.outbox = append(c.outbox, outgoing{seq: c.seq, msg: msg})
	if c.ready {
		_ = c.current().Send(msg) // if the connection is dying, the reconnect resends it
	}
	return nil
}

// current is the connection in use.
func (c *Client) current() Conn {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.conn
}

// Seat is the seat the host gave this connection (-1 before its welcome).
func (c *Client) Seat() Seat {
	c.mu.Lock()
	defer c.mu.Unlock()
	return Seat(c.seat)
}

// Room is the room code this client plays in.
func (c *Client) Room() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.room
}

// Token is the resume token the host issued for this seat: keep it (Options.Token) to get
// the same seat back after a reload.
func (c *Client) Token() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.token
}

// Farewell reports whether the host ended this client's connection with a reason (the game
// ended, the seat was kicked or taken over): coming back would be wrong.
func (c *Client) Farewell() bool { return c.farewell.Load() }

// Close ends the connection and stops every goroutine of this client. Updates is closed.
func (c *Client) Close() error {
	c.closeOnce.Do(func() {
		c.mu.Lock()
		c.closing.Store(true) // under mu: a restart starting now sees it (restart.go)
		c.mu.Unlock()
		close(c.done)
		// A reconnect that finishes after this point sees closing and closes its own connection.
		_ = c.current().Close()
		if c.cleanup != nil {
			c.cleanup()
		}
	})
	c.wg.Wait()
	return nil
}

// hello introduces this client to its host and waits for the welcome.
func (c *Client) hello(ctx context.Context, hello Hello) error {
	c.mu.Lock()
	c.said = hello
	c.said.Proof = "" // it belongs to this connection; a reconnect shows its token instead
	c.mu.Unlock()
	msg, err := encodeEnvelope(TypeHello, 0, hello)
	if err != nil {
		return err
	}
	if err := c.current().Send(msg); err != nil {
		return fmt.Errorf("session: sending hello: %w", err)
	}
	select {
	case <-c.welcomed:
		c.mu.Lock()
		defer c.mu.Unlock()
		return c.refused
	case <-ctx.Done():
		return fmt.Errorf("session: waiting for the host's welcome: %w", ctx.Err())
	case <-c.done:
		return ErrClosed
	}
}

// notify queues an update for the player.
func (c *Client) notify(u Update) {
	c.takeoverSaw(u)
	c.pending.push(u)
}

func (c *Client) readLoop() {
	defer c.wg.Done()
	for {
		conn := c.current()
		raw, err := conn.Receive()
		if err != nil {
			if c.reconnect(conn) {
				continue
			}
			c.ended()
			return
		}
		c.lastHeard.Store(time.Now().UnixNano())
		tapReceived(c, raw)
		c.handle(conn, raw)
	}
}

// ended runs when the connection is gone: the player learns it, unless they closed it.
func (c *Client) ended() {
	c.markWelcomed(errors.New("session: the connection to the host ended before its welcome"))
	switch {
	case c.closing.Load():
	case c.farewell.Load():
		c.pending.push(Update{Status: StatusClosed})
	default:
		c.pending.push(Update{Status: StatusClosed, Notice: "The connection to the host was lost.", Code: NoticeConnectionLost})
	}
	c.pending.close(ErrClosed, false)
}

func (c *Client) markWelcomed(refusal error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	select {
	case <-c.welcomed:
	default:
		c.refused = refusal
		close(c.welcomed)
	}
}

// cancelOnClose calls cancel when this client closes before ctx ends, so that work under
// ctx (a reconnect, a takeover's line, becoming host) stops with the client.
func (c *Client) cancelOnClose(ctx context.Context, cancel func()) {
	go func() {
		select {
		case <-c.done:
			cancel()
		case <-ctx.Done():
		}
	}()
}

// see takes in a view from the host.
func (c *Client) see(v View) {
	c.acknowledged(v.Ack)
	c.notify(Update{View: &v})
}

func (c *Client) handle(conn Conn, raw []byte) {
	if v, ok := decodeView(raw); ok {
		c.see(v)
		return
	}
	env, err := decodeEnvelope(raw)
	if err != nil {
		if bad, ok := errors.AsType[*envelopeError](err); ok {
			c.notify(Update{Notice: "The host sent a message this app cannot read (" + bad.msg + ").", Code: bad.code})
		}
		return
	}
	switch env.T {
	case TypeWelcome:
		var w Welcome
		if err := json.Unmarshal(env.Body, &w); err != nil {
			c.notify(Update{Notice: "The host's welcome could not be read: " + err.Error(), Code: CodeBadMessage})
			return
		}
		c.mu.Lock()
		c.room, c.seat, c.token = w.Room, w.Seat, w.Token
		c.mu.Unlock()
		c.resume(conn, w.Seq)
		c.markWelcomed(nil)
		c.notify(Update{Status: StatusOnline, Path: pathOf(conn)})
	case TypeView:
		var v View
		if err := json.Unmarshal(env.Body, &v); err != nil {
			c.notify(Update{Notice: "The host's view could not be read: " + err.Error(), Code: CodeBadMessage})
			return
		}
		c.see(v)
	case TypeError:
		var r Refusal
		if err := json.Unmarshal(env.Body, &r); err != nil || r.Msg == "" {
			r = Refusal{Code: CodeBadMessage, Msg: "The host refused something without saying why."}
		}
		if finalCodes[r.Code] {
			c.farewell.Store(true)
		}
		if env.Seq > 0 {
			c.acknowledged(env.Seq) // refused, so handled: never resend it
		}
		c.markWelcomed(&RefusalError{Refusal: r})
		c.notify(Update{Notice: r.Msg, Code: r.Code, Reason: r.Reason, Rule: r.Rule})
	case TypeWaiting:
		c.mu.Lock()
		onWaiting := c.onWaiting
		c.mu.Unlock()
		if onWaiting != nil {
			onWaiting()
		}
	case TypePing:
		if msg, err := encodeEnvelope(TypePong, env.Seq, Pong{Echo: env.Body, Now: time.Now().UnixMilli()}); err == nil {
			_ = conn.Send(msg)
		}
	case TypePong:
		// Hearing anything is what the heartbeat needs; readLoop noted the time. A restart
		// waits for the pong of its own ping.
		c.heardPong(conn, env.Body)
	case TypeHandoffAsk, TypeHandoffState, TypeHandoffCancel:
		c.handoffMessage(conn, env)
	case TypeSeal, TypeSealed:
		c.sealMessage(env)
	default:
		c.notify(Update{Notice: fmt.Sprintf("The host sent a message of unknown type %q.", env.T), Code: CodeUnknownType})
	}
}

// deliver hands queued updates to the player one by one, so a slow reader never blocks
// the connection, and closes Updates at the end.
func (c *Client) deliver() {
	defer c.wg.Done()
	defer close(c.updates)
	for {
		u, err := c.pending.next(c.done)
		if err != nil {
			return
		}
		select {
		case c.updates <- u:
		case <-c.done:
			return
		}
	}
}

// RefusalError is a refusal from the host, returned by Join when the host refuses the
// player (for example a full table).
type RefusalError struct{ Refusal Refusal }

func (e *RefusalError) Error() string { return "session: the host refused: " + e.Refusal.Msg }
