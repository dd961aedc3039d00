//go:build !js

package signaling

import (
	"net/http"
	"testing"

	"github.com/coder/websocket"
)

// hostRewriter sends every request with another Host header, as a browser
// does for a name that resolves to the server.
type hostRewriter struct {
	base http.RoundTripper
	host string
}

func (h hostRewriter) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Host = h.host
	return h.base.RoundTrip(r)
}

func withHost(host string) dialOption {
	return func(o *websocket.DialOptions) {
		o.HTTPClient.Transport = hostRewriter{base: o.HTTPClient.Transport, host: host}
	}
}

// With an allow-list of host names, a request naming another host is refused
// before anything else: DNS rebinding makes an attacker's page same-origin
// with a LAN server (its Origin matches its Host), and only the Host name
// tells them apart.
func TestHostAllowList(t *testing.T) {
	tests := []struct {
		name     string
		patterns []string
		host     string
		allowed  bool
	}{
		{"no list: any host", nil, "rebound.example", true},
		{"listed name", []string{"party.lan"}, "party.lan", true},
		{"listed name with a port", []string{"party.lan"}, "party.lan:8080", true},
		{"pattern", []string{"*.lan"}, "Kitchen.LAN", true},
		{"rebound name", []string{"party.lan", "192.168.1.23"}, "rebound.example", false},
		{"listed address and port", []string{"192.168.1.23:8080"}, "192.168.1.23:8080", true},
		{"listed address, other port", []string{"192.168.1.23:8080"}, "192.168.1.23:9000", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := startServer(t, Config{AllowedHosts: tt.patterns})
			// The rebinding page's Origin is its own name, which the origin
			// check alone lets through.
			c, status, err := ts.tryDial(t, "127.0.0.2", withHost(tt.host), withHeader("Origin", "http://"+tt.host))
			if tt.allowed {
				if err != nil {
					t.Fatalf("refused (status %d): %v", status, err)
				}
				c.host()
				return
			}
			if err == nil || status != http.StatusMisdirectedRequest {
				t.Fatalf("status %d, err %v; want 421", status, err)
			}
			if st := ts.Stats(); st.Conns != 0 || st.RefusedConns != 1 {
				t.Fatalf("stats %+v", st)
			}
		})
	}
}
