package session

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"safehouse/app/session/internal/sealed"
	"safehouse/wire"
)

// A guest's tab that reloads while its host is away would lose what only the host can give
// back: its share of the sealed game and the newest sealed copy. Without them the device can
// neither continue the game nor help another continue it, and a phone running the player
// build (which cannot host) must reload into the full build to take the game over. So the
// tab carries its seat across the reload: Client.Carry before, JoinCarried after.

// carriedSeat is what Carry hands to the next page of the same tab. It never leaves the
// device.
type carriedSeat struct {
	Room  string `json:"room"`
	Seat  int    `json:"seat"`
	Token string `json:"token"`
	// AwaySince is when this device first saw the host away (zero: it did not), so the next
	// page offers the takeover when this one would have.
	AwaySince time.Time    `json:"awaySince,omitzero"`
	Deal      *sealed.Deal `json:"deal,omitempty"`
	Share     sealed.Share `json:"share,omitzero"`
	Line      []byte       `json:"line,omitempty"`
	Copy      *sealed.Copy `json:"copy,omitempty"`
}

// ErrNotCarried: what JoinCarried was given is not a seat this room's tab carried.
var ErrNotCarried = errors.New("session: nothing carried for this room")

// Carry is what a reloading tab keeps so that its next page goes on as this seat (JoinCarried):
// the seat and its token, this device's share and newest sealed copy, and since when the
// host is away. It fails for a client never seated, or not a remote player's.
func (c *Client) Carry() ([]byte, error) {
	var since time.Time
	c.mu.Lock()
	t := c.take
	c.mu.Unlock()
	if t != nil {
		t.mu.Lock()
		since = t.since
		t.mu.Unlock()
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.redial == nil || c.seat < 0 || c.token == "" {
		return nil, ErrNotCarried
	}
	out := carriedSeat{Room: c.room, Seat: c.seat, Token: c.token, AwaySince: since}
	if k := c.keep; k != nil {
		out.Deal, out.Share, out.Line, out.Copy = &k.deal, k.share, k.line, k.copy
	}
	return json.Marshal(out)
}

// JoinCarried goes on as the seat a tab carried across its reload (Client.Carry), in room
// with the invite's secret. It returns at once, before any connection: the client reports
// Status "reconnecting" and comes back online as any reconnect does, with the seat's token.
// While the host stays away it holds the carried share and copy, so it offers to continue
// the game (Update.Takeover) once the host has been away Options.TakeoverAfter, counted from
// when the carrying page first saw it away. What does not fit (another room, a share that is
// not its deal's, a copy of another deal) returns ErrNotCarried and nothing starts.
func JoinCarried(o Options, room, secret string, carried []byte) (*Client, error) {
	code, err := normalizeRoomCode(room)
	if err != nil {
		return nil, err
	}
	var k carriedSeat
	if err := decodeStrict(carried, &k); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNotCarried, err)
	}
	if k.Room != code || k.Seat < 0 || k.Token == "" {
		return nil, ErrNotCarried
	}
	keep, err := k.holding()
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNotCarried, err)
	}
	var client atomic.Pointer[Client]
	notify := notifyOnce(&client)
	redial := func(ctx context.Context) (Conn, error) { return connectPeer(ctx, o, code, secret, notify) }
	c := remoteClient(goneConn{}, redial, retryPolicyOf(o))
	c.room, c.seat, c.token = code, k.Seat, k.Token
	c.said, c.opts, c.onWaiting, c.pass = o.hello(), o, o.OnWaiting, wire.InvitePass(secret)
	c.said.Token = ""
	c.keep, c.carried = keep, k.AwaySince
	client.Store(c)
	c.start() // the read loop finds goneConn closed and reconnects
	return c, nil
}

// holding is the carried share and copy, checked as sealMessage checks the host's.
func (k carriedSeat) holding() (*holding, error) {
	if k.Deal == nil {
		if k.Copy != nil || k.Line != nil {
			return nil, errors.New("a copy without its deal")
		}
		return nil, nil
	}
	if err := k.Deal.Valid(); err != nil {
		return nil, err
	}
	if err := k.Deal.Check(k.Share); err != nil {
		return nil, err
	}
	if len(k.Line) != 32 {
		return nil, errors.New("a line key of the wrong size")
	}
	if cp := k.Copy; cp != nil && (cp.Game != k.Deal.Game || cp.Epoch != k.Deal.Epoch || cp.State == 0) {
		return nil, errors.New("a copy of another deal")
	}
	return &holding{deal: *k.Deal, share: k.Share, line: k.Line, copy: k.Copy}, nil
}

// awaySinceOr is when the carrying page first saw the host away, once, else now.
func (c *Client) awaySinceOr(now time.Time) time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	since := c.carried
	c.carried = time.Time{}
	if since.IsZero() || since.After(now) {
		return now
	}
	return since
}

// goneConn is a carried client's first connection: already gone, so the read loop reconnects.
type goneConn struct{}

func (goneConn) Send([]byte) error        { return ErrClosed }
func (goneConn) Receive() ([]byte, error) { return nil, ErrClosed }
func (goneConn) Close() error             { return nil }
