//go:build !js

package session

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"safehouse/wire"
)

// settles polls cond until it holds; patience only stops a hang.
func settles(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(patience)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// patientHost is hostOnLoopback with ICE timeouts past patience: a PeerConnection that
// found no path is not ended by its own ICE failing first, only by the host letting it go.
func patientHost(t *testing.T) (string, context.Context, *HostSession) {
	t.Helper()
	url, _ := startSignaling(t)
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	t.Cleanup(cancel)
	o := testOptions(url, "Hana")
	o.ICEDisconnectedTimeout, o.ICEFailedTimeout = patience, 2*patience
	host, err := Host(ctx, o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { host.Close() })
	return url, ctx, host
}

// openPeerConnections counts the PeerConnections the host made and has not closed.
func (h *HostSession) openPeerConnections() int { return int(h.openPCs.Load()) }

// linkPaths lists the path each of the host's peer links settled on, and whether it still
// holds a relay.
func (h *HostSession) linkPaths() (paths []Path, relays int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, l := range h.links {
		paths = append(paths, l.path)
		if l.relay != nil {
			relays++
		}
	}
	return paths, relays
}

// relayWhy says why c's current connection tried the relay ("" when it did not).
func relayWhy(c *Client) string {
	p := c.current().(*peerConn).p
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.relayWhy
}

// renameAndSee sends a rename and waits for the view that shows the table as want.
func renameAndSee(t *testing.T, c *Client, w *watcher, name string, want []string) {
	t.Helper()
	if err := c.Send(Intent{Kind: KindRename, Name: name}); err != nil {
		t.Fatal(err)
	}
	w.waitView(t, "the rename to "+name, sameNames(want))
}

// A player whose direct path cannot work (no ICE candidate at all, as with UDP blocked)
// tries the relay once ICE has no connected pair after the short wait, rather than after the
// direct path's whole time limit (12 s, left at its default here), and plays through it. The
// host closes the PeerConnection it made for that player, which never found a path.
func TestBlockedDirectPathJoinsThroughTheRelay(t *testing.T) {
	url, ctx, host := patientHost(t)
	o := testOptions(url, "Ann")
	o.noDirect = true
	var tried atomic.Int32
	o.OnRelay = func() { tried.Add(1) }
	c, err := Join(ctx, o, host.Room(), host.Secret())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	w := watch(c)
	if got := c.Path(); got != PathRelay {
		t.Fatalf("path %q, want %q", got, PathRelay)
	}
	if why := relayWhy(c); why != relayNoPair {
		t.Errorf("the relay was tried because %q, want %q", why, relayNoPair)
	}
	if tried.Load() != 1 {
		t.Errorf("OnRelay was called %d times, want 1", tried.Load())
	}
	w.until(t, "the welcome's path", func() bool { return len(w.paths) > 0 })
	w.mu.Lock()
	if !slices.Equal(w.paths, []Path{PathRelay}) {
		t.Errorf("online updates came with paths %v, want [relay]", w.paths)
	}
	w.mu.Unlock()
	renameAndSee(t, c, w, "Ann R", []string{"Hana", "Ann R"})
	settles(t, "the host's PeerConnection for the relayed player to close", func() bool {
		return host.openPeerConnections() == 0
	})
	if paths, _ := host.linkPaths(); !slices.Equal(paths, []Path{PathRelay}) {
		t.Errorf("the host's links settled on %v, want one relay", paths)
	}
	renameAndSee(t, c, w, "Ann", []string{"Hana", "Ann"}) // the relay lives on without it
}

// A player whose browser has no WebRTC (turned off in Firefox) makes no PeerConnection and
// joins through the relay at once, and the host makes none for it either.
func TestNoWebRTCJoinsThroughTheRelayAlone(t *testing.T) {
	url, ctx, host := patientHost(t)
	o := testOptions(url, "Cy")
	o.noWebRTC = true
	var tried atomic.Int32
	o.OnRelay = func() { tried.Add(1) }
	c, err := Join(ctx, o, host.Room(), host.Secret())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	w := watch(c)
	if got := c.Path(); got != PathRelay {
		t.Fatalf("path %q, want %q", got, PathRelay)
	}
	if why := relayWhy(c); why != relayNoWebRTC || tried.Load() != 1 {
		t.Errorf("the relay was tried because %q (OnRelay %d times), want %q once", why, tried.Load(), relayNoWebRTC)
	}
	if pc := c.current().(*peerConn).p.pc; pc != nil {
		t.Error("the player made a PeerConnection")
	}
	renameAndSee(t, c, w, "Cy R", []string{"Hana", "Cy R"})
	if n := host.openPeerConnections(); n != 0 {
		t.Errorf("the host holds %d PeerConnections, want none", n)
	}
	if paths, _ := host.linkPaths(); !slices.Equal(paths, []Path{PathRelay}) {
		t.Errorf("the host's links settled on %v, want one relay", paths)
	}
}

// Where the direct path works, the player never tries the relay and stays direct.
func TestWorkingDirectPathStaysDirect(t *testing.T) {
	url, ctx, host := hostOnLoopback(t)
	o := testOptions(url, "Bo")
	var tried atomic.Int32
	o.OnRelay = func() { tried.Add(1) }
	c, err := Join(ctx, o, host.Room(), host.Secret())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	w := watch(c)
	if got := c.Path(); got != PathDirect {
		t.Fatalf("path %q, want %q", got, PathDirect)
	}
	if why := relayWhy(c); why != "" || tried.Load() != 0 {
		t.Errorf("the relay was tried (%q, OnRelay %d times)", why, tried.Load())
	}
	renameAndSee(t, c, w, "Bo D", []string{"Hana", "Bo D"})
	if paths, relays := host.linkPaths(); !slices.Equal(paths, []Path{PathDirect}) || relays != 0 {
		t.Errorf("the host's links settled on %v with %d relays, want one direct, none", paths, relays)
	}
	if n := host.openPeerConnections(); n != 1 {
		t.Errorf("the host holds %d open PeerConnections, want 1", n)
	}
}

// With the relay started at once, both paths race (the relay wins on loopback, while the
// direct channel is still opening): whichever wins, the player is on it, the
// host settled on the same one, let the other go, and seated the player once.
func TestRelayStartedAtOnceLeavesOnePath(t *testing.T) {
	for i := range 3 {
		url, ctx, host := patientHost(t)
		o := testOptions(url, "Racer")
		o.RelayAfter = time.Nanosecond // no ICE pair is connected this early: both paths start
		c, err := Join(ctx, o, host.Room(), host.Secret())
		if err != nil {
			t.Fatal(err)
		}
		w := watch(c)
		renameAndSee(t, c, w, "Won", []string{"Hana", "Won"})
		if why := relayWhy(c); why != relayNoPair {
			t.Errorf("join %d: the relay was tried because %q, want %q", i, why, relayNoPair)
		}
		path := c.Path()
		paths, relays := host.linkPaths()
		if !slices.Equal(paths, []Path{path}) {
			t.Errorf("join %d: the player is on %s, the host's links settled on %v", i, path, paths)
		}
		wantPCs, wantRelays := 1, 0
		if path == PathRelay {
			wantPCs, wantRelays = 0, 1
		}
		settles(t, "the losing path to close on the host", func() bool {
			_, relays = host.linkPaths()
			return host.openPeerConnections() == wantPCs && relays == wantRelays
		})
		if n := len(host.Players()); n != 2 {
			t.Errorf("join %d: %d seats, want 2", i, n)
		}
		t.Logf("join %d went %s", i, path)
		c.Close()
	}
}

// handPeer is a peer made by hand with both paths open at once, so a test decides which one
// speaks first.
type handPeer struct {
	p      *peerSide
	direct *dataChannelConn
	relay  *relayConn
}

func openBothPaths(t *testing.T, url string, host *HostSession) *handPeer {
	t.Helper()
	ctx := t.Context()
	sig, err := dialSignal(ctx, url, host.Room())
	if err != nil {
		t.Fatal(err)
	}
	p := newPeerSide(sig, func(Update) {})
	t.Cleanup(p.close)
	if err := p.sig.send(wire.Message{T: wire.TypeJoin, Room: host.Room(), Pass: wire.InvitePass(host.Secret())}); err != nil {
		t.Fatal(err)
	}
	direct, err := p.offerDirect(testOptions(url, "Both"))
	if err != nil {
		t.Fatal(err)
	}
	if err := p.joined(ctx, host.Room()); err != nil {
		t.Fatal(err)
	}
	p.startPump()
	select {
	case <-direct.opened:
	case <-time.After(patience):
		t.Fatal("the direct channel never opened")
	}
	rc, err := p.openRelay(ctx, host.Secret(), nil)
	if err != nil {
		t.Fatal(err)
	}
	p.mu.Lock()
	p.relay = rc // the pump hands the host's relay frames to it
	p.mu.Unlock()
	return &handPeer{p: p, direct: direct, relay: rc}
}

func (h *handPeer) conn(path Path) Conn {
	if path == PathRelay {
		return h.relay
	}
	return h.direct
}

func (h *handPeer) send(t *testing.T, path Path, typ string, seq uint64, body any) {
	t.Helper()
	msg, err := encodeEnvelope(typ, seq, body)
	if err != nil {
		t.Fatal(err)
	}
	if err := h.conn(path).Send(msg); err != nil {
		t.Fatalf("sending %s on the %s path: %v", typ, path, err)
	}
}

// sendLate sends on a path the host may have let go already (the other path spoke first):
// a closed connection is what that looks like, not a failure.
func (h *handPeer) sendLate(t *testing.T, path Path, typ string, seq uint64, body any) {
	t.Helper()
	msg, err := encodeEnvelope(typ, seq, body)
	if err != nil {
		t.Fatal(err)
	}
	if err := h.conn(path).Send(msg); err != nil && !errors.Is(err, ErrClosed) {
		t.Fatalf("sending %s on the %s path: %v", typ, path, err)
	}
}

// until reads path until an envelope of type typ arrives whose body passes ok.
func (h *handPeer) until(t *testing.T, path Path, typ string, ok func(json.RawMessage) bool) {
	t.Helper()
	got := make(chan error, 1)
	go func() {
		for {
			raw, err := h.conn(path).Receive()
			if err != nil {
				got <- err
				return
			}
			if env, err := decodeEnvelope(raw); err == nil && env.T == typ && ok(env.Body) {
				got <- nil
				return
			}
		}
	}()
	select {
	case err := <-got:
		if err != nil {
			t.Fatalf("waiting for %s on the %s path: %v", typ, path, err)
		}
	case <-time.After(patience):
		t.Fatalf("no %s on the %s path", typ, path)
	}
}

// A peer whose two paths both opened, and that speaks on both (a race, or on purpose): the
// host takes the path the first hello came on, closes the other, and handles nothing that
// arrives on it, so the player has one seat and nothing it said counts twice.
func TestHostTakesThePathThatSpokeFirst(t *testing.T) {
	for _, first := range []Path{PathRelay, PathDirect, ""} {
		name := string(first) + " first"
		if first == "" {
			name = "both at once"
		}
		t.Run(name, func(t *testing.T) {
			url, _, host := patientHost(t)
			hw := watch(host.Player())
			peer := openBothPaths(t, url, host)
			hellos := map[Path]Hello{
				PathRelay:  {Name: "Both"}, // the relay hello's mac proved the secret
				PathDirect: {Name: "Both", Proof: peer.p.inviteProof(host.Secret())},
			}
			order := []Path{PathRelay, PathDirect}
			if first == PathDirect {
				order = []Path{PathDirect, PathRelay}
			}
			for i, path := range order {
				if i > 0 {
					peer.sendLate(t, path, TypeHello, 0, hellos[path])
					continue
				}
				peer.send(t, path, TypeHello, 0, hellos[path])
				if first != "" {
					peer.until(t, path, TypeWelcome, func(json.RawMessage) bool { return true })
				}
			}
			for _, path := range order {
				peer.sendLate(t, path, TypeIntent, 1, Intent{Kind: KindRename, Name: "Once"})
			}
			var won Path
			settles(t, "the host to settle on one path", func() bool {
				paths, _ := host.linkPaths()
				if len(paths) == 1 {
					won = paths[0]
				}
				return won != ""
			})
			if first != "" && won != first {
				t.Fatalf("the host settled on %s, want %s", won, first)
			}

			// The host let the other path go: its PeerConnection when the relay won (the peer
			// sees its channel close), its relay when the channel won.
			settles(t, "the other path to close on the host", func() bool {
				_, relays := host.linkPaths()
				if won == PathRelay {
					return host.openPeerConnections() == 0
				}
				return relays == 0 && host.connCount() == 2
			})
			if won == PathRelay {
				select {
				case <-peer.direct.ended:
				case <-time.After(patience):
					t.Fatal("the peer's direct channel stayed open")
				}
			}

			// The winning path carries on; what was said on the other path never counted.
			peer.send(t, won, TypeIntent, 2, Intent{Kind: KindRename, Name: "Then"})
			peer.until(t, won, TypeView, func(b json.RawMessage) bool {
				var v View
				return json.Unmarshal(b, &v) == nil && slices.Equal(names(v), []string{"Hana", "Then"})
			})
			hw.waitView(t, "the rename on the host's screen", sameNames([]string{"Hana", "Then"}))
			hw.mu.Lock()
			defer hw.mu.Unlock()
			for _, v := range hw.views {
				if len(v.Players) > 2 {
					t.Errorf("the host's screen showed %v: the other path counted", names(v))
				}
			}
		})
	}
}

// Two paths of one link whose first messages are both read before either is closed (the
// window a race leaves open): only the first to be read is handled, the other path ends.
func TestOnlyTheFirstPathToSpeakIsHeard(t *testing.T) {
	h := &HostSession{links: map[string]*peerLink{}}
	l := &peerLink{id: "p1"}
	directPeer, directHost := Pipe()
	relayPeer, relayHost := Pipe()
	direct := &firstWord{Conn: directHost, settle: func() bool { return h.settle(l, PathDirect) }}
	relay := &firstWord{Conn: relayHost, settle: func() bool { return h.settle(l, PathRelay) }}
	for _, c := range []Conn{directPeer, relayPeer} {
		if err := c.Send([]byte("hello")); err != nil {
			t.Fatal(err)
		}
	}
	if msg, err := direct.Receive(); err != nil || string(msg) != "hello" {
		t.Fatalf("the first path to speak: %q, %v", msg, err)
	}
	if msg, err := relay.Receive(); err == nil {
		t.Errorf("the second path to speak was heard: %q", msg)
	}
	if err := relayPeer.Send([]byte("more")); err == nil {
		t.Error("the second path stayed open")
	}
	if err := directPeer.Send([]byte("still here")); err != nil {
		t.Fatalf("the first path closed: %v", err)
	}
	if msg, err := direct.Receive(); err != nil || string(msg) != "still here" {
		t.Errorf("the first path after the other ended: %q, %v", msg, err)
	}
	h.waiters.Wait()
}
