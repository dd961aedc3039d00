package session

import (
	"sync"
	"time"

	"github.com/pion/webrtc/v4"
)

// dataChannelConn is a Conn over one ordered, reliable WebRTC data channel. Messages (JSON
// envelopes) are sent as binary: in the browser a text message is first decoded from UTF-8
// into a JavaScript string, which cost the host tab about as much again as the send itself
// for each of its players' views (issue 9); either kind is accepted. Received messages go through a queue fed straight from the
// channel's message event, because pion's browser build runs each OnMessage handler on its
// own goroutine and would not keep them in order.
type dataChannelConn struct {
	dc      *webrtc.DataChannel
	in      *queue[[]byte]
	opened  chan struct{}
	ended   chan struct{} // closed when the channel closes, by either side
	release func()        // undoes the platform's message hook
	cleanup func()        // closes what owns the channel (its PeerConnection)

	openOnce, endOnce, closeOnce sync.Once
}

// newDataChannelConn wraps dc at once, before it can open, so no message is missed.
// cleanup (may be nil) runs once when the Conn is closed.
func newDataChannelConn(dc *webrtc.DataChannel, cleanup func()) *dataChannelConn {
	c := &dataChannelConn{
		dc:      dc,
		in:      newQueue[[]byte](maxQueued),
		opened:  make(chan struct{}),
		ended:   make(chan struct{}),
		cleanup: cleanup,
	}
	dc.OnOpen(func() { c.openOnce.Do(func() { close(c.opened) }) })
	dc.OnClose(func() {
		c.in.close(errChannelClosed, false)
		c.endOnce.Do(func() { close(c.ended) })
	})
	c.release = hookMessages(dc, c.in)
	// The browser build hands over a remote channel on a goroutine, which may run after the
	// channel opened, or even closed again; those events are then gone, so look at the state
	// too (a channel found closed would otherwise leave its player waiting for ever).
	switch dc.ReadyState() {
	case webrtc.DataChannelStateOpen:
		c.openOnce.Do(func() { close(c.opened) })
	case webrtc.DataChannelStateClosing, webrtc.DataChannelStateClosed:
		c.in.close(errChannelClosed, false)
		c.endOnce.Do(func() { close(c.ended) })
	}
	return c
}

func (c *dataChannelConn) Send(msg []byte) error {
	if c.in.closed() {
		return ErrClosed
	}
	return c.dc.Send(msg)
}

func (c *dataChannelConn) Receive() ([]byte, error) { return c.in.next(nil) }

func (c *dataChannelConn) Close() error {
	var err error
	c.closeOnce.Do(func() {
		c.in.close(ErrClosed, true)
		c.drain()
		err = c.dc.Close()
		c.endOnce.Do(func() { close(c.ended) })
		if c.cleanup != nil {
			c.cleanup()
		}
		c.release()
	})
	return err
}

// drainLimit bounds how long Close waits for the last messages (a farewell) to reach the
// other side; it only matters when that side stopped reading.
const drainLimit = time.Second

// drain waits until the other side has taken everything sent, so that a message sent just
// before Close (why the connection ends) is not cut off by tearing the connection down.
func (c *dataChannelConn) drain() {
	if c.dc.ReadyState() != webrtc.DataChannelStateOpen {
		return
	}
	low := make(chan struct{})
	var once sync.Once
	c.dc.SetBufferedAmountLowThreshold(0)
	c.dc.OnBufferedAmountLow(func() { once.Do(func() { close(low) }) })
	if c.dc.BufferedAmount() == 0 {
		return
	}
	timer := time.NewTimer(drainLimit)
	defer timer.Stop()
	select {
	case <-low:
	case <-c.ended:
	case <-timer.C:
	}
}
