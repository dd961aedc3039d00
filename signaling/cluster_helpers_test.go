package signaling

import (
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

// startNATSOn runs an embedded NATS server on loopback port (-1: any).
func startNATSOn(t testing.TB, port int) *natsserver.Server {
	t.Helper()
	ns, err := natsserver.NewServer(&natsserver.Options{Host: "127.0.0.1", Port: port, NoLog: true, NoSigs: true})
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
	nc := connectNATS(t, url)
	srv := New(quietConfig(cfg))
	hs := httptest.NewServer(srv)
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

// waitRecord waits until the room's record, sent over NATS when the room is made, has reached
// each of the instances, so a join through them finds the room.
func waitRecord(t *testing.T, room string, instances ...*testServer) {
	t.Helper()
	waitFor(t, "the room's record on every instance", func() bool {
		for _, ts := range instances {
			ts.mu.Lock()
			rec := ts.cluster.records[room]
			ts.mu.Unlock()
			if rec == nil {
				return false
			}
		}
		return true
	})
}
