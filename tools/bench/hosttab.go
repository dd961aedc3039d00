//go:build !wasm

package main

import (
	"encoding/json"
	"fmt"
	"net/url"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// nameScript records in the host tab, for every player name its lobby list or a Spyfall
// round's seat chips show, the wall clock time (Unix ms, sub-millisecond) at which the name
// first appeared in the page.
const nameScript = `(() => {
  window.__seen = window.__seen || {};
  const scan = () => {
    const t = performance.timeOrigin + performance.now();
    for (const e of document.querySelectorAll("#players .player-name, #sf-players .sf-chip-name")) {
      if (!(e.textContent in window.__seen)) window.__seen[e.textContent] = t;
    }
  };
  new MutationObserver(scan).observe(document.body, {childList: true, subtree: true, characterData: true});
  scan();
  return true;
})()`

// hostTab is the app in Chromium, hosting a game.
type hostTab struct {
	*tab
	room, secret, link string
	offset             time.Duration // the page's clock minus ours
}

// openHostTab opens the app, creates a game as "Host" and starts recording when names appear.
func openHostTab(chrome, workDir, origin string) (*hostTab, error) {
	t, err := openTab(chrome, workDir, origin)
	if err != nil {
		return nil, err
	}
	h := &hostTab{tab: t}
	if err := h.create(origin); err != nil {
		t.close()
		return nil, err
	}
	return h, nil
}

func (h *hostTab) create(origin string) error {
	if err := h.navigate(origin + "/"); err != nil {
		return err
	}
	if err := h.waitFor(`document.querySelector(".app.ready #create")`, time.Minute); err != nil {
		return err
	}
	// The name the home screen remembers (go-app keeps localStorage values as JSON), then a
	// reload so the home screen reads it, as on a player's second visit.
	if _, err := eval[bool](h.tab, `localStorage.setItem("safehouse.name", JSON.stringify("Host")), true`); err != nil {
		return err
	}
	if err := h.navigate(origin + "/"); err != nil {
		return err
	}
	if err := h.waitFor(`document.querySelector(".app.ready #create")`, time.Minute); err != nil {
		return err
	}
	if _, err := eval[bool](h.tab, `document.getElementById("create").click(), true`); err != nil {
		return err
	}
	if err := h.waitFor(`document.getElementById("invite-link") && document.getElementById("invite-link").value`, time.Minute); err != nil {
		return fmt.Errorf("the host's lobby: %w", err)
	}
	link, err := eval[string](h.tab, `document.getElementById("invite-link").value`)
	if err != nil {
		return err
	}
	u, err := url.Parse(link)
	if err != nil {
		return fmt.Errorf("invite link %q: %w", link, err)
	}
	frag, _ := url.ParseQuery(u.Fragment)
	h.link, h.room, h.secret = link, frag.Get("join"), frag.Get("k")
	if h.room == "" || h.secret == "" {
		return fmt.Errorf("invite link %q carries no room and secret", link)
	}
	if _, err = eval[bool](h.tab, nameScript); err != nil {
		return err
	}
	h.offset, err = clockOffset(h.tab)
	return err
}

// clockOffset estimates how far the page's wall clock (performance.timeOrigin + now(), which
// runs on a monotonic clock from the navigation on) is ahead of this process's, from the
// quickest of several round trips.
func clockOffset(t *tab) (time.Duration, error) {
	best := time.Duration(-1)
	var offset time.Duration
	for range 10 {
		before := time.Now()
		pageMS, err := eval[float64](t, `performance.timeOrigin + performance.now()`)
		if err != nil {
			return 0, err
		}
		after := time.Now()
		if rtt := after.Sub(before); best < 0 || rtt < best {
			best = rtt
			offset = time.UnixMicro(int64(pageMS * 1000)).Sub(before.Add(rtt / 2))
		}
	}
	return offset, nil
}

// seenAt waits until the host tab has shown name and returns when it first did, on this
// process's clock.
func (h *hostTab) seenAt(name string, limit time.Duration) (time.Time, error) {
	key, _ := json.Marshal(name)
	expr := fmt.Sprintf(`window.__seen[%s]`, key)
	if err := h.waitFor(expr+` !== undefined`, limit); err != nil {
		return time.Time{}, err
	}
	unixMS, err := eval[float64](h.tab, expr)
	if err != nil {
		return time.Time{}, err
	}
	return time.UnixMicro(int64(unixMS * 1000)).Add(-h.offset), nil
}

// wasmMemory is the size of the tab's WebAssembly memory: the Go heap and everything else the
// app's wasm holds. The page's script cannot reach it (go-app keeps its Go instance in a local
// variable), so the DevTools protocol looks for every WebAssembly.Memory in the page.
func (t *tab) wasmMemory() (int64, error) {
	proto, err := chromedp.Call(t.ctx, runtime.Evaluate, runtime.EvaluateParams{Expression: "WebAssembly.Memory.prototype"})
	if err != nil {
		return 0, err
	}
	found, err := chromedp.Call(t.ctx, runtime.QueryObjects,
		runtime.QueryObjectsParams{PrototypeObjectID: runtime.RemoteObjectID(proto.Result.ObjectID)})
	if err != nil {
		return 0, err
	}
	byValue := true
	size, err := chromedp.Call(t.ctx, runtime.CallFunctionOn, runtime.CallFunctionOnParams{
		FunctionDeclaration: "function() { return this.reduce((n, m) => Math.max(n, m.buffer.byteLength), 0) }",
		ObjectID:            runtime.RemoteObjectID(found.Objects.ObjectID),
		ReturnByValue:       &byValue,
	})
	if err != nil {
		return 0, err
	}
	var n int64
	if err := json.Unmarshal(size.Result.Value, &n); err != nil {
		return 0, fmt.Errorf("the wasm memory's size %s: %w", size.Result.Value, err)
	}
	return n, nil
}
