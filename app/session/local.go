package session

import (
	"context"
	"fmt"
	"sync"
)

// LocalRoom is the room code of a LocalHost: it never meets a signaling server.
const LocalRoom = "LOCAL"

// LocalHost is a host that needs no signaling server and no network at all: every player is
// seated through an in-memory pipe on the same device, so one phone or tablet passed around
// the table can run a whole game (pass-and-play). Each player is still a
// separate Client with its own seat and its own views: the screen shows one seat's view at a
// time, behind a "pass to NAME" screen, and never two at once.
type LocalHost struct {
	hostBase

	mu      sync.Mutex
	clients []*Client
	closed  bool
}

// NewLocalHost seats the host's own player (o.Name; o.Spectator makes the device a table
// screen that plays no seat) and returns the host. Options about the network are ignored.
func NewLocalHost(ctx context.Context, o Options) (*LocalHost, error) {
	l := &LocalHost{hostBase: hostBase{core: newHostCore(LocalRoom, defaultLogger())}}
	p, err := l.seat(ctx, o.hello(), true)
	if err != nil {
		l.core.close()
		return nil, err
	}
	l.player = p
	return l, nil
}

// AddLocalPlayer seats one more player of this device and returns its client.
func (l *LocalHost) AddLocalPlayer(ctx context.Context, name string) (*Client, error) {
	return l.seat(ctx, Hello{Name: name}, false)
}

// AddLocalSpectator seats a watcher of this device (public views only).
func (l *LocalHost) AddLocalSpectator(ctx context.Context, name string) (*Client, error) {
	return l.seat(ctx, Hello{Name: name, Spectator: true}, false)
}

func (l *LocalHost) seat(ctx context.Context, hello Hello, isHost bool) (*Client, error) {
	closed := false
	c, err := l.seatHere(ctx, hello, isHost, func(c *Client) bool {
		l.mu.Lock()
		defer l.mu.Unlock()
		if closed = l.closed; !closed {
			l.clients = append(l.clients, c) // Close closes it, even before its welcome
		}
		return !closed
	})
	switch {
	case closed:
		return nil, ErrClosed
	case err != nil:
		return nil, fmt.Errorf("session: seating %q: %w", hello.Name, err)
	}
	return c, nil
}

// Close ends the game and stops every goroutine of the host and its players.
func (l *LocalHost) Close() error {
	l.mu.Lock()
	l.closed = true
	clients := l.clients
	l.clients = nil
	l.mu.Unlock()
	l.core.close()
	for _, c := range clients {
		c.Close()
	}
	return nil
}
