//go:build !wasm

package main

import (
	"encoding/json"
	"fmt"
	"time"
)

// bareChannelScript opens a data channel between two RTCPeerConnections of one page over
// loopback and returns how long it took, in ms: what WebRTC alone costs on this machine.
const bareChannelScript = `(async () => {
  const t0 = performance.now();
  const a = new RTCPeerConnection(), b = new RTCPeerConnection();
  a.onicecandidate = e => { if (e.candidate) b.addIceCandidate(e.candidate); };
  b.onicecandidate = e => { if (e.candidate) a.addIceCandidate(e.candidate); };
  const dc = a.createDataChannel("bare");
  const open = new Promise(r => { dc.onopen = r; });
  await a.setLocalDescription(await a.createOffer());
  await b.setRemoteDescription(a.localDescription);
  await b.setLocalDescription(await b.createAnswer());
  await a.setRemoteDescription(b.localDescription);
  await open;
  const took = performance.now() - t0;
  a.close(); b.close();
  return took;
})()`

// mountedScript records when the app's component is mounted (class "ready"), in ms since the
// navigation began: the part of a join that is the cached app starting.
const mountedScript = `(() => {
  const seen = () => {
    if (window.__mountedMS === undefined && document.querySelector(".app.ready")) {
      window.__mountedMS = performance.now();
    }
    return window.__mountedMS !== undefined;
  };
  if (seen()) return;
  const o = new MutationObserver(() => { if (seen()) o.disconnect(); });
  o.observe(document, {childList: true, subtree: true, attributes: true, attributeFilter: ["class"]});
})()`

// joinsPerHost keeps every room well below the host's seat limit.
const joinsPerHost = 10

// measureJoins times joins of a guest tab whose app is cached: from the navigation to the
// invite link until the host tab shows the guest's name. Hosts are fresh tabs, joinsPerHost
// joins each, as every join takes a new seat. Before each join it times a bare data channel
// in the guest tab. With udpBlocked the guest's Chromium sends no UDP at all (relayjoin.go),
// no bare channel can open, and each join must end on the relay.
func measureJoins(chrome, workDir, origin string, joins int, udpBlocked bool) (join, start, bare []time.Duration, err error) {
	var prefs map[string]any
	if udpBlocked {
		prefs = blockUDP
	}
	guest, err := openTabWith(chrome, workDir, prefs, origin)
	if err != nil {
		return nil, nil, nil, err
	}
	defer guest.close()
	if err := guest.onEveryPage(mountedScript); err != nil {
		return nil, nil, nil, err
	}
	if err := guest.navigate(origin + "/"); err != nil {
		return nil, nil, nil, err
	}
	if err := guest.waitFor(`document.querySelector(".app.ready #create")`, time.Minute); err != nil {
		return nil, nil, nil, err
	}
	if err := guest.waitFor(cachedScript, 30*time.Second); err != nil {
		return nil, nil, nil, fmt.Errorf("the guest's service worker never cached the wasm: %w", err)
	}

	var host *hostTab
	defer func() {
		if host != nil {
			host.close()
		}
	}()
	for i := range joins {
		if i%joinsPerHost == 0 {
			if host != nil {
				host.close()
			}
			if host, err = openHostTab(chrome, workDir, origin); err != nil {
				return nil, nil, nil, fmt.Errorf("the host tab: %w", err)
			}
		}
		// A bare channel right before each join, so both see the same load on the machine.
		if !udpBlocked {
			took, err := eval[float64](guest, bareChannelScript)
			if err != nil {
				return nil, nil, nil, fmt.Errorf("bare data channel: %w", err)
			}
			bare = append(bare, time.Duration(took*float64(time.Millisecond)))
		}

		// Each join is a new player: the name changes and the seat token the last join left
		// for the room is dropped (with it the app would take the last guest's seat back).
		name := fmt.Sprintf("Guest %d", i+1)
		key, _ := json.Marshal(name)
		if _, err := eval[bool](guest, fmt.Sprintf(`Object.keys(localStorage).filter(k => k.startsWith("safehouse.seat.")).forEach(k => localStorage.removeItem(k)), localStorage.setItem("safehouse.name", JSON.stringify(%s)), true`, key)); err != nil {
			return nil, nil, nil, err
		}
		if err := guest.navigate("about:blank"); err != nil {
			return nil, nil, nil, err
		}
		if err := guest.navigate(host.link); err != nil {
			return nil, nil, nil, err
		}
		seen, err := host.seenAt(name, 30*time.Second)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("join %d: %w", i+1, err)
		}
		if udpBlocked {
			if err := guest.waitFor(onRelayScript, 10*time.Second); err != nil {
				status, _ := eval[string](guest, `String(document.querySelector("#status")?.outerHTML)`)
				return nil, nil, nil, fmt.Errorf("join %d did not go through the relay (%s): %w", i+1, status, err)
			}
		}
		opened, err := eval[float64](guest, `performance.timeOrigin`)
		if err != nil {
			return nil, nil, nil, err
		}
		offset, err := clockOffset(guest)
		if err != nil {
			return nil, nil, nil, err
		}
		join = append(join, seen.Sub(time.UnixMicro(int64(opened*1000)).Add(-offset)))
		mounted, err := eval[float64](guest, `window.__mountedMS`)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("join %d: the app's start: %w", i+1, err)
		}
		start = append(start, time.Duration(mounted*float64(time.Millisecond)))
	}
	return join, start, bare, nil
}

func joinRows(chrome, workDir, origin string, joins int) []row {
	join, start, bare, err := measureJoins(chrome, workDir, origin, joins, false)
	if err != nil {
		return []row{goalJoin.missing(err)}
	}
	p95 := percentile(join, 95)
	return []row{
		goalJoin.check(fmt.Sprintf("%s / %s (%d joins)", ms(percentile(join, 50)), ms(p95), len(join)), p95 <= time.Second),
		info(goalJoin.section, "  of which: the cached app starting, p50 / p95",
			fmt.Sprintf("%s / %s", ms(percentile(start, 50)), ms(percentile(start, 95)))),
		info(goalJoin.section, "bare data channel open (two RTCPeerConnections in one tab), p50 / p95",
			fmt.Sprintf("%s / %s (%d)", ms(percentile(bare, 50)), ms(percentile(bare, 95)), len(bare))),
	}
}
