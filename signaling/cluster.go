package signaling

import (
	"crypto/rand"
	"encoding/base32"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/prometheus/client_golang/prometheus"
)

// With JoinCluster, several instances share their rooms through NATS. A room
// lives on its home: the instance its host is connected to, which keeps
// everything this package keeps for a room (claim, peers, grace timer, room
// limits) and subscribes to the room's subject. A peer that joins through
// another instance is, at the home, a stand-in client whose messages travel
// over NATS to the instance holding its socket (that instance's subject);
// that instance keeps the socket in its proxied rooms and sends the peer's
// messages to the room's subject, wherever its home is now. When the host
// reclaims its room through another instance the room moves there whole
// (moveRoom), so an instance can be drained: its hosts reconnect elsewhere,
// taking their rooms along. A room also outlives a home that dies without a
// word: every instance keeps every room's record (cluster_records.go).
//
// NATS is trusted as far as its own access control goes (credentials, TLS):
// what arrives is checked against the rooms it names and dropped, counted,
// when it does not fit (a room not homed here, a peer that is not the
// sender's, an oversized body), but it is not authenticated further.

const (
	subjectRoomPrefix = "safehouse.room."
	subjectInstPrefix = "safehouse.inst."
	// clusterTimeout bounds one request to another instance (a join, a
	// reclaim, the probe for a free room code).
	clusterTimeout = 3 * time.Second
	// clusterInbox bounds the cluster messages waiting to be handled.
	clusterInbox = 4096
)

// clusterMsg is one message between instances.
type clusterMsg struct {
	Op       string          `json:"op"`
	Room     string          `json:"room"`
	ID       string          `json:"id,omitempty"`   // the peer concerned
	Inst     string          `json:"inst,omitempty"` // the sending instance
	Claim    string          `json:"claim,omitempty"`
	To       string          `json:"to,omitempty"` // opTo from a peer to other peers: a peer id or wire.AllPeers
	Data     json.RawMessage `json:"data,omitempty"`
	Status   int             `json:"status,omitempty"`
	Code     string          `json:"code,omitempty"`
	Msg      string          `json:"msg,omitempty"`
	Away     bool            `json:"away,omitempty"`
	Peers    []wirePeer      `json:"peers,omitempty"`
	Epoch    int             `json:"epoch,omitempty"` // counts a room's moves: the newest home's record wins
	Keys     []string        `json:"keys,omitempty"`  // a failed join's address limit keys, finest first
	LastPeer int             `json:"last,omitempty"`
	HadPeer  bool            `json:"had,omitempty"`
	Gate     string          `json:"gate,omitempty"`    // the room's invite gate (strangers.go)
	Pass     string          `json:"pass,omitempty"`    // a joining peer's invite pass
	Blocked  []string        `json:"blocked,omitempty"` // limit keys the room's host turned away
}

type wirePeer struct {
	ID      string `json:"id"`
	Inst    string `json:"inst"`
	Key     string `json:"key,omitempty"` // the limit key of its address
	Vouched bool   `json:"vouched,omitempty"`
}

// Operations on a room's subject (to its home) and on an instance's subject.
const (
	opProbe   = "probe"   // request: is this code in use?
	opJoin    = "join"    // request: place peer of Inst; answered by opJoined or opError
	opReclaim = "reclaim" // request: the room moves to Inst if Claim is right; answered by opMoved or opError
	opTo      = "to"      // a peer's data for the host
	opLeave   = "leave"   // a peer's socket closed
	opJoined  = "joined"
	opMoved   = "moved"
	opError   = "error"
	opSend    = "send"  // to an instance: a protocol message for its peer
	opRelay   = "relay" // to an instance: relayed data for its peer
	opClose   = "close" // to an instance: close its peer's socket
)

// Reasons a cluster message is dropped, the label values of
// safehouse_cluster_dropped_total.
const (
	dropMalformed = "malformed"
	dropWrongRoom = "wrong-room"
	dropWrongPeer = "wrong-peer"
	dropOversized = "oversized"
)

type cluster struct {
	nc      *nats.Conn
	id      string
	inbox   chan *nats.Msg
	subs    []*nats.Subscription
	rooms   map[string]*nats.Subscription // rooms homed here, by code (guarded by srv.mu)
	proxied map[string]map[string]*client // local peers of rooms homed elsewhere, by code and id (srv.mu)
	records map[string]*roomRecord        // rooms homed elsewhere, by code (srv.mu; cluster_records.go)
	dropped *prometheus.CounterVec
	latency prometheus.Histogram
	done    chan struct{}
}

// remotePeer marks a stand-in client: a peer whose socket is on instance inst.
type remotePeer struct {
	inst string
	room string // its room's code, kept after the room lets it go
}

// ErrClusterDown is returned when NATS cannot be reached.
var ErrClusterDown = errors.New("signaling: the NATS connection is not up")

// JoinCluster shares the server's rooms with the other instances on nc (see
// above). Call it once, before serving. The connection stays the caller's;
// Shutdown and Drain stop using it.
func (s *Server) JoinCluster(nc *nats.Conn) error {
	if nc == nil || !nc.IsConnected() {
		return ErrClusterDown
	}
	var id [10]byte
	rand.Read(id[:])
	cl := &cluster{
		nc:      nc,
		id:      base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(id[:]),
		inbox:   make(chan *nats.Msg, clusterInbox),
		rooms:   make(map[string]*nats.Subscription),
		proxied: make(map[string]map[string]*client),
		records: make(map[string]*roomRecord),
		done:    make(chan struct{}),
		dropped: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "safehouse_cluster_dropped_total", Help: "Messages from other instances dropped, by reason."}, []string{"reason"}),
		latency: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "safehouse_cluster_request_seconds", Help: "Round trips of requests to other instances (joins, reclaims, code probes).",
			Buckets: prometheus.ExponentialBuckets(0.0005, 2, 14)}),
	}
	for _, r := range []string{dropMalformed, dropWrongRoom, dropWrongPeer, dropOversized} {
		cl.dropped.WithLabelValues(r)
	}
	sub, err := nc.ChanSubscribe(subjectInstPrefix+cl.id, cl.inbox)
	if err != nil {
		return fmt.Errorf("signaling: subscribing on NATS: %w", err)
	}
	cl.subs = append(cl.subs, sub)
	if err := s.subscribeRecords(cl); err != nil {
		sub.Unsubscribe()
		return fmt.Errorf("signaling: subscribing on NATS: %w", err)
	}
	if err := s.subscribeFailures(cl); err != nil {
		sub.Unsubscribe()
		return fmt.Errorf("signaling: subscribing on NATS: %w", err)
	}
	// NATS takes a subscription without waiting for the server: until a flush, another
	// instance's room record published now could pass this one by (it would then learn the
	// room only at the next refresh). A NATS that does not answer now gets the subscriptions
	// when it reconnects, as after any outage.
	_ = nc.FlushTimeout(clusterTimeout)
	s.metrics.reg.MustRegister(cl.dropped, cl.latency)
	s.mu.Lock()
	s.cluster = cl
	s.mu.Unlock()
	go s.clusterLoop(cl)
	s.log.Info("joined the cluster", "instance", cl.id)
	return nil
}

// clusterUp says whether the cluster, if any, can be reached.
func (s *Server) clusterUp() bool {
	return s.cluster == nil || s.cluster.nc.IsConnected()
}

// clusterLoop handles what other instances send, one message at a time.
func (s *Server) clusterLoop(cl *cluster) {
	refresh := time.NewTicker(s.recordRefresh())
	defer refresh.Stop()
	for {
		select {
		case <-cl.done:
			return
		case m := <-cl.inbox:
			s.fromCluster(cl, m)
		case <-refresh.C:
			s.refreshRecords(cl)
		}
	}
}

// stopCluster stops listening to other instances; rooms homed here are gone.
// Called with the mutex held.
func (s *Server) stopClusterLocked() {
	cl := s.cluster
	if cl == nil {
		return
	}
	select {
	case <-cl.done:
		return
	default:
	}
	for _, sub := range cl.subs {
		sub.Unsubscribe()
	}
	for code, sub := range cl.rooms {
		sub.Unsubscribe()
		delete(cl.rooms, code)
	}
	close(cl.done)
}

func (cl *cluster) publish(subject string, w clusterMsg) {
	b, err := json.Marshal(w)
	if err == nil {
		err = cl.nc.Publish(subject, b)
	}
	_ = err // a lost message is a lost packet: the clients' own retries cover it
}

func (cl *cluster) request(subject string, w clusterMsg) (clusterMsg, error) {
	b, err := json.Marshal(w)
	if err != nil {
		return clusterMsg{}, err
	}
	start := time.Now()
	reply, err := cl.nc.Request(subject, b, clusterTimeout)
	if err != nil {
		return clusterMsg{}, err
	}
	cl.latency.Observe(time.Since(start).Seconds())
	var ans clusterMsg
	if err := json.Unmarshal(reply.Data, &ans); err != nil {
		return clusterMsg{}, err
	}
	return ans, nil
}

// homeRoom makes this instance the home of r: its subject is listened to.
// Called with the mutex held.
func (s *Server) homeRoomLocked(r *room) {
	cl := s.cluster
	if cl == nil {
		return
	}
	delete(cl.records, r.code)
	if sub, err := cl.nc.ChanSubscribe(subjectRoomPrefix+r.code, cl.inbox); err == nil {
		cl.rooms[r.code] = sub
		s.recordLocked(r, false)
	} else {
		s.log.Warn("cannot listen for a room's peers on other instances", "room", r.code, "err", err)
	}
}

func (s *Server) unhomeRoomLocked(code string) {
	if cl := s.cluster; cl != nil {
		if sub := cl.rooms[code]; sub != nil {
			sub.Unsubscribe()
			delete(cl.rooms, code)
		}
	}
}

// codeInUse asks the other instances whether a room code is taken.
func (cl *cluster) codeInUse(code string) bool {
	_, err := cl.request(subjectRoomPrefix+code, clusterMsg{Op: opProbe, Room: code})
	return !errors.Is(err, nats.ErrNoResponders)
}
