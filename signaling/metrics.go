package signaling

import (
	"net/http"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"safehouse/wire"
)

// Each Server has a registry of its own rather than Prometheus's global one,
// so that several servers in one process (tests, benchmarks) count apart.
// Gauges are read from Stats when scraped, so nothing on the message path
// updates them; only the counters below are added to as things happen. No
// label ever holds a room code, an address or anything a client chose: label
// values come from the fixed sets of refusal codes and reasons.

type metrics struct {
	reg          *prometheus.Registry
	rooms        prometheus.Counter     // rooms created
	joins        prometheus.Counter     // successful joins
	reclaims     prometheus.Counter     // successful reclaims
	refusals     *prometheus.CounterVec // `error` answers, by code
	connRefusals *prometheus.CounterVec // refused upgrades, by reason
	relayBytes   prometheus.Counter     // bytes of `to` messages delivered (envelopes included)
}

func newMetrics(s *Server) *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		rooms: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "safehouse_rooms_created_total", Help: "Rooms created."}),
		joins: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "safehouse_joins_total", Help: "Successful joins of a room."}),
		reclaims: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "safehouse_reclaims_total", Help: "Rooms reclaimed by their host with the claim token."}),
		refusals: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "safehouse_refusals_total", Help: "Error answers sent to clients, by error code."}, []string{"code"}),
		connRefusals: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "safehouse_connections_refused_total", Help: "WebSocket upgrades refused, by reason."}, []string{"reason"}),
		relayBytes: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "safehouse_relay_bytes_total", Help: "Bytes of relayed messages delivered to clients."}),
	}
	gauge := func(name, help string, read func(Stats) int) prometheus.Collector {
		return prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: name, Help: help}, func() float64 { return float64(read(s.Stats())) })
	}
	counter := func(name, help string, read func(Stats) uint64) prometheus.Collector {
		return prometheus.NewCounterFunc(prometheus.CounterOpts{Name: name, Help: help}, func() float64 { return float64(read(s.Stats())) })
	}
	m.reg.MustRegister(
		m.rooms, m.joins, m.reclaims, m.refusals, m.connRefusals, m.relayBytes,
		gauge("safehouse_rooms", "Rooms that exist, hosted or waiting for their host.", func(st Stats) int { return st.Rooms }),
		gauge("safehouse_rooms_away", "Rooms waiting for their host to come back.", func(st Stats) int { return st.RoomsAway }),
		gauge("safehouse_peers", "Peers in rooms, hosts not counted.", func(st Stats) int { return st.Peers }),
		gauge("safehouse_connections", "Open WebSocket connections, and ones being upgraded.", func(st Stats) int { return st.Conns }),
		counter("safehouse_relayed_messages_total", "Relayed messages delivered.", func(st Stats) uint64 { return st.Relayed }),
		counter("safehouse_bad_messages_total", "Malformed, oversized or binary messages received.", func(st Stats) uint64 { return st.BadMessages }),
		counter("safehouse_sockets_refused_total", "TCP connections closed as soon as accepted, over the socket limits.", func(st Stats) uint64 { return st.RefusedSockets }),
		counter("safehouse_rooms_expired_total", "Rooms forgotten after their host's grace period.", func(st Stats) uint64 { return st.Expired }),
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
	)
	// Every code and reason is shown from the start, at zero, so that a rate
	// over a series that has not happened yet is 0 rather than missing.
	for _, code := range []string{wire.CodeBadMessage, wire.CodeTooLarge, wire.CodeUnknownRoom, wire.CodeRoomFull, wire.CodeBadClaim,
		wire.CodeNotInRoom, wire.CodeUnknownPeer, wire.CodeRateLimited, wire.CodeAlreadyInRoom, wire.CodeUnavailable} {
		m.refusals.WithLabelValues(code)
	}
	for _, reason := range connRefusalReasons {
		m.connRefusals.WithLabelValues(reason)
	}
	return m
}

// Reasons of refused upgrades, the label values of
// safehouse_connections_refused_total.
const (
	reasonHost         = "host"          // Host header not in AllowedHosts
	reasonOrigin       = "origin"        // origin not allowed
	reasonDraining     = "draining"      // draining or shut down
	reasonFull         = "full"          // MaxConns reached
	reasonAddressConns = "address-conns" // ConnsPerAddress reached
	reasonNetworkConns = "network-conns" // ConnsPerAddress times the level factor, or the network's share, reached
)

var connRefusalReasons = []string{reasonHost, reasonOrigin, reasonDraining, reasonFull, reasonAddressConns, reasonNetworkConns}

// Metrics serves the server's metrics in the Prometheus text format. Mount it
// at /metrics, on an address only the operator's scraper reaches if the
// numbers are not for everyone.
func (s *Server) Metrics() http.Handler {
	return promhttp.HandlerFor(s.metrics.reg, promhttp.HandlerOpts{})
}
