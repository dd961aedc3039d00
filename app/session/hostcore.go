package session

import (
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"
)

// MaxSeats is the most players one host seats (the largest game, Spyfest's team variant, has 16).
const MaxSeats = 16

// hostCore owns the table: seats, names, presence and the state number. Every connection,
// the host's own player included, is served by the same code here; nothing in it knows about
// WebRTC or signaling.
type hostCore struct {
	mu      sync.Mutex
	room    string
	state   uint64
	seats   []*seat
	byToken map[string]*seat
	conns   map[*hostConn]struct{}
	table   Table
	closed  bool
	log     *slog.Logger
	wg      sync.WaitGroup
}

type seat struct {
	no    int
	name  string
	host  bool
	token string
	conn  *hostConn // nil while nobody speaks for this seat
}

// hostConn is one connection to the host and what it has said so far.
type hostConn struct {
	conn    Conn
	isHost  bool   // the host's own in-memory player
	seat    *seat  // nil until hello
	lastSeq uint64 // highest intent seq handled, so a resent intent applies once
}

func newHostCore(room string, log *slog.Logger) *hostCore {
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

// handle applies one message from hc. Anything wrong with it is answered with an error
// envelope to hc alone and changes nothing.
func (h *hostCore) handle(hc *hostConn, raw []byte) {
	var toClose []Conn
	defer func() {
		for _, c := range toClose {
			_ = c.Close()
		}
	}()
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return
	}
	env, err := decodeEnvelope(raw)
	if err != nil {
		var bad *envelopeError
		if errors.As(err, &bad) {
			h.refuseLocked(hc, bad.seq, bad.code, bad.msg)
		}
		return
	}
	switch env.T {
	case TypeHello:
		toClose = h.helloLocked(hc, env)
	case TypeIntent:
		h.intentLocked(hc, env)
	case TypePing:
		h.sendLocked(hc, TypePong, env.Seq, Pong{Echo: env.Body, Now: time.Now().UnixMilli()})
	case TypePong:
		// Heartbeats (issue 7) will read these.
	default:
		h.refuseLocked(hc, env.Seq, CodeUnknownType, fmt.Sprintf("the host does not take messages of type %q", env.T))
	}
}

// helloLocked seats a connection: the seat of its resume token if it has a known one,
// otherwise a new seat. It returns connections to close once the lock is released.
func (h *hostCore) helloLocked(hc *hostConn, env Envelope) (toClose []Conn) {
	if hc.seat != nil {
		h.refuseLocked(hc, env.Seq, CodeAgain, "this connection already said hello")
		return nil
	}
	var hello Hello
	if err := decodeStrict(env.Body, &hello); err != nil {
		h.refuseLocked(hc, env.Seq, CodeBadMessage, "hello could not be read: "+err.Error())
		return nil
	}
	name, nameErr := CleanName(hello.Name)
	s := h.byToken[hello.Token]
	switch {
	case s != nil && s.host != hc.isHost:
		s = nil // the host's seat is never taken over from outside, nor the reverse
	case s != nil && s.conn != nil:
		// The newest connection with a valid token wins; the older one is told and closed.
		old := s.conn
		h.refuseLocked(old, 0, CodeMoved, "This seat is now played from another connection.")
		old.seat = nil
		toClose = append(toClose, old.conn)
	}
	if s == nil {
		if len(h.seats) >= MaxSeats {
			h.refuseLocked(hc, env.Seq, CodeRoomFull, fmt.Sprintf("this game is full: it has %d seats", MaxSeats))
			return append(toClose, hc.conn)
		}
		token, err := newToken()
		if err != nil {
			h.refuseLocked(hc, env.Seq, CodeRefused, "the host could not make a seat: "+err.Error())
			return append(toClose, hc.conn)
		}
		s = &seat{no: len(h.seats), host: hc.isHost, token: token}
		s.name = fmt.Sprintf("Player %d", s.no+1)
		h.seats = append(h.seats, s)
		h.byToken[token] = s
	}
	if nameErr == nil {
		s.name = name
	}
	s.conn = hc
	hc.seat = s
	h.sendLocked(hc, TypeWelcome, 0, Welcome{Room: h.room, Seat: s.no, Token: s.token})
	if nameErr != nil && hello.Name != "" {
		h.refuseLocked(hc, env.Seq, CodeBadName, "Your name was not taken: "+nameErr.Error()+". You are "+s.name+" for now.")
	}
	h.changedLocked()
	return toClose
}

func (h *hostCore) intentLocked(hc *hostConn, env Envelope) {
	if hc.seat == nil {
		h.refuseLocked(hc, env.Seq, CodeNoHello, "say hello before sending intents")
		return
	}
	if env.Seq == 0 {
		h.refuseLocked(hc, 0, CodeBadIntent, "an intent needs a sequence number (seq) above 0")
		return
	}
	if env.Seq <= hc.lastSeq {
		return // a resend of something already handled: it applies once
	}
	var in Intent
	if err := decodeStrict(env.Body, &in); err != nil {
		if field, ok := unknownField(err); ok && identityFields[field] {
			h.refuseLocked(hc, env.Seq, CodeForged, fmt.Sprintf("an intent cannot name a %q: the host knows your seat from your connection", field))
		} else {
			h.refuseLocked(hc, env.Seq, CodeBadIntent, "intent could not be read: "+err.Error())
		}
		return
	}
	hc.lastSeq = env.Seq
	switch in.Kind {
	case KindRename:
		name, err := CleanName(in.Name)
		if err != nil {
			h.refuseLocked(hc, env.Seq, CodeBadName, "Your name was not changed: "+err.Error()+".")
			return
		}
		if name == hc.seat.name {
			return
		}
		hc.seat.name = name
		h.changedLocked()
	case KindGame:
		if h.table == nil {
			h.refuseLocked(hc, env.Seq, CodeNoGame, "no game is running yet")
			return
		}
		if err := h.table.Apply(hc.seat.no, in.Game); err != nil {
			h.refuseLocked(hc, env.Seq, CodeRefused, err.Error())
			return
		}
		h.changedLocked()
	default:
		h.refuseLocked(hc, env.Seq, CodeBadIntent, fmt.Sprintf("unknown intent kind %q", in.Kind))
	}
}

// identityFields are the names a forged intent might use to act for another seat.
var identityFields = map[string]bool{"seat": true, "you": true, "from": true, "player": true}

// unknownField extracts the field name from encoding/json's unknown-field error.
func unknownField(err error) (string, bool) {
	var name string
	if _, scanErr := fmt.Sscanf(err.Error(), "json: unknown field %q", &name); scanErr != nil {
		return "", false
	}
	return name, true
}

// changedLocked bumps the state number and sends every connected seat its own view.
func (h *hostCore) changedLocked() {
	h.state++
	players := h.playersLocked()
	for _, s := range h.seats {
		if s.conn == nil {
			continue
		}
		v := View{State: h.state, Room: h.room, You: s.no, Players: players}
		if h.table != nil {
			v.Game = h.table.View(s.no)
		}
		h.sendLocked(s.conn, TypeView, 0, v)
	}
}

func (h *hostCore) playersLocked() []Player {
	players := make([]Player, len(h.seats))
	for i, s := range h.seats {
		players[i] = Player{Seat: s.no, Name: s.name, Online: s.conn != nil, Host: s.host}
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
