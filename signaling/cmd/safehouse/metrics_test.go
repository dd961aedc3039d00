package main

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// /metrics is not on the public listener: it costs far more than a health
// check and tells about the server's load. -metrics-addr serves it apart.
func TestMetricsOnlyOnTheirOwnAddress(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	base, metrics, done := startRunMetrics(t, ctx)
	if got := status(t, base+"metrics"); got != http.StatusNotFound {
		t.Errorf("/metrics on the public listener answered %d, want 404", got)
	}
	if metrics != "" {
		t.Errorf("metrics served at %s without -metrics-addr", metrics)
	}
	cancel()
	<-done

	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	base, metrics, done = startRunMetrics(t, ctx, "-metrics-addr", "127.0.0.1:0")
	if got := status(t, base+"metrics"); got != http.StatusNotFound {
		t.Errorf("/metrics on the public listener answered %d with -metrics-addr, want 404", got)
	}
	if metrics == "" || strings.HasPrefix(metrics, base) {
		t.Fatalf("metrics URL %q (public %q)", metrics, base)
	}
	resp, err := (&http.Client{Timeout: 5 * time.Second}).Get(metrics)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), "safehouse_connections ") {
		t.Fatalf("-metrics-addr answered %d:\n%.300s", resp.StatusCode, body)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("run returned %v", err)
	}
}
