package session

import (
	"crypto/ecdh"
	"errors"
	"sync"
	"time"

	"safehouse/app/session/internal/sealed"
)

// Taking the game over: when the host has been away for Options.TakeoverAfter,
// every holder's device offers its player to continue the game on it. An ask goes to the whole
// table over the signaling server's line (takeline.go); each device whose player agrees sends
// its share, sealed to the asker; with a majority of them the asker opens the newest sealed
// copy and hosts the game under the same room code with the claim inside it. Two askers at
// once: the lower seat wins, the other withdraws and gives its own share to it; a device gives
// its share to one ask at a time (again only once that ask is withdrawn), so two askers can
// never both gather a majority. PROTOCOL.md, "Taking the game over", has the details.

// Takeover is what a device hears about continuing the game without its host, in
// Update.Takeover.
type Takeover struct {
	// Offer: the host has been away for Options.TakeoverAfter; with Possible this device may
	// ask to continue the game on it (Client.AskTakeover), else Why says why not
	// (TakeoverNeedsHandoff, TakeoverNoCopy).
	Offer, Possible bool
	Why             string
	// Asker >= 0 (with Offer false): the device of that seat asks to continue the game on it;
	// Client.AgreeTakeover agrees. -1 otherwise.
	Asker int
	// Asking: this device's ask is under way, with Have of the Need shares so far.
	Asking     bool
	Have, Need int
	// Ended: whatever was offered or asked is over: the host is back, or this device's ask
	// ended (Why: NoticeTakeoverFailed, or another device continues the game).
	Ended bool
}

// Why a device cannot ask to continue the game.
const (
	TakeoverNeedsHandoff = "takeover-needs-handoff" // no share here: too few other devices for a majority (only the planned handoff helps), or this seat joined after
	TakeoverNoCopy       = "takeover-no-copy"       // the share is here but no sealed copy came yet
)

// Notices of a takeover.
const (
	NoticeTakeoverFailed = "takeover-failed" // too few devices agreed in time
	NoticeTakeoverLost   = "takeover-lost"   // another device continues the game
)

// Errors of AskTakeover and AgreeTakeover.
var (
	ErrTakeoverNotNow = errors.New("session: the host is not away, or the table cannot be reached")
	ErrTakeoverNoDeal = errors.New("session: this device holds nothing to continue the game with")
)

// How long the steps of a takeover take.
const (
	defaultTakeoverAfter = 90 * time.Second
	askAgain             = 3 * time.Second // an ask is said again for the devices that come later
	hostSeenWait         = 3 * time.Second // a line that hears no host-away this long: the host is there
)

// An asker opens nothing after askLimit (it withdraws); a giver may give again after
// giveLimit, which is longer, so a share never serves two asks that are both still open.
// Variables only so that tests can shorten them together.
var (
	askLimit  = 30 * time.Second
	giveLimit = 60 * time.Second
)

// takeover is one client's side of taking the game over. Guarded by its mu.
type takeover struct {
	mu      sync.Mutex
	c       *Client
	since   time.Time // the host first seen away; zero while it is not
	timer   *time.Timer
	line    *signalClient
	lineUp  bool // the server says the host is away, on the line
	running bool // the line's goroutine runs
	offered bool
	shown   map[string]bool // asks told to the player

	ask *asking

	agreed    bool
	asks      map[string]heardAsk
	gave      map[string]bool
	out       string // the ask this device's share went to last, not withdrawn
	outAt     time.Time
	withdrawn map[string]bool
}

type heardAsk struct {
	askBody
	from string // the asker's peer id on the line
}

type asking struct {
	body   askBody
	priv   *ecdh.PrivateKey
	deal   sealed.Deal
	line   []byte
	ring   *sealed.Ring
	copies []sealed.Copy
	coming map[string]*holding // copies on their way, by sender
	// named: the newer copies givers said they send along (its state number, by sender),
	// until they come whole; copied tells finish, which waits for them, that one came.
	named   map[string]uint64
	copied  chan struct{}
	stop    chan struct{}
	done    bool
	started time.Time
}

func (c *Client) takeoverState() *takeover {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.take == nil {
		c.take = &takeover{c: c, shown: map[string]bool{}, asks: map[string]heardAsk{}, gave: map[string]bool{}, withdrawn: map[string]bool{}}
	}
	return c.take
}

// takeoverSaw follows what the client tells its player: the host away starts the line and
// the clock towards the offer; the host back (or this client online again) ends it all.
func (c *Client) takeoverSaw(u Update) {
	if c.redial == nil {
		return
	}
	switch {
	case u.Code == NoticeHostAway:
		c.takeoverState().hostAway()
	case u.Status == StatusReconnecting:
		// The connection to the host is gone for this device too: the offer may be due.
		c.mu.Lock()
		t := c.take
		c.mu.Unlock()
		if t != nil {
			go t.offerNow() // not under the caller's locks: offerLocked asks the client
		}
	case u.Code == NoticeHostBack, u.Status == StatusOnline:
		c.mu.Lock()
		t := c.take
		c.mu.Unlock()
		if t != nil {
			t.hostBack()
		}
	}
}

func (c *Client) takeoverAfter() time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.opts.TakeoverAfter > 0 {
		return c.opts.TakeoverAfter
	}
	return defaultTakeoverAfter
}

// hostAway starts the line (if it does not run) and the clock towards the offer.
func (t *takeover) hostAway() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.since.IsZero() {
		t.since = t.c.awaySinceOr(time.Now())
		t.timer = time.AfterFunc(t.c.takeoverAfter()-time.Since(t.since), t.offerNow)
	}
	if !t.running && !t.c.closing.Load() {
		t.running = true
		t.c.wg.Add(1)
		go t.runLine()
	}
}

func (t *takeover) offerNow() {
	t.mu.Lock()
	u := t.offerLocked()
	t.mu.Unlock()
	if u != nil {
		t.c.notify(Update{Takeover: u})
	}
}

// offerLocked is the offer once the host has been away long enough and the line hears the
// table, or nil.
func (t *takeover) offerLocked() *Takeover {
	if t.offered || !t.lineUp || t.since.IsZero() || time.Since(t.since) < t.c.takeoverAfter() || t.c.isOnline() {
		return nil // not yet: the host has not been away long enough, or this device still reaches it
	}
	t.offered = true
	o := &Takeover{Offer: true, Asker: -1}
	switch h := t.c.Holding(); {
	case !h.Holds:
		o.Why = TakeoverNeedsHandoff
	case h.State == 0:
		o.Why = TakeoverNoCopy
	default:
		o.Possible = true
	}
	return o
}

// hostBack ends everything of a takeover: the host (or a new one) is there.
func (t *takeover) hostBack() {
	t.mu.Lock()
	if t.since.IsZero() {
		t.mu.Unlock()
		return
	}
	told := t.offered || len(t.shown) > 0 || t.ask != nil
	t.resetLocked()
	line := t.line
	t.mu.Unlock()
	if line != nil {
		line.close()
	}
	if told {
		t.c.notify(Update{Takeover: &Takeover{Ended: true, Asker: -1}})
	}
	t.c.retrySoon()
}

func (t *takeover) resetLocked() {
	if t.timer != nil {
		t.timer.Stop()
	}
	if t.ask != nil {
		t.ask.end()
	}
	t.since, t.timer, t.lineUp, t.offered, t.ask = time.Time{}, nil, false, false, nil
	t.agreed, t.out, t.outAt = false, "", time.Time{}
	t.shown, t.asks, t.gave, t.withdrawn = map[string]bool{}, map[string]heardAsk{}, map[string]bool{}, map[string]bool{}
}

// isOnline reports whether this client talks to its host now.
func (c *Client) isOnline() bool {
	c.sendMu.Lock()
	defer c.sendMu.Unlock()
	return c.ready
}

// beginTaking marks this device as taking a room over until done is called: its reconnect
// waits meanwhile (awaitHandoff).
func (c *Client) beginTaking() (done func()) {
	taking := make(chan struct{})
	c.mu.Lock()
	c.taking = taking
	c.mu.Unlock()
	return func() {
		c.mu.Lock()
		c.taking = nil
		c.mu.Unlock()
		close(taking)
	}
}

// retrySoon cuts a reconnect's wait short: the host (or a new one) is back.
func (c *Client) retrySoon() {
	select {
	case c.retryNow <- struct{}{}:
	default:
	}
}
