//go:build js && wasm

package session

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"syscall/js"

	"github.com/coder/websocket"
)

// WebSocket's readyState values.
const (
	socketConnecting = 0
	socketOpen       = 1
)

// earlySocket is the signaling socket an invite's page opened while the app was downloading
// (wasm/gen/earlysocket.js), taken by the app's first dial to its address: the join then
// starts on a socket already open instead of waiting for one to open (make bench, "first
// visit": the socket took 157 ms of the join under slow 4G). It speaks the protocol's text
// messages as a dialled socket does.
type earlySocket struct {
	ws js.Value

	mu        sync.Mutex
	queue     []socketMessage
	ended     error         // why the socket ended, once it has
	wake      chan struct{} // a message or the end arrived (the one reader waits on it)
	opened    chan struct{} // closed by the socket's open event
	openOnce  sync.Once
	handlers  []socketHandler
	closeOnce sync.Once
}

type socketMessage struct {
	typ  websocket.MessageType
	data []byte
}

type socketHandler struct {
	event string
	fn    js.Func
}

// errEarlySocketClosed is what a read or write on a socket this side closed returns.
var errEarlySocketClosed = errors.New("session: the signaling socket is closed")

// takeEarlySocket takes the page's early socket when the page opened it to address and it is
// open or opening, once it is open (or ctx ends); otherwise nil, and the caller dials. The
// page's socket is offered once: a later dial, or one to another address, opens its own.
func takeEarlySocket(ctx context.Context, address string) signalConn {
	window := js.Global()
	early := window.Get("safehouseEarlySocket")
	if early.Type() != js.TypeObject {
		return nil
	}
	window.Delete("safehouseEarlySocket")
	early.Set("taken", true)
	ws := early.Get("socket")
	if !sameAddress(early.Get("url"), address) || early.Get("ended").Truthy() || ws.Get("readyState").Int() > socketOpen {
		ws.Call("close")
		return nil
	}
	s := adoptSocket(ws, early.Get("queue"))
	if err := s.waitOpen(ctx); err != nil {
		defaultLogger().Info("session: the page's early signaling socket did not open; dialling", "err", err)
		_ = s.CloseNow()
		return nil
	}
	return s
}

// adoptSocket speaks on the page's socket ws, whose messages so far are queued (an array of
// the socket's message data, oldest first).
func adoptSocket(ws, queued js.Value) *earlySocket {
	s := &earlySocket{ws: ws, wake: make(chan struct{}, 1), opened: make(chan struct{})}
	for i := range queued.Length() {
		s.push(queued.Index(i))
	}
	s.listen("message", func(e js.Value) { s.push(e.Get("data")) })
	s.listen("close", func(e js.Value) {
		s.end(fmt.Errorf("session: the signaling server closed the connection (code %d)", e.Get("code").Int()))
	})
	s.listen("open", func(js.Value) { s.openOnce.Do(func() { close(s.opened) }) })
	if ws.Get("readyState").Int() == socketOpen {
		s.openOnce.Do(func() { close(s.opened) })
	}
	return s
}

// sameAddress says whether url, the page socket's address as the browser wrote it, is
// address written the same way.
func sameAddress(url js.Value, address string) (same bool) {
	defer func() {
		if recover() != nil {
			same = false // an address the browser cannot read: the dial reports it
		}
	}()
	return url.Type() == js.TypeString && url.String() == js.Global().Get("URL").New(address).Get("href").String()
}

func (s *earlySocket) listen(event string, fn func(js.Value)) {
	f := js.FuncOf(func(_ js.Value, args []js.Value) any {
		fn(args[0])
		return nil
	})
	s.handlers = append(s.handlers, socketHandler{event, f})
	s.ws.Call("addEventListener", event, f)
}

// push queues one message as the socket delivered it: a string is a text message, anything
// else binary (the protocol has none; the reader skips it). One over the read limit ends the
// socket, as a dialled socket's limit does.
func (s *earlySocket) push(data js.Value) {
	m := socketMessage{typ: websocket.MessageBinary}
	if data.Type() == js.TypeString {
		m = socketMessage{typ: websocket.MessageText, data: []byte(data.String())}
	}
	if len(m.data) > signalReadLimit {
		s.end(fmt.Errorf("session: a signaling message of %d bytes, over the limit of %d", len(m.data), signalReadLimit))
		s.ws.Call("close", int(websocket.StatusMessageTooBig))
		return
	}
	s.mu.Lock()
	s.queue = append(s.queue, m)
	s.mu.Unlock()
	s.signal()
}

func (s *earlySocket) end(err error) {
	s.mu.Lock()
	if s.ended == nil {
		s.ended = err
	}
	s.mu.Unlock()
	s.signal()
}

func (s *earlySocket) signal() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

func (s *earlySocket) waitOpen(ctx context.Context) error {
	for {
		select {
		case <-s.opened:
			return nil
		case <-s.wake:
			s.mu.Lock()
			ended := s.ended
			s.mu.Unlock()
			if ended != nil {
				return ended
			}
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// Read returns the next message, in order.
func (s *earlySocket) Read(ctx context.Context) (websocket.MessageType, []byte, error) {
	for {
		s.mu.Lock()
		if len(s.queue) > 0 {
			m := s.queue[0]
			s.queue = s.queue[1:]
			s.mu.Unlock()
			return m.typ, m.data, nil
		}
		ended := s.ended
		s.mu.Unlock()
		if ended != nil {
			return 0, nil, ended
		}
		select {
		case <-s.wake:
		case <-ctx.Done():
			return 0, nil, ctx.Err()
		}
	}
}

// Write sends one message; the browser queues it, so it does not wait.
func (s *earlySocket) Write(_ context.Context, typ websocket.MessageType, p []byte) (err error) {
	s.mu.Lock()
	ended := s.ended
	s.mu.Unlock()
	if ended != nil {
		return ended
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("session: sending on the signaling socket: %v", r)
		}
	}()
	if typ == websocket.MessageText {
		s.ws.Call("send", string(p))
		return nil
	}
	buf := js.Global().Get("Uint8Array").New(len(p))
	js.CopyBytesToJS(buf, p)
	s.ws.Call("send", buf)
	return nil
}

// CloseNow closes the socket without waiting and lets go of its handlers.
func (s *earlySocket) CloseNow() error {
	s.closeOnce.Do(func() {
		s.end(errEarlySocketClosed)
		if rs := s.ws.Get("readyState").Int(); rs == socketConnecting || rs == socketOpen {
			s.ws.Call("close")
		}
		for _, h := range s.handlers {
			s.ws.Call("removeEventListener", h.event, h.fn)
			h.fn.Release()
		}
	})
	return nil
}
