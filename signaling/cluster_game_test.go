//go:build !js

package signaling_test

// A real game across a cluster: the session package's host and players (pion
// peers on loopback) play Spyfall through three signaling instances sharing
// their rooms over an embedded NATS. This is an external test package so that
// the signaling package itself never depends on the app; app/session does not
// import signaling, so there is no cycle.

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	natsserver "github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"

	"safehouse/app/game"
	"safehouse/app/session"
	"safehouse/engine"
	"safehouse/engine/spyfall"
	"safehouse/signaling"
)

// patience only stops a hung test.
const patience = 90 * time.Second

type instance struct {
	srv  *signaling.Server
	http *httptest.Server
	nats *nats.Conn
}

// startNATS runs an embedded NATS on a loopback port (-1: any) until the test ends.
func startNATS(t *testing.T, port int) *natsserver.Server {
	t.Helper()
	ns, err := natsserver.NewServer(&natsserver.Options{Host: "127.0.0.1", Port: port, NoLog: true, NoSigs: true,
		JetStream: true, StoreDir: t.TempDir()}) // the room directory lives in JetStream
	if err != nil {
		t.Fatal(err)
	}
	go ns.Start()
	t.Cleanup(func() { ns.Shutdown(); ns.WaitForShutdown() })
	if !ns.ReadyForConnections(10 * time.Second) {
		t.Fatal("NATS did not start")
	}
	return ns
}

func startCluster(t *testing.T, ns *natsserver.Server, n int) []*instance {
	t.Helper()
	var out []*instance
	for range n {
		nc, err := nats.Connect(ns.ClientURL(), nats.MaxReconnects(-1), nats.ReconnectWait(50*time.Millisecond))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(nc.Close)
		srv := signaling.New(signaling.Config{Logger: quiet()})
		if err := srv.JoinCluster(nc); err != nil {
			t.Fatal(err)
		}
		mux := http.NewServeMux()
		mux.Handle("/signal", srv)
		mux.Handle("/readyz", srv.Readyz())
		hs := httptest.NewServer(mux)
		t.Cleanup(func() { hs.Close(); srv.Close() })
		out = append(out, &instance{srv: srv, http: hs, nats: nc})
	}
	return out
}

// balancer is a load balancer as deployments have one: it sends each
// connection to the first of its instances whose /readyz answers 200, and
// counts where it sent them.
type balancer struct {
	backends []*instance
	mu       sync.Mutex
	sent     map[*instance]int
}

func (b *balancer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	for _, in := range b.backends {
		resp, err := http.Get(in.http.URL + "/readyz")
		if err != nil {
			continue
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			continue
		}
		b.mu.Lock()
		b.sent[in]++
		b.mu.Unlock()
		target, _ := url.Parse(in.http.URL)
		httputil.NewSingleHostReverseProxy(target).ServeHTTP(w, r)
		return
	}
	http.Error(w, "no instance ready", http.StatusServiceUnavailable)
}

func (b *balancer) count(in *instance) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.sent[in]
}

// signalURL serves b on loopback and returns its signaling URL.
func signalURL(t *testing.T, b *balancer) string {
	b.sent = map[*instance]int{}
	hs := httptest.NewServer(b)
	t.Cleanup(hs.Close)
	return "ws" + strings.TrimPrefix(hs.URL, "http") + "/signal"
}

func options(url, name string) session.Options {
	return session.Options{SignalURL: url, Name: name, Loopback: true,
		Heartbeat: 200 * time.Millisecond, RetryDelay: 20 * time.Millisecond, RetryMaxDelay: 200 * time.Millisecond}
}

// Three instances: the host on the first, two players through a balancer
// that prefers the second, two on the third, all playing Spyfall. The second
// instance is drained mid-game: the game goes on over the direct channels, a
// player of the second instance that reconnects (a reloaded page, with its
// resume token) comes back through the third to its own seat and card. Then
// NATS goes down: the vote is played to its end over the direct channels
// while every instance is unready, and once NATS is back they are ready again.
func TestSpyfallAcrossThreeInstancesWithOneDrained(t *testing.T) {
	ns := startNATS(t, -1)
	inst := startCluster(t, ns, 3)
	hostURL := signalURL(t, &balancer{backends: inst[:1]})
	lb2 := &balancer{backends: inst[1:]}
	url2 := signalURL(t, lb2)
	url3 := signalURL(t, &balancer{backends: inst[2:]})
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()

	host, err := session.Host(ctx, options(hostURL, "Hana"))
	if err != nil {
		t.Fatal(err)
	}
	defer host.Close()
	host.SetTable(game.NewRoom(game.Options{}))
	clients := []*session.Client{host.Player()}
	for i, u := range []string{url2, url2, url3, url3} {
		c, err := session.Join(ctx, options(u, fmt.Sprintf("Agent %d", i+1)), host.Room(), host.Secret())
		if err != nil {
			t.Fatal(err)
		}
		defer func() { clients[i+1].Close() }()
		clients = append(clients, c)
	}
	screens := make([]*screen, len(clients))
	for i, c := range clients {
		screens[i] = watch(c)
	}
	if lb2.count(inst[1]) != 2 || inst[0].srv.Stats().Peers != 4 {
		t.Fatalf("the second instance took %d players, the home has %d peers", lb2.count(inst[1]), inst[0].srv.Stats().Peers)
	}

	spy, spySeat, location := startClassicRound(t, clients, screens)

	// Instance 2 drains: it homes no room, so it is done once its sockets are.
	drainCtx, drainCancel := context.WithTimeout(ctx, 10*time.Second)
	defer drainCancel()
	if err := inst[1].srv.Drain(drainCtx); err != nil {
		t.Fatalf("draining instance 2: %v", err)
	}
	if st := inst[1].srv.Stats(); st.Conns != 0 {
		t.Fatalf("instance 2 holds %d sockets after its drain", st.Conns)
	}

	// The game goes on over the direct channels: a player who is not the spy
	// accuses the spy; a player of instance 2 who is neither will reload.
	var free2 []int // players of instance 2 who are not the spy
	for _, i := range []int{1, 2} {
		if i != spy {
			free2 = append(free2, i)
		}
	}
	accuser, moved := 3, free2[0] // the spy is of instance 2: instance 3's players are innocent
	if len(free2) == 2 {
		accuser, moved = free2[0], free2[1]
	}
	act(t, clients[accuser], spyfall.Accuse{Round: 1, Suspect: spySeat})
	vote := screens[0].spyfall(t, "the vote open", func(v *spyfall.View) bool { return v.Vote != nil }).Vote

	// A player of instance 2 reloads: it joins again with its token, through
	// the balancer, which now sends it to instance 3.
	seat, token := clients[moved].Seat(), clients[moved].Token()
	clients[moved].Close()
	o := options(url2, "Agent reloaded")
	o.Token = token
	back, err := session.Join(ctx, o, host.Room(), host.Secret())
	if err != nil {
		t.Fatal(err)
	}
	clients[moved], screens[moved] = back, watch(back)
	if back.Seat() != seat {
		t.Fatalf("the reloaded player came back as seat %d, want %d", back.Seat(), seat)
	}
	if lb2.count(inst[2]) != 1 {
		t.Fatalf("the balancer sent %d connections to instance 3, want the reloaded player's", lb2.count(inst[2]))
	}
	if v := screens[moved].spyfall(t, "the reloaded player's card", func(v *spyfall.View) bool { return v.Card != nil && v.Vote != nil }); v.Card.Location == nil || v.Card.Location.ID != location {
		t.Fatalf("the reloaded player's card is %+v, want the location %s", v.Card, location)
	}

	port := ns.Addr().(*net.TCPAddr).Port
	ns.Shutdown()
	ns.WaitForShutdown()
	for i, in := range []*instance{inst[0], inst[2]} {
		waitReady(t, in, fmt.Sprintf("instance %d", 2*i+1), http.StatusServiceUnavailable)
	}
	for i := range clients {
		if i != accuser && i != spy {
			act(t, clients[i], spyfall.Vote{Vote: vote.ID, Yes: true})
		}
	}
	for i, s := range screens {
		v := s.spyfall(t, fmt.Sprintf("screen %d to see the round end", i), func(v *spyfall.View) bool { return v.LastRound != nil })
		if v.LastRound.Ending != spyfall.EndSpyConvicted {
			t.Errorf("screen %d: the round ended %+v, want the spy convicted", i, v.LastRound)
		}
	}
	if got := len(host.Players()); got != 5 {
		t.Errorf("%d seats at the end, want 5", got)
	}
	startNATS(t, port)
	for i, in := range []*instance{inst[0], inst[2]} {
		waitReady(t, in, fmt.Sprintf("instance %d", 2*i+1), http.StatusOK)
	}
}

// startClassicRound starts a one-round classic game from the host's seat (clients[0]), has
// the dealer start the clock, and returns which client holds the spy card, its seat and
// the location the others hold.
func startClassicRound(t *testing.T, clients []*session.Client, screens []*screen) (spy int, spySeat engine.Seat, location string) {
	t.Helper()
	cfg := spyfall.Config{Edition: spyfall.Classic, Rounds: 1}
	send(t, clients[0], game.SetSettings(game.Settings{Family: game.Spyfall, Configs: map[game.Family]any{game.Spyfall: &cfg}}))
	send(t, clients[0], game.Start())
	spy = -1
	var dealer engine.Seat
	for i, s := range screens {
		v := s.spyfall(t, fmt.Sprintf("screen %d dealt", i), func(v *spyfall.View) bool {
			return v.Round == 1 && v.Phase == spyfall.PhaseDealt && v.Card != nil
		})
		if v.Card.Spy {
			spy, spySeat = i, v.Seat
		} else {
			location = v.Card.Location.ID
		}
		dealer = v.Dealer
	}
	if spy < 0 || location == "" {
		t.Fatal("no spy or no location dealt")
	}
	for i, s := range screens {
		if v := s.latest(); v.Seat == dealer {
			act(t, clients[i], spyfall.StartClock{Round: 1})
		}
	}
	screens[0].spyfall(t, "the clock running", func(v *spyfall.View) bool { return v.Phase == spyfall.PhasePlaying })
	return spy, spySeat, location
}

// waitReady waits until in's /readyz answers status.
func waitReady(t *testing.T, in *instance, name string, status int) {
	t.Helper()
	deadline := time.Now().Add(patience)
	for {
		resp, err := http.Get(in.http.URL + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == status {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s's /readyz never answered %d", name, status)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// screen keeps a client's latest view.
type screen struct {
	mu      sync.Mutex
	last    *session.View
	changed chan struct{}
	updates atomic.Int64
}

func watch(c *session.Client) *screen {
	s := &screen{changed: make(chan struct{})}
	go func() {
		for u := range c.Updates() {
			s.mu.Lock()
			if u.View != nil {
				s.last = u.View
			}
			close(s.changed)
			s.changed = make(chan struct{})
			s.mu.Unlock()
			s.updates.Add(1)
		}
	}()
	return s
}

func (s *screen) latest() *spyfall.View {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.last == nil {
		return nil
	}
	tv, err := game.DecodeView(s.last.Game)
	if err != nil || tv == nil {
		return nil
	}
	return game.EngineView[spyfall.View](tv)
}

// spyfall waits until the screen's Spyfall view satisfies ok, and returns it.
func (s *screen) spyfall(t *testing.T, what string, ok func(*spyfall.View) bool) *spyfall.View {
	t.Helper()
	deadline := time.After(patience)
	for {
		s.mu.Lock()
		ch := s.changed
		s.mu.Unlock()
		if v := s.latest(); v != nil && ok(v) {
			return v
		}
		select {
		case <-ch:
		case <-deadline:
			t.Fatalf("waiting for %s", what)
		}
	}
}

func send(t *testing.T, c *session.Client, in session.Intent) {
	t.Helper()
	if err := c.Send(in); err != nil {
		t.Fatalf("seat %d: send: %v", c.Seat(), err)
	}
}

func act(t *testing.T, c *session.Client, a spyfall.Action) {
	t.Helper()
	in, err := game.Action(a)
	if err != nil {
		t.Fatal(err)
	}
	send(t, c, in)
}

func quiet() *slog.Logger { return slog.New(slog.DiscardHandler) }
