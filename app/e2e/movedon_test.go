//go:build !wasm

package e2e

import (
	"context"
	"fmt"
	"net/url"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"safehouse/app/game"
	"safehouse/app/session"
	"safehouse/engine/spyfall"
)

// networkSwitch lets a test take a page off the network and give it back: while
// window.__offline is set, every new WebSocket goes to a closed port, and goOffline closes
// the page's open sockets and peer connections, as a phone that lost its network finds them.
const networkSwitch = `(() => {
	const NativeWS = window.WebSocket, NativePC = window.RTCPeerConnection;
	window.__offline = false;
	window.__sockets = [];
	window.__pcs = [];
	window.WebSocket = class extends NativeWS {
		constructor(url, ...rest) { super(window.__offline ? "ws://127.0.0.1:9/offline" : url, ...rest); window.__sockets.push(this); }
	};
	window.RTCPeerConnection = class extends NativePC {
		constructor(...args) { super(...args); window.__pcs.push(this); }
	};
	window.goOffline = () => {
		window.__offline = true;
		window.__sockets.forEach(s => s.close());
		window.__pcs.forEach(pc => pc.close());
	};
})();`

// takerPeer is a native player who may continue the game on its own device: it makes the
// game's table from a sealed copy as the app does, and keeps what it hears of a takeover.
type takerPeer struct {
	*spyPeer
	mu2    sync.Mutex
	offers int
	asks   int
	host   *session.HostSession
}

func joinTaker(t *testing.T, h *harness, room, secret, name string) *takerPeer {
	t.Helper()
	p := &takerPeer{spyPeer: &spyPeer{t: t, name: name}}
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	o := session.Options{SignalURL: h.signal, Name: name, Loopback: true, Store: &session.MemoryStore{},
		TakeoverAfter: 300 * time.Millisecond, OpenTable: func(saved []byte, clock func() time.Time) (session.Table, error) {
			room := game.NewRoom(game.Options{Now: clock})
			return room, room.UnmarshalBinary(saved)
		}}
	c, err := session.Join(ctx, o, room, secret)
	if err != nil {
		t.Fatalf("native peer %s: %v", name, err)
	}
	p.client = c
	done := make(chan struct{})
	go func() {
		defer close(done)
		for u := range c.Updates() {
			p.update(u)
			p.mu2.Lock()
			if tk := u.Takeover; tk != nil && tk.Offer && tk.Possible {
				p.offers++
			}
			if tk := u.Takeover; tk != nil && tk.Asker >= 0 {
				p.asks++
			}
			if u.Host != nil {
				p.host = u.Host
				go p.follow(u.Host.Player()) // its player plays on as the host's own
			}
			p.mu2.Unlock()
		}
	}()
	t.Cleanup(func() {
		c.Close()
		<-done
		p.mu2.Lock()
		host := p.host
		p.mu2.Unlock()
		if host != nil {
			host.Close()
		}
	})
	return p
}

func (p *takerPeer) follow(c *session.Client) {
	for u := range c.Updates() {
		p.update(u)
	}
}

func (p *takerPeer) until(what string, ok func() bool) {
	p.t.Helper()
	eventually(p.t, p.name+": "+what, func() (string, bool) {
		p.mu2.Lock()
		defer p.mu2.Unlock()
		return fmt.Sprintf("%d offers, %d asks, hosting %v", p.offers, p.asks, p.host != nil), ok()
	})
}

// APP-HOST-2 in the browser: the host's phone loses its network mid-round (its page stays
// open); the table continues the game on Leo's phone; when the host's phone is back on the
// network, its page is told the game went on without it and comes back as Maya's seat, with
// her card, while Leo's phone hosts.
func TestHostTabBackAfterATakeoverRejoinsAsItsSeat_APP_HOST_2(t *testing.T) {
	t.Parallel()
	start := time.Now()
	step := func(what string) { t.Logf("%6.1fs %s", time.Since(start).Seconds(), what) }
	h := newHarness(t, nil)
	host := h.openBrowser("host tab", h.origin, true)
	host.onEveryPage(networkSwitch)
	host.open(h.origin + "/")
	host.typeInto("name", "Maya")
	host.click("create")
	host.waitJS(`document.querySelectorAll("#players .player-name").length === 1`, "the host's lobby")
	u, err := url.Parse(host.value("invite-link"))
	if err != nil {
		t.Fatal(err)
	}
	frag, _ := url.ParseQuery(u.Fragment)
	room, secret := host.text("lobby-room"), frag.Get("k")
	leo := joinTaker(t, h, room, secret, "Leo")
	host.waitJS(`document.querySelectorAll("#players .player-name").length === 2`, "Leo seated")
	nadia := joinTaker(t, h, room, secret, "Nadia")
	host.waitJS(`[...document.querySelectorAll("#players .player-name")].map(e => e.textContent).join() === "Maya,Leo,Nadia"`, "the table")
	press(host, "#set-rounds button[data-value='1']")
	host.waitJS(`document.querySelector("#set-rounds button[data-value='1'][aria-pressed=true]") !== null`, "one round")
	press(host, "#start-game")
	v := leo.waitView("the deal", func(v *spyfall.View) bool { return v.Phase == spyfall.PhaseDealt && v.Card != nil })
	host.waitJS(`document.querySelector('main.spyfall[data-phase="dealt"]') !== null`, "the deal on the host")
	card := cardFace(host)
	step("dealt")
	eventually(t, "Leo and Nadia holding a sealed copy of the deal", func() (string, bool) {
		ok := true
		var got []string
		for _, p := range []*takerPeer{leo, nadia} {
			p.spyPeer.mu.Lock()
			state := p.state
			p.spyPeer.mu.Unlock()
			have := p.client.Holding()
			got = append(got, fmt.Sprintf("%s: copy %d of view %d", p.name, have.State, state))
			ok = ok && have.State >= state && have.State > 0
		}
		return fmt.Sprint(got), ok
	})

	host.do(chromedp.Evaluate[chromedp.Void](`window.goOffline()`))
	step("host offline")
	leo.until("the offer", func() bool { return leo.offers > 0 })
	if err := leo.client.AskTakeover(); err != nil {
		t.Fatal(err)
	}
	nadia.until("Leo's ask", func() bool { return nadia.asks > 0 })
	if err := nadia.client.AgreeTakeover(); err != nil {
		t.Fatal(err)
	}
	leo.until("hosting", func() bool { return leo.host != nil })
	step("Leo hosts")

	// The host's phone is back on the network, and its page is looked at again.
	host.do(chromedp.Evaluate[chromedp.Void](`window.__offline = false; document.dispatchEvent(new Event("visibilitychange"))`))
	host.waitJS(`document.getElementById("handoff-moved-ok") !== null`, "the page told the game moved on")
	host.waitJS(`document.querySelector("main.spyfall") !== null && document.getElementById("host-menu") === null`, "Maya back in the game as a player")
	step("Maya told and back")
	eventually(t, "Maya online with Leo hosting", func() (string, bool) {
		leo.spyPeer.mu.Lock()
		defer leo.spyPeer.mu.Unlock()
		ok := len(leo.players) == 3 && leo.players[0].Name == "Leo" && leo.players[0].Host
		for _, p := range leo.players {
			ok = ok && p.Online
		}
		return fmt.Sprintf("%+v", leo.players), ok
	})
	h.phoneShots(host, "takeover-moved-on")
	if got := cardFace(host); fmt.Sprint(got) != fmt.Sprint(card) || len(card) == 0 {
		t.Errorf("Maya came back with the card %q, she had %q", got, card)
	}
	if w := leo.waitView("the round as dealt", func(v *spyfall.View) bool { return v.Phase == spyfall.PhaseDealt }); w.Card == nil || w.Card.Spy != v.Card.Spy {
		t.Errorf("Leo holds %+v after the takeover, had %+v", w.Card, v.Card)
	}
	host.click("handoff-moved-ok")
	host.waitJS(`document.getElementById("handoff-moved-ok") === null`, "the notice dismissed")
	step("done")
}
