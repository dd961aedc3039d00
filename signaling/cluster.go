package signaling

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/prometheus/client_golang/prometheus"
)

// With JoinCluster, several instances share their rooms through NATS. A room
// lives on its home: the instance its host is connected to, which keeps
// everything this package keeps for a room (claim, peers, grace timer, room
// limits). The cluster's room directory, a NATS JetStream key-value bucket
// (cluster_dir.go), names each room's home: an entry is only ever made by
// create-if-absent (a new code) and changed by revision-checked updates (the
// home's own changes, a move, an adoption), so a room has exactly one home by
// construction, and a home that was cut off learns that it lost a room the
// moment it writes or reads its entry again.
//
// Instances talk on their own subjects. A join, a reclaim or a peer's data
// goes to the subject of the home the directory names; at the home, a peer
// connected elsewhere is a stand-in client whose messages go to the subject
// of the instance holding its socket, which keeps the socket in its proxied
// rooms. When the host reclaims its room through another instance the room
// moves there whole (moveRoom), so an instance can be drained; when a home
// dies without a word, its rooms' entries outlive it for the host's grace
// period, and the host's reclaim through any instance adopts the room.
//
// NATS is trusted as far as its own access control goes (credentials, TLS):
// what arrives is checked against the rooms it names and dropped, counted,
// when it does not fit (a room not homed here, a peer that is not the
// sender's, an oversized body), but it is not authenticated further.

const (
	subjectInstPrefix = "safehouse.inst."
	// clusterTimeout bounds one request to another instance or to the directory.
	clusterTimeout = 3 * time.Second
	// clusterInbox bounds the cluster messages waiting to be handled.
	clusterInbox = 4096
)

// clusterMsg is one message between instances.
type clusterMsg struct {
	Op     string          `json:"op"`
	Room   string          `json:"room"`
	ID     string          `json:"id,omitempty"`   // the peer concerned
	Inst   string          `json:"inst,omitempty"` // the sending instance
	Claim  string          `json:"claim,omitempty"`
	To     string          `json:"to,omitempty"` // opTo from a peer to other peers: a peer id or wire.AllPeers
	Data   json.RawMessage `json:"data,omitempty"`
	Status int             `json:"status,omitempty"`
	Code   string          `json:"code,omitempty"`
	Msg    string          `json:"msg,omitempty"`
	Away   bool            `json:"away,omitempty"`
	Keys   []string        `json:"keys,omitempty"` // a failed join's or a joining peer's address limit keys, finest first
	Pass   string          `json:"pass,omitempty"` // a joining peer's invite pass
	Moved  *dirEntry       `json:"moved,omitempty"`
	Epoch  int             `json:"epoch,omitempty"` // from a home: the room's epoch (dirEntry.Epoch), so that its peers follow its moves
	Rev    uint64          `json:"rev,omitempty"`   // the directory revision the moved room's old home wrote last
}

type wirePeer struct {
	ID      string `json:"id"`
	Inst    string `json:"inst"`
	Key     string `json:"key,omitempty"` // the limit key of its address
	Vouched bool   `json:"vouched,omitempty"`
}

// Operations on an instance's subject: to a room's home, and to the instance
// holding a peer's socket.
const (
	opJoin     = "join"      // to a home: place peer of Inst; answered by opJoined or opError
	opReclaim  = "reclaim"   // to a home: the room moves to Inst if Claim is right; answered by opMoved or opError
	opTo       = "to"        // to a home: a peer's data for the host
	opLeave    = "leave"     // to a home: a peer's socket closed
	opSlowHost = "slow-host" // to a home: the host's data for peer ID was not delivered (its socket is not keeping up)
	opJoined   = "joined"
	opMoved    = "moved"
	opError    = "error"
	opSend     = "send"      // to a peer's instance: a protocol message for its peer
	opRelay    = "relay"     // to a peer's instance: relayed data for its peer
	opClose    = "close"     // to a peer's instance: close its peer's socket
	opSlowPeer = "slow-peer" // to a peer's instance: its peer's data was not delivered (the host is not keeping up)
)

// codeNotHere answers a request to an instance that does not home the room
// (any more): the asker reads the directory again.
const codeNotHere = "not-here"

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
	js      jetstream.JetStream
	id      string
	inbox   chan *nats.Msg
	subs    []*nats.Subscription
	status  chan nats.Status
	dropped *prometheus.CounterVec
	latency prometheus.Histogram
	done    chan struct{}
	ctx     context.Context // ends with done, for the directory's requests and watcher
	cancel  context.CancelFunc
	wg      sync.WaitGroup // the loop, the directory's writer and watcher, a sync under way

	// guarded by srv.mu
	kv         jetstream.KeyValue
	watcher    jetstream.KeyWatcher    // the directory's, feeding dir
	synced     bool                    // connected, and the rooms homed here checked against the directory since
	syncing    bool                    // a sync runs
	connGen    int                     // counts NATS's departures: a sync that saw one must run again
	youngUntil time.Time               // the directory was made anew: until then it may not know every room
	dir        map[string]dirCached    // the directory as last heard, by code (cluster_dir.go)
	dirGen     int                     // counts the directory's watchers: updates of an older one are ignored
	dirty      map[string]struct{}     // rooms homed here whose entry needs writing
	deletes    map[string]uint64       // entries of ended rooms to delete, with their revisions
	proxied    map[string]*proxiedRoom // local peers of rooms homed elsewhere, by code

	dirIn chan dirUpdate // the watcher's updates for the loop
	kick  chan struct{}  // wakes the directory writer
}

// proxiedRoom is a room homed elsewhere with peers connected here.
type proxiedRoom struct {
	home  string             // the instance that homes it, as last heard
	epoch int                // the room's epoch at that home
	peers map[string]*client // by peer id
}

// remotePeer marks a stand-in client: a peer whose socket is on instance inst.
type remotePeer struct {
	inst string
	room string // its room's code, kept after the room lets it go
}

// ErrClusterDown is returned when NATS cannot be reached.
var ErrClusterDown = errors.New("signaling: the NATS connection is not up")

// JoinCluster shares the server's rooms with the other instances on nc (see
// above): it makes (or checks) the room directory, which needs JetStream on
// the NATS servers, and reads it whole before it returns. Call it once,
// before serving. The connection stays the caller's; Shutdown and Drain stop
// using it.
func (s *Server) JoinCluster(nc *nats.Conn) error {
	if nc == nil || !nc.IsConnected() {
		return ErrClusterDown
	}
	js, err := jetstream.New(nc, jetstream.WithDefaultTimeout(clusterTimeout))
	if err != nil {
		return fmt.Errorf("signaling: JetStream: %w", err)
	}
	var id [10]byte
	rand.Read(id[:])
	cl := &cluster{
		nc:      nc,
		js:      js,
		id:      base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(id[:]),
		inbox:   make(chan *nats.Msg, clusterInbox),
		dir:     make(map[string]dirCached),
		dirty:   make(map[string]struct{}),
		deletes: make(map[string]uint64),
		proxied: make(map[string]*proxiedRoom),
		dirIn:   make(chan dirUpdate, clusterInbox),
		kick:    make(chan struct{}, 1),
		done:    make(chan struct{}),
		dropped: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "safehouse_cluster_dropped_total", Help: "Messages from other instances dropped, by reason."}, []string{"reason"}),
		latency: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "safehouse_cluster_request_seconds", Help: "Round trips of requests to other instances (joins, reclaims).",
			Buckets: prometheus.ExponentialBuckets(0.0005, 2, 14)}),
	}
	cl.ctx, cl.cancel = context.WithCancel(context.Background())
	for _, r := range []string{dropMalformed, dropWrongRoom, dropWrongPeer, dropOversized} {
		cl.dropped.WithLabelValues(r)
	}
	fail := func(err error) error {
		cl.cancel()
		for _, sub := range cl.subs {
			sub.Unsubscribe()
		}
		return err
	}
	for _, subject := range []string{subjectInstPrefix + cl.id, subjectFailures} {
		sub, err := nc.ChanSubscribe(subject, cl.inbox)
		if err != nil {
			return fail(fmt.Errorf("signaling: subscribing on NATS: %w", err))
		}
		cl.subs = append(cl.subs, sub)
	}
	// The status listener goes first, so that no disconnection after the first sync
	// passes unnoticed.
	cl.status = nc.StatusChanged(nats.CONNECTED, nats.DISCONNECTED, nats.RECONNECTING)
	s.mu.Lock()
	s.cluster = cl
	cl.syncing = true
	s.mu.Unlock()
	err = s.syncDirectory(cl)
	if err != nil && !errors.Is(err, errLostDuringSync) {
		nc.RemoveStatusListener(cl.status)
		cl.cancel()
		cl.wg.Wait()
		s.mu.Lock()
		s.cluster = nil
		s.mu.Unlock()
		return fail(fmt.Errorf("signaling: the room directory (NATS JetStream): %w", err))
	}
	s.mu.Lock()
	cl.syncing = false
	if err != nil {
		s.startSyncLocked(cl) // NATS went away meanwhile: once it is back
	}
	s.mu.Unlock()
	s.metrics.reg.MustRegister(cl.dropped, cl.latency)
	cl.wg.Add(2)
	go s.clusterLoop(cl)
	go s.directoryWriter(cl)
	s.log.Info("joined the cluster", "instance", cl.id)
	return nil
}

// clusterUp says whether the cluster, if any, can be reached and this
// instance's rooms agree with its directory. Called with the mutex held.
func (s *Server) clusterUp() bool {
	return s.cluster == nil || (s.cluster.nc.IsConnected() && s.cluster.synced)
}

// clusterLoop handles what other instances and the directory send, one
// message at a time, and the connection's ups and downs.
func (s *Server) clusterLoop(cl *cluster) {
	defer cl.wg.Done()
	refresh := time.NewTicker(s.dirRefresh())
	defer refresh.Stop()
	for {
		select {
		case <-cl.done:
			return
		case m := <-cl.inbox:
			s.fromCluster(cl, m)
		case u := <-cl.dirIn:
			s.fromDirectory(cl, u)
		case st := <-cl.status:
			s.connectionChanged(cl, st)
		case <-refresh.C:
			s.refreshDirectory(cl)
		}
	}
}

// connectionChanged marks the instance out of sync when NATS goes, and syncs
// it with the directory when NATS is back.
func (s *Server) connectionChanged(cl *cluster, st nats.Status) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if st != nats.CONNECTED {
		cl.synced = false
		cl.connGen++
		return
	}
	s.startSyncLocked(cl)
}

// stopClusterLocked stops listening to other instances and to the directory;
// the rooms homed here keep their entries, for the hosts to reclaim elsewhere.
// Called with the mutex held; waitCluster waits for its goroutines.
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
	if cl.watcher != nil {
		cl.watcher.Stop()
	}
	cl.nc.RemoveStatusListener(cl.status)
	cl.cancel()
	close(cl.done)
}

// waitCluster waits until the cluster's goroutines have ended, after
// stopClusterLocked. Called without the mutex.
func (s *Server) waitCluster() {
	if cl := s.cluster; cl != nil {
		cl.wg.Wait()
	}
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

// toInstance is the subject of instance id.
func toInstance(id string) string { return subjectInstPrefix + id }

func (cl *cluster) proxyLocked(code, home string, epoch int, id string, c *client) {
	pr := cl.proxied[code]
	if pr == nil {
		pr = &proxiedRoom{peers: make(map[string]*client)}
		cl.proxied[code] = pr
	}
	pr.follow(home, epoch)
	pr.peers[id] = c
}

// follow notes that the room is homed on home at epoch, unless an epoch as new
// was heard of already.
func (pr *proxiedRoom) follow(home string, epoch int) {
	if home != "" && (pr.home == "" || epoch > pr.epoch) {
		pr.home, pr.epoch = home, epoch
	}
}

func (cl *cluster) unproxyLocked(code, id string) {
	pr := cl.proxied[code]
	if pr == nil {
		return
	}
	delete(pr.peers, id)
	if len(pr.peers) == 0 {
		delete(cl.proxied, code)
	}
}
