//go:build !wasm

package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"time"

	"github.com/coder/websocket"
	natsserver "github.com/nats-io/nats-server/v2/server"
)

// The signaling server on three instances sharing their rooms through NATS (embedded in
// this process, on loopback), against one, in the same run: joins/s, idle connections per
// 100 MB, and how long a message from a peer takes to reach its host on another instance.

const clusterMessages = 2000 // messages timed from a peer to its host

// startServers runs n servers; with n > 1 they share an embedded NATS. stop ends them all.
func startServers(bin string, n int, flags ...string) ([]*server, func(), error) {
	var servers []*server
	var ns *natsserver.Server
	var store string
	stop := func() {
		for _, s := range servers {
			s.stop()
		}
		if ns != nil {
			ns.Shutdown()
			ns.WaitForShutdown()
		}
		if store != "" {
			os.RemoveAll(store)
		}
	}
	if n > 1 {
		var err error
		if store, err = os.MkdirTemp("", "safehouse-bench-nats-"); err != nil {
			return nil, stop, err
		}
		// JetStream keeps the cluster's room directory.
		ns, err = natsserver.NewServer(&natsserver.Options{Host: "127.0.0.1", Port: -1, NoLog: true, NoSigs: true, JetStream: true, StoreDir: store})
		if err != nil {
			return nil, stop, err
		}
		go ns.Start()
		if !ns.ReadyForConnections(10 * time.Second) {
			stop()
			return nil, stop, errors.New("the embedded NATS did not start")
		}
		// A stopped instance keeps the rooms homed on it for its drain; here nobody takes
		// them over, so the drain is kept short.
		flags = append(flags, "-nats", ns.ClientURL(), "-drain-timeout", "500ms")
	}
	for range n {
		s, err := startServer(bin, flags...)
		if err != nil {
			stop()
			return nil, stop, err
		}
		servers = append(servers, s)
	}
	return servers, stop, nil
}

func totalRSS(servers []*server) (int64, error) {
	var sum int64
	for _, s := range servers {
		n, err := s.rss()
		if err != nil {
			return 0, err
		}
		sum += n
	}
	return sum, nil
}

// peerToHost times clusterMessages messages, one at a time, from a peer connected to
// peerOn to its host connected to hostOn, and returns their p50 and p99.
func peerToHost(hostOn, peerOn *server) (p50, p99 time.Duration, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	host, err := dialSignal(ctx, hostOn.signal, "127.0.4.1")
	if err != nil {
		return 0, 0, err
	}
	defer host.conn.CloseNow()
	hosted, err := host.ask(ctx, sigMessage{T: "host"})
	if err != nil {
		return 0, 0, err
	}
	peer, err := dialSignal(ctx, peerOn.signal, "127.0.4.2")
	if err != nil {
		return 0, 0, err
	}
	defer peer.conn.CloseNow()
	if _, err := peer.ask(ctx, sigMessage{T: "join", Room: hosted.Room}); err != nil {
		return 0, 0, err
	}
	go peer.drain()
	if _, _, err := host.conn.Read(ctx); err != nil { // the `peer` notice
		return 0, 0, err
	}
	took := make([]time.Duration, 0, clusterMessages)
	for i := range clusterMessages {
		b, _ := json.Marshal(map[string]any{"t": "to", "data": map[string]int{"n": i}})
		start := time.Now()
		if err := peer.conn.Write(ctx, websocket.MessageText, b); err != nil {
			return 0, 0, err
		}
		if _, _, err := host.conn.Read(ctx); err != nil {
			return 0, 0, err
		}
		took = append(took, time.Since(start))
	}
	slices.Sort(took)
	return took[len(took)/2], took[len(took)*99/100], nil
}

func clusterRows(bin string, oneJoins, onePerConn float64) []row {
	const sec = "signaling"
	var rows []row
	figure := func(three, one float64, unit string) string {
		if one <= 0 {
			return fmt.Sprintf("%.0f %s (one instance not measured)", three, unit)
		}
		return fmt.Sprintf("%.0f vs %.0f on one", three, one)
	}
	servers, stop, err := startServers(bin, 3, joinFlags()...)
	if err == nil {
		var rate float64
		var n int64
		rate, n, err = joinRateOn(servers)
		if err == nil {
			rows = append(rows, info(sec, "joins/s on three instances through NATS (hosts on the first)", figure(rate, oneJoins, "")+fmt.Sprintf(" (%d joins)", n)))
		}
		if err == nil {
			var p50, p99, s50, s99 time.Duration
			if s50, s99, err = peerToHost(servers[0], servers[0]); err == nil {
				p50, p99, err = peerToHost(servers[0], servers[1])
			}
			if err == nil {
				rows = append(rows, info(sec, fmt.Sprintf("peer to host message, p50 / p99 (%d, one at a time)", clusterMessages),
					fmt.Sprintf("%s / %s across instances; %s / %s on one", p50.Round(time.Microsecond), p99.Round(time.Microsecond), s50.Round(time.Microsecond), s99.Round(time.Microsecond))))
			}
		}
		stop()
	}
	if err != nil {
		rows = append(rows, unmeasured(sec, "joins/s and messages on three instances", "", err))
	}
	servers, stop, err = startServers(bin, 3, idleFlags()...)
	if err == nil {
		var perConn float64
		perConn, err = idleMemoryOn(servers)
		stop()
		if err == nil && perConn > 0 {
			one := 0.0
			if onePerConn > 0 {
				one = 100e6 / onePerConn
			}
			rows = append(rows, info(sec, fmt.Sprintf("idle connections per 100 MB on three instances (%d held, RSS of all three)", idleConns), figure(100e6/perConn, one, "")))
		}
	}
	if err != nil {
		rows = append(rows, unmeasured(sec, "idle connections on three instances", "", err))
	}
	return rows
}
