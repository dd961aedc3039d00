package session

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"safehouse/wire"
)

// signalTap, when set (tests), sees every message this package sends to or reads from a
// signaling server: what the server could see.
var signalTap atomic.Pointer[func(raw []byte)]

// receivedTap, in tests, sees every message a client receives from its host (a sniff of a
// player's traffic: the secrecy tests of the handoff and the takeover).
var receivedTap atomic.Pointer[func(c *Client, raw []byte)]

func tapReceived(c *Client, raw []byte) {
	if tap := receivedTap.Load(); tap != nil {
		(*tap)(c, raw)
	}
}

func tapSignal(raw []byte) {
	if tap := signalTap.Load(); tap != nil {
		(*tap)(raw)
	}
}

// signalReadLimit caps one message from the signaling server (SDP offers are a few KiB).
const signalReadLimit = 64 << 10

// signalWriteTimeout bounds one write to the signaling server.
const signalWriteTimeout = 10 * time.Second

// signalConn is the socket a signalClient speaks on: a WebSocket it dialled, or, in the
// browser, the one an invite's page opened while the app downloaded (earlysocket_js.go),
// perhaps joined on already (earlyjoin_js.go).
type signalConn interface {
	Read(ctx context.Context) (websocket.MessageType, []byte, error)
	Write(ctx context.Context, typ websocket.MessageType, p []byte) error
	CloseNow() error
}

// signalClient is one WebSocket to the signaling server. A single goroutine reads it and
// hands messages over in order on in, which is closed when the socket ends.
type signalClient struct {
	ws        signalConn
	in        chan wire.Message
	done      chan struct{}
	wg        sync.WaitGroup
	closeOnce sync.Once
}

// dialSignal opens a socket to the signaling server at signalURL for room code room ("" for
// none yet), or takes the one the page opened to that address before the app ran.
func dialSignal(ctx context.Context, signalURL, room string) (*signalClient, error) {
	if signalURL == "" {
		return nil, errors.New("session: no signaling server URL")
	}
	address := roomURL(signalURL, room)
	ws := takeEarlySocket(ctx, address)
	if ws == nil {
		dialled, _, err := websocket.Dial(ctx, address, nil)
		if err != nil {
			return nil, fmt.Errorf("session: cannot reach the signaling server at %s: %w", signalURL, err)
		}
		dialled.SetReadLimit(signalReadLimit)
		ws = dialled
	}
	return newSignalClient(ws), nil
}

// newSignalClient speaks the protocol on ws and starts reading it.
func newSignalClient(ws signalConn) *signalClient {
	c := &signalClient{ws: ws, in: make(chan wire.Message, 16), done: make(chan struct{})}
	c.wg.Add(1)
	go c.readLoop()
	return c
}

// roomURL is the address of a socket about room: the code rides in the query, as ?room=CODE.
// The server ignores it; a proxy in front of several servers hashes it, so that a room's host
// and all its players reach the same server and no join crosses between servers
// (deploy/Caddyfile).
func roomURL(signalURL, room string) string {
	u, err := url.Parse(signalURL)
	if room == "" || err != nil {
		return signalURL // a malformed address fails at the dial, which names it
	}
	q := u.Query()
	q.Set("room", room)
	u.RawQuery = q.Encode()
	return u.String()
}

func (c *signalClient) readLoop() {
	defer c.wg.Done()
	defer close(c.in)
	for {
		typ, b, err := c.ws.Read(context.Background())
		if err != nil {
			return
		}
		tapSignal(b)
		var m wire.Message
		if typ != websocket.MessageText || json.Unmarshal(b, &m) != nil || m.T == "" {
			continue // not from a server speaking this protocol: nothing to act on
		}
		select {
		case c.in <- m:
		case <-c.done:
			return
		}
	}
}

func (c *signalClient) send(m wire.Message) error {
	b, err := json.Marshal(m)
	if err != nil {
		return fmt.Errorf("session: encoding signaling %q: %w", m.T, err)
	}
	tapSignal(b)
	ctx, cancel := context.WithTimeout(context.Background(), signalWriteTimeout)
	defer cancel()
	return c.ws.Write(ctx, websocket.MessageText, b)
}

// sendData sends data to peer id (the host's side) or, with id "", to the room's host.
func (c *signalClient) sendData(id string, d signalData) error {
	b, err := json.Marshal(d)
	if err != nil {
		return fmt.Errorf("session: encoding signaling data: %w", err)
	}
	return c.send(wire.Message{T: wire.TypeTo, ID: id, Data: b})
}

// ask sends m and waits for the server's answer.
func (c *signalClient) ask(ctx context.Context, m wire.Message) (wire.Message, error) {
	if err := c.send(m); err != nil {
		return wire.Message{}, err
	}
	return c.await(ctx)
}

// await returns the next message, or an error if the socket ended or ctx expired first.
func (c *signalClient) await(ctx context.Context) (wire.Message, error) {
	select {
	case m, ok := <-c.in:
		if !ok {
			return wire.Message{}, errors.New("session: the signaling server closed the connection")
		}
		return m, nil
	case <-ctx.Done():
		return wire.Message{}, ctx.Err()
	}
}

// close says bye and ends the socket and its reader.
func (c *signalClient) close() {
	c.closeOnce.Do(func() {
		close(c.done)
		_ = c.send(wire.Message{T: wire.TypeBye})
		_ = c.ws.CloseNow()
	})
	c.wg.Wait()
}
