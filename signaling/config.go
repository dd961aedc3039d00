package signaling

import (
	"log/slog"
	"net/netip"
	"time"
)

// Config sets the server's limits. The zero value is usable: every zero field
// takes the default named in its comment.
type Config struct {
	// MaxMessageSize is the largest message a client may send, in bytes
	// (default 64 KiB; relayed game traffic travels here too). Larger messages
	// are answered with `too-large`; ones beyond four times this size end the
	// connection, since reading them through would cost too much.
	MaxMessageSize int64
	// PeersPerRoom caps the invited peers in one room, the host not counted
	// (default 32). KnocksPerRoom caps the strangers besides them: peers that
	// showed no invite pass and that the host has not admitted (default 8);
	// they also have joins a minute of their own, twice as many (strangers.go).
	PeersPerRoom  int
	KnocksPerRoom int
	// RoomsPerAddress caps the rooms created from one client address that exist at
	// once, rooms waiting for their host included (default 8).
	RoomsPerAddress int
	// FailedJoinsPerMinute caps the joins and reclaims from one client address
	// that failed (unknown room, wrong claim) within any minute (default 10).
	// Beyond it the address gets `rate-limited` until old failures age out.
	// Its network counts too: four times as many from an IPv4 /24 or an IPv6
	// /56, sixteen times as many from an IPv6 /48 (the same goes for
	// RoomsPerAddress).
	FailedJoinsPerMinute int
	// FailedJoinsTotal is the server's budget of failed joins within any
	// minute (default 300). Once it is spent, an address that failed in the
	// last minute may not try again until the minute has passed; an address
	// without failures still may.
	FailedJoinsTotal int
	// JoinsPerMinute caps the successful joins from one client address, and
	// RoomJoinsPerMinute those into one room, within any minute (defaults 60
	// and 64; a whole party may arrive, or come back, at once).
	JoinsPerMinute     int
	RoomJoinsPerMinute int
	// ConnsPerAddress caps the open connections from one client address
	// (default 256: a whole venue may share one public address).
	ConnsPerAddress int
	// MaxRooms and MaxConns bound the whole server (defaults 2,000 and 5,000).
	MaxRooms int
	MaxConns int
	// MaxSockets and SocketsPerAddress bound the TCP connections open at once,
	// in all and from one client address, counted as they are accepted and
	// before any request is read, when the server's listener is wrapped by
	// Server.Listen (defaults MaxConns + 1,000 and ConnsPerAddress + 64: room
	// for page loads besides the WebSockets).
	MaxSockets        int
	SocketsPerAddress int
	// RelayRate and RelayBurst bound the data one connection may have relayed:
	// a token bucket refilled at RelayRate bytes a second that holds at most
	// RelayBurst bytes (defaults 256 KB/s and 1 MB, far above what a game
	// needs; the burst is never below MaxMessageSize). Data beyond it is
	// answered with `rate-limited` and not relayed.
	RelayRate  int64
	RelayBurst int64
	// NetworkRelayRate bounds the data relayed for all the connections of one
	// network (an IPv4 /24, an IPv6 /48) together, in bytes a second after a
	// burst of four times RelayBurst (default sixteen times RelayRate: 4 MB/s).
	// Without it, many connections of one network multiply RelayRate by their
	// number (248 of them moved 21.8 MB/s).
	NetworkRelayRate int64
	// MaxBadMessages is how many malformed, oversized or binary messages one
	// connection may send before it is disconnected (default 10).
	MaxBadMessages int

	// IdleTimeout is how long a connection may go without answering a
	// WebSocket ping (default 60 s). Pings go out every half of it.
	IdleTimeout time.Duration
	// HandshakeTimeout is how long a new connection may take to send its first
	// `host` or `join` (default 30 s).
	HandshakeTimeout time.Duration
	// WriteTimeout bounds one message write to a client (default 10 s).
	WriteTimeout time.Duration
	// HostGrace is how long a room outlives its host's disconnect, reclaimable
	// with its claim token, before it is forgotten (default 10 minutes).
	HostGrace time.Duration
	// EmptyRoomGrace replaces HostGrace for a room no peer has ever joined
	// (default 1 minute: enough for a reload).
	EmptyRoomGrace time.Duration

	// OriginPatterns lists the browser origins allowed besides the server's own
	// host, as host patterns for path.Match ("*.example.org", "localhost:*") or
	// "scheme://host" patterns. Default: same origin only. "*" allows all.
	// Requests without an Origin header (not from a browser) are allowed.
	OriginPatterns []string
	// AllowedHosts, when not empty, lists the names (path.Match patterns,
	// with or without a port) that requests must carry in their Host header.
	// On a LAN server it stops DNS rebinding: a page of another site whose
	// name was made to point at the server would otherwise be same-origin
	// with it. Default: any Host.
	AllowedHosts []string
	// ClusterReplicas is how many NATS servers keep the cluster's room
	// directory (JetStream replicas; default 1: give 3 with a three-node NATS).
	ClusterReplicas int

	// TrustedProxies lists the networks whose X-Forwarded-For header is believed
	// for the client's address; for everyone else the connection's remote
	// address counts.
	TrustedProxies []netip.Prefix

	// Logger receives structured logs (default slog.Default()). Message data
	// is never logged.
	Logger *slog.Logger
	// Now is the clock for the failed-join window and the relay budget
	// (default time.Now).
	Now func() time.Time
}

// Defaults, exported so that the command can show them in its help.
const (
	DefaultMaxMessageSize       = 64 << 10
	DefaultPeersPerRoom         = 32
	DefaultKnocksPerRoom        = 8
	DefaultRoomsPerAddress      = 8
	DefaultFailedJoinsPerMinute = 10
	DefaultFailedJoinsTotal     = 300
	DefaultConnsPerAddress      = 256
	DefaultJoinsPerMinute       = 60
	DefaultRoomJoinsPerMinute   = 64
	DefaultMaxRooms             = 2000
	DefaultMaxConns             = 5000
	DefaultMaxBadMessages       = 10
	DefaultRelayRate            = 256 << 10
	DefaultRelayBurst           = 1 << 20
	DefaultIdleTimeout          = 60 * time.Second
	DefaultHandshakeTimeout     = 30 * time.Second
	DefaultWriteTimeout         = 10 * time.Second
	DefaultHostGrace            = 10 * time.Minute
	DefaultEmptyRoomGrace       = time.Minute
)

// sendQueueLen bounds the protocol's own messages waiting to be written to
// one client; a client that lets it fill up is too slow to keep and is
// disconnected. Relayed data has a queue of its own (relayQueueLen), so that
// no sender's traffic can fill this one.
const sendQueueLen = 64

// relayQueueLen bounds the relayed messages waiting to be written to one
// client; beyond it (or the relay budget) senders are told to slow down.
const relayQueueLen = 48

// relayBudget bounds the relayed bytes waiting for one client, which bounds
// the server's memory at about MaxConns times this.
func (s *Server) relayBudget() int64 { return 4 * s.cfg.MaxMessageSize }

// maxRelayPause bounds how long a reader waits after refusing data over the
// sender's relay budget (see client.readLoop): well below the keep-alive's
// interval, since the reader is also what notices pongs.
const maxRelayPause = time.Second

// failureWindow is the window of FailedJoinsPerMinute.
const failureWindow = time.Minute

// maxTrackedAddresses bounds the failed-join memory and the join memory, in
// prefixes. When one is full, entries are forgotten (see limits.go): a flood
// from very many addresses costs neither memory nor honest newcomers.
const maxTrackedAddresses = 1 << 16

func orDefault[T int | int64 | time.Duration](v, def T) T {
	if v <= 0 {
		return def
	}
	return v
}

func (c Config) withDefaults() Config {
	c.MaxMessageSize = orDefault(c.MaxMessageSize, DefaultMaxMessageSize)
	c.PeersPerRoom = orDefault(c.PeersPerRoom, DefaultPeersPerRoom)
	c.ClusterReplicas = orDefault(c.ClusterReplicas, 1)
	c.KnocksPerRoom = orDefault(c.KnocksPerRoom, DefaultKnocksPerRoom)
	c.RoomsPerAddress = orDefault(c.RoomsPerAddress, DefaultRoomsPerAddress)
	c.FailedJoinsPerMinute = orDefault(c.FailedJoinsPerMinute, DefaultFailedJoinsPerMinute)
	c.FailedJoinsTotal = orDefault(c.FailedJoinsTotal, DefaultFailedJoinsTotal)
	c.ConnsPerAddress = orDefault(c.ConnsPerAddress, DefaultConnsPerAddress)
	c.JoinsPerMinute = orDefault(c.JoinsPerMinute, DefaultJoinsPerMinute)
	c.RoomJoinsPerMinute = orDefault(c.RoomJoinsPerMinute, DefaultRoomJoinsPerMinute)
	c.MaxRooms = orDefault(c.MaxRooms, DefaultMaxRooms)
	c.MaxConns = orDefault(c.MaxConns, DefaultMaxConns)
	c.MaxSockets = orDefault(c.MaxSockets, c.MaxConns+1000)
	c.SocketsPerAddress = orDefault(c.SocketsPerAddress, c.ConnsPerAddress+64)
	c.MaxBadMessages = orDefault(c.MaxBadMessages, DefaultMaxBadMessages)
	c.RelayRate = orDefault(c.RelayRate, DefaultRelayRate)
	c.RelayBurst = max(orDefault(c.RelayBurst, DefaultRelayBurst), c.MaxMessageSize)
	c.NetworkRelayRate = orDefault(c.NetworkRelayRate, 16*c.RelayRate)
	c.IdleTimeout = orDefault(c.IdleTimeout, DefaultIdleTimeout)
	c.HandshakeTimeout = orDefault(c.HandshakeTimeout, DefaultHandshakeTimeout)
	c.WriteTimeout = orDefault(c.WriteTimeout, DefaultWriteTimeout)
	c.HostGrace = orDefault(c.HostGrace, DefaultHostGrace)
	c.EmptyRoomGrace = orDefault(c.EmptyRoomGrace, DefaultEmptyRoomGrace)
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	return c
}
