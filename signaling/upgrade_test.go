//go:build !js

package signaling

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// unwrapOnly is a middleware's response writer that reaches the connection
// only through Unwrap.
type unwrapOnly struct{ http.ResponseWriter }

func (u unwrapOnly) Unwrap() http.ResponseWriter { return u.ResponseWriter }

func TestUpgradeThroughMiddleware(t *testing.T) {
	expectNoGoroutineLeak(t)
	srv := New(quietConfig(Config{}))
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		srv.ServeHTTP(unwrapOnly{w}, r)
	}))
	t.Cleanup(func() {
		hs.Close()
		if err := srv.Close(); err != nil {
			t.Errorf("closing the server: %v", err)
		}
	})
	ts := &testServer{Server: srv, http: hs, url: "ws" + strings.TrimPrefix(hs.URL, "http")}
	ts.dial(t, "127.0.0.2").host()
}
