package session

import (
	"context"
	"errors"
	"time"
)

// redialFunc makes a new connection to the same host (a new signaling socket and
// PeerConnection, or the relay), ready for a hello.
type redialFunc func(ctx context.Context) (Conn, error)

// retryPolicy is how a remote player's client watches and rebuilds its connection.
type retryPolicy struct {
	heartbeat time.Duration // ping this often; silence for deadAfter heartbeats means dead
	restart   time.Duration // how long an ICE restart may take to bring the host back
	first     time.Duration // the first wait before a new attempt
	most      time.Duration // the longest wait between attempts
	attempt   time.Duration // how long one attempt may take
}

// deadAfter is how many heartbeats of silence make a connection dead. The host answers every
// ping, so a live connection is never silent for long.
const deadAfter = 3

// Defaults for Options left at zero.
const (
	defaultHeartbeat      = 4 * time.Second
	defaultRetryFirst     = 500 * time.Millisecond
	defaultRetryMost      = 8 * time.Second
	defaultRetryAttempt   = 30 * time.Second
	defaultDirectTimeout  = 12 * time.Second
	minimumHeartbeatCheck = 50 * time.Millisecond
)

func retryPolicyOf(o Options) retryPolicy {
	p := retryPolicy{heartbeat: o.Heartbeat, restart: o.RestartTimeout, first: o.RetryDelay, most: o.RetryMaxDelay, attempt: defaultRetryAttempt}
	if p.restart <= 0 {
		p.restart = defaultRestartTimeout
	}
	if p.heartbeat <= 0 {
		p.heartbeat = defaultHeartbeat
	}
	p.heartbeat = max(p.heartbeat, minimumHeartbeatCheck)
	if p.first <= 0 {
		p.first = defaultRetryFirst
	}
	if p.most <= 0 {
		p.most = defaultRetryMost
	}
	p.most = max(p.most, p.first)
	return p
}

// finalCodes are refusals after which reconnecting would be wrong: the host ended the game,
// another device took the seat over, or the seat is gone.
var finalCodes = map[string]bool{
	CodeHostClosed:  true,
	CodeMoved:       true,
	CodeUnknownSeat: true,
	CodeKicked:      true,
	// Never seated: the host said no, or too many wait to be let in.
	CodeTurnedAway:     true,
	CodeTooManyWaiting: true,
}

// newRemoteClient is a remote player's client: it reconnects through redial when conn dies.
func newRemoteClient(conn Conn, redial redialFunc, retry retryPolicy) *Client {
	c := remoteClient(conn, redial, retry)
	c.watchPath(conn)
	c.start()
	return c
}

// remoteClient is newRemoteClient before it starts: a caller may fill in more first.
func remoteClient(conn Conn, redial redialFunc, retry retryPolicy) *Client {
	return &Client{
		conn:     conn,
		updates:  make(chan Update),
		pending:  newQueue[Update](0),
		seat:     -1,
		welcomed: make(chan struct{}),
		done:     make(chan struct{}),
		redial:   redial,
		retry:    retry,
		retryNow: make(chan struct{}, 1),
	}
}

// reconnect replaces the dead connection old with a new one, trying again with growing
// waits, and says hello on it with the seat's token. It reports false when the client should
// end instead: closed by its player, told why by the host, never seated, or the room is gone.
func (c *Client) reconnect(old Conn) bool {
	c.awaitHandoff() // a device taking the room over must not come back as a player first
	if c.redial == nil || c.closing.Load() || c.farewell.Load() || c.Token() == "" {
		return false
	}
	c.sendMu.Lock()
	c.ready = false
	c.mending = nil // a restart of old that still runs has nothing left to mend
	c.sendMu.Unlock()
	_ = old.Close()
	c.notify(Update{Status: StatusReconnecting})

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c.cancelOnClose(ctx, cancel)
	wait := c.retry.first
	for {
		actx, acancel := context.WithTimeout(ctx, c.retry.attempt)
		conn, err := c.redial(actx)
		acancel()
		if err == nil && c.adopt(conn) {
			return true
		}
		if c.closing.Load() || errors.Is(err, errRescan) {
			return false // closed, or a game with no server: only new codes bring it back
		}
		if errors.Is(err, ErrUnknownRoom) {
			c.notify(Update{Notice: "This game is over: the host did not come back in time.", Code: NoticeHostGone})
			return false
		}
		pause := wait
		if errors.Is(err, errHostAway) && c.lineHearsTheHost() {
			// Every attempt is a join at the signaling server, and the phones of a table
			// share one address there: knocking every few seconds while the host is away
			// would spend the address's joins until the host itself cannot come back.
			pause = awayRecheck
		}
		timer := time.NewTimer(pause)
		select {
		case <-timer.C:
		case <-c.retryNow:
			timer.Stop()
		case <-c.done:
			timer.Stop()
			return false
		}
		wait = min(2*wait, c.retry.most)
	}
}

// awayRecheck is how long a reconnect waits after finding the host away while the takeover
// line is in the room: the line hears the host's return (retrySoon), so this only bounds
// the wait should that news be lost.
const awayRecheck = 30 * time.Second

// lineHearsTheHost reports whether this client's takeover line is in the room and heard
// that the host is away, so it will hear the host come back.
func (c *Client) lineHearsTheHost() bool {
	c.mu.Lock()
	t := c.take
	c.mu.Unlock()
	if t == nil {
		return false
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.lineUp
}

// adopt makes conn the client's connection and says hello on it. The welcome (handled by
// the read loop) resends what the host has not handled yet.
func (c *Client) adopt(conn Conn) bool {
	c.mu.Lock()
	if c.closing.Load() {
		c.mu.Unlock()
		_ = conn.Close()
		return false
	}
	c.conn = conn
	hello := c.said
	hello.Token = c.token
	c.mu.Unlock()
	c.watchPath(conn)
	c.lastHeard.Store(time.Now().UnixNano())
	msg, err := encodeEnvelope(TypeHello, 0, hello)
	if err == nil {
		err = conn.Send(msg)
	}
	if err != nil {
		_ = conn.Close()
		return false
	}
	return true
}

// resume runs on every welcome: the host has handled this seat's intents up to handled, so
// the rest of the outbox goes out again, in order, on conn, and new intents continue the
// numbering after the highest seq either side knows (a reloaded page starts from zero).
func (c *Client) resume(conn Conn, handled uint64) {
	c.sendMu.Lock()
	defer c.sendMu.Unlock()
	c.seq = max(c.seq, handled)
	c.trimLocked(handled)
	for _, o := range c.outbox {
		_ = conn.Send(o.msg)
	}
	c.ready = true
}

// acknowledged drops the intents the host has handled (a view's ack, a refusal's seq).
func (c *Client) acknowledged(seq uint64) {
	c.sendMu.Lock()
	defer c.sendMu.Unlock()
	c.trimLocked(seq)
}

func (c *Client) trimLocked(handled uint64) {
	n := 0
	for n < len(c.outbox) && c.outbox[n].seq <= handled {
		n++
	}
	c.outbox = append(c.outbox[:0], c.outbox[n:]...)
}

// heartbeat pings the host regularly; a connection silent for deadAfter heartbeats is
// suspected: an ICE restart first (restart.go), else closed, which makes the read loop
// reconnect.
func (c *Client) heartbeat() {
	defer c.wg.Done()
	ticker := time.NewTicker(c.retry.heartbeat)
	defer ticker.Stop()
	var pings uint64
	for {
		select {
		case <-c.done:
			return
		case <-ticker.C:
		}
		conn := c.current()
		if time.Since(time.Unix(0, c.lastHeard.Load())) > deadAfter*c.retry.heartbeat {
			c.suspect(conn)
			continue
		}
		pings++
		if msg, err := encodeEnvelope(TypePing, 0, pings); err == nil {
			_ = conn.Send(msg)
		}
	}
}

// Check makes sure the connection is alive now, e.g. when the page becomes visible again
// after the phone slept: it pings the host and, if nothing comes back within two heartbeats,
// suspects the connection at once: an ICE restart, else a new connection.
func (c *Client) Check() {
	if c.redial == nil || c.closing.Load() {
		return
	}
	asked := time.Now().UnixNano()
	conn := c.current()
	if msg, err := encodeEnvelope(TypePing, 0, "check"); err == nil {
		_ = conn.Send(msg)
	}
	time.AfterFunc(2*c.retry.heartbeat, func() {
		if c.lastHeard.Load() < asked && !c.closing.Load() {
			c.suspect(conn)
		}
	})
}
