//go:build !js

package session

import (
	"context"
	"log/slog"
	"net"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pion/transport/v4"
	"github.com/pion/transport/v4/stdnet"
	"github.com/pion/webrtc/v4"

	"safehouse/wire"
)

// cuttableNet is the network one test peer's ICE listens on. cut makes every socket open at
// that moment drop whatever it sends and receives, as when a phone's network goes away while
// its PeerConnection lives on; sockets opened later (an ICE restart gathers new candidates on
// new sockets) work, as on the phone's next network.
type cuttableNet struct {
	*stdnet.Net
	mu    sync.Mutex
	conns []*cuttableConn
}

func newCuttableNet(t *testing.T) *cuttableNet {
	t.Helper()
	n, err := stdnet.NewNet()
	if err != nil {
		t.Fatal(err)
	}
	return &cuttableNet{Net: n}
}

func (n *cuttableNet) ListenUDP(network string, laddr *net.UDPAddr) (transport.UDPConn, error) {
	c, err := n.Net.ListenUDP(network, laddr)
	if err != nil {
		return nil, err
	}
	cc := &cuttableConn{UDPConn: c}
	n.mu.Lock()
	n.conns = append(n.conns, cc)
	n.mu.Unlock()
	return cc, nil
}

// cut kills every socket opened so far and reports how many.
func (n *cuttableNet) cut() int {
	n.mu.Lock()
	defer n.mu.Unlock()
	for _, c := range n.conns {
		c.dead.Store(true)
	}
	return len(n.conns)
}

type cuttableConn struct {
	transport.UDPConn
	dead atomic.Bool
}

func (c *cuttableConn) ReadFrom(p []byte) (int, net.Addr, error) {
	for {
		n, addr, err := c.UDPConn.ReadFrom(p)
		if err != nil || !c.dead.Load() {
			return n, addr, err
		}
	}
}

func (c *cuttableConn) WriteTo(p []byte, addr net.Addr) (int, error) {
	if c.dead.Load() {
		return len(p), nil // gone into a network that no longer exists
	}
	return c.UDPConn.WriteTo(p, addr)
}

// restartOptions: a heartbeat slow enough that the host keeps a silent peer's seat for the
// few seconds a restart takes (it drops it after six), ICE that reports a dead path after
// 2 s but fails it only after 12 (a failed host link is dropped), a short restart limit and
// fast retries.
func restartOptions(url, name string) Options {
	o := testOptions(url, name)
	o.ICEFailedTimeout = 10 * time.Second
	o.Heartbeat = time.Second
	o.RestartTimeout = 5 * time.Second
	o.RetryDelay = 20 * time.Millisecond
	o.RetryMaxDelay = 200 * time.Millisecond
	return o
}

// seatConn is the host's connection that speaks for seat (nil when it is away).
func (h *HostSession) seatConn(seat Seat) *hostConn {
	h.core.mu.Lock()
	defer h.core.mu.Unlock()
	for _, s := range h.core.seats {
		if Seat(s.no) == seat {
			return s.conn
		}
	}
	return nil
}

func (h *HostSession) linkRestarts() (total int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, l := range h.links {
		total += l.restarts
	}
	return total
}

func (h *HostSession) connCount() int {
	h.core.mu.Lock()
	defer h.core.mu.Unlock()
	return len(h.core.conns)
}

// cutGame is a host and two peers in a vote, the victim's ICE on a cuttable network.
type cutGame struct {
	host           *HostSession
	victim, other  *Client
	hostW, victimW *watcher
	otherW         *watcher
	net            *cuttableNet
	seat           Seat
	card           string
}

func startCutGame(t *testing.T, ctx context.Context, victimOptions ...func(*Options)) *cutGame {
	t.Helper()
	url, _ := startSignaling(t)
	g := &cutGame{net: newCuttableNet(t)}
	var err error
	ho := restartOptions(url, "Hana")
	ho.Heartbeat = 2 * time.Second // the host drops a silent seat after 12 s, long after any restart here
	if g.host, err = Host(ctx, ho); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.host.Close() })
	vo := restartOptions(url, "Vic")
	vo.iceNet = g.net
	for _, change := range victimOptions {
		change(&vo)
	}
	if g.victim, err = Join(ctx, vo, g.host.Room(), g.host.Secret()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.victim.Close() })
	if g.other, err = Join(ctx, restartOptions(url, "Ola"), g.host.Room(), g.host.Secret()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.other.Close() })
	cards := map[Seat]string{0: "card-harbour", 1: "card-circus", 2: "card-embassy"}
	g.host.SetTable(newVoteTable(3, cards))
	g.hostW, g.victimW, g.otherW = watch(g.host.Player()), watch(g.victim), watch(g.other)
	g.seat = g.victim.Seat()
	g.card = cards[g.seat]
	g.victimW.waitView(t, "the victim's card", func(v View) bool { return gameView(v).Card == g.card })
	if err := g.host.Player().Send(vote(1)); err != nil {
		t.Fatal(err)
	}
	g.victimW.waitView(t, "the host's vote", func(v View) bool { return gameView(v).Voted == 1 })
	return g
}

// cutAndVote cuts the victim's network, then the victim and the other peer vote: the round
// can only complete once the victim is back. Every action applies once: a second vote or
// token from the victim would be refused by the table.
func (g *cutGame) cutAndVote(t *testing.T) {
	t.Helper()
	if n := g.net.cut(); n == 0 {
		t.Fatal("the victim's ICE opened no socket on the cuttable network")
	}
	if err := g.victim.Send(vote(1)); err != nil {
		t.Fatalf("a vote during the outage: %v", err)
	}
	// And one more action once the victim knows it is reconnecting.
	g.victimW.until(t, "reconnecting", func() bool { return slices.Contains(g.victimW.status, StatusReconnecting) })
	if err := g.victim.Send(addToken(1)); err != nil {
		t.Fatalf("an action while reconnecting: %v", err)
	}
	if err := g.other.Send(vote(1)); err != nil {
		t.Fatal(err)
	}
	g.victimW.waitView(t, "the token on the victim's pile", func(v View) bool { return gameView(v).Pile == 1 })
	for i, w := range []*watcher{g.hostW, g.victimW, g.otherW} {
		v := w.waitView(t, "the vote completed", func(v View) bool {
			return len(gameView(v).Results) == 1 && len(v.Players) == 3 && v.Players[g.seat].Online
		})
		if got := gameView(v).Results[0]; got != 3 {
			t.Errorf("client %d: the round counted %d votes, want 3 (each once)", i, got)
		}
	}
	if v, _ := g.victimW.lastView(); v.You != g.seat || gameView(v).Card != g.card {
		t.Errorf("the victim sees seat %d card %q, want seat %d card %q", v.You, gameView(v).Card, g.seat, g.card)
	}
	g.victimW.mu.Lock()
	defer g.victimW.mu.Unlock()
	for _, n := range g.victimW.notices {
		if n.Code == CodeRefused {
			t.Errorf("the victim's vote was refused (applied twice?): %s", n.Notice)
		}
	}
}

// APP-REJOIN-1: a player whose network dies while its PeerConnection lives on comes back by
// an ICE restart on that same PeerConnection: the same data channel, no new hello (the host
// still serves the seat with the same connection), and the vote sent during the outage
// applies once.
// The restart starts on whichever sign comes first: the PeerConnection going disconnected
// (2 s here), or, with ICE timers too slow to tell, three silent heartbeats.
func TestICERestartBringsTheSameChannelBack_APP_REJOIN_1(t *testing.T) {
	t.Run("disconnected", func(t *testing.T) { testICERestart(t) })
	t.Run("heartbeat", func(t *testing.T) {
		testICERestart(t, func(o *Options) { o.ICEDisconnectedTimeout, o.ICEFailedTimeout = patience, patience })
	})
}

func testICERestart(t *testing.T, victimOptions ...func(*Options)) {
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	g := startCutGame(t, ctx, victimOptions...)
	connBefore, hostConnBefore := g.victim.current(), g.host.seatConn(g.seat)
	if hostConnBefore == nil {
		t.Fatal("the victim's seat has no connection on the host")
	}

	g.cutAndVote(t)

	g.victimW.until(t, "the restart's online", func() bool { return g.victim.restartCount() >= 1 })
	if g.victim.current() != connBefore {
		t.Error("the victim made a new connection; want the same one, restarted")
	}
	if got := g.host.seatConn(g.seat); got != hostConnBefore {
		t.Error("the host serves the victim's seat on a new connection: a new hello was handled")
	}
	if got := g.host.connCount(); got != 3 {
		t.Errorf("the host has %d connections, want 3 (no new one)", got)
	}
	if got := g.host.linkRestarts(); got < 1 {
		t.Errorf("the host answered %d ICE restarts, want at least 1", got)
	}
	if got := g.victim.Seat(); got != g.seat {
		t.Errorf("the victim is on seat %d, want %d", got, g.seat)
	}
}

// When no ICE restart can work (here the victim's signaling socket is gone), the client falls
// back to a new connection with its resume token: same seat, a new host connection, and the
// vote sent during the outage still applies once.
func TestWithoutSignalingTheClientFallsBackToANewConnection(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	g := startCutGame(t, ctx)
	connBefore, hostConnBefore := g.victim.current(), g.host.seatConn(g.seat)
	pc, ok := connBefore.(*peerConn)
	if !ok {
		t.Fatalf("the victim's connection is a %T", connBefore)
	}
	_ = pc.p.sig.ws.CloseNow()
	select {
	case <-pc.p.lost:
	case <-ctx.Done():
		t.Fatal("the closed signaling socket was not noticed")
	}
	if pc.canRestart() {
		t.Fatal("a connection without its signaling socket says it can restart ICE")
	}
	tokenBefore := g.victim.Token()

	g.cutAndVote(t)

	if g.victim.current() == connBefore {
		t.Error("the victim still uses its dead connection")
	}
	if got := g.host.seatConn(g.seat); got == nil || got == hostConnBefore {
		t.Error("the host does not serve the victim's seat on a new connection")
	}
	if got := g.victim.restartCount(); got != 0 {
		t.Errorf("%d ICE restarts without a signaling socket, want 0", got)
	}
	if g.victim.Seat() != g.seat || g.victim.Token() != tokenBefore {
		t.Errorf("came back as seat %d, want seat %d with the same token", g.victim.Seat(), g.seat)
	}
}

// A player whose link the host already dropped (a phone that slept past the host's patience)
// asks for an ICE restart; the host refuses it at once, and the player makes a new
// connection instead of waiting out its restart limit (here longer than the test's
// patience, so only the refusal can end the restart).
func TestRestartOfADroppedLinkIsRefusedAndFallsBack(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	g := startCutGame(t, ctx, func(o *Options) { o.RestartTimeout = 2 * patience })
	connBefore, hostConnBefore := g.victim.current(), g.host.seatConn(g.seat)
	victimSide := connBefore.(*peerConn).p
	links := func() int {
		g.host.mu.Lock()
		defer g.host.mu.Unlock()
		return len(g.host.links)
	}
	before := links()
	if n := g.net.cut(); n == 0 {
		t.Fatal("the victim's ICE opened no socket on the cuttable network")
	}
	_ = hostConnBefore.conn.Close() // what the host's silence watch does after six heartbeats
	deadline := time.Now().Add(patience)
	for links() != before-1 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if got := links(); got != before-1 {
		t.Fatalf("the host has %d links, want %d once the victim's is gone", got, before-1)
	}
	select {
	case <-victimSide.lost:
	case <-ctx.Done():
		t.Fatal("the victim's restart offer was not refused")
	}
	g.victimW.until(t, "back on a new connection", func() bool { return onlines(g.victimW) >= 2 })
	g.hostW.waitView(t, "the victim back online", func(v View) bool { return len(v.Players) == 3 && v.Players[g.seat].Online })
	if g.victim.current() == connBefore || g.victim.restartCount() != 0 || g.victim.Seat() != g.seat {
		t.Errorf("want the victim on seat %d over a new connection and no restart; seat %d, restarts %d",
			g.seat, g.victim.Seat(), g.victim.restartCount())
	}
}

// refusalLog counts the host's "ICE restart refused" log lines.
type refusalLog struct {
	slog.Handler
	refused *atomic.Int32
}

func (r refusalLog) Enabled(context.Context, slog.Level) bool { return true }

func (r refusalLog) Handle(_ context.Context, rec slog.Record) error {
	if rec.Message == "session: ICE restart refused" {
		r.refused.Add(1)
	}
	return nil
}

// Offers the host must not restart a link with change nothing: garbage from the peer itself,
// and another peer's offer (another DTLS identity) sent from the peer's socket. The sender is
// told (a refusal through the signaling server), the state number stays, the link keeps
// working on the same connection and no restart is answered.
func TestBadRestartOffersChangeNothing(t *testing.T) {
	var refused atomic.Int32
	before := slog.Default()
	slog.SetDefault(slog.New(refusalLog{Handler: before.Handler(), refused: &refused}))
	defer slog.SetDefault(before)
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	g := startCutGame(t, ctx)
	connBefore, hostConnBefore := g.victim.current(), g.host.seatConn(g.seat)
	victimSide := connBefore.(*peerConn).p
	otherSide := g.other.current().(*peerConn).p
	otherSide.mu.Lock()
	foreign := otherSide.pc.LocalDescription()
	otherSide.mu.Unlock()

	stateBefore := g.host.State()
	garbage := webrtc.SessionDescription{Type: webrtc.SDPTypeOffer, SDP: "v=0 nothing to see"}
	for _, offer := range []*webrtc.SessionDescription{&garbage, foreign} {
		if err := victimSide.sig.sendData("", signalData{SDP: wireSDP(*offer)}); err != nil {
			t.Fatal(err)
		}
	}
	deadline := time.Now().Add(patience)
	for refused.Load() < 2 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if got := refused.Load(); got != 2 {
		t.Fatalf("the host refused %d of 2 bad restart offers", got)
	}
	if got := g.host.linkRestarts(); got != 0 {
		t.Errorf("the host answered %d restarts, want 0", got)
	}
	if got := g.host.State(); got != stateBefore {
		t.Errorf("the state went from %d to %d", stateBefore, got)
	}
	select {
	case <-victimSide.lost: // refused: a restart of this connection is not tried again
	case <-ctx.Done():
		t.Fatal("the peer was not told its restart offers were refused")
	}
	if err := g.victim.Send(Intent{Kind: KindRename, Name: "Vicky"}); err != nil {
		t.Fatal(err)
	}
	g.hostW.waitView(t, "the rename", func(v View) bool { return v.Players[g.seat].Name == "Vicky" })
	if g.victim.current() != connBefore || g.host.seatConn(g.seat) != hostConnBefore {
		t.Error("the victim's connection changed")
	}
}

// A player whose first Join happens while the host is away (its tab reloading) waits and
// tries again until the host is back from its saved state, then is seated.
func TestFirstJoinWaitsForAnAwayHost(t *testing.T) {
	var aways atomic.Int32
	tap := func(raw []byte) {
		if strings.Contains(string(raw), `"t":"host-away"`) {
			aways.Add(1)
		}
	}
	signalTap.Store(&tap)
	defer signalTap.Store(nil)
	url, _ := startSignaling(t)
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	store := &MemoryStore{}
	opts := chaosOptions(url, "Hana")
	opts.Store = store
	host, err := Host(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	room, secret := host.Room(), host.Secret()
	host.crash()

	type joined struct {
		c   *Client
		err error
	}
	result := make(chan joined, 1)
	go func() {
		c, err := Join(ctx, chaosOptions(url, "Late"), room, secret)
		result <- joined{c, err}
	}()
	// Two attempts met the away host: Join is retrying, not failing.
	for aways.Load() < 2 && ctx.Err() == nil {
		time.Sleep(10 * time.Millisecond)
	}
	select {
	case r := <-result:
		t.Fatalf("Join returned while the host was away: %v", r.err)
	default:
	}

	saved, err := store.Load()
	if err != nil || saved == nil {
		t.Fatalf("nothing saved: %v", err)
	}
	st, err := DecodeHostState(saved)
	if err != nil {
		t.Fatal(err)
	}
	resumed, err := ResumeHost(ctx, opts, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer resumed.Close()
	r := <-result
	if r.err != nil {
		t.Fatalf("Join after the host came back: %v", r.err)
	}
	defer r.c.Close()
	if r.c.Seat() != 1 {
		t.Errorf("seated on %d, want 1", r.c.Seat())
	}
	w := watch(r.c)
	w.waitView(t, "both seats online", sameNames([]string{"Hana", "Late"}))
}

// A restart offer for a connection the host never had (a host tab that reloaded and
// reclaimed the room before the peer heard it was back) is refused at once: the host makes
// no PeerConnection for it, and the peer is told, so it connects afresh without waiting out
// the restart's limit.
func TestRestartOfferForAConnectionTheHostNeverHadIsRefused(t *testing.T) {
	url, ctx, host := hostOnLoopback(t)
	sig, err := dialSignal(ctx, url, host.Room())
	if err != nil {
		t.Fatal(err)
	}
	defer sig.close()
	if err := sig.send(wire.Message{T: wire.TypeJoin, Room: host.Room()}); err != nil {
		t.Fatal(err)
	}
	if m, err := sig.await(ctx); err != nil || m.T != wire.TypeJoined {
		t.Fatalf("joining: %v %+v", err, m)
	}
	pc, err := newPeerConnection(testOptions(url, "Peer"))
	if err != nil {
		t.Fatal(err)
	}
	defer pc.Close()
	if _, err := pc.CreateDataChannel(channelLabel, nil); err != nil {
		t.Fatal(err)
	}
	offer, err := pc.CreateOffer(nil) // what any peer's offer looks like to a host that has no link
	if err != nil {
		t.Fatal(err)
	}
	if err := sig.sendData("", signalData{SDP: wireSDP(offer), Restart: true}); err != nil {
		t.Fatal(err)
	}
	for {
		m, err := sig.await(ctx)
		if err != nil {
			t.Fatalf("waiting for the host's refusal: %v", err)
		}
		if m.T != wire.TypeFrom {
			continue
		}
		d, err := decodeSignalData(m.Data)
		if err != nil {
			t.Fatal(err)
		}
		if d.SDP != nil {
			t.Fatal("the host answered a restart of a connection it never had")
		}
		if d.Refused != "" {
			break
		}
	}
	host.mu.Lock()
	defer host.mu.Unlock()
	for id, l := range host.links {
		if l.pc != nil {
			t.Errorf("the host made a PeerConnection for link %s", id)
		}
	}
}
