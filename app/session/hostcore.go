package session

import (
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// MaxSeats is the most players one host seats (the largest game, Spyfest's team variant, has 16).
const MaxSeats = 16

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
}

func newHostCore(room string, log logger) *hostCore {
	return &hostCore{
		room:    room,
		byToken: map[string]*seat{},
		conns:   map[*hostConn]struct{}{},
		log:     log,
	}
}

// accept serves conn until it ends. isHost marks the host's own player.
func (h *hostCore) accept(conn Conn, isHost bool) {
	hc := &hostConn{conn: conn, isHost: isHost}
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
	if s := hc.seat; s != nil && s.conn == hc {
		s.conn = nil
		if !h.closed {
			h.changedLocked()
		}
	}
	h.mu.Unlock()
	_ = hc.conn.Close()
}

// close tells every connection the session ended, closes them and waits for their servers.
func (h *hostCore) close() {
	h.mu.Lock()
	h.closed = true
	h.scheduleLocked() // closed: stops the game's timer
	conns := make([]*hostConn, 0, len(h.conns))
	for hc := range h.conns {
		h.refuseLocked(hc, 0, CodeHostClosed, "The host ended this game.")
		conns = append(conns, hc)
	}
	h.mu.Unlock()
	for _, hc := range conns {
		_ = hc.conn.Close()
	}
	h.wg.Wait()
}

// changedLocked bumps the state number and sends every connected seat its own view.
func (h *hostCore) changedLocked() {
	h.state++
	h.saveLocked() // before anyone sees the new state, so a reload never goes back behind a view
	players := h.playersLocked()
	h.rosterLocked(players)
	defer h.scheduleLocked()
	for _, s := range h.seats {
		if s.conn == nil {
			continue
		}
		v := View{State: h.state, Room: h.room, You: s.no, Players: players, Ack: s.lastSeq}
		if h.table != nil {
			v.Game = h.table.View(s.no)
		}
		h.sendLocked(s.conn, TypeView, 0, v)
	}
}

func (h *hostCore) playersLocked() []Player {
	players := make([]Player, len(h.seats))
	for i, s := range h.seats {
		players[i] = Player{Seat: s.no, Name: s.name, Online: s.conn != nil, Host: s.host, Spectator: s.spectator}
	}
	return players
}

func (h *hostCore) refuseLocked(hc *hostConn, seq uint64, code, msg string) {
	h.sendLocked(hc, TypeError, seq, Refusal{Code: code, Msg: msg})
}

func (h *hostCore) sendLocked(hc *hostConn, t string, seq uint64, body any) {
	msg, err := encodeEnvelope(t, seq, body)
	if err == nil && len(msg) > MaxMessageBytes {
		err = fmt.Errorf("%s of %d bytes is over the %d-byte limit", t, len(msg), MaxMessageBytes)
	}
	if err != nil {
		h.log.Error("session: not sent", "type", t, "err", err)
		return
	}
	if err := hc.conn.Send(msg); err != nil {
		h.log.Debug("session: send failed", "type", t, "err", err)
	}
}

// setTable installs the game seam and shows its views to everyone.
func (h *hostCore) setTable(t Table) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.table = t
	if !h.closed {
		h.changedLocked()
	}
}

// refresh re-sends everyone's view after the game changed by itself (a clock ran out).
func (h *hostCore) refresh() {
	h.mu.Lock()
	defer h.mu.Unlock()
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
func newToken() (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b[:]), nil
}
