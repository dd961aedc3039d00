package session

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// The host's seat caps. Players and table screens (spectator seats) are counted apart, so a
// full game of the largest size can still be watched: the host's own seat counts as
// whichever it is.
const (
	// MaxSeats is the most players one host seats (the largest game, Spyfest's team
	// variant, has 16).
	MaxSeats = 16
	// MaxSpectators is the most table screens one host seats, on top of MaxSeats players.
	MaxSpectators = 16
	// MaxConnections is the most seats of both kinds together: every one is a connection
	// the host sends each view to.
	MaxConnections = MaxSeats + MaxSpectators
)

// noRoomLocked says why a new seat of the asked kind cannot be added, or "" when it can.
func (h *hostCore) noRoomLocked(spectator bool) string {
	players, spectators := 0, 0
	for _, s := range h.seats {
		if s.spectator {
			spectators++
		} else {
			players++
		}
	}
	if spectator && spectators >= MaxSpectators {
		return fmt.Sprintf("every table screen's seat is taken: this game has room for %d", MaxSpectators)
	}
	if !spectator && players >= MaxSeats {
		return fmt.Sprintf("this game is full: it has %d players", MaxSeats)
	}
	return ""
}

// hostCore owns the table: seats, names, presence and the state number. Every connection,
// the host's own player included, is served by the same code here; nothing in it knows about
// WebRTC or signaling.
type hostCore struct {
	mu       sync.Mutex
	room     string
	state    uint64
	seats    []*seat
	byToken  map[string]*seat
	conns    map[*hostConn]struct{}
	table    Table
	timer    gameTimer  // wakes the table at its next deadline (hostgame.go)
	nextSeat int        // the lowest seat number never given out
	store    *hostStore // nil when the host keeps no saved state
	closed   bool
	log      logger
	wg       sync.WaitGroup

	// handoff is the handoff under way (handoff_host.go); moved marks a core closed because
	// its game went to another device, whose players then look for the new host. seal keeps
	// the sealed copies on the players' devices (seal_host.go; nil: none, as with no server).
	handoff *handoffOut
	moved   bool
	seal    *sealer

	// waiting are the connections whose hello waits for the host (admission.go), oldest
	// first; nextKnock numbers them.
	waiting   []*hostConn
	nextKnock int

	// outbox holds what the locked work sends to remote players; unlock sends it in order
	// under sendMu (outbox.go).
	outbox []remoteSend
	sendMu sync.Mutex

	// tellServer, when set, passes the host's word on a remote connection to the
	// signaling server without waiting (hostblock.go).
	tellServer func(conn Conn, word string)
}

type seat struct {
	no   int
	name string
	host bool
	// spectator seats watch the game: public views only, no part in it.
	spectator bool
	token     string
	conn      *hostConn // nil while nobody speaks for this seat
	// lastSeq is the highest intent seq handled for this seat, over all its connections, so
	// an intent resent after a reconnect applies once.
	lastSeq uint64
}

// hostConn is one connection to the host and what it has said so far.
type hostConn struct {
	conn   Conn
	isHost bool         // the host's own in-memory player
	seat   *seat        // nil until hello
	heard  atomic.Int64 // Unix nanoseconds of its last message (hostwatch.go)
	// invited: the connection proved the invite secret (or is on the host's own device), so
	// its hello is seated at once; otherwise proof checks its hello's proof (nil: none can
	// be had) and without one the hello knocks (admission.go).
	invited bool
	proof   func(string) bool
	knock   *knock // while it waits for the host
	// playsOnly: its hello said its device cannot host (the player build); a reload into the
	// full build comes back on a new connection that can.
	playsOnly bool
}

func newHostCore(room string, log logger) *hostCore {
	return &hostCore{
		room:    room,
		byToken: map[string]*seat{},
		conns:   map[*hostConn]struct{}{},
		log:     log,
	}
}

// accept serves conn, a connection on the host's own device, until it ends. isHost marks
// the host's own player.
func (h *hostCore) accept(conn Conn, isHost bool) {
	h.serveConn(&hostConn{conn: conn, isHost: isHost, invited: true})
}

// acceptRemote serves a remote player's conn until it ends. invited says its transport
// proved the invite secret (an authenticated relay); otherwise proof, when not nil, checks
// the proof in its hello, and without either its hello waits for the host.
func (h *hostCore) acceptRemote(conn Conn, invited bool, proof func(string) bool) {
	h.serveConn(&hostConn{conn: conn, invited: invited, proof: proof})
}

func (h *hostCore) serveConn(hc *hostConn) {
	conn := hc.conn
	hc.heard.Store(time.Now().UnixNano())
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		_ = conn.Close()
		return
	}
	h.conns[hc] = struct{}{}
	h.wg.Add(1)
	h.mu.Unlock()
	go h.serve(hc)
}

func (h *hostCore) serve(hc *hostConn) {
	defer h.wg.Done()
	for {
		raw, err := hc.conn.Receive()
		if err != nil {
			break
		}
		hc.heard.Store(time.Now().UnixNano())
		h.handle(hc, raw)
	}
	h.drop(hc)
}

// drop forgets a connection that ended; its seat stays, offline, for a later resume.
func (h *hostCore) drop(hc *hostConn) {
	h.mu.Lock()
	delete(h.conns, hc)
	if h.unknockLocked(hc) && !h.closed {
		h.changedLocked() // it no longer waits
	}
	h.handoffDropLocked(hc)
	if s := hc.seat; s != nil && s.conn == hc {
		s.conn = nil
		if !h.closed {
			h.changedLocked()
		}
	}
	h.unlock()
	_ = hc.conn.Close()
}

// close tells every connection the session ended, closes them and waits for their servers.
func (h *hostCore) close() {
	h.mu.Lock()
	h.closed = true
	h.scheduleLocked() // closed: stops the game's timer
	conns := make([]*hostConn, 0, len(h.conns))
	code, msg := CodeHostClosed, "The host ended this game."
	if h.moved {
		code, msg = CodeHostMoved, "The game moved to another device: finding it."
	}
	for hc := range h.conns {
		h.refuseLocked(hc, 0, code, msg)
		conns = append(conns, hc)
	}
	h.unlock()
	for _, hc := range conns {
		_ = hc.conn.Close()
	}
	h.wg.Wait()
}

// changedLocked bumps the state number and sends every connected seat its own view.
func (h *hostCore) changedLocked() {
	if h.heldBackLocked() {
		return // the state is on its way to another device as it is (handoff_host.go)
	}
	h.state++
	players := h.playersLocked()
	// The table takes the roster first (a late joiner's seat, a rename), so the save holds
	// what every view will show.
	h.rosterLocked(players)
	h.saveLocked() // before anyone sees the new state, so a reload never goes back behind a view
	defer h.sealLocked()
	defer h.scheduleLocked()
	views, err := newViewEncoder(h.state, h.room, players)
	if err != nil {
		h.log.Error("session: views not sent", "err", err)
		return
	}
	for _, s := range h.seats {
		if s.conn == nil {
			continue
		}
		var game json.RawMessage
		if h.table != nil {
			game = h.table.View(Seat(s.no))
		}
		var waiting []Knock
		if s.host {
			waiting = h.waitingLocked()
		}
		body, err := views.body(s.no, game, s.lastSeq, waiting)
		if err != nil {
			h.log.Error("session: not sent", "type", TypeView, "err", err)
			continue
		}
		h.sendBodyLocked(s.conn, TypeView, 0, body)
	}
}

func (h *hostCore) playersLocked() []Player {
	players := make([]Player, len(h.seats))
	for i, s := range h.seats {
		players[i] = Player{Seat: Seat(s.no), Name: s.name, Online: s.conn != nil, Host: s.host, Spectator: s.spectator,
			PlaysOnly: s.conn != nil && s.conn.playsOnly}
	}
	return players
}

func (h *hostCore) refuseLocked(hc *hostConn, seq uint64, code, msg string) {
	h.sendLocked(hc, TypeError, seq, Refusal{Code: code, Msg: msg})
}

// refuseGameLocked sends the table's refusal err as CodeRefused, with its code and rule
// when it names them (CodedRefusal).
func (h *hostCore) refuseGameLocked(hc *hostConn, seq uint64, err error) {
	r := Refusal{Code: CodeRefused, Msg: err.Error()}
	if c, ok := errors.AsType[CodedRefusal](err); ok {
		r.Reason, r.Rule = c.RefusalCode()
	}
	h.sendLocked(hc, TypeError, seq, r)
}

func (h *hostCore) sendLocked(hc *hostConn, t string, seq uint64, body any) {
	var b []byte
	if body != nil {
		var err error
		if b, err = json.Marshal(body); err != nil {
			h.log.Error("session: not sent", "type", t, "err", err)
			return
		}
	}
	h.sendBodyLocked(hc, t, seq, b)
}

// sendBodyLocked sends an envelope around an encoded body: at once to the host's own player,
// after the lock to everyone else (outbox.go).
func (h *hostCore) sendBodyLocked(hc *hostConn, t string, seq uint64, body []byte) {
	msg := appendEnvelope(nil, t, seq, body)
	if len(msg) > MaxMessageBytes {
		h.log.Error("session: not sent", "type", t, "err",
			fmt.Errorf("%s of %d bytes is over the %d-byte limit", t, len(msg), MaxMessageBytes))
		return
	}
	if !hc.isHost {
		h.outbox = append(h.outbox, remoteSend{hc: hc, t: t, msg: msg})
		return
	}
	if err := hc.conn.Send(msg); err != nil {
		h.log.Debug("session: send failed", "type", t, "err", err)
	}
}

// setTable installs the game seam and shows its views to everyone.
func (h *hostCore) setTable(t Table) {
	h.mu.Lock()
	defer h.unlock()
	h.table = t
	if !h.closed {
		h.changedLocked()
	}
}

// refresh re-sends everyone's view after the game changed by itself (a clock ran out).
func (h *hostCore) refresh() {
	h.mu.Lock()
	defer h.unlock()
	if !h.closed {
		h.changedLocked()
	}
}

func (h *hostCore) players() []Player {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.playersLocked()
}

func (h *hostCore) stateNumber() uint64 {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.state
}

// newToken returns 128 random bits from crypto/rand, base64url without padding.
func newToken() string {
	var b [16]byte
	rand.Read(b[:]) // never fails: crypto/rand crashes the program rather than return an error
	return base64.RawURLEncoding.EncodeToString(b[:])
}
