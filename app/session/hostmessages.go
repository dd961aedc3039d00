package session

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"safehouse/wire"
)

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
	defer h.unlock() // before the deferred closes: farewells leave first
	toClose = h.handleLocked(hc, raw)
}

// handleLocked is handle's work under the lock; it returns connections to close after it.
func (h *hostCore) handleLocked(hc *hostConn, raw []byte) (toClose []Conn) {
	if h.closed {
		return nil
	}
	env, err := decodeEnvelope(raw)
	if err != nil {
		if bad, ok := errors.AsType[*envelopeError](err); ok {
			h.refuseLocked(hc, bad.seq, bad.code, bad.msg)
		}
		return nil
	}
	if h.holdLocked(hc, env, raw) {
		return nil // applied once a handoff under way ends with the game still here
	}
	switch env.T {
	case TypeHello:
		toClose = h.helloLocked(hc, env)
	case TypeIntent:
		toClose = h.intentLocked(hc, env)
	case TypePing:
		h.sendLocked(hc, TypePong, env.Seq, Pong{Echo: env.Body, Now: time.Now().UnixMilli()})
	case TypePong:
		// Heartbeats (issue 7) will read these.
	case TypeHandoffAnswer, TypeHandoffTaken:
		h.handoffReplyLocked(hc, env)
	default:
		h.refuseLocked(hc, env.Seq, CodeUnknownType, fmt.Sprintf("the host does not take messages of type %q", env.T))
	}
	return toClose
}

// helloLocked seats a connection: the seat of its resume token if it has a known one,
// otherwise a new seat. It returns connections to close once the lock is released.
//
// A returning seat keeps the name the room has for it: its hello repeats the name the player
// first joined with, while the host may have renamed the seat since. A player who renames
// itself while away sends a rename intent, which waits in its outbox and follows the hello.
func (h *hostCore) helloLocked(hc *hostConn, env Envelope) (toClose []Conn) {
	if hc.seat != nil || hc.knock != nil {
		h.refuseLocked(hc, env.Seq, CodeAgain, "this connection already said hello")
		return nil
	}
	var hello Hello
	if err := decodeStrict(env.Body, &hello); err != nil {
		h.refuseLocked(hc, env.Seq, CodeBadMessage, "hello could not be read: "+err.Error())
		return nil
	}
	name, nameErr := wire.CleanName(hello.Name)
	s := h.byToken[hello.Token]
	returning := s != nil
	if hello.Token != "" && (s == nil || s.host != hc.isHost) {
		// The host's seat is never taken over from outside, nor the reverse; a token from
		// another game (or a forged one) gets no seat at all rather than a stranger's.
		h.refuseLocked(hc, env.Seq, CodeUnknownSeat, "This game does not know your seat: join again as a new player.")
		return nil
	}
	if s == nil && !hc.invited && !(hc.proof != nil && hc.proof(hello.Proof)) {
		// Said in the host's console: an invited player made to knock is a bug to chase.
		h.log.Info("session: a hello without a valid invite proof waits for the host", "why", unprovedWhy(hc, hello))
		return h.knockLocked(hc, env, hello) // no invite secret shown: the host decides
	}
	switch {
	case s != nil && s.conn != nil:
		// The newest connection with a valid token wins; the older one is told and closed.
		old := s.conn
		h.log.Info("session: a seat moved to a new connection", "seat", s.no)
		h.refuseLocked(old, 0, CodeMoved, "This seat is now played from another connection.")
		old.seat = nil
		toClose = append(toClose, old.conn)
	}
	if s == nil {
		if full := h.noRoomLocked(hello.Spectator); full != "" {
			h.refuseLocked(hc, env.Seq, CodeRoomFull, full)
			return append(toClose, hc.conn)
		}
		token := newToken()
		s = &seat{no: h.nextSeatNoLocked(), host: hc.isHost, spectator: hello.Spectator, token: token}
		s.name = fmt.Sprintf("Player %d", s.no+1)
		if nameErr == nil {
			s.name = name
		}
		if err := h.joinTableLocked(s); err != nil {
			h.refuseJoinLocked(hc, env.Seq, s.name, err)
			return append(toClose, hc.conn)
		}
		h.seats = append(h.seats, s)
		h.byToken[token] = s
	}
	s.conn = hc
	hc.seat = s
	hc.playsOnly = hello.PlaysOnly
	h.tellLocked(hc, wire.TypeAdmit)
	h.sendLocked(hc, TypeWelcome, 0, Welcome{Room: h.room, Seat: s.no, Token: s.token, Seq: s.lastSeq})
	if nameErr != nil && hello.Name != "" && !returning {
		h.refuseLocked(hc, env.Seq, CodeBadName, "Your name was not taken: "+nameErr.Error()+". You are "+s.name+" for now.")
	}
	h.changedLocked()
	return toClose
}

func (h *hostCore) intentLocked(hc *hostConn, env Envelope) (toClose []Conn) {
	if hc.knock != nil {
		h.refuseLocked(hc, env.Seq, CodeWaiting, "The host has not let you in yet.")
		return
	}
	if hc.seat == nil {
		h.refuseLocked(hc, env.Seq, CodeNoHello, "say hello before sending intents")
		return
	}
	if env.Seq == 0 {
		h.refuseLocked(hc, 0, CodeBadIntent, "an intent needs a sequence number (seq) above 0")
		return
	}
	if env.Seq <= hc.seat.lastSeq {
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
	hc.seat.lastSeq = env.Seq
	switch in.Kind {
	case KindRename, KindKick, KindMove:
		if in.Target != nil || in.Kind != KindRename {
			toClose = h.lobbyControlLocked(hc, env.Seq, in)
			return
		}
		name, err := wire.CleanName(in.Name)
		if err != nil {
			h.refuseLocked(hc, env.Seq, CodeBadName, "Your name was not changed: "+err.Error()+".")
			return
		}
		if name == hc.seat.name {
			return
		}
		hc.seat.name = name
		h.changedLocked()
	case KindAdmit, KindTurnAway:
		toClose = h.admissionLocked(hc, env.Seq, in)
		return
	case KindGame:
		if h.table == nil {
			h.refuseLocked(hc, env.Seq, CodeNoGame, "no game is running yet")
			return
		}
		h.rosterLocked(h.playersLocked())
		if err := h.table.Apply(Seat(hc.seat.no), in.Game); err != nil {
			h.refuseGameLocked(hc, env.Seq, err)
			return
		}
		h.changedLocked()
	default:
		h.refuseLocked(hc, env.Seq, CodeBadIntent, fmt.Sprintf("unknown intent kind %q", in.Kind))
	}
	return nil
}

// joinTableLocked asks a JoinTable to take the new seat s into the game.
func (h *hostCore) joinTableLocked(s *seat) error {
	jt, ok := h.table.(JoinTable)
	if !ok {
		return nil
	}
	h.rosterLocked(h.playersLocked())
	return jt.Join(Player{Seat: Seat(s.no), Name: s.name, Online: true, Host: s.host, Spectator: s.spectator})
}

// refuseJoinLocked tells a player the game has no seat for them (the table refused it, err)
// and the host, with CodeJoinRefused, that name could not come in; the room is unchanged.
// The host's notice has a code of its own: CodeRoomFull ends the session of whoever gets it
// as a refusal of their own hello.
func (h *hostCore) refuseJoinLocked(hc *hostConn, seq uint64, name string, err error) {
	r := Refusal{Code: CodeRoomFull, Msg: "The game has no seat for you: " + err.Error() + "."}
	if c, ok := errors.AsType[CodedRefusal](err); ok {
		r.Reason, r.Rule = c.RefusalCode()
	}
	h.sendLocked(hc, TypeError, seq, r)
	for _, s := range h.seats {
		if s.host && s.conn != nil {
			r.Code, r.Msg = CodeJoinRefused, fmt.Sprintf("%s could not join: %s.", name, err.Error())
			h.sendLocked(s.conn, TypeError, 0, r)
		}
	}
}

// identityFields are the names a forged intent might use to act for another seat.
var identityFields = map[string]bool{"seat": true, "you": true, "from": true, "player": true}

// unknownField extracts the field name from encoding/json's unknown-field error.
func unknownField(err error) (string, bool) {
	quoted, ok := strings.CutPrefix(err.Error(), "json: unknown field ")
	if !ok {
		return "", false
	}
	name, unquoteErr := strconv.Unquote(quoted)
	return name, unquoteErr == nil
}
