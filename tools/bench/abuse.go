//go:build !wasm

package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// The signaling server under attack (issue 18): a room keeps its pace while another peer
// floods the relay, and half-open connections cost the server bounded memory.
const (
	roundTrips      = 400      // legitimate round trips timed, quiet and then under the flood
	floodPayload    = 60 << 10 // bytes of data in each of the flooder's messages
	halfOpenConns   = 20000    // half-open upgrade attempts
	halfOpenAddrs   = 80       // addresses they come from (127.0.7.x), 250 each
	halfOpenWorkers = 64
	halfOpenTarget  = 150e6 // bytes
)

// sendData sends a `to` message with data (JSON) to id ("" for a peer's host).
func (c *sigClient) sendData(ctx context.Context, id string, data json.RawMessage) error {
	b, _ := json.Marshal(struct {
		T    string          `json:"t"`
		ID   string          `json:"id,omitempty"`
		Data json.RawMessage `json:"data"`
	}{"to", id, data})
	return c.conn.Write(ctx, websocket.MessageText, b)
}

type fromMessage struct {
	T    string          `json:"t"`
	ID   string          `json:"id"`
	Code string          `json:"code"`
	Data json.RawMessage `json:"data"`
}

func (c *sigClient) next(ctx context.Context) (fromMessage, error) {
	_, raw, err := c.conn.Read(ctx)
	if err != nil {
		return fromMessage{}, err
	}
	var m fromMessage
	return m, json.Unmarshal(raw, &m)
}

// echoRoom is a legitimate room: its host sends every peer's data straight back.
type echoRoom struct {
	host, peer *sigClient
}

func openEchoRoom(ctx context.Context, url, hostIP, peerIP string) (*echoRoom, error) {
	host, err := dialSignal(ctx, url, hostIP)
	if err != nil {
		return nil, err
	}
	m, err := host.ask(ctx, sigMessage{T: "host"})
	if err != nil {
		host.conn.CloseNow()
		return nil, err
	}
	r := &echoRoom{host: host}
	if r.peer, err = dialSignal(ctx, url, peerIP); err != nil {
		host.conn.CloseNow()
		return nil, err
	}
	if _, err := r.peer.ask(ctx, sigMessage{T: "join", Room: m.Room}); err != nil {
		r.close()
		return nil, err
	}
	go func() {
		for {
			m, err := host.next(context.Background())
			if err != nil {
				return
			}
			if m.T == "from" {
				if host.sendData(context.Background(), m.ID, m.Data) != nil {
					return
				}
			}
		}
	}()
	return r, nil
}

func (r *echoRoom) close() {
	r.host.conn.CloseNow()
	if r.peer != nil {
		r.peer.conn.CloseNow()
	}
}

// roundTrip times one message from the peer to the host and back.
func (r *echoRoom) roundTrip(ctx context.Context, n int) (time.Duration, error) {
	data := json.RawMessage(fmt.Sprintf(`{"n":%d,"pad":"%s"}`, n, strings.Repeat("x", 200)))
	start := time.Now()
	if err := r.peer.sendData(ctx, "", data); err != nil {
		return 0, err
	}
	for {
		m, err := r.peer.next(ctx)
		if err != nil {
			return 0, err
		}
		switch {
		case m.T == "from" && string(m.Data) == string(data):
			return time.Since(start), nil
		case m.T == "error":
			return 0, fmt.Errorf("the legitimate peer was refused: %s", m.Code)
		}
	}
}

func (r *echoRoom) roundTrips(ctx context.Context, n int) ([]time.Duration, error) {
	samples := make([]time.Duration, 0, n)
	for i := range n {
		d, err := r.roundTrip(ctx, i)
		if err != nil {
			return nil, err
		}
		samples = append(samples, d)
	}
	return samples, nil
}

// flood runs a room whose peer sends floodPayload-byte messages as fast as the server takes
// them (its refusals read and dropped) and whose host reads everything, until stop is closed.
// It returns the count of messages the flooder wrote, and the flood's end.
func flood(ctx context.Context, url string, stop <-chan struct{}) (sent *atomic.Int64, done <-chan error, err error) {
	return floodFrom(ctx, url, "127.0.6.1", "127.0.6.2", stop)
}

// floodFrom is flood with the room's host and its flooding peer on the addresses given.
func floodFrom(ctx context.Context, url, hostIP, peerIP string, stop <-chan struct{}) (sent *atomic.Int64, done <-chan error, err error) {
	host, room, err := hostRoom(ctx, url, hostIP)
	if err != nil {
		return nil, nil, err
	}
	flooder, err := dialSignal(ctx, url, peerIP)
	if err != nil {
		host.conn.CloseNow()
		return nil, nil, err
	}
	if _, err := flooder.ask(ctx, sigMessage{T: "join", Room: room}); err != nil {
		host.conn.CloseNow()
		flooder.conn.CloseNow()
		return nil, nil, err
	}
	go flooder.drain()
	sent = new(atomic.Int64)
	finished := make(chan error, 1)
	data := json.RawMessage(`"` + strings.Repeat("f", floodPayload) + `"`)
	go func() {
		defer host.conn.CloseNow()
		defer flooder.conn.CloseNow()
		for {
			select {
			case <-stop:
				finished <- nil
				return
			default:
			}
			if err := flooder.sendData(ctx, "", data); err != nil {
				finished <- fmt.Errorf("the flooder's connection ended: %w", err)
				return
			}
			sent.Add(1)
		}
	}()
	return sent, finished, nil
}

// floodedRoundTrips times roundTrips round trips in a quiet server, then as many while
// another room's peer floods the relay, on a fresh server with the default limits.
func floodedRoundTrips(bin string) (quiet, flooded []time.Duration, floodMsgs int64, err error) {
	s, err := startServer(bin)
	if err != nil {
		return nil, nil, 0, err
	}
	defer s.stop()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	room, err := openEchoRoom(ctx, s.signal, "127.0.5.1", "127.0.5.2")
	if err != nil {
		return nil, nil, 0, err
	}
	defer room.close()
	if _, err := room.roundTrips(ctx, 20); err != nil { // warm up
		return nil, nil, 0, err
	}
	if quiet, err = room.roundTrips(ctx, roundTrips); err != nil {
		return nil, nil, 0, err
	}
	stop := make(chan struct{})
	sent, done, err := flood(ctx, s.signal, stop)
	if err != nil {
		return nil, nil, 0, err
	}
	time.Sleep(200 * time.Millisecond) // past the flooder's burst: the steady state is what counts
	flooded, err = room.roundTrips(ctx, roundTrips)
	close(stop)
	floodErr := <-done
	if err != nil {
		return nil, nil, 0, err
	}
	return quiet, flooded, sent.Load(), floodErr
}

// halfOpenMemory makes halfOpenConns connections to a fresh server (default limits), each
// sending the start of an upgrade request and never its end, and returns the server's peak
// resident memory growth meanwhile, how many connections the server closed as soon as it
// accepted them, and whether a new client could open a room at the peak.
func halfOpenMemory(bin string) (peak int64, closedAtOnce int64, hosted bool, err error) {
	s, err := startServer(bin)
	if err != nil {
		return 0, 0, false, err
	}
	defer s.stop()
	time.Sleep(300 * time.Millisecond)
	before, err := s.rss()
	if err != nil {
		return 0, 0, false, err
	}
	var maxRSS atomic.Int64
	sampling := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		for {
			if rss, err := s.rss(); err == nil && rss > maxRSS.Load() {
				maxRSS.Store(rss)
			}
			select {
			case <-sampling:
				return
			case <-time.After(50 * time.Millisecond):
			}
		}
	}()

	var mu sync.Mutex
	var held []net.Conn
	defer func() {
		for _, c := range held {
			c.Close()
		}
	}()
	var next, closed atomic.Int64
	var firstErr atomic.Value
	var wg sync.WaitGroup
	for range halfOpenWorkers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := next.Add(1) - 1
				if i >= halfOpenConns {
					return
				}
				ip := fmt.Sprintf("127.0.7.%d", 1+i%halfOpenAddrs)
				d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
				c, err := d.Dial("tcp", s.addr)
				if err != nil {
					firstErr.CompareAndSwap(nil, err)
					return
				}
				c.Write([]byte("GET /signal HTTP/1.1\r\nHost: " + s.addr + "\r\nUpgrade: websocket\r\n"))
				// A connection the server closed at once answers this read with EOF; the
				// others are held (their fds are the bench's too).
				c.SetReadDeadline(time.Now().Add(20 * time.Millisecond))
				if _, err := c.Read(make([]byte, 1)); err != nil && !isTimeout(err) {
					closed.Add(1)
					c.Close()
					continue
				}
				mu.Lock()
				held = append(held, c)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if h, _, err := hostRoom(ctx, s.signal, "127.0.8.1"); err == nil {
		hosted = true
		h.conn.CloseNow()
	}
	time.Sleep(300 * time.Millisecond)
	close(sampling)
	<-sampled
	if e, ok := firstErr.Load().(error); ok {
		return 0, closed.Load(), hosted, e
	}
	return maxRSS.Load() - before, closed.Load(), hosted, nil
}

// fineMS formats a loopback round trip, a fraction of a millisecond.
func fineMS(d time.Duration) string {
	return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond))
}

// isTimeout says whether a read ran into its deadline: the connection is still open.
func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

func abuseRows(bin string) []row {
	var rows []row
	quiet, flooded, n, err := floodedRoundTrips(bin)
	if err != nil {
		rows = append(rows, goalFlood.missing(err))
	} else {
		q, f := percentile(quiet, 99), percentile(flooded, 99)
		rows = append(rows,
			info("signaling", "legitimate room round trip p50, quiet / while one peer floods the relay",
				fineMS(percentile(quiet, 50))+" / "+fineMS(percentile(flooded, 50))),
			goalFlood.check(fmt.Sprintf("%s (quiet %s; the flooder got %d x %d KB written)", fineMS(f), fineMS(q), n, floodPayload>>10), f < 2*q))
	}
	peak, closed, hosted, err := halfOpenMemory(bin)
	if err != nil {
		rows = append(rows, goalHalfOpen.missing(err))
	} else {
		rows = append(rows,
			goalHalfOpen.check(fmt.Sprintf("%.0f MB (%d closed as accepted)", float64(peak)/1e6, closed), peak <= halfOpenTarget),
			info("signaling", "a new client opens a room at the half-open peak", map[bool]string{true: "yes", false: "no (every socket place taken)"}[hosted]))
	}
	return append(rows, attackedJoinRows(bin)...)
}
