package session

import (
	"context"
	"crypto/ecdh"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"safehouse/app/session/internal/sealed"
	"safehouse/wire"
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

// runLine keeps this device's own socket in the room while the host is away: it hears the
// table's messages there, and the host's return.
func (t *takeover) runLine() {
	c := t.c
	defer c.wg.Done()
	defer func() {
		t.mu.Lock()
		t.running, t.line, t.lineUp = false, nil, false
		t.mu.Unlock()
	}()
	for {
		t.mu.Lock()
		away := !t.since.IsZero()
		t.mu.Unlock()
		if !away || c.closing.Load() || c.farewell.Load() {
			return
		}
		if back := t.lineOnce(); back {
			// The host is there (back, or never away for the server): a reconnect waiting
			// for news of it (awayRecheck) tries now.
			c.retrySoon()
			return
		}
		select {
		case <-c.done:
			return
		case <-time.After(c.retry.first):
		}
	}
}

// lineOnce joins the room on a new socket and serves it until it ends; it reports whether
// the host is there (back, or never away for the server).
func (t *takeover) lineOnce() (hostThere bool) {
	c := t.c
	ctx, cancel := context.WithTimeout(context.Background(), c.retry.attempt)
	defer cancel()
	go func() {
		select {
		case <-c.done:
			cancel()
		case <-ctx.Done():
		}
	}()
	c.mu.Lock()
	url, room, pass := c.opts.SignalURL, c.room, c.pass
	c.mu.Unlock()
	sig, err := dialSignal(ctx, url)
	if err != nil {
		return false
	}
	defer sig.close()
	if err := sig.send(wire.Message{T: wire.TypeJoin, Room: room, Pass: pass}); err != nil {
		return false
	}
	if m, err := sig.await(ctx); err != nil || m.T != wire.TypeJoined {
		return m.T == wire.TypeError && m.Code == wire.CodeUnknownRoom
	}
	t.mu.Lock()
	t.line = sig
	t.mu.Unlock()
	seen := time.NewTimer(hostSeenWait)
	defer seen.Stop()
	for {
		select {
		case m, ok := <-sig.in:
			if !ok {
				return false
			}
			switch m.T {
			case wire.TypeHostAway:
				seen.Stop()
				t.mu.Lock()
				t.lineUp = true
				u := t.offerLocked()
				t.mu.Unlock()
				if u != nil {
					c.notify(Update{Takeover: u})
				}
			case wire.TypeHostBack:
				t.hostBack()
				return true
			case wire.TypeFrom:
				if m.ID != wire.HostID {
					t.heard(sig, m.ID, m.Data)
				}
			}
		case <-seen.C:
			t.mu.Lock()
			up := t.lineUp
			t.mu.Unlock()
			if !up {
				return true // no host-away: the host is there, the reconnect finds it
			}
		case <-c.done:
			return true
		}
	}
}

// outgoingTake is one table message to send once the lock is released.
type outgoingTake struct {
	to   string
	data json.RawMessage
}

func (t *takeover) send(sig *signalClient, out []outgoingTake) {
	for _, o := range out {
		if sig != nil {
			_ = lineSend(sig, o.to, o.data)
		}
	}
}

// AskTakeover asks the table to continue the game on this device (after Update.Takeover's
// offer). The devices whose players agree send their shares; with a majority this device
// becomes the host (Update.Host) and this client ends. Progress and the end come as
// Update.Takeover. An ask from a lower seat already under way makes this an agreement to it.
func (c *Client) AskTakeover() error {
	t := c.takeoverState()
	t.mu.Lock()
	c.mu.Lock()
	k := c.keep
	var cp *sealed.Copy
	var deal sealed.Deal
	var share sealed.Share
	var line []byte
	if k != nil {
		cp, deal, share, line = k.copy, k.deal, k.share, k.line
	}
	seat := c.seat
	c.mu.Unlock()
	switch {
	case !t.lineUp || c.isOnline():
		t.mu.Unlock()
		return ErrTakeoverNotNow
	case k == nil || cp == nil:
		t.mu.Unlock()
		return ErrTakeoverNoDeal
	case t.ask != nil:
		t.mu.Unlock()
		return nil
	}
	for _, a := range t.asks {
		if a.Seat < seat {
			t.agreed = true // a lower seat asks already: it wins, so this press agrees
			out := t.giveLocked()
			sig := t.line
			t.mu.Unlock()
			t.send(sig, out)
			return nil
		}
	}
	priv, err := ecdh.X25519().GenerateKey(rand.Reader)
	if err != nil {
		t.mu.Unlock()
		return err
	}
	a := &asking{priv: priv, deal: deal, line: line, ring: sealed.NewRing(deal), copies: []sealed.Copy{*cp},
		coming: map[string]*holding{}, named: map[string]uint64{}, copied: make(chan struct{}, 1), stop: make(chan struct{}), started: time.Now()}
	a.body = askBody{ID: newToken(), Seat: seat, Game: deal.Game, Epoch: deal.Epoch, State: cp.State, Pub: priv.PublicKey().Bytes()}
	if err := a.ring.Add(share); err != nil {
		t.mu.Unlock()
		return err
	}
	t.ask = a
	t.mu.Unlock()
	c.notify(Update{Takeover: &Takeover{Asking: true, Have: 1, Need: deal.Threshold, Asker: -1}})
	c.wg.Add(1)
	go t.keepAsking(a)
	return nil
}

// keepAsking says the ask again for devices whose line came later, and ends it at askLimit.
func (t *takeover) keepAsking(a *asking) {
	defer t.c.wg.Done()
	data, err := encodeTake(a.line, takeAsk, a.body)
	if err != nil {
		return
	}
	tick := time.NewTicker(askAgain)
	defer tick.Stop()
	limit := time.NewTimer(askLimit)
	defer limit.Stop()
	for {
		t.mu.Lock()
		sig := t.line
		t.mu.Unlock()
		t.send(sig, []outgoingTake{{to: wire.AllPeers, data: data}})
		select {
		case <-tick.C:
		case <-limit.C:
			t.giveUp(a)
			return
		case <-a.stop:
			return
		case <-t.c.done:
			return
		}
	}
}

// giveUp ends an ask that did not gather a majority in time: its shares are forgotten and
// the table hears it is withdrawn, so the givers may give again.
func (t *takeover) giveUp(a *asking) {
	t.mu.Lock()
	if t.ask != a || a.done {
		t.mu.Unlock()
		return
	}
	t.ask = nil
	a.end()
	out := withdrawOf(a)
	sig := t.line
	t.mu.Unlock()
	t.send(sig, out)
	t.c.notify(Update{Takeover: &Takeover{Ended: true, Why: NoticeTakeoverFailed, Asker: -1}})
	t.c.notify(Update{Notice: "Too few devices agreed in time: the game waits for its host.", Code: NoticeTakeoverFailed})
}

func withdrawOf(a *asking) []outgoingTake {
	data, err := encodeTake(a.line, takeWithdraw, withdrawBody{ID: a.body.ID, Seat: a.body.Seat})
	if err != nil {
		return nil
	}
	return []outgoingTake{{to: wire.AllPeers, data: data}}
}

// end forgets what an ask gathered.
func (a *asking) end() {
	if !a.done {
		a.done = true
		close(a.stop)
	}
	a.ring.Forget()
}

// AgreeTakeover agrees that the game continues on the device that asked (Update.Takeover's
// Asker); when several ask, the lower seat's device. This device's share goes to that ask.
func (c *Client) AgreeTakeover() error {
	t := c.takeoverState()
	t.mu.Lock()
	if !t.lineUp || c.isOnline() {
		t.mu.Unlock()
		return ErrTakeoverNotNow
	}
	if c.Holding().State == 0 {
		t.mu.Unlock()
		return ErrTakeoverNoDeal
	}
	t.agreed = true
	out := t.giveLocked()
	sig := t.line
	t.mu.Unlock()
	t.send(sig, out)
	return nil
}

// giveLocked gives this device's share to the best ask heard (the lowest seat), unless it
// went to another ask not withdrawn yet (and not given up for longer than giveLimit).
func (t *takeover) giveLocked() []outgoingTake {
	c := t.c
	c.mu.Lock()
	k := c.keep
	var h holding
	if k != nil {
		h = holding{deal: k.deal, share: k.share, line: k.line, copy: k.copy}
	}
	c.mu.Unlock()
	if !t.agreed || k == nil || t.ask != nil {
		return nil
	}
	if t.out != "" && time.Since(t.outAt) < giveLimit {
		return nil
	}
	var best *heardAsk
	for id, a := range t.asks {
		if t.gave[id] || t.withdrawn[id] || a.Epoch != h.deal.Epoch || a.Game != h.deal.Game {
			continue
		}
		if best == nil || a.Seat < best.Seat {
			a := a
			best = &a
		}
	}
	if best == nil {
		return nil
	}
	pub, nonce, box, err := sealShare(h.line, best.askBody, h.share)
	if err != nil {
		return nil
	}
	g := giveBody{ID: best.ID, Seat: int(c.Seat()), Game: h.deal.Game, Epoch: h.deal.Epoch, Pub: pub, Nonce: nonce, Box: box}
	if h.copy != nil {
		g.State = h.copy.State
	}
	data, err := encodeTake(h.line, takeGive, g)
	if err != nil {
		return nil
	}
	t.out, t.outAt, t.gave[best.ID] = best.ID, time.Now(), true
	out := []outgoingTake{{to: best.from, data: data}}
	if h.copy != nil && h.copy.State > best.State {
		out = append(out, copyParts(h.line, best.ID, best.from, *h.copy)...)
	}
	return out
}

// copyParts sends this device's newer copy to an asker, in parts.
func copyParts(line []byte, id, to string, c sealed.Copy) []outgoingTake {
	n := max((len(c.Box)+partBytes-1)/partBytes, 1)
	var out []outgoingTake
	for i := range n {
		p := sealedPart{Game: c.Game, Epoch: c.Epoch, State: c.State, Nonce: c.Nonce, Part: i, Parts: n,
			Box: c.Box[i*partBytes : min((i+1)*partBytes, len(c.Box))]}
		if data, err := encodeTake(line, takeCopy, copyBody{ID: id, Part: p}); err == nil {
			out = append(out, outgoingTake{to: to, data: data})
		}
	}
	return out
}

// heard handles one table message from peer from.
func (t *takeover) heard(sig *signalClient, from string, data json.RawMessage) {
	c := t.c
	c.mu.Lock()
	var line []byte
	if c.keep != nil {
		line = c.keep.line
	}
	seat := c.seat
	c.mu.Unlock()
	if line == nil {
		return
	}
	m, err := decodeTake(line, data)
	if err != nil {
		return // not from this deal's table (or from the server): nothing to act on
	}
	var notices []Update
	var out []outgoingTake
	t.mu.Lock()
	switch m.Kind {
	case takeAsk:
		var a askBody
		if json.Unmarshal(m.Body, &a) != nil || a.Seat == seat || t.withdrawn[a.ID] {
			break
		}
		t.asks[a.ID] = heardAsk{askBody: a, from: from}
		if own := t.ask; own != nil && !own.done {
			if a.Seat < own.body.Seat { // the lower seat wins: withdraw, and give to it
				t.ask = nil
				own.end()
				out = append(out, withdrawOf(own)...)
				t.agreed = true
				notices = append(notices, Update{Takeover: &Takeover{Asker: a.Seat}})
				out = append(out, t.giveLocked()...)
			}
			break
		}
		if !t.shown[a.ID] {
			t.shown[a.ID] = true
			notices = append(notices, Update{Takeover: &Takeover{Asker: a.Seat}})
		}
		out = append(out, t.giveLocked()...)
	case takeWithdraw:
		var w withdrawBody
		if json.Unmarshal(m.Body, &w) != nil {
			break
		}
		t.withdrawn[w.ID] = true
		delete(t.asks, w.ID)
		if t.out == w.ID {
			t.out = ""
		}
		out = append(out, t.giveLocked()...)
	case takeGive:
		if !canHost {
			break // the player build never asks (canHost): no give is for it
		}
		var g giveBody
		own := t.ask
		if json.Unmarshal(m.Body, &g) != nil || own == nil || own.done || g.ID != own.body.ID {
			break
		}
		share, err := openShare(own.line, own.priv, g)
		if err == nil {
			err = own.ring.Add(share)
		}
		if err != nil {
			code := shareNotice(err)
			notices = append(notices, Update{Notice: "A device's share was refused: " + err.Error(), Code: code})
			break
		}
		if g.State > own.newestLocked() {
			own.named[from] = g.State // its copy follows the give
		}
		notices = append(notices, Update{Takeover: &Takeover{Asking: true, Have: own.ring.Count(), Need: own.deal.Threshold, Asker: -1}})
		if own.ring.Ready() && time.Since(own.started) < askLimit {
			own.done = true
			close(own.stop)
			c.wg.Add(1)
			go t.finish(own)
		}
	case takeCopy:
		if !canHost {
			break // nor is a copy sent along with a give
		}
		var cb copyBody
		own := t.ask
		if json.Unmarshal(m.Body, &cb) != nil || own == nil || cb.ID != own.body.ID {
			break
		}
		h := own.coming[from]
		if h == nil {
			h = &holding{deal: own.deal}
			own.coming[from] = h
		}
		h.add(cb.Part)
		if h.copy != nil {
			own.copies = append(own.copies, *h.copy)
			delete(own.coming, from)
			delete(own.named, from)
			select {
			case own.copied <- struct{}{}:
			default:
			}
		}
	}
	t.mu.Unlock()
	t.send(sig, out)
	for _, u := range notices {
		c.notify(u)
	}
}

// finish opens the newest copy with the shares gathered and hosts the game on this device.
func (t *takeover) finish(a *asking) {
	c := t.c
	defer c.wg.Done()
	done := c.beginTaking()
	defer done()
	fail := func(code, msg string) {
		a.ring.Forget()
		t.mu.Lock()
		if t.ask == a {
			t.ask = nil
		}
		out := withdrawOf(a)
		sig := t.line
		t.mu.Unlock()
		t.send(sig, out)
		c.notify(Update{Takeover: &Takeover{Ended: true, Why: code, Asker: -1}})
		c.notify(Update{Notice: msg, Code: code})
	}
	copies, missing, ok := t.awaitCopies(a)
	if !ok {
		a.ring.Forget()
		return // this client is closing
	}
	key, err := a.ring.Key()
	a.ring.Forget()
	if err != nil {
		fail(NoticeShareForged, "The shares gathered do not make the key: "+err.Error())
		return
	}
	st, refused, err := openNewest(key, a.deal, copies)
	clear(key[:])
	refused = append(refused, missing...)
	if err == nil {
		st, err = st.hostedBy(c.Token())
	}
	if err != nil {
		fail(NoticeCopyDamaged, "No sealed copy opens: "+err.Error())
		return
	}
	if len(refused) > 0 {
		c.notify(Update{Code: NoticeCopyRefused, Notice: fmt.Sprintf(
			"A sealed copy of state %v did not come whole or does not open (changed, or not of that state): it was not used; the game goes on from state %d.", refused, st.State)})
	}
	ctx, cancel := context.WithTimeout(context.Background(), handoffTakeWait)
	defer cancel()
	go func() {
		select {
		case <-c.done:
			cancel()
		case <-ctx.Done():
		}
	}()
	host, err := c.becomeHost(ctx, st)
	if errors.Is(err, ErrRoomTaken) {
		fail(NoticeTakeoverLost, "Another device continues the game.")
		return
	}
	if err != nil {
		fail(NoticeTakeoverFailed, "This device could not continue the game: "+err.Error())
		return
	}
	c.notify(Update{Host: host})
	c.retire()
}

// copyWait bounds how long an asker with a majority waits for the newer copies its givers
// said they send along (they follow the give at once).
const copyWait = 3 * time.Second

// awaitCopies waits, up to copyWait, for the newer copies a's givers named, and returns the
// copies a has then, with the state numbers of those named that did not come whole. ok is
// false when this client closes meanwhile.
func (t *takeover) awaitCopies(a *asking) (copies []sealed.Copy, missing []uint64, ok bool) {
	limit := time.NewTimer(copyWait)
	defer limit.Stop()
	for passed := false; ; {
		t.mu.Lock()
		if len(a.named) > 0 && !passed {
			t.mu.Unlock()
			select {
			case <-a.copied:
			case <-limit.C:
				passed = true
			case <-t.c.done:
				return nil, nil, false
			}
			continue
		}
		copies = slices.Clone(a.copies)
		for _, n := range a.named {
			missing = append(missing, n)
		}
		clear(a.named)
		t.mu.Unlock()
		slices.Sort(missing)
		return copies, missing, true
	}
}

// openNewest opens the newest of copies that opens with key, and makes its state this
// device's to host: its own seat first, the clock going on from the moment it was sealed.
// refused are the state numbers of the newer copies that did not open: a copy changed on
// its way, or relabelled with a state number it is not of (the number is sealed in).
func openNewest(key sealed.Key, deal sealed.Deal, copies []sealed.Copy) (st HostState, refused []uint64, err error) {
	slices.SortFunc(copies, func(a, b sealed.Copy) int { return -cmpState(a.State, b.State) })
	err = sealed.ErrDamaged
	for _, cp := range copies {
		if cp.Of(deal) != nil {
			continue
		}
		plain, e := cp.Open(key)
		if e != nil {
			err = e
			refused = append(refused, cp.State)
			continue
		}
		var s sealedState
		e = json.Unmarshal(plain, &s)
		clear(plain)
		if e != nil {
			err = fmt.Errorf("%w: %v", sealed.ErrDamaged, e)
			refused = append(refused, cp.State)
			continue
		}
		s.State.Clock = s.At - time.Now().UnixMilli()
		return s.State, refused, nil
	}
	return HostState{}, refused, err
}

// newestLocked is the state number of the newest copy a has.
func (a *asking) newestLocked() uint64 {
	var n uint64
	for _, c := range a.copies {
		n = max(n, c.State)
	}
	return n
}

func cmpState(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
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
