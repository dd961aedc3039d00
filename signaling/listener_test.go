//go:build !js

package signaling

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http/httptest"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"
)

// startListeningServer is startServer with the server's own listener limits
// in front of the HTTP server, as cmd/safehouse runs it.
func startListeningServer(t *testing.T, cfg Config) *testServer {
	t.Helper()
	expectNoGoroutineLeak(t)
	srv := New(quietConfig(cfg))
	hs := httptest.NewUnstartedServer(srv)
	hs.Listener = srv.Listen(hs.Listener)
	hs.Start()
	t.Cleanup(func() {
		hs.Close()
		if err := srv.Close(); err != nil {
			t.Errorf("closing the server: %v", err)
		}
	})
	return &testServer{Server: srv, http: hs, url: "ws" + strings.TrimPrefix(hs.URL, "http")}
}

// halfOpen connects from ip and sends the start of an upgrade request, never
// its end, as a slowloris does.
func (ts *testServer) halfOpen(t *testing.T, ip string) net.Conn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	conn, err := d.Dial("tcp", ts.http.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	conn.Write([]byte("GET /signal HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"))
	return conn
}

// closedAtOnce says whether the server closed conn without answering: a read
// ends with EOF or a reset rather than running into the deadline.
func closedAtOnce(conn net.Conn) bool {
	conn.SetReadDeadline(time.Now().Add(waitLimit))
	_, err := conn.Read(make([]byte, 1))
	return err != nil && !errors.Is(err, os.ErrDeadlineExceeded) && (errors.Is(err, io.EOF) || strings.Contains(err.Error(), "reset"))
}

// Connections are limited as they are accepted, before any request is read:
// half-open upgrades cannot take every descriptor (MaxConns counts only
// upgraded WebSockets), and one address cannot take all the places.
func TestSocketLimitsBeforeTheUpgrade(t *testing.T) {
	ts := startListeningServer(t, Config{MaxSockets: 6, SocketsPerAddress: 3})
	for range 3 {
		ts.halfOpen(t, "127.0.0.2")
	}
	if !closedAtOnce(ts.halfOpen(t, "127.0.0.2")) {
		t.Fatal("a fourth half-open connection from one address was kept")
	}
	var others []net.Conn
	for i := range 3 {
		others = append(others, ts.halfOpen(t, fmt.Sprintf("127.0.%d.1", 3+i))) // other networks: their shares
	}
	if !closedAtOnce(ts.halfOpen(t, "127.0.9.1")) {
		t.Fatal("a seventh half-open connection was kept")
	}
	if st := ts.Stats(); st.RefusedSockets != 2 {
		t.Fatalf("stats %+v, want 2 sockets refused", st)
	}
	// A place given back is a place for an honest client.
	others[0].Close()
	waitFor(t, "a place to come back", func() bool {
		c, _, err := ts.tryDial(t, "127.0.10.1")
		if err != nil {
			return false
		}
		c.host()
		return true
	})
}

// failingListener fails every accept, as a process out of descriptors does.
type failingListener struct{ net.Listener }

func (failingListener) Accept() (net.Conn, error) {
	return nil, &net.OpError{Op: "accept", Net: "tcp", Err: syscall.EMFILE}
}

// A failed accept (too many open files above all) is a warning, not a debug
// line, and a burst of them is one line, not one per retry.
func TestAcceptErrorsAreWarnings(t *testing.T) {
	var logs syncBuffer
	srv := New(Config{Logger: slog.New(slog.NewJSONHandler(&logs, nil))})
	ln := srv.Listen(failingListener{})
	for range 50 {
		if _, err := ln.Accept(); err == nil {
			t.Fatal("accept succeeded")
		}
	}
	all := logs.String()
	if n := strings.Count(all, `"level":"WARN","msg":"accepting a connection failed","err":"accept tcp: too many open files"`); n != 1 {
		t.Fatalf("%d warnings for 50 failed accepts within a second, want 1:\n%s", n, all)
	}
}
