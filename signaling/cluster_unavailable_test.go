//go:build !js

package signaling_test

import (
	"context"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"safehouse/app/game"
	"safehouse/app/session"
)

// A player who joins while the cluster has lost NATS is told `unavailable` and waits, as for
// a host away, instead of failing: once NATS is back, the same Join seats the player.
func TestJoinWaitsOutAnUnavailableCluster(t *testing.T) {
	ns := startNATS(t, -1)
	inst := startCluster(t, ns, 2)
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	direct := func(in *instance) string { return "ws" + strings.TrimPrefix(in.http.URL, "http") + "/signal" }

	host, err := session.Host(ctx, options(direct(inst[0]), "Hana"))
	if err != nil {
		t.Fatal(err)
	}
	defer host.Close()
	host.SetTable(game.NewRoom(game.Options{}))

	port := ns.Addr().(*net.TCPAddr).Port
	ns.Shutdown()
	ns.WaitForShutdown()
	waitReady(t, inst[1], "instance 2", http.StatusServiceUnavailable)

	joined := make(chan error, 1)
	var player *session.Client
	go func() {
		c, err := session.Join(ctx, options(direct(inst[1]), "Agent"), host.Room(), host.Secret())
		player = c
		joined <- err
	}()
	// The join is refused as unavailable at least once before NATS comes back.
	for inst[1].srv.Stats().Refusals == 0 {
		select {
		case err := <-joined:
			t.Fatalf("the join ended while the cluster was down: %v", err)
		case <-ctx.Done():
			t.Fatal("the join was never refused while the cluster was down")
		case <-time.After(10 * time.Millisecond):
		}
	}
	startNATS(t, port)
	waitReady(t, inst[1], "instance 2", http.StatusOK)
	if err := <-joined; err != nil {
		t.Fatalf("the join failed instead of waiting for the cluster: %v", err)
	}
	defer player.Close()
	if got := len(host.Players()); got != 2 {
		t.Fatalf("%d seats, want the host and the player", got)
	}
}
