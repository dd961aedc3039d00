package session

import (
	"fmt"
	"slices"
	"time"

	"safehouse/wire"
)

// Codes of refusals of the host's lobby controls.
const (
	CodeNotHost = "not-host" // a host-only control from another seat
	CodeKicked  = "kicked"   // the host removed this seat from the room
	// ReasonHostSeat is the Reason of a CodeRefused move or kick of the host's own seat,
	// which stays first and in the room.
	ReasonHostSeat = "host-seat"
)

// gameTimer is the one pending wake-up of the table's next deadline.
type gameTimer struct {
	t *time.Timer
}

// hello is the first message a client with these options sends.
func (o Options) hello() Hello {
	return Hello{Name: o.Name, Token: o.Token, Spectator: o.Spectator, PlaysOnly: !canHost}
}

// rosterLocked tells a RosterTable who sits where.
func (h *hostCore) rosterLocked(players []Player) {
	if rt, ok := h.table.(RosterTable); ok {
		rt.SetRoster(players)
	}
}

// nextSeatNoLocked is a seat number never used in this room, so a kicked seat's number is
// never given to someone else.
func (h *hostCore) nextSeatNoLocked() int {
	next := h.nextSeat
	for _, s := range h.seats {
		next = max(next, s.no+1)
	}
	h.nextSeat = next + 1
	return next
}

// scheduleLocked sets the wake-up for the table's next deadline (after every change).
func (h *hostCore) scheduleLocked() {
	if h.timer.t != nil {
		h.timer.t.Stop()
		h.timer.t = nil
	}
	tt, ok := h.table.(TimedTable)
	if !ok || h.closed || h.frozenLocked() {
		return
	}
	wait, ok := tt.NextDeadline()
	if !ok {
		return
	}
	h.timer.t = time.AfterFunc(max(wait, 0), h.advance)
}

// advance is the timer's work: let the table's time pass and show what changed.
func (h *hostCore) advance() {
	h.mu.Lock()
	defer h.unlock()
	tt, ok := h.table.(TimedTable)
	if !ok || h.closed || h.frozenLocked() {
		return
	}
	h.rosterLocked(h.playersLocked())
	if tt.Advance() {
		h.changedLocked()
	}
	// Nothing due yet (the table's clock is behind the timer's): wait for the next change
	// rather than spin.
}

// seatLocked returns the seat numbered no, and its place in the table order.
func (h *hostCore) seatLocked(no int) (*seat, int) {
	for i, s := range h.seats {
		if s.no == no {
			return s, i
		}
	}
	return nil, -1
}

// lobbyControlLocked handles the host's controls over other seats: rename
// another seat, kick, move in the table order. It returns connections to close.
func (h *hostCore) lobbyControlLocked(hc *hostConn, seq uint64, in Intent) (toClose []Conn) {
	if !hc.seat.host {
		h.refuseLocked(hc, seq, CodeNotHost, "Only the host can rename, remove or move other players.")
		return nil
	}
	if in.Target == nil {
		h.refuseLocked(hc, seq, CodeBadIntent, fmt.Sprintf("%q needs the target seat", in.Kind))
		return nil
	}
	target, at := h.seatLocked(*in.Target)
	if target == nil {
		h.refuseLocked(hc, seq, CodeUnknownSeat, fmt.Sprintf("there is no seat %d", *in.Target))
		return nil
	}
	switch in.Kind {
	case KindRename:
		name, err := wire.CleanName(in.Name)
		if err != nil {
			h.refuseLocked(hc, seq, CodeBadName, "The name was not changed: "+err.Error()+".")
			return nil
		}
		if name == target.name {
			return nil
		}
		target.name = name
	case KindMove:
		// The host's seat stays first (a saved state relies on it); the table is a circle,
		// so every seating can still be had by moving the others around it.
		if target.host {
			h.sendLocked(hc, TypeError, seq, Refusal{Code: CodeRefused, Reason: ReasonHostSeat, Rule: ruleHostArrangesSeats,
				Msg: "The host's seat stays first; move the other players around it."})
			return nil
		}
		if in.To == nil || *in.To < 1 || *in.To >= len(h.seats) {
			h.refuseLocked(hc, seq, CodeBadIntent, fmt.Sprintf("a move needs a position from 1 to %d", len(h.seats)-1))
			return nil
		}
		if *in.To == at {
			return nil
		}
		h.seats = slices.Delete(h.seats, at, at+1)
		h.seats = slices.Insert(h.seats, *in.To, target)
	case KindKick:
		if target.host {
			h.sendLocked(hc, TypeError, seq, Refusal{Code: CodeRefused, Reason: ReasonHostSeat, Rule: ruleHostArrangesSeats,
				Msg: "The host's own seat cannot be removed."})
			return nil
		}
		if kt, ok := h.table.(KickTable); ok {
			h.rosterLocked(h.playersLocked())
			if err := kt.Kick(Seat(target.no)); err != nil {
				h.refuseGameLocked(hc, seq, err)
				return nil
			}
		}
		h.seats = slices.Delete(h.seats, at, at+1)
		delete(h.byToken, target.token)
		if c := target.conn; c != nil {
			h.refuseLocked(c, 0, CodeKicked, "The host removed you from this game.")
			c.seat = nil
			target.conn = nil
			toClose = append(toClose, c.conn)
		}
	}
	h.changedLocked()
	return toClose
}
