//go:build !js

package signaling_test

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"safehouse/app/game"
	"safehouse/app/session"
	"safehouse/engine/spyfall"
	"safehouse/signaling"
)

// cuttable forwards one instance's NATS connection and can cut it off for a while.
type cuttable struct {
	ln      net.Listener
	target  string
	mu      sync.Mutex
	conns   []net.Conn
	cutTill time.Time
}

func startCuttable(t *testing.T, target string) *cuttable {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	c := &cuttable{ln: ln, target: target}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			in, err := ln.Accept()
			if err != nil {
				return
			}
			c.mu.Lock()
			cut := time.Now().Before(c.cutTill)
			c.mu.Unlock()
			out, err := net.Dial("tcp", target)
			if cut || err != nil {
				in.Close()
				continue
			}
			c.mu.Lock()
			c.conns = append(c.conns, in, out)
			c.mu.Unlock()
			wg.Add(2)
			go func() { defer wg.Done(); io.Copy(out, in); out.Close(); in.Close() }()
			go func() { defer wg.Done(); io.Copy(in, out); in.Close(); out.Close() }()
		}
	}()
	t.Cleanup(func() { ln.Close(); c.cut(0); wg.Wait() })
	return c
}

// cut drops the connections through c and refuses new ones for d.
func (c *cuttable) cut(d time.Duration) {
	c.mu.Lock()
	c.cutTill = time.Now().Add(d)
	conns := c.conns
	c.conns = nil
	c.mu.Unlock()
	for _, conn := range conns {
		conn.Close()
	}
}

// startInstanceVia runs one more signaling instance whose NATS connection goes to url.
func startInstanceVia(t *testing.T, url string) *instance {
	t.Helper()
	nc, err := nats.Connect(url, nats.MaxReconnects(-1), nats.ReconnectWait(50*time.Millisecond))
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
	return &instance{srv: srv, http: hs, nats: nc}
}

// The host's instance is cut off from NATS for 10 s in the middle of a round. The round
// goes on over the direct channels throughout. Meanwhile the host's signaling socket drops
// and its session reclaims the room through another instance, which adopts it; once the
// cut heals, the cut instance yields the room (its players' sockets stay, now through the
// new home), the room has one home, and a player who arrives afterwards through a third
// instance is seated and plays the vote to its end with the others.
func TestSpyfallGoesOnThroughACutFromNATS(t *testing.T) {
	t.Parallel()
	ns := startNATS(t, -1)
	link := startCuttable(t, strings.TrimPrefix(ns.ClientURL(), "nats://"))
	inst := []*instance{startInstanceVia(t, "nats://"+link.ln.Addr().String())}
	inst = append(inst, startCluster(t, ns, 2)...)
	hostLB := &balancer{backends: inst[:2], sent: map[*instance]int{}} // the host's first choice is instance 1
	hostFront := httptest.NewServer(hostLB)
	t.Cleanup(hostFront.Close)
	hostLink := startCuttable(t, hostFront.Listener.Addr().String()) // the host's network
	hostURL := "ws://" + hostLink.ln.Addr().String() + "/signal"
	url1 := signalURL(t, &balancer{backends: inst[:1]})
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
	for i, url := range []string{url1, url1, url3} { // two players' sockets on the host's instance
		c, err := session.Join(ctx, options(url, fmt.Sprintf("Agent %d", i+1)), host.Room(), host.Secret())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		clients = append(clients, c)
	}
	screens := make([]*screen, len(clients))
	for i, c := range clients {
		screens[i] = watch(c)
	}
	spy, spySeat, _ := startClassicRound(t, clients, screens)

	link.cut(10 * time.Second)
	cutEnds := time.Now().Add(10 * time.Second)
	waitReady(t, inst[0], "the cut instance", http.StatusServiceUnavailable)
	hostLink.cut(0) // the host's signaling socket drops; it comes back through instance 2
	for hostLB.count(inst[1]) == 0 {
		if err := ctx.Err(); err != nil {
			t.Fatalf("the host never came back through instance 2: %v", err)
		}
		host.Check()
		time.Sleep(50 * time.Millisecond)
	}
	// The round goes on during the cut: an innocent accuses the spy over the direct channels.
	accuser := 1
	if accuser == spy {
		accuser = 2
	}
	act(t, clients[accuser], spyfall.Accuse{Round: 1, Suspect: spySeat})
	vote := screens[0].spyfall(t, "the vote open", func(v *spyfall.View) bool { return v.Vote != nil }).Vote
	if time.Now().After(cutEnds) {
		t.Fatal("the game's moves took longer than the cut: the test proves nothing")
	}

	waitReady(t, inst[0], "the cut instance", http.StatusOK)
	deadline := time.Now().Add(patience)
	for {
		homes := 0
		for _, in := range inst {
			homes += in.srv.Stats().Rooms
		}
		if homes == 1 && inst[1].srv.Stats().Rooms == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after the cut the room has %d homes (instance 2: %d rooms)", homes, inst[1].srv.Stats().Rooms)
		}
		time.Sleep(20 * time.Millisecond)
	}

	late, err := session.Join(ctx, options(url3, "Late agent"), host.Room(), host.Secret())
	if err != nil {
		t.Fatalf("joining after the cut: %v", err)
	}
	defer late.Close()
	watch(late).spyfall(t, "the late player's view of the vote", func(v *spyfall.View) bool { return v.Vote != nil && v.Vote.ID == vote.ID })
	for i := range clients {
		if i == accuser || i == spy {
			continue
		}
		v := screens[i].spyfall(t, fmt.Sprintf("screen %d to see the vote", i), func(v *spyfall.View) bool { return v.Vote != nil && v.Vote.ID == vote.ID })
		if v.Vote.Mine == "pending" {
			act(t, clients[i], spyfall.Vote{Vote: vote.ID, Yes: true})
		}
	}
	for i, s := range screens {
		v := s.spyfall(t, fmt.Sprintf("screen %d to see the round end", i), func(v *spyfall.View) bool { return v.LastRound != nil })
		if v.LastRound.Ending != spyfall.EndSpyConvicted {
			t.Errorf("screen %d: the round ended %+v, want the spy convicted", i, v.LastRound)
		}
	}
}
