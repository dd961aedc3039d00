package main

import (
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	natsserver "github.com/nats-io/nats-server/v2/server"
)

// NATS unreachable at start is a clear error naming the flag, not a server
// quietly running alone.
func TestUnreachableNATSIsAnError(t *testing.T) {
	free, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	url := "nats://user:secret@" + free.Addr().String()
	free.Close()
	opts, err := parseOptions([]string{"-addr", "127.0.0.1:0", "-log-level", "error", "-nats", url}, func(string) string { return "" }, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	// A server that started anyway would serve until this ends, then return nil.
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	err = run(ctx, opts, io.Discard, io.Discard)
	if err == nil {
		t.Fatal("run served without its NATS")
	}
	for _, want := range []string{"-nats", "cannot reach NATS", free.Addr().String(), "leave -nats out"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the error %q does not say %q", err, want)
		}
	}
	if strings.Contains(err.Error(), "secret") {
		t.Errorf("the error %q shows the NATS password", err)
	}
}

// With SAFEHOUSE_NATS set, the server joins the cluster and is ready.
func TestNATSFromTheEnvironment(t *testing.T) {
	ns, err := natsserver.NewServer(&natsserver.Options{Host: "127.0.0.1", Port: -1, NoLog: true, NoSigs: true,
		JetStream: true, StoreDir: t.TempDir()}) // the room directory lives in JetStream
	if err != nil {
		t.Fatal(err)
	}
	go ns.Start()
	t.Cleanup(func() { ns.Shutdown(); ns.WaitForShutdown() })
	if !ns.ReadyForConnections(5e9) {
		t.Fatal("NATS did not start")
	}
	opts, err := parseOptions([]string{"-addr", "127.0.0.1:0", "-log-level", "error"}, func(name string) string {
		if name == "SAFEHOUSE_NATS" {
			return ns.ClientURL()
		}
		return ""
	}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if opts.nats != ns.ClientURL() {
		t.Fatalf("SAFEHOUSE_NATS read as %q", opts.nats)
	}
	ctx, cancel := context.WithCancel(context.Background())
	base, done := startRun(t, ctx, "-nats", ns.ClientURL())
	if got := status(t, base+"readyz"); got != http.StatusOK {
		t.Errorf("/readyz answered %d", got)
	}
	if ns.NumClients() != 1 {
		t.Errorf("%d NATS clients, want the server's one", ns.NumClients())
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
