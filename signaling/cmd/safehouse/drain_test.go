package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// startRun runs the command with args on a free loopback port and returns
// its base URL and what run returned.
func startRun(t *testing.T, ctx context.Context, args ...string) (string, <-chan error) {
	t.Helper()
	base, _, done := startRunMetrics(t, ctx, args...)
	return base, done
}

// startRunMetrics is startRun that also returns the metrics URL the command
// printed ("" for none).
func startRunMetrics(t *testing.T, ctx context.Context, args ...string) (base, metrics string, done <-chan error) {
	t.Helper()
	opts, err := parseOptions(append([]string{"-addr", "127.0.0.1:0", "-log-level", "error"}, args...), func(string) string { return "" }, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	pr, pw := io.Pipe()
	ended := make(chan error, 1)
	go func() {
		ended <- run(ctx, opts, pw, io.Discard)
		pw.Close()
	}()
	lines := bufio.NewScanner(pr)
	for lines.Scan() {
		line := strings.TrimSpace(lines.Text())
		if strings.HasPrefix(line, "http://127.0.0.1:") {
			base = line
		}
		if _, url, ok := strings.Cut(line, "keep this address private): "); ok {
			metrics = url
		}
		if strings.HasPrefix(line, "Press Ctrl+C") {
			break
		}
	}
	go io.Copy(io.Discard, pr)
	if base == "" {
		t.Fatal("no URL printed")
	}
	return base, metrics, ended
}

func status(t *testing.T, url string) int {
	t.Helper()
	resp, err := (&http.Client{Timeout: 5 * time.Second}).Get(url)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// On SIGTERM the server drains: /readyz fails at once while open sockets stay
// for -drain-delay (the balancer's time to notice), then they are closed with
// going away and run returns.
func TestSigtermDrainsBeforeStopping(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	base, done := startRun(t, ctx, "-drain-delay", "2s", "-drain-timeout", "3s")
	for _, path := range []string{"healthz", "readyz"} {
		if got := status(t, base+path); got != http.StatusOK {
			t.Fatalf("/%s answered %d", path, got)
		}
	}
	dialCtx, dialCancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer dialCancel()
	conn, _, err := websocket.Dial(dialCtx, "ws"+strings.TrimPrefix(base, "http")+"signal", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.CloseNow()
	conn.Write(dialCtx, websocket.MessageText, []byte(`{"t":"host"}`))
	if _, b, err := conn.Read(dialCtx); err != nil || !strings.Contains(string(b), `"hosted"`) {
		t.Fatalf("host answered %s, %v", b, err)
	}

	cancel() // what SIGTERM does through signal.NotifyContext
	deadline := time.Now().Add(5 * time.Second)
	for status(t, base+"readyz") != http.StatusServiceUnavailable {
		if time.Now().After(deadline) {
			t.Fatal("/readyz never failed after the signal")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if got := status(t, base+"healthz"); got != http.StatusOK {
		t.Errorf("/healthz answered %d while draining", got)
	}
	select {
	case err := <-done:
		t.Fatalf("run returned (%v) before the drain delay", err)
	default:
	}
	if _, _, err := conn.Read(dialCtx); websocket.CloseStatus(err) != websocket.StatusGoingAway {
		t.Fatalf("signaling socket ended with %v, want going away", err)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("run returned %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("run did not return within the drain timeout")
	}
}
