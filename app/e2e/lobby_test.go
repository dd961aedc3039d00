//go:build !wasm

package e2e

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"safehouse/app/session"
)

// nativePeer is a player on pion's Go stack, joined the way a browser joins.
type nativePeer struct {
	client *session.Client
	mu     sync.Mutex
	names  []string
	notes  []string
}

func joinNative(t *testing.T, signalURL, room, secret, name string) *nativePeer {
	t.Helper()
	p := &nativePeer{}
	p.client = joinListening(t, signalURL, room, secret, name, func(u session.Update) {
		p.mu.Lock()
		defer p.mu.Unlock()
		if u.View != nil {
			p.names = p.names[:0]
			for _, pl := range u.View.Players {
				p.names = append(p.names, pl.Name)
			}
		}
		if u.Notice != "" {
			p.notes = append(p.notes, u.Notice)
		}
	})
	return p
}

// joinListening joins room as a native pion player, the way a browser joins, and hands every
// update to onUpdate (from one goroutine, in order) until the test ends.
func joinListening(t *testing.T, signalURL, room, secret, name string, onUpdate func(session.Update)) *session.Client {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	c, err := session.Join(ctx, session.Options{SignalURL: signalURL, Name: name, Loopback: true}, room, secret)
	if err != nil {
		t.Fatalf("native peer %s: join %s: %v", name, room, err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for u := range c.Updates() {
			onUpdate(u)
		}
	}()
	t.Cleanup(func() {
		c.Close()
		<-done
	})
	return c
}

func (p *nativePeer) playerNames() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.names)
}

// eventually polls until ok, failing with the last state seen after waitLimit.
func eventually(t *testing.T, what string, check func() (state string, ok bool)) {
	t.Helper()
	deadline := time.Now().Add(waitLimit)
	for {
		state, ok := check()
		if ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("waited %s for %s; last seen: %s", waitLimit, what, state)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// sameTable waits until the two tabs and the native peer show exactly want, in one order.
func sameTable(t *testing.T, want []string, tabs []*tab, native *nativePeer) {
	t.Helper()
	eventually(t, fmt.Sprintf("every player to see %v", want), func() (string, bool) {
		ref := native.playerNames()
		state := fmt.Sprintf("native %v", ref)
		ok := sameSet(ref, want)
		for _, tb := range tabs {
			got := tb.playerNames()
			state += fmt.Sprintf(", %s %v", tb.label, got)
			ok = ok && slices.Equal(got, ref)
		}
		return state, ok
	})
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// A host tab creates a game, a second browser joins through the invite link, a native pion
// peer joins with the same link's code and secret; all three see the same three names,
// renames reach everyone, and a name that is too long is refused on the spot.
func TestLobbyAcrossBrowsersAndNativePeer(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)

	host := h.openBrowser("host tab", h.origin, true)
	host.open(h.origin + "/")
	if note := eval[bool](host, `document.getElementById("insecure-note") !== null`); note {
		host.fatalf("the plain-http note shows on %s, a secure context", h.origin)
	}
	h.screenshots(host, "home")

	// Creating without a name is refused with a message, and nothing else happens.
	host.click("create")
	host.waitJS(`document.getElementById("name-error").textContent.length > 0`, "the missing-name message")
	if got := host.text("name-error"); !strings.Contains(got, "name") {
		host.fatalf("missing-name message %q", got)
	}
	if eval[bool](host, `document.getElementById("lobby-room") !== null`) {
		host.fatalf("a game was created without a name")
	}

	host.typeInto("name", "Maya")
	host.click("create")
	host.waitJS(`document.querySelectorAll("#players .player-name").length === 1`, "the host's lobby")
	room := host.text("lobby-room")
	link := host.value("invite-link")
	u, err := url.Parse(link)
	if err != nil {
		t.Fatalf("invite link %q: %v", link, err)
	}
	frag, _ := url.ParseQuery(u.Fragment)
	if len(room) != 6 || frag.Get("join") != room || len(frag.Get("k")) < 22 || u.RawQuery != "" {
		t.Fatalf("invite link %q does not carry room %q and a secret in its fragment", link, room)
	}
	if n := eval[int](host, `document.querySelectorAll("#qr svg path").length`); n != 1 {
		host.fatalf("the lobby shows %d QR paths, want the invite QR", n)
	}

	guest := h.openBrowser("guest tab", h.origin, true)
	guest.open(link)
	// A first-time guest is asked only for a name, and told which game waits.
	guest.waitJS(`document.getElementById("invited-title") !== null`, "the invited screen")
	if body := guest.text("invited-body"); !strings.Contains(body, room) {
		guest.fatalf("invited screen %q does not name room %s", body, room)
	}
	h.screenshots(guest, "invited")
	guest.click("join") // no name yet: refused on the spot
	guest.waitJS(`document.getElementById("name-error").textContent.length > 0`, "the missing-name message")
	guest.typeInto("name", "Leo")
	guest.click("join")
	guest.waitJS(`document.querySelectorAll("#players .player-name").length >= 2`, "the guest's lobby")

	native := joinNative(t, h.signal, room, frag.Get("k"), "Nadia")
	tabs := []*tab{host, guest}
	sameTable(t, []string{"Maya", "Leo", "Nadia"}, tabs, native)

	for _, tb := range tabs {
		hosts := eval[[]string](tb, `[...document.querySelectorAll("#players .player")].filter(li => li.querySelector(".badge.host")).map(li => li.querySelector(".player-name").textContent)`)
		if !slices.Equal(hosts, []string{"Maya"}) {
			tb.fatalf("host badge on %v, want only Maya", hosts)
		}
		tb.waitJS(`document.querySelectorAll("#players .presence.online").length === 3`, "three online dots")
		you := eval[[]string](tb, `[...document.querySelectorAll("#players .player.you .player-name")].map(e => e.textContent)`)
		if len(you) != 1 {
			tb.fatalf("%d rows marked as you, want 1", len(you))
		}
	}
	h.screenshots(host, "lobby-host")
	h.screenshots(guest, "lobby-guest")

	// Renaming in the guest tab reaches the host and the native peer.
	guest.typeInto("rename-input", "Leonid")
	guest.click("rename")
	sameTable(t, []string{"Maya", "Leonid", "Nadia"}, tabs, native)

	// A rename from the native peer reaches both tabs.
	if err := native.client.Send(session.Intent{Kind: session.KindRename, Name: "Nadja"}); err != nil {
		t.Fatalf("native rename: %v", err)
	}
	sameTable(t, []string{"Maya", "Leonid", "Nadja"}, tabs, native)

	// A name that is too long is refused in the guest's own tab; nobody else sees a change.
	guest.typeInto("rename-input", strings.Repeat("x", 30))
	guest.click("rename")
	guest.waitJS(`document.getElementById("rename-error").textContent.length > 0`, "the too-long message")
	if got := guest.text("rename-error"); !strings.Contains(got, "24") {
		guest.fatalf("too-long message %q does not say the limit", got)
	}
	sameTable(t, []string{"Maya", "Leonid", "Nadja"}, tabs, native)

	// Copying the invite says it worked.
	host.click("copy")
	host.waitJS(`document.getElementById("toast").textContent.length > 0`, "the copy toast")
	if got := host.text("toast"); got != "Link copied." {
		host.fatalf("copy toast %q", got)
	}

	// The host's phone sleeps (its page frozen): the guest sees a banner naming the host, and
	// the rename, which needs the host, is disabled with that banner as its reason. The host
	// comes back (its page reloaded, as a woken phone often does): the banner goes and the
	// rename works again.
	setLifecycle(host, page.SetWebLifecycleStateStateFrozen)
	guest.waitJS(`document.getElementById("host-away-title") !== null`, "the banner for the host's device")
	if got := guest.text("host-away-title"); got != "The game is waiting for Maya's device" {
		guest.fatalf("host-away banner %q", got)
	}
	if !eval[bool](guest, `document.getElementById("rename").matches(":disabled") && document.getElementById("rename").closest("fieldset").getAttribute("aria-describedby") === "host-away-body"`) {
		guest.fatalf("the rename is not held with the banner as its reason: %s",
			eval[string](guest, `document.getElementById("rename").parentElement.outerHTML`))
	}
	h.screenshots(guest, "lobby-guest-host-away")
	setLifecycle(host, page.SetWebLifecycleStateStateActive)
	host.reload()
	guest.waitJS(`document.getElementById("host-away-title") === null && !document.getElementById("rename").matches(":disabled")`, "the banner gone with the host back")
	guest.typeInto("rename-input", "Leo")
	guest.click("rename")
	for _, tb := range tabs {
		tb.waitJS(`[...document.querySelectorAll("#players .player-name")].some(e => e.textContent === "Leo")`, "the rename after the host came back")
	}

	// The guest leaves: it is back home, and the others see it away.
	guest.click("leave")
	guest.waitJS(`document.getElementById("create") !== null && location.hash === ""`, "the guest back home")
	host.waitJS(`document.querySelectorAll("#players .presence.away").length === 1`, "the guest shown away")
}

// Bad codes and damaged links get a clear page with a way home, on a plain-http origin
// (safehouse.test, mapped to loopback) where the app must also say what is unavailable.
func TestBadCodesAndPlainHTTP(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	origin := "http://safehouse.test:" + h.port
	tb := h.openBrowser("plain-http tab", origin, false)
	tb.open(origin + "/")
	if !eval[bool](tb, `document.getElementById("insecure-note") !== null && !window.isSecureContext`) {
		tb.fatalf("no plain-http note on an insecure origin")
	}
	h.screenshot(tb, "home-plain-http", phone, "dark")
	h.screenshot(tb, "home-plain-http", phone, "light")

	tb.typeInto("name", "Ivan")

	// A malformed code is refused before anything is sent.
	tb.typeInto("code", "AB1")
	tb.click("join")
	tb.waitJS(`document.getElementById("code-error").textContent.length > 0`, "the malformed-code message")
	if got := tb.text("code-error"); !strings.Contains(got, "6 letters and digits") {
		tb.fatalf("malformed-code message %q", got)
	}

	tests := []struct {
		name      string
		enter     func()
		wantTitle string
		wantBody  string
	}{
		{
			name:      "typed unknown code",
			enter:     func() { tb.typeInto("code", "zzz zzz"); tb.click("join") },
			wantTitle: "Game not found",
			wantBody:  "No game with code ZZZZZZ — check the code or ask the host for a new link.",
		},
		{
			name:      "link to an unknown room",
			enter:     func() { tb.open(origin + "/#join=ZZZZZ2&k=q9Zk3xW0bT2vLr8mN4pY6A") },
			wantTitle: "Game not found",
			wantBody:  "No game with code ZZZZZ2 — check the code or ask the host for a new link.",
		},
		{
			name:      "damaged link",
			enter:     func() { tb.open(origin + "/#join=ZZZZZ2&k=short") },
			wantTitle: "This link doesn't work",
			wantBody:  "The invite link is incomplete or damaged.",
		},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tb.t = t
			defer func() { tb.t = h.t }()
			tt.enter()
			tb.waitJS(`document.getElementById("error-title") !== null`, "the error page")
			if got := tb.text("error-title"); got != tt.wantTitle {
				tb.fatalf("title %q, want %q", got, tt.wantTitle)
			}
			if got := tb.text("error-body"); !strings.HasPrefix(got, tt.wantBody) {
				tb.fatalf("body %q, want %q", got, tt.wantBody)
			}
			if i == 0 {
				h.screenshots(tb, "error-unknown-room")
			}
			tb.click("back-home")
			tb.waitJS(`document.getElementById("create") !== null && location.hash === ""`, "home again")
		})
	}
}

// While the signaling server has not answered, the player sees what is happening and can
// cancel back home; a late answer after cancelling changes nothing.
func TestConnectingScreenCancels(t *testing.T) {
	t.Parallel()
	gate := make(chan struct{})
	h := newHarness(t, gate)
	tb := h.openBrowser("waiting tab", h.origin, true)
	tb.open(h.origin + "/")
	tb.typeInto("name", "Ivan")
	tb.typeInto("code", "K7MPQ2")
	tb.click("join")
	tb.waitJS(`document.getElementById("connecting-title") !== null`, "the connecting screen")
	if got := tb.text("connecting-title"); got != "Joining game K7MPQ2…" {
		tb.fatalf("connecting title %q", got)
	}
	h.screenshots(tb, "connecting")
	tb.click("cancel")
	tb.waitJS(`document.getElementById("create") !== null`, "home after cancelling")
	close(gate) // the held join now fails (unknown room) but was cancelled: no error page
	tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("code").focus()`))
	tb.typeInto("code", "K7MPQ3")
	tb.click("join")
	tb.waitJS(`document.getElementById("error-title") !== null`, "the answer to the second join")
	if got := tb.text("error-body"); !strings.Contains(got, "K7MPQ3") {
		tb.fatalf("error page %q is about the cancelled join, not the second one", got)
	}
}

// openHostLobby opens a host tab that creates a game as Maya, and returns it with the room
// code and the invite secret read from its invite link.
func openHostLobby(t *testing.T, h *harness, label string, everyPage ...string) (host *tab, room, secret string) {
	t.Helper()
	host = h.openBrowser(label, h.origin, true)
	for _, script := range everyPage {
		host.onEveryPage(script)
	}
	host.open(h.origin + "/")
	host.typeInto("name", "Maya")
	host.click("create")
	host.waitJS(`document.querySelectorAll("#players .player-name").length === 1`, "the host's lobby")
	u, err := url.Parse(host.value("invite-link"))
	if err != nil {
		t.Fatal(err)
	}
	frag, _ := url.ParseQuery(u.Fragment)
	return host, host.text("lobby-room"), frag.Get("k")
}

// setLifecycle freezes a page (a phone that sleeps: no script runs, nothing answers) or
// wakes it again.
func setLifecycle(tb *tab, state page.SetWebLifecycleStateState) {
	tb.t.Helper()
	if _, err := chromedp.Call(tb.ctx, page.SetWebLifecycleState, page.SetWebLifecycleStateParams{State: state}); err != nil {
		tb.t.Fatalf("%s: Page.setWebLifecycleState %s: %v", tb.label, state, err)
	}
}
