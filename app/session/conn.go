package session

import "sync"

// Conn carries whole messages between one player and the host, in order. A remote player's
// is a WebRTC data channel or the encrypted relay, the host's own player's an in-memory pipe,
// so every player goes through the same host code.
type Conn interface {
	// Send queues one message; it does not wait for the other side to read it.
	Send(msg []byte) error
	// Receive returns the next message in the order sent, blocking until one arrives. After
	// Close, or once the other side is gone, it returns an error (ErrClosed or the cause).
	Receive() ([]byte, error)
	// Close ends the connection for both sides; it is safe to call more than once.
	Close() error
}

// Every Conn of the session. Some are told apart by type (paths.go, hostpaths.go, restart.go),
// so a method that drifts from the interface fails the build here rather than an assertion
// at run time.
var (
	_ Conn        = (*pipeEnd)(nil)
	_ Conn        = (*dataChannelConn)(nil)
	_ Conn        = (*relayConn)(nil)
	_ Conn        = (*firstWord)(nil) // a host's link path (hostpaths.go)
	_ restartable = (*peerConn)(nil)  // a joining player's connection (join.go, restart.go)
)

// maxQueued bounds the messages a connection holds unread. A sender that outruns the
// reader by this much is flooding, and its connection is closed rather than let memory grow.
const maxQueued = 1024

// queue is an ordered FIFO that never blocks the pusher. Callbacks from WebRTC stacks (and
// the browser's event loop) must not block, so they push here and one reader takes items
// out in order. A limit of 0 means unbounded.
type queue[T any] struct {
	mu     sync.Mutex
	items  []T
	limit  int
	err    error // set once closed
	signal chan struct{}
}

func newQueue[T any](limit int) *queue[T] {
	return &queue[T]{limit: limit, signal: make(chan struct{}, 1)}
}

// push appends v; it reports false when the queue is closed or overflowing (and then
// closes it with errFlooded, dropping what it held).
func (q *queue[T]) push(v T) bool {
	q.mu.Lock()
	if q.err != nil {
		q.mu.Unlock()
		return false
	}
	if q.limit > 0 && len(q.items) >= q.limit {
		q.err = errFlooded
		q.items = nil
		q.mu.Unlock()
		q.wake()
		return false
	}
	q.items = append(q.items, v)
	q.mu.Unlock()
	q.wake()
	return true
}

// close ends the queue with err. Items already queued are still handed out first, unless
// dropQueued.
func (q *queue[T]) close(err error, dropQueued bool) {
	q.mu.Lock()
	if q.err == nil {
		q.err = err
	}
	if dropQueued {
		q.items = nil
	}
	q.mu.Unlock()
	q.wake()
}

func (q *queue[T]) closed() bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.err != nil
}

func (q *queue[T]) wake() {
	select {
	case q.signal <- struct{}{}:
	default:
	}
}

// next returns the oldest item, waiting for one; once the queue is closed and drained it
// returns the closing error. A close of stop also ends the wait (with ErrClosed).
func (q *queue[T]) next(stop <-chan struct{}) (T, error) {
	var zero T
	for {
		q.mu.Lock()
		if len(q.items) > 0 {
			v := q.items[0]
			q.items[0] = zero
			q.items = q.items[1:]
			q.mu.Unlock()
			return v, nil
		}
		err := q.err
		q.mu.Unlock()
		if err != nil {
			return zero, err
		}
		select {
		case <-q.signal:
		case <-stop:
			return zero, ErrClosed
		}
	}
}

// Pipe returns the two ends of an in-memory Conn: what one end sends the other receives.
// The host's own player talks to its host through one.
func Pipe() (Conn, Conn) {
	a := &pipeEnd{in: newQueue[[]byte](maxQueued)}
	b := &pipeEnd{in: newQueue[[]byte](maxQueued)}
	a.peer, b.peer = b, a
	return a, b
}

type pipeEnd struct {
	in   *queue[[]byte]
	peer *pipeEnd
	once sync.Once
}

func (p *pipeEnd) Send(msg []byte) error {
	if p.in.closed() {
		return ErrClosed
	}
	if !p.peer.in.push(append([]byte(nil), msg...)) {
		return ErrClosed
	}
	return nil
}

func (p *pipeEnd) Receive() ([]byte, error) { return p.in.next(nil) }

func (p *pipeEnd) Close() error {
	p.once.Do(func() {
		p.in.close(ErrClosed, true)
		// The other end reads what was already sent, then learns the pipe is gone.
		p.peer.in.close(ErrClosed, false)
	})
	return nil
}
