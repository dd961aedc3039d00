//go:build !js

package signaling

import (
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	natsserver "github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
)

// startNATS runs an embedded NATS server on a loopback port until the test ends.
// Goroutines are counted from before it starts (the cleanups run in reverse
// order), so the instances must be started with startInstance.
func startNATS(t testing.TB) *natsserver.Server {
	t.Helper()
	expectNoGoroutineLeak(t)
	return startNATSOn(t, -1)
}

// startCluster runs an embedded NATS and n instances of the server sharing their rooms
// through it, with the default configuration.
func startCluster(t testing.TB, n int) (*natsserver.Server, []*testServer) {
	t.Helper()
	ns := startNATS(t)
	in := make([]*testServer, n)
	for i := range in {
		in[i] = startInstance(t, ns.ClientURL(), Config{})
	}
	return ns, in
}

// startNATSOn runs an embedded NATS server on loopback port (-1: any).
func startNATSOn(t testing.TB, port int) *natsserver.Server {
	t.Helper()
	ns, err := natsserver.NewServer(&natsserver.Options{Host: "127.0.0.1", Port: port, NoLog: true, NoSigs: true,
		JetStream: true, StoreDir: t.TempDir()}) // the room directory lives in JetStream
	if err != nil {
		t.Fatal(err)
	}
	go ns.Start()
	if !ns.ReadyForConnections(waitLimit) {
		t.Fatal("embedded NATS did not start")
	}
	t.Cleanup(func() {
		ns.Shutdown()
		ns.WaitForShutdown()
	})
	return ns
}

// connectNATS connects to url, reconnecting quickly, until the test ends.
func connectNATS(t testing.TB, url string) *nats.Conn {
	t.Helper()
	nc, err := nats.Connect(url, nats.ReconnectWait(50*time.Millisecond), nats.MaxReconnects(-1))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	return nc
}

// startInstance runs a signaling server in the cluster on NATS url. Its
// connection is closed after the server, so that nothing arrives for a
// stopped server.
func startInstance(t testing.TB, url string, cfg Config) *testServer {
	t.Helper()
	return startInstanceListening(t, url, cfg, nil)
}

// startInstanceListening is startInstance whose HTTP listener is wrap's (nil: the plain one).
func startInstanceListening(t testing.TB, url string, cfg Config, wrap func(net.Listener) net.Listener) *testServer {
	t.Helper()
	nc := connectNATS(t, url)
	srv := New(quietConfig(cfg))
	hs := httptest.NewUnstartedServer(srv)
	if wrap != nil {
		hs.Listener = wrap(hs.Listener)
	}
	hs.Start()
	t.Cleanup(func() {
		hs.Close()
		if err := srv.Close(); err != nil {
			t.Errorf("closing the server: %v", err)
		}
	})
	ts := &testServer{Server: srv, http: hs, url: "ws" + strings.TrimPrefix(hs.URL, "http")}
	if err := ts.JoinCluster(nc); err != nil {
		t.Fatal(err)
	}
	return ts
}

// get answers h's status and body for a GET.
func get(h http.Handler) (int, string) {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
	return rec.Code, strings.TrimSpace(rec.Body.String())
}

// waitEntry waits until each of the instances has heard of the room's directory entry
// (with peers peers listed, when not -1), as their watchers bring it.
func waitEntry(t *testing.T, room string, peers int, instances ...*testServer) {
	t.Helper()
	waitFor(t, "the room's entry on every instance", func() bool {
		for _, ts := range instances {
			ts.mu.Lock()
			e, ok := ts.cluster.dir[room]
			ts.mu.Unlock()
			if !ok || (peers >= 0 && len(e.e.Peers) != peers) {
				return false
			}
		}
		return true
	})
}
