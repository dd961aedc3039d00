package session

import (
	"context"
	"errors"
	"time"
)

// awaitHandoff waits while this device takes a room over (its connection to the old host may
// end meanwhile): it either becomes the host (and the client retires) or plays on as before.
func (c *Client) awaitHandoff() {
	c.mu.Lock()
	taking := c.taking
	c.mu.Unlock()
	if taking != nil {
		select {
		case <-taking:
		case <-c.done:
		}
	}
}

// handoffIn is a handoff this player was asked to take (guarded by the client's mu).
type handoffIn struct {
	id       string
	conn     Conn // the connection the ask came on: every answer goes back on it
	accepted bool
	parts    [][]byte
	got      int
	now      int64
	taking   bool               // the whole state arrived: the room is being taken
	stop     context.CancelFunc // ends the taking (the host called it off, or the client closed)
}

// Notices of a handoff, for the asked player.
const (
	NoticeHandoffCancelled = "handoff-cancelled" // the host called the handoff off (it waited too long, or took the game back)
	NoticeHandoffFailed    = "handoff-failed"    // the state came but this device could not take the room
)

// handoffMessage handles what a host says about a handoff to this player.
func (c *Client) handoffMessage(conn Conn, env Envelope) {
	if c.redial == nil {
		return // the host's own player is never asked
	}
	switch env.T {
	case TypeHandoffAsk:
		var ask HandoffAsk
		if err := decodeStrict(env.Body, &ask); err != nil || ask.ID == "" {
			return
		}
		c.mu.Lock()
		if old := c.handoff; old != nil && old.stop != nil {
			old.stop()
		}
		c.handoff = &handoffIn{id: ask.ID, conn: conn}
		c.mu.Unlock()
		c.notify(Update{HandOff: &ask})
	case TypeHandoffState:
		var p handoffPart
		if err := decodeStrict(env.Body, &p); err != nil {
			return
		}
		c.handoffPart(p)
	case TypeHandoffCancel:
		var m handoffID
		if err := decodeStrict(env.Body, &m); err != nil {
			return
		}
		c.mu.Lock()
		ho := c.handoff
		if ho == nil || ho.id != m.ID {
			c.mu.Unlock()
			return
		}
		c.handoff = nil
		if ho.stop != nil {
			ho.stop()
		}
		c.mu.Unlock()
		c.notify(Update{Notice: "The host called the handoff off: " + m.Msg, Code: NoticeHandoffCancelled})
	}
}

// AnswerHandoff says yes or no to the host's question id (Update.HandOff). With yes, this
// device takes the game when the host's state arrives: Update.Host then brings the new
// HostSession, and this client ends (its player plays on as the new host's own player).
func (c *Client) AnswerHandoff(id string, yes bool) error {
	c.mu.Lock()
	ho := c.handoff
	if ho == nil || ho.id != id || ho.accepted {
		c.mu.Unlock()
		return ErrNoHandoffAsked
	}
	ho.accepted = yes
	if !yes {
		c.handoff = nil
	}
	conn := ho.conn
	c.mu.Unlock()
	return c.sendOn(conn, TypeHandoffAnswer, handoffAnswer{ID: id, Yes: yes})
}

func (c *Client) sendOn(conn Conn, t string, body any) error {
	msg, err := encodeEnvelope(t, 0, body)
	if err != nil {
		return err
	}
	return conn.Send(msg)
}

// handoffPart keeps one part of the state; the last one starts taking the room. A part this
// player did not agree to, or one that does not fit the others, ends the handoff with a no.
func (c *Client) handoffPart(p handoffPart) {
	c.mu.Lock()
	ho := c.handoff
	if ho == nil || ho.id != p.ID || !ho.accepted || ho.taking {
		c.mu.Unlock()
		return
	}
	if p.Parts < 1 || p.Parts > maxParts || p.Part < 0 || p.Part >= p.Parts ||
		(ho.parts != nil && (len(ho.parts) != p.Parts || ho.now != p.Now)) || len(p.Data) > partBytes {
		c.handoff = nil
		conn := ho.conn
		c.mu.Unlock()
		_ = c.sendOn(conn, TypeHandoffAnswer, handoffAnswer{ID: p.ID, Msg: "the game arrived damaged"})
		c.notify(Update{Notice: "The game arrived damaged: it stays with the host.", Code: NoticeHandoffFailed})
		return
	}
	if ho.parts == nil {
		ho.parts, ho.now = make([][]byte, p.Parts), p.Now
	}
	if ho.parts[p.Part] == nil {
		ho.got++
	}
	ho.parts[p.Part] = p.Data
	if ho.got < len(ho.parts) {
		c.mu.Unlock()
		return
	}
	var data []byte
	for _, part := range ho.parts {
		data = append(data, part...)
	}
	ho.parts, ho.taking = nil, true
	ctx, stop := context.WithTimeout(context.Background(), handoffTakeWait)
	ho.stop = stop
	taking := make(chan struct{})
	c.taking = taking
	c.mu.Unlock()
	c.wg.Add(1)
	go func() {
		defer c.wg.Done()
		defer func() {
			c.mu.Lock()
			c.taking = nil
			c.mu.Unlock()
			close(taking)
		}()
		defer stop()
		c.cancelOnClose(ctx, stop)
		c.takeHandoff(ctx, ho, data)
	}()
}

// takeHandoff takes the room with the state the host sent: this device's seat becomes the
// host's, the game runs on the old host's clock from the moment it stopped, and the room is
// reclaimed with the claim inside the state. Then the old host hears "taken", the player gets
// Update.Host, and this client ends.
func (c *Client) takeHandoff(ctx context.Context, ho *handoffIn, data []byte) {
	fail := func(err error) {
		c.mu.Lock()
		if c.handoff == ho {
			c.handoff = nil
		}
		c.mu.Unlock()
		_ = c.sendOn(ho.conn, TypeHandoffAnswer, handoffAnswer{ID: ho.id, Msg: err.Error()})
		c.notify(Update{Notice: "This device could not take the game: " + err.Error(), Code: NoticeHandoffFailed})
	}
	if !canHost { // the player build refuses (becomehost_player.go) without reading the state
		_, err := c.becomeHost(ctx, HostState{})
		fail(err)
		return
	}
	st, err := DecodeHostState(data)
	if err == nil && (st.NoServer || st.Room != c.Room()) {
		err = errors.New("the state is of another game")
	}
	if err == nil {
		st, err = st.hostedBy(c.Token())
	}
	if err != nil {
		fail(err)
		return
	}
	st.Clock = ho.now - time.Now().UnixMilli() // the clock goes on from where the host stopped it
	if c.cutAt("state", nil) {
		return
	}
	host, err := c.becomeHost(ctx, st)
	if err != nil {
		fail(err)
		return
	}
	if c.cutAt("hosting", host) {
		return
	}
	_ = c.sendOn(ho.conn, TypeHandoffTaken, handoffID{ID: ho.id})
	c.notify(Update{Host: host})
	c.retire()
}

// cutAt asks a test whether the device dies at this step of a handoff.
func (c *Client) cutAt(step string, h *HostSession) bool {
	c.mu.Lock()
	cut := c.opts.handoffCut
	c.mu.Unlock()
	return cut != nil && cut(step, h)
}

// retire ends a client whose player now plays on another connection (it became the host):
// no reconnect, no notice, only the final Status "closed".
func (c *Client) retire() {
	c.farewell.Store(true)
	_ = c.current().Close()
}

// hostedBy is st with the seat of token as the host's: that seat goes first (the host's
// place) and the old host's seat takes its place in the table order, as an ordinary seat.
func (st HostState) hostedBy(token string) (HostState, error) {
	at := -1
	for i, s := range st.Seats {
		if s.Token == token {
			at = i
		}
	}
	if at <= 0 {
		return HostState{}, errors.New("this device's seat is not one the state can give the game to")
	}
	seats := append([]SavedSeat(nil), st.Seats...)
	seats[0].Host, seats[at].Host = false, true
	seats[0], seats[at] = seats[at], seats[0]
	st.Seats = seats
	return st, nil
}
