package session

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
)

// handoffOut is a handoff under way on the host, from the ask to its end. Guarded by the
// core's lock; its channels tell HandOver what the asked device said.
type handoffOut struct {
	id     string
	target *seat
	conn   *hostConn // the asked device's connection
	answer chan handoffAnswer
	taken  chan struct{}
	gone   chan struct{} // the asked device's connection ended
	// frozen: the state went out, so nothing may change it: hellos and intents wait in held
	// (applied in order if the handoff fails), changes of presence are shown afterwards.
	frozen    bool
	held      []heldMessage
	changed   bool
	takenOnce sync.Once
	goneOnce  sync.Once
}

type heldMessage struct {
	hc  *hostConn
	raw []byte
}

// maxHeld bounds what a frozen host keeps for later; beyond it messages are dropped and their
// senders resend them (an intent stays in its client's outbox until a view acknowledges it).
const maxHeld = 512

// askHandoffLocked starts a handoff to seat no: it must be another seat, with a remote
// connection now.
func (h *hostCore) askHandoff(no int) (*handoffOut, error) {
	h.mu.Lock()
	defer h.unlock()
	if h.closed {
		return nil, ErrClosed
	}
	if h.handoff != nil {
		return nil, ErrHandoffBusy
	}
	s, _ := h.seatLocked(no)
	if s == nil || s.host || s.conn == nil || s.conn.isHost {
		return nil, fmt.Errorf("%w (seat %d)", ErrHandoffSeat, no)
	}
	if s.conn.playsOnly {
		return nil, fmt.Errorf("%w: seat %d runs the player build, which cannot host", ErrHandoffSeat, no)
	}
	ho := &handoffOut{id: newToken(), target: s, conn: s.conn, answer: make(chan handoffAnswer, 1),
		taken: make(chan struct{}), gone: make(chan struct{})}
	h.handoff = ho
	h.sendLocked(s.conn, TypeHandoffAsk, 0, HandoffAsk{ID: ho.id})
	return ho, nil
}

// sendHandoff freezes the host and sends the asked device the whole state, with the game's
// clock now, in one locked step: nothing can change between the two.
func (h *hostCore) sendHandoff(ho *handoffOut, now int64) error {
	h.mu.Lock()
	defer h.unlock()
	if h.closed {
		return ErrClosed
	}
	if h.handoff != ho {
		return ErrHandoffDeclined
	}
	if ho.target.conn != ho.conn {
		return fmt.Errorf("%w: it left the table after its yes, before the game went over", ErrHandoffSeat)
	}
	st, err := h.stateLocked()
	var data []byte
	if err == nil {
		data, err = EncodeHostState(st)
	}
	var parts []handoffPart
	if err == nil {
		parts, err = handoffParts(ho.id, now, data)
	}
	if err != nil {
		return err
	}
	ho.frozen = true
	h.scheduleLocked() // the game's timer waits too (advance does nothing while frozen)
	for _, p := range parts {
		h.sendLocked(ho.conn, TypeHandoffState, 0, p)
	}
	return nil
}

// endHandoff closes ho on a host that keeps its game: the asked device is told (when it was
// asked and why not is given), what was held back is applied in the order it came, and a
// change held back is shown.
func (h *hostCore) endHandoff(ho *handoffOut, why string) {
	var toClose []Conn
	defer func() {
		for _, c := range toClose {
			_ = c.Close()
		}
	}()
	h.mu.Lock()
	defer h.unlock()
	if h.handoff != ho {
		return
	}
	h.handoff = nil
	if why != "" && ho.target.conn == ho.conn {
		h.sendLocked(ho.conn, TypeHandoffCancel, 0, handoffID{ID: ho.id, Msg: why})
	}
	if !ho.frozen || h.closed {
		return
	}
	for _, m := range ho.held {
		if _, live := h.conns[m.hc]; live {
			toClose = append(toClose, h.handleLocked(m.hc, m.raw)...)
		}
	}
	if ho.changed {
		h.changedLocked()
	}
	h.scheduleLocked()
}

// holdLocked keeps a hello or an intent that arrives while the state is on its way to
// another device; it reports whether it did.
func (h *hostCore) holdLocked(hc *hostConn, env Envelope, raw []byte) bool {
	ho := h.handoff
	if ho == nil || !ho.frozen || (env.T != TypeHello && env.T != TypeIntent) {
		return false
	}
	if len(ho.held) < maxHeld {
		ho.held = append(ho.held, heldMessage{hc: hc, raw: raw})
	}
	return true
}

// heldBackLocked reports whether a change must wait: the state went out and must stay as it
// was sent. The change is shown if the host keeps its game.
func (h *hostCore) heldBackLocked() bool {
	if ho := h.handoff; ho != nil && ho.frozen {
		ho.changed = true
		return true
	}
	return false
}

// frozenLocked reports whether the state is on its way to another device.
func (h *hostCore) frozenLocked() bool { return h.handoff != nil && h.handoff.frozen }

// handoffReplyLocked takes the asked device's answer or "taken". Anything else (no handoff
// under way, another seat, another id, an answer given twice) is refused to its sender and
// changes nothing.
func (h *hostCore) handoffReplyLocked(hc *hostConn, env Envelope) {
	var r handoffAnswer
	if err := decodeStrict(env.Body, &r); err != nil {
		h.refuseLocked(hc, env.Seq, CodeBadMessage, "the handoff message could not be read: "+err.Error())
		return
	}
	ho := h.handoff
	if ho == nil || ho.conn != hc || ho.id != r.ID || (env.T == TypeHandoffTaken && !ho.frozen) {
		h.refuseLocked(hc, env.Seq, CodeNoHandoff, "no handoff of the game to this device is under way")
		return
	}
	if env.T == TypeHandoffTaken {
		ho.takenOnce.Do(func() { close(ho.taken) })
		return
	}
	select {
	case ho.answer <- r:
	default:
		h.refuseLocked(hc, env.Seq, CodeNoHandoff, "this handoff was already answered")
	}
}

// handoffDropLocked notes that the asked device's connection ended.
func (h *hostCore) handoffDropLocked(hc *hostConn) {
	if ho := h.handoff; ho != nil && ho.conn == hc {
		ho.goneOnce.Do(func() { close(ho.gone) })
	}
}

// HandOver hands the game to the device of seat no: it asks that device, which
// its player accepts (Update.HandOff), then stops taking actions and sends it the whole
// state; the other device takes the room over at the signaling server under the same code,
// and this host forgets its state, closes (each player's connection with CodeHostMoved, so it
// finds the new host by itself) and returns where the game went. Its player comes back as
// an ordinary seat by joining with HandedOver's token, or leaves.
//
// Whatever drops half-way, one device hosts: until the other device holds the room, this one
// does, and if the other device does not say it took the room within its time, this host takes
// the room back at the signaling server with a new claim (so the claim the other device got
// is spent) before it goes on; if the server says the room is no longer its own, the other
// device did take it, and the handoff is done. The error is ErrHandoffSeat (the seat is not at
// the table, or left it while asked or after its yes), ErrHandoffBusy, ErrHandoffDeclined (a
// no, no yes in time, or ctx ended before it) or ErrHandoffFailed; each leaves this host
// hosting as before, with the moves that arrived meanwhile applied in order.
func (h *HostSession) HandOver(ctx context.Context, seat Seat) (HandedOver, error) {
	ho, err := h.core.askHandoff(int(seat))
	if err != nil {
		return HandedOver{}, err
	}
	askCtx, cancel := context.WithTimeout(ctx, handoffAskWait)
	defer cancel()
	select {
	case a := <-ho.answer:
		if !a.Yes {
			h.core.endHandoff(ho, "")
			return HandedOver{}, ErrHandoffDeclined
		}
	case <-ho.gone:
		h.core.endHandoff(ho, "")
		return HandedOver{}, fmt.Errorf("%w: it left the table while it was asked", ErrHandoffSeat)
	case <-askCtx.Done():
		h.core.endHandoff(ho, "The host stopped waiting for an answer.")
		return HandedOver{}, fmt.Errorf("%w: %v", ErrHandoffDeclined, askCtx.Err())
	case <-h.life.Done():
		return HandedOver{}, ErrClosed
	}
	if h.opts.handoffYes != nil {
		h.opts.handoffYes()
	}
	// From here the other device may hold the room: only "taken" or the server's word ends
	// this, never ctx.
	if err := h.core.sendHandoff(ho, gameClock(h.clockOffset())().UnixMilli()); err != nil {
		h.core.endHandoff(ho, "The game could not be sent.")
		if errors.Is(err, ErrHandoffSeat) || errors.Is(err, ErrHandoffDeclined) || errors.Is(err, ErrClosed) {
			return HandedOver{}, err // nothing went out: the seat left after its yes, or the host ended
		}
		return HandedOver{}, fmt.Errorf("%w: %v", ErrHandoffFailed, err)
	}
	displaced := h.displacedSignal()
	wait := time.NewTimer(2 * handoffTakeWait)
	defer wait.Stop()
	gone := ho.gone
	for done := false; !done; {
		select {
		case <-ho.taken:
			return h.handedOver()
		case <-displaced:
			return h.handedOver() // the server gave the room to the other device
		case a := <-ho.answer:
			h.log.Info("session: the other device could not take the game", "why", a.Msg)
			done = true
		case <-gone:
			// Its channel may end because it took the room (a relayed one travels through
			// this host's socket): give the server's word a moment before taking the room back.
			gone = nil
			wait.Reset(handoffGoneWait)
		case <-wait.C:
			done = true
		case <-h.life.Done():
			return HandedOver{}, ErrClosed
		}
	}
	h.core.cancelHandoff(ho)
	if !h.fence() {
		return h.handedOver()
	}
	h.core.endHandoff(ho, "")
	return HandedOver{}, ErrHandoffFailed
}

// handoffGoneWait is how long a host whose asked device dropped waits for the server to say
// whether that device took the room.
const handoffGoneWait = 3 * time.Second

// cancelHandoff tells the asked device the handoff is off, before the host takes its
// room back: a device that had not reclaimed yet stops trying.
func (h *hostCore) cancelHandoff(ho *handoffOut) {
	h.mu.Lock()
	defer h.unlock()
	if h.handoff == ho && ho.target.conn == ho.conn {
		h.sendLocked(ho.conn, TypeHandoffCancel, 0, handoffID{ID: ho.id, Msg: "The host took the game back."})
	}
}

// handedOver ends this host after its game went to another device: the state is forgotten
// (the save cleared), every player is told to find the new host, and the host's own player
// may come back with its seat's token.
func (h *HostSession) handedOver() (HandedOver, error) {
	out := HandedOver{Room: h.Room(), Secret: h.secret, Token: h.player.Token()}
	h.core.mu.Lock()
	h.core.moved = true
	h.core.handoff = nil
	h.core.mu.Unlock()
	h.Close()
	return out, nil
}

// fence takes the room back at the signaling server with a new claim, so that the claim the
// handoff carried is spent. It reports false when the server says the room is not this host's
// any more: the other device holds it. A server that cannot be reached within fenceWait
// leaves the host with its game (the signal loop keeps trying).
func (h *HostSession) fence() bool {
	displaced, reclaimed := h.displacedSignal(), h.reclaimedSignal()
	h.signal().close() // the signal loop reclaims the room on a new socket (hostsignal.go)
	t := time.NewTimer(fenceWait)
	defer t.Stop()
	select {
	case <-displaced:
		return false
	case <-reclaimed:
		return true
	case <-t.C:
		h.log.Warn("session: the room could not be taken back after a failed handoff; still trying")
		return true
	case <-h.life.Done():
		return true
	}
}

// fenceWait bounds how long a host whose handoff failed waits to hear from the server before
// it plays on.
const fenceWait = 30 * time.Second

// hostEvents are what the signal loop tells a handoff: the room came back on a new socket,
// or the server gave it to another device.
type hostEvents struct {
	mu            sync.Mutex
	displaced     chan struct{}
	displacedOnce sync.Once
	reclaimed     chan struct{} // replaced after every reclaim
}

func (e *hostEvents) init() {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.displaced == nil {
		e.displaced, e.reclaimed = make(chan struct{}), make(chan struct{})
	}
}

// displacedSignal is closed once the server gives this host's room to another connection.
func (h *HostSession) displacedSignal() <-chan struct{} {
	h.events.init()
	return h.events.displaced
}

// reclaimedSignal is closed when the room is next taken back on a new socket.
func (h *HostSession) reclaimedSignal() <-chan struct{} {
	h.events.init()
	h.events.mu.Lock()
	defer h.events.mu.Unlock()
	return h.events.reclaimed
}

// noteDisplaced records that the server gave the room to another connection (bad-claim).
func (h *HostSession) noteDisplaced() {
	h.events.init()
	h.events.displacedOnce.Do(func() { close(h.events.displaced) })
}

// noteReclaimed records that the room came back on a new socket.
func (h *HostSession) noteReclaimed() {
	h.events.init()
	h.events.mu.Lock()
	defer h.events.mu.Unlock()
	close(h.events.reclaimed)
	h.events.reclaimed = make(chan struct{})
}

// Displaced reports whether the signaling server gave this host's room to another device: a
// handoff or a takeover moved the game on, or another tab took it with the
// claim. The host's player may come back as the seat it was (HandedOver's Token).
func (h *HostSession) Displaced() bool {
	select {
	case <-h.displacedSignal():
		return true
	default:
		return false
	}
}

// clockOffset is HostState.Clock of this host.
func (h *HostSession) clockOffset() int64 {
	h.core.mu.Lock()
	defer h.core.mu.Unlock()
	return h.core.store.clock
}
