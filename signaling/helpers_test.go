//go:build !js

package signaling

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"safehouse/wire"
)

// waitLimit only stops a hung test; no assertion depends on it.
const waitLimit = 15 * time.Second

// quietConfig returns cfg with a logger that discards, so test output stays readable.
func quietConfig(cfg Config) Config {
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	return cfg
}

type testServer struct {
	*Server
	http *httptest.Server
	url  string // ws:// URL of the signaling endpoint
}

// startServer runs a signaling server on loopback and stops it, checking that
// no goroutine is left behind, when the test ends.
func startServer(t testing.TB, cfg Config) *testServer {
	t.Helper()
	expectNoGoroutineLeak(t)
	srv := New(quietConfig(cfg))
	hs := httptest.NewServer(srv)
	t.Cleanup(func() {
		hs.Close()
		if err := srv.Close(); err != nil {
			t.Errorf("closing the server: %v", err)
		}
	})
	return &testServer{Server: srv, http: hs, url: "ws" + strings.TrimPrefix(hs.URL, "http")}
}

// expectNoGoroutineLeak checks, at the end of the test, that the goroutine
// count came back to where it was.
func expectNoGoroutineLeak(t testing.TB) {
	t.Helper()
	before := runtime.NumGoroutine()
	t.Cleanup(func() {
		deadline := time.Now().Add(waitLimit)
		for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		if after := runtime.NumGoroutine(); after > before {
			buf := make([]byte, 1<<16)
			n := runtime.Stack(buf, true)
			t.Errorf("goroutines: %d before, %d after\n%s", before, after, buf[:n])
		}
	})
}

// httpClientFrom returns an HTTP client whose connections leave from the
// loopback address ip (127.0.0.2, 127.0.0.3, ...), so that per-address limits
// see distinct clients.
func httpClientFrom(ip string) *http.Client {
	dialer := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	return &http.Client{Transport: &http.Transport{DialContext: dialer.DialContext, DisableKeepAlives: true}}
}

type testClient struct {
	t    testing.TB
	conn *websocket.Conn
}

type dialOption func(*websocket.DialOptions)

func withHeader(name, value string) dialOption {
	return func(o *websocket.DialOptions) {
		if o.HTTPHeader == nil {
			o.HTTPHeader = http.Header{}
		}
		o.HTTPHeader.Set(name, value)
	}
}

// tryDial connects from the loopback address ip and returns the dial error
// and the HTTP status of a refused upgrade.
func (ts *testServer) tryDial(t testing.TB, ip string, opts ...dialOption) (*testClient, int, error) {
	t.Helper()
	o := &websocket.DialOptions{HTTPClient: httpClientFrom(ip)}
	for _, opt := range opts {
		opt(o)
	}
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	conn, resp, err := websocket.Dial(ctx, ts.url, o)
	status := 0
	if resp != nil {
		status = resp.StatusCode
		if resp.Body != nil {
			resp.Body.Close()
		}
	}
	if err != nil {
		return nil, status, err
	}
	conn.SetReadLimit(1 << 20)
	c := &testClient{t: t, conn: conn}
	t.Cleanup(func() { conn.CloseNow() })
	return c, status, nil
}

func (ts *testServer) dial(t testing.TB, ip string, opts ...dialOption) *testClient {
	t.Helper()
	c, status, err := ts.tryDial(t, ip, opts...)
	if err != nil {
		t.Fatalf("dial from %s: status %d: %v", ip, status, err)
	}
	return c
}

func (c *testClient) sendRaw(typ websocket.MessageType, b []byte) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	if err := c.conn.Write(ctx, typ, b); err != nil {
		c.t.Fatalf("write: %v", err)
	}
}

func (c *testClient) send(m wire.Message) {
	c.t.Helper()
	b, err := json.Marshal(m)
	if err != nil {
		c.t.Fatal(err)
	}
	c.sendRaw(websocket.MessageText, b)
}

// recv reads the next message; a closed connection fails the test.
func (c *testClient) recv() wire.Message {
	c.t.Helper()
	m, err := c.read()
	if err != nil {
		c.t.Fatalf("read: %v", err)
	}
	return m
}

func (c *testClient) read() (wire.Message, error) {
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	typ, b, err := c.conn.Read(ctx)
	if err != nil {
		return wire.Message{}, err
	}
	if typ != websocket.MessageText {
		return wire.Message{}, errors.New("server sent a binary message")
	}
	var m wire.Message
	if err := json.Unmarshal(b, &m); err != nil {
		return wire.Message{}, err
	}
	return m, nil
}

// expect reads the next message and checks its type (and error code, for errors).
func (c *testClient) expect(typ string, code ...string) wire.Message {
	c.t.Helper()
	m := c.recv()
	if m.T != typ {
		c.t.Fatalf("got %+v, want a %q message", m, typ)
	}
	if len(code) > 0 && m.Code != code[0] {
		c.t.Fatalf("got error %q (%s), want %q", m.Code, m.Msg, code[0])
	}
	return m
}

// expectClosed reads until the server closes the connection and returns the
// close status.
func (c *testClient) expectClosed() websocket.StatusCode {
	c.t.Helper()
	for {
		m, err := c.read()
		if err != nil {
			return websocket.CloseStatus(err)
		}
		if m.T != wire.TypeError {
			c.t.Fatalf("got %+v while waiting for the close", m)
		}
	}
}

func (c *testClient) host() (room, claim string) {
	c.t.Helper()
	c.send(wire.Message{T: wire.TypeHost})
	m := c.expect(wire.TypeHosted)
	return m.Room, m.Claim
}

// reclaim hosts room again with its claim, as a host that lost its socket does, and returns
// the server's hosted answer.
func (c *testClient) reclaim(room, claim string) wire.Message {
	c.t.Helper()
	c.send(wire.Message{T: wire.TypeHost, Room: room, Claim: claim})
	return c.expect(wire.TypeHosted)
}

func (c *testClient) join(room string) string {
	c.t.Helper()
	c.send(wire.Message{T: wire.TypeJoin, Room: room})
	return c.expect(wire.TypeJoined).ID
}

// waitFor polls cond until it holds; the limit only stops a hang.
func waitFor(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(waitLimit)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
