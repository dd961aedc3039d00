//go:build !js

package signaling

import (
	"bufio"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"safehouse/wire"
)

// scrape reads h's Prometheus text and returns each sample's value by its
// name with labels, as written ("safehouse_refusals_total{code=\"room-full\"}").
func scrape(t *testing.T, h http.Handler) map[string]float64 {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("/metrics answered %d", rec.Code)
	}
	samples := map[string]float64{}
	lines := bufio.NewScanner(rec.Body)
	for lines.Scan() {
		line := lines.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		v, err := strconv.ParseFloat(line[i+1:], 64)
		if err != nil {
			t.Fatalf("unreadable sample %q", line)
		}
		samples[line[:i]] = v
	}
	return samples
}

// The metrics count what happened: rooms, connections and peers now, joins,
// refusals by code, refused upgrades by reason and relayed bytes so far.
func TestMetricsCountRoomsJoinsRefusalsAndRelay(t *testing.T) {
	ts := startServer(t, Config{PeersPerRoom: 1})
	host := ts.dial(t, "127.0.0.1")
	room, _ := host.host()
	peer := ts.dial(t, "127.0.0.2")
	peer.join(room)
	host.expect(wire.TypePeer)
	late := ts.dial(t, "127.0.0.3")
	late.send(wire.Message{T: wire.TypeJoin, Room: room})
	late.expect(wire.TypeError, wire.CodeRoomFull)
	late.send(wire.Message{T: wire.TypeJoin, Room: "ZZZZZZ"})
	late.expect(wire.TypeError, wire.CodeUnknownRoom)
	data := `{"sdp":"x"}`
	peer.send(wire.Message{T: wire.TypeTo, Data: []byte(data)})
	delivered := host.expect(wire.TypeFrom)
	_, status, _ := ts.tryDial(t, "127.0.0.4", withHeader("Origin", "https://elsewhere.example"))
	if status != http.StatusForbidden {
		t.Fatalf("a foreign origin got %d", status)
	}

	m := scrape(t, ts.Metrics())
	want := map[string]float64{
		"safehouse_rooms":                                        1,
		"safehouse_rooms_created_total":                          1,
		"safehouse_peers":                                        1,
		"safehouse_connections":                                  3,
		"safehouse_joins_total":                                  1,
		`safehouse_refusals_total{code="room-full"}`:             1,
		`safehouse_refusals_total{code="unknown-room"}`:          1,
		`safehouse_refusals_total{code="bad-claim"}`:             0,
		`safehouse_connections_refused_total{reason="origin"}`:   1,
		`safehouse_connections_refused_total{reason="draining"}`: 0,
		"safehouse_relayed_messages_total":                       1,
		"safehouse_relay_bytes_total":                            float64(len(encodeFrom("p1", delivered.Data))),
	}
	for name, v := range want {
		if got, ok := m[name]; !ok || got != v {
			t.Errorf("%s = %v (present %v), want %v", name, got, ok, v)
		}
	}
	if m["go_goroutines"] == 0 {
		t.Error("no Go runtime metrics")
	}
}

// Health and readiness: both answer 200 while serving; once draining,
// /readyz fails with the reason and new upgrades are refused and counted,
// while /healthz still says the process is alive.
func TestReadyzFailsWhileDrainingAndHealthzDoesNot(t *testing.T) {
	ts := startServer(t, Config{})
	get := func(h http.Handler) (int, string) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
		b, _ := io.ReadAll(rec.Body)
		return rec.Code, strings.TrimSpace(string(b))
	}
	if code, _ := get(ts.Readyz()); code != http.StatusOK {
		t.Fatalf("/readyz answered %d before draining", code)
	}
	ts.dial(t, "127.0.0.1").host()

	ts.BeginDrain()
	if code, body := get(ts.Readyz()); code != http.StatusServiceUnavailable || body != "draining" {
		t.Errorf("/readyz answered %d %q while draining", code, body)
	}
	if code, _ := get(ts.Healthz()); code != http.StatusOK {
		t.Errorf("/healthz answered %d while draining", code)
	}
	if _, status, err := ts.tryDial(t, "127.0.0.2"); err == nil || status != http.StatusServiceUnavailable {
		t.Errorf("a new connection while draining: status %d, err %v", status, err)
	}
	if got := scrape(t, ts.Metrics())[`safehouse_connections_refused_total{reason="draining"}`]; got != 1 {
		t.Errorf("refused while draining counted %v times, want 1", got)
	}
	// The open socket is left be until Drain.
	if st := ts.Stats(); st.Conns != 1 || st.Rooms != 1 {
		t.Errorf("BeginDrain touched the open sockets: %+v", st)
	}
}
