//go:build !wasm

package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

const (
	idleConns        = 5000 // the connections held open for the memory figure
	peersPerIdleRoom = 24   // each idle room: one host and this many peers, from a /24 of its own
	joinWorkers      = 32   // concurrent joiners, each from its own address (127.0.2.x)
	joinRooms        = 8    // rooms the joiners spread over
	joinWindow       = 3 * time.Second
	maxJoins         = 5000
)

// sigClient is one WebSocket client of the signaling server, from a chosen loopback address.
type sigClient struct {
	conn *websocket.Conn
}

func dialSignal(ctx context.Context, url, fromIP string) (*sigClient, error) {
	dialer := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(fromIP)}}
	hc := &http.Client{Transport: &http.Transport{DialContext: dialer.DialContext, DisableKeepAlives: true}}
	conn, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPClient: hc})
	if err != nil {
		return nil, fmt.Errorf("dial from %s: %w", fromIP, err)
	}
	conn.SetReadLimit(128 << 10)
	return &sigClient{conn: conn}, nil
}

type sigMessage struct {
	T    string `json:"t"`
	Room string `json:"room,omitempty"`
	Code string `json:"code,omitempty"`
	Msg  string `json:"msg,omitempty"`
}

// ask sends m and returns the first answer.
func (c *sigClient) ask(ctx context.Context, m sigMessage) (sigMessage, error) {
	b, _ := json.Marshal(m)
	if err := c.conn.Write(ctx, websocket.MessageText, b); err != nil {
		return sigMessage{}, err
	}
	_, raw, err := c.conn.Read(ctx)
	if err != nil {
		return sigMessage{}, err
	}
	var got sigMessage
	if err := json.Unmarshal(raw, &got); err != nil {
		return sigMessage{}, err
	}
	if got.T == "error" {
		return got, fmt.Errorf("signaling error %s: %s", got.Code, got.Msg)
	}
	return got, nil
}

// drain reads and drops what the server sends, which also answers its pings, until the
// connection closes.
func (c *sigClient) drain() {
	for {
		if _, _, err := c.conn.Read(context.Background()); err != nil {
			return
		}
	}
}

// host opens a room and keeps reading (and answering pings) in the background.
// hostRooms opens n rooms on url, host i dialling from addr(i): their codes, and a close
// that ends every host's connection. On an error the hosts already open are closed.
func hostRooms(ctx context.Context, url string, n int, addr func(i int) string) (codes []string, closeAll func(), err error) {
	var hosts []*sigClient
	closeAll = func() {
		for _, h := range hosts {
			h.conn.CloseNow()
		}
	}
	for i := range n {
		h, code, err := hostRoom(ctx, url, addr(i))
		if err != nil {
			closeAll()
			return nil, nil, err
		}
		hosts, codes = append(hosts, h), append(codes, code)
	}
	return codes, closeAll, nil
}

func hostRoom(ctx context.Context, url, fromIP string) (*sigClient, string, error) {
	c, err := dialSignal(ctx, url, fromIP)
	if err != nil {
		return nil, "", err
	}
	m, err := c.ask(ctx, sigMessage{T: "host"})
	if err != nil {
		c.conn.CloseNow()
		return nil, "", err
	}
	go c.drain()
	return c, m.Room, nil
}

// join joins a room; with keep the client stays connected, reading in the background.
func joinRoom(ctx context.Context, url, fromIP, room string, keep bool) (*sigClient, error) {
	c, err := dialSignal(ctx, url, fromIP)
	if err != nil {
		return nil, err
	}
	if _, err := c.ask(ctx, sigMessage{T: "join", Room: room}); err != nil {
		c.conn.CloseNow()
		return nil, err
	}
	if !keep {
		c.conn.CloseNow()
		return nil, nil
	}
	go c.drain()
	return c, nil
}

// idleMemory holds idleConns connections open to a fresh server process (hosts and peers in
// rooms, as at a busy evening) and returns the growth of its resident memory per connection.
func idleMemory(bin string) (perConn float64, err error) {
	servers, stop, err := startServers(bin, 1, idleFlags()...)
	if err != nil {
		return 0, err
	}
	defer stop()
	return idleMemoryOn(servers)
}

// idleFlags leave every limit at its default but the server's total of connections, which
// idleConns would fill to the last place. Each idle room is a party on a network of its own
// (idleAddr), as at a busy evening: from 40 addresses of one /24, the connections met that
// network's share of the server (issue 31) after about a thousand.
func idleFlags() []string {
	return []string{"-max-conns", fmt.Sprint(idleConns + 100)}
}

// idleAddr is the address of member m (0: the host) of idle room r: 127.1.r.(m+1), a /24 a
// room.
func idleAddr(room, member int) string {
	return fmt.Sprintf("127.1.%d.%d", room, member+1)
}

// idleSpread says in a row's label how the idle connections come.
var idleSpread = fmt.Sprintf("%d held: rooms of %d, each from a /24 of its own", idleConns, peersPerIdleRoom+1)

// idleMemoryOn holds idleConns connections over servers (the hosts on the first, the peers
// spread over all) and returns the growth of their resident memory together per connection.
func idleMemoryOn(servers []*server) (perConn float64, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	time.Sleep(300 * time.Millisecond)
	before, err := totalRSS(servers)
	if err != nil {
		return 0, err
	}
	s := servers[0]

	var mu sync.Mutex
	var clients []*sigClient
	defer func() {
		for _, c := range clients {
			c.conn.CloseNow()
		}
	}()
	keep := func(c *sigClient) {
		mu.Lock()
		clients = append(clients, c)
		mu.Unlock()
	}
	rooms := idleConns / (peersPerIdleRoom + 1)
	roomCodes := make([]string, rooms)
	for i := range rooms {
		h, code, err := hostRoom(ctx, s.signal, idleAddr(i, 0))
		if err != nil {
			return 0, fmt.Errorf("host %d: %w", i, err)
		}
		keep(h)
		roomCodes[i] = code
	}
	peers := idleConns - rooms
	var next atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= peers {
					return
				}
				c, err := joinRoom(ctx, servers[i%len(servers)].signal, idleAddr(i%rooms, 1+i/rooms), roomCodes[i%rooms], true)
				if err != nil {
					errs <- fmt.Errorf("peer %d: %w", i, err)
					return
				}
				keep(c)
			}
		}()
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return 0, err
	}
	time.Sleep(time.Second) // let the server's goroutines settle
	after, err := totalRSS(servers)
	if err != nil {
		return 0, err
	}
	return float64(after-before) / idleConns, nil
}

// The join limits (per address and per room, a minute's worth) stop a join/leave loop by
// design; the join rate measures how fast the server can seat players, so they are lifted.
func joinFlags() []string {
	return []string{"-joins-per-address", fmt.Sprint(maxJoins), "-joins-per-room", fmt.Sprint(maxJoins)}
}

// joinRateOn runs joinWorkers concurrent joiners, each from its own address, against servers
// until maxJoins joins are done or joinWindow is over: dial, join, `joined`, close. The
// rooms' hosts stay connected and read the server's peer notices; joiner w joins through
// server w modulo their number. The hosts are on the first server, so that on a cluster most
// joins cross to another instance; with homeOnEach every server hosts rooms of its own and
// each joiner joins those of the server it goes through, so that no join leaves its instance.
func joinRateOn(servers []*server, homeOnEach bool) (perSecond float64, joins int64, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	// The hosts' addresses: a room outlives its host for a grace period, and an address
	// may have only so many rooms, so the two set-ups take networks of their own.
	homes, network := servers[:1], 30
	if homeOnEach {
		homes, network = servers, 40
	}
	codes := make([][]string, len(homes)) // the rooms of each home
	for k, home := range homes {
		c, closeHosts, err := hostRooms(ctx, home.signal, joinRooms, func(i int) string { return fmt.Sprintf("127.0.%d.%d", network+k, 1+i) })
		if err != nil {
			return 0, 0, err
		}
		defer closeHosts()
		codes[k] = c
	}
	var started, done atomic.Int64
	var firstErr atomic.Value
	stop := time.Now().Add(joinWindow)
	start := time.Now()
	var wg sync.WaitGroup
	for w := range joinWorkers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ip := fmt.Sprintf("127.0.2.%d", 1+w)
			for i := 0; time.Now().Before(stop) && started.Add(1) <= maxJoins; i++ {
				rooms := codes[w%len(homes)]
				if _, err := joinRoom(ctx, servers[w%len(servers)].signal, ip, rooms[(w+i)%len(rooms)], false); err != nil {
					firstErr.CompareAndSwap(nil, err)
					return
				}
				done.Add(1)
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	if e, ok := firstErr.Load().(error); ok {
		return 0, done.Load(), e
	}
	if done.Load() == 0 {
		return 0, 0, errors.New("no join completed")
	}
	return float64(done.Load()) / elapsed.Seconds(), done.Load(), nil
}

func signalingRows(bin string) []row {
	const sec = "signaling"
	var rows []row
	perConn, err := idleMemory(bin)
	if err == nil && perConn <= 0 {
		err = errors.New("the server's resident memory did not grow: the figure would mean nothing")
	}
	if err != nil {
		rows = append(rows, goalIdle.missing(err))
	} else {
		per100 := 100e6 / perConn
		rows = append(rows,
			info(sec, "server RSS growth per idle connection", fmt.Sprintf("%.1f KB", perConn/1e3)),
			goalIdle.check(fmt.Sprintf("%.0f", per100), per100 >= 5000))
	}
	rows = append(rows, joinRateRows(bin)...)
	return append(rows, clusterIdleRows(bin, perConn)...)
}
