package session

import (
	"context"
	"sync"
)

// The three kinds of host are one core and a way in. hostBase is what every kind is: the
// table (hostCore, which serves every connection the same way) and the host's own player.
// LocalHost adds the other players of its device; netHost adds what a host whose players
// come from other devices needs (the invite secret, the saved state, the watch for silent
// connections, the order of Close); HostSession (through a signaling server) and QRHost
// (through QR codes) each add only how a player's connection reaches the core.

// hostBase is the core of a host and its own player.
type hostBase struct {
	core   *hostCore
	player *Client
}

// Room is the room code: the signaling server's (HostSession), made up by the host, which no
// server knows (QRHost), or LocalRoom.
func (b *hostBase) Room() string { return b.core.room }

// Player is the host's own player.
func (b *hostBase) Player() *Client { return b.player }

// Players lists the seats as everyone sees them, in table order.
func (b *hostBase) Players() []Player { return b.core.players() }

// State is the current state number (the one in the latest views).
func (b *hostBase) State() uint64 { return b.core.stateNumber() }

// SetTable plugs a game into the host (nil for the lobby alone) and sends everyone a view.
func (b *hostBase) SetTable(t Table) { b.core.setTable(t) }

// Refresh sends everyone a new view after the game changed without an intent.
func (b *hostBase) Refresh() { b.core.refresh() }

// Advance lets the game's time pass now (the host's timer does it by itself at each
// deadline) and sends everyone their view if anything changed. Tests with an injected clock
// call it after moving their clock.
func (b *hostBase) Advance() { b.core.advance() }

// seatHere seats a player of the host's own device through an in-memory pipe and returns its
// client once the host welcomed it; a client that was not welcomed is closed. keep, when not
// nil, takes the client before its hello, so that a Close meanwhile closes it too; false
// (the host closed) seats nobody.
func (b *hostBase) seatHere(ctx context.Context, hello Hello, isHost bool, keep func(*Client) bool) (*Client, error) {
	hostEnd, playerEnd := Pipe()
	c := newClient(playerEnd, nil)
	if keep != nil && !keep(c) {
		c.Close()
		_ = hostEnd.Close()
		return nil, ErrClosed
	}
	b.core.accept(hostEnd, isHost)
	if err := c.hello(ctx, hello); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

// netHost is a host whose players come from other devices: HostSession and QRHost.
type netHost struct {
	hostBase
	opts   Options
	secret string
	log    logger

	quiet     chan struct{}  // closed by Close: stops the host's watchers
	waiters   sync.WaitGroup // the silence watch, per-channel watchers, link closers
	closeOnce sync.Once
}

// Secret is the invite secret (128 bits, base64url): carried only in an invite link's URL
// fragment, or in every QR offer code.
func (n *netHost) Secret() string { return n.secret }

// Waiting lists the players waiting for the host to let them in, oldest first (the host's
// own view has the same list). None come by QR: an offer code carries the secret.
func (n *netHost) Waiting() []Knock {
	n.core.mu.Lock()
	defer n.core.mu.Unlock()
	return n.core.waitingLocked()
}

// newCore makes the host's core for room, brought back from saved (nil for a new game) with
// table. The core keeps what its HostState holds beyond itself (keep: a HostSession's claim,
// a QRHost's spent offers; and the game clock), with or without a Store: a handoff and the
// sealed copies need the whole state too. With Options.Store set, the core saves itself
// there before every broadcast.
func (n *netHost) newCore(room string, saved *HostState, table Table, keep hostStore) {
	n.log = defaultLogger()
	n.core = newHostCore(room, n.log)
	if saved != nil {
		n.core.restore(*saved)
		keep.clock = saved.Clock
	}
	n.core.table = table
	keep.store, keep.secret = n.opts.Store, n.secret
	n.core.store = &keep
}

// open seats the host's own player (n.opts.Name) in the core newCore made and starts the
// watch for silent connections. An error closes the core.
func (n *netHost) open(ctx context.Context) error {
	p, err := n.seatHere(ctx, n.opts.hello(), true, nil)
	if err != nil {
		n.core.close()
		return err
	}
	n.player = p
	n.quiet = make(chan struct{})
	n.waiters.Add(1)
	go n.watchSilence()
	return nil
}

// close ends the host, once: stop marks it ending (no new link starts after it), the core
// tells every player the game ended, the saved state is forgotten, release closes what the
// way in still holds, and then the host's own player and every goroutine of the host end.
func (n *netHost) close(stop, release func()) {
	n.closeOnce.Do(func() {
		stop()
		// Players hear it from the host first, before their links go (a signaling server
		// would otherwise tell them the host left).
		n.core.close()
		if n.opts.Store != nil {
			// Ended on purpose: a later visit starts a new game instead of resuming this one.
			_ = n.opts.Store.Clear()
		}
		release()
		n.player.Close()
		close(n.quiet)
		n.waiters.Wait()
	})
}
