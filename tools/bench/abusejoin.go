//go:build !wasm

package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"log"
	"net"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// Legitimate joins while one network attacks (issue 31): every network (an IPv4 /24) gets a
// share of the server's sockets and relay bandwidth, so that a newcomer from another network
// gets in, and in time, while one network holds all it may or floods the relay.
const (
	attackJoins    = 2000                      // legitimate joins timed, quiet and under each attack
	attackRooms    = (4*attackJoins+20)/60 + 1 // rooms they spread over (each takes 64 joins a minute; four timings and a warm-up)
	holderAddrs    = 20                        // the attacker's addresses holding sockets, in 127.0.9.0/24
	holderWorkers  = 32
	floodRelays    = 20 // the attacker's flooding peers, each in a room of its own, in 127.0.12.0/24
	attackJoinGoal = 2  // the p99 under attack against the quiet p99
)

// joinTimer times legitimate joins into rooms hosted from networks of their own: each join
// comes from an address of a network of its own too (127.4.x.y), dials, joins, waits for
// `joined` and leaves, one after another.
type joinTimer struct {
	url   string
	rooms []string
	hosts []*sigClient
	next  int // joins so far: the next joiner's address and room
}

func newJoinTimer(ctx context.Context, url string) (*joinTimer, error) {
	jt := &joinTimer{url: url}
	for i := range attackRooms {
		h, code, err := hostRoom(ctx, url, fmt.Sprintf("127.3.%d.1", i))
		if err != nil {
			jt.close()
			return nil, fmt.Errorf("a legitimate host: %w", err)
		}
		jt.hosts, jt.rooms = append(jt.hosts, h), append(jt.rooms, code)
	}
	return jt, nil
}

func (jt *joinTimer) close() {
	for _, h := range jt.hosts {
		h.conn.CloseNow()
	}
}

// time times n joins.
func (jt *joinTimer) time(ctx context.Context, n int) ([]time.Duration, error) {
	took := make([]time.Duration, 0, n)
	for range n {
		i := jt.next
		jt.next++
		ip := fmt.Sprintf("127.4.%d.%d", i%250, 1+i/250)
		start := time.Now()
		if _, err := joinRoom(ctx, jt.url, ip, jt.rooms[i%len(jt.rooms)], false); err != nil {
			return nil, fmt.Errorf("legitimate join %d: %w", i, err)
		}
		took = append(took, time.Since(start))
	}
	return took, nil
}

// holdSockets has holderAddrs addresses of one /24 open keep-alive connections (one request
// each, then idle, as the attacker did) until the server refuses every new one,
// and returns them held.
func holdSockets(addr string) ([]net.Conn, error) {
	var mu sync.Mutex
	var held []net.Conn
	var refusedInARow, attempts atomic.Int64
	var firstErr atomic.Value
	var wg sync.WaitGroup
	for w := range holderWorkers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; refusedInARow.Load() < 200 && attempts.Add(1) < 20000; i += holderWorkers {
				ip := fmt.Sprintf("127.0.9.%d", 1+i%holderAddrs)
				c, err := keepAlive(addr, ip)
				if err != nil {
					firstErr.CompareAndSwap(nil, err)
					return
				}
				if c == nil {
					refusedInARow.Add(1)
					continue
				}
				refusedInARow.Store(0)
				mu.Lock()
				held = append(held, c)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if e, ok := firstErr.Load().(error); ok {
		closeAll(held)
		return nil, e
	}
	if refusedInARow.Load() < 200 {
		closeAll(held)
		return nil, fmt.Errorf("the server still took sockets from one /24 after %d", len(held))
	}
	return held, nil
}

// keepAlive opens a connection from ip, asks /healthz on it and keeps it open; nil when the
// server refused the connection (closed it as it was accepted).
func keepAlive(addr, ip string) (net.Conn, error) {
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		return nil, err
	}
	c.SetDeadline(time.Now().Add(5 * time.Second))
	if _, err := c.Write([]byte("GET /healthz HTTP/1.1\r\nHost: " + addr + "\r\n\r\n")); err != nil {
		c.Close()
		return nil, nil
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		c.Close()
		if isTimeout(err) {
			return nil, errors.New("a keep-alive request had no answer in 5 s")
		}
		return nil, nil // closed as accepted
	}
	resp.Body.Close()
	c.SetDeadline(time.Time{})
	return c, nil
}

func closeAll(conns []net.Conn) {
	for _, c := range conns {
		c.Close()
	}
}

// attackedJoins times attackJoins legitimate joins on a fresh server with the default limits,
// quiet, then while one /24 holds every socket it may, then (those sockets closed) quiet
// again and while floodRelays peers of one /24 flood the relay.
type attackedJoins struct {
	quietHold, held, quietFlood, flooded []time.Duration
	holding                              int           // sockets the /24 held
	floodMsgs                            int64         // messages the flooders got written
	floodSettled                         time.Duration // from the flood's start to its steady state
}

// The first error is that of the held sockets' part, the second the flood's.
func measureAttackedJoins(bin string) (a attackedJoins, holdErr, floodErr error) {
	s, err := startServer(bin)
	if err != nil {
		return a, err, err
	}
	defer s.stop()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	jt, err := newJoinTimer(ctx, s.signal)
	if err != nil {
		return a, err, err
	}
	defer jt.close()
	if _, err := jt.time(ctx, 20); err != nil { // warm up
		return a, err, err
	}
	holdErr = a.measureHeld(ctx, jt, s.addr)
	return a, holdErr, a.measureFlooded(ctx, jt, s.signal)
}

func (a *attackedJoins) measureHeld(ctx context.Context, jt *joinTimer, addr string) (err error) {
	if a.quietHold, err = jt.time(ctx, attackJoins); err != nil {
		return err
	}
	held, err := holdSockets(addr)
	if err != nil {
		return fmt.Errorf("holding sockets: %w", err)
	}
	a.holding = len(held)
	a.held, err = jt.time(ctx, attackJoins)
	closeAll(held)
	if err != nil {
		return fmt.Errorf("while one /24 held %d sockets: %w", a.holding, err)
	}
	return nil
}

func (a *attackedJoins) measureFlooded(ctx context.Context, jt *joinTimer, url string) (err error) {
	time.Sleep(300 * time.Millisecond) // the held sockets' places given back
	if a.quietFlood, err = jt.time(ctx, attackJoins); err != nil {
		return err
	}
	stop := make(chan struct{})
	var sent []*atomic.Int64
	var done []<-chan error
	defer func() {
		close(stop)
		for _, d := range done {
			<-d
		}
	}()
	for i := range floodRelays {
		n, d, err := floodFrom(ctx, url, fmt.Sprintf("127.0.12.%d", 1+i/4), fmt.Sprintf("127.0.12.%d", 100+i), stop)
		if err != nil {
			return fmt.Errorf("flooder %d: %w", i, err)
		}
		sent, done = append(sent, n), append(done, d)
	}
	total := func() (n int64) {
		for _, s := range sent {
			n += s.Load()
		}
		return n
	}
	a.floodSettled = steadyFlood(total)
	a.flooded, err = jt.time(ctx, attackJoins)
	a.floodMsgs = total()
	if err != nil {
		return fmt.Errorf("while %d relays flooded: %w", floodRelays, err)
	}
	return nil
}

func attackedJoinRows(bin string) []row {
	a, holdErr, floodErr := measureAttackedJoins(bin)
	judge := func(g goal, err error, quiet, attacked []time.Duration, what string) row {
		if err != nil {
			return g.missing(err)
		}
		q, p := percentile(quiet, 99), percentile(attacked, 99)
		log.Printf("%s: quiet p50/p90/p99 %s/%s/%s, attacked %s/%s/%s", g.name, fineMS(percentile(quiet, 50)), fineMS(percentile(quiet, 90)), fineMS(q), fineMS(percentile(attacked, 50)), fineMS(percentile(attacked, 90)), fineMS(p))
		return g.check(fmt.Sprintf("%s (quiet %s over %d joins; %s)", fineMS(p), fineMS(q), len(quiet), what), p <= attackJoinGoal*q)
	}
	// Both attacks are judged against the quiet joins of both quiet timings together: one
	// condition, timed twice on the same server, and the p99 of 2,000 sub-millisecond joins
	// alone moved from 0.65 to 1.45 ms between runs, which flipped a row whose attacked p99
	// had not moved.
	quiet := append(slices.Clone(a.quietHold), a.quietFlood...)
	return []row{
		judge(goalJoinHeld, holdErr, quiet, a.held, fmt.Sprintf("%d sockets held, the next refused", a.holding)),
		judge(goalJoinFlooded, floodErr, quiet, a.flooded, fmt.Sprintf("the flooders got %d x %d KB written, steady after %s", a.floodMsgs, floodPayload>>10, a.floodSettled.Round(100*time.Millisecond))),
	}
}

// steadyFlood waits until the flooders' writes, counted by written, settle to the pace the
// server reads them at (their relay budget and a refusal a turn): at first they fill their
// TCP buffers, some hundred MB on loopback, which is the flooders' own work and the kernel's
// rather than the server's. It returns the time that took (at most 5 s).
func steadyFlood(written func() int64) time.Duration {
	const tick = 100 * time.Millisecond
	// The server reads each flooder at most at its network's share of 4 MB/s plus a refused
	// message a turn: a few messages a tick for all of them together.
	const steady = 2 * floodRelays
	start := time.Now()
	last := written()
	for time.Since(start) < 5*time.Second {
		time.Sleep(tick)
		now := written()
		if now-last <= steady {
			break
		}
		last = now
	}
	return time.Since(start)
}
