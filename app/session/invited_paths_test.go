//go:build !js

package session

import (
	"context"
	"testing"
	"time"
)

// Issue 29: a player who came by the link is seated at once on every path (a direct
// channel, the relay, after the host's tab reloaded, after the player's own reload) and
// comes back to its seat by itself when the host reloads. Being made to wait fails the test.
func TestInvitedPlayersAreSeatedAtOnceOnEveryPath(t *testing.T) {
	url, _ := startSignaling(t)
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	store := &MemoryStore{}
	hostOpts := chaosOptions(url, "Hana")
	hostOpts.Store = store
	host, err := Host(ctx, hostOpts)
	if err != nil {
		t.Fatal(err)
	}
	room, secret := host.Room(), host.Secret()
	join := func(o Options, want Path) *Client {
		t.Helper()
		jctx, jcancel := context.WithCancel(ctx)
		defer jcancel()
		o.OnWaiting = func() {
			t.Errorf("%s came by the link and was made to wait for the host", o.Name)
			jcancel()
		}
		c, err := Join(jctx, o, room, secret)
		if err != nil {
			t.Fatalf("%s: %v", o.Name, err)
		}
		t.Cleanup(func() { c.Close() })
		if got := c.Path(); got != want {
			t.Errorf("%s joined on path %q, want %q", o.Name, got, want)
		}
		return c
	}

	direct := join(chaosOptions(url, "Direct"), PathDirect)
	relayed := chaosOptions(url, "Relayed")
	relayed.noDirect = true // no ICE candidate: only the relay can connect
	relayed.DirectTimeout = 300 * time.Millisecond
	join(relayed, PathRelay)

	// The host's tab reloads: the seats come back by themselves, and a new player is seated.
	host.crash()
	saved, err := store.Load()
	if err != nil || saved == nil {
		t.Fatalf("nothing saved: %v", err)
	}
	st, err := DecodeHostState(saved)
	if err != nil {
		t.Fatal(err)
	}
	resumed, err := ResumeHost(ctx, hostOpts, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer resumed.Close()
	join(chaosOptions(url, "Late"), PathDirect)
	hw := watch(resumed.Player())
	hw.waitView(t, "every seat online after the host's reload", func(v View) bool {
		return len(v.Players) == 4 && v.Players[1].Online && v.Players[2].Online && v.Players[3].Online && len(v.Waiting) == 0
	})

	// Direct's page reloads: a new Join with its saved token and the link gets its seat back.
	seat, token := direct.Seat(), direct.Token()
	direct.Close()
	again := chaosOptions(url, "Direct")
	again.Token = token
	if back := join(again, PathDirect); back.Seat() != seat {
		t.Errorf("Direct came back on seat %d, want %d", back.Seat(), seat)
	}
	hw.waitView(t, "four seats, none waiting", func(v View) bool {
		return len(v.Players) == 4 && v.Players[1].Online && len(v.Waiting) == 0
	})
}

// Issue 29: a browser on a busy page fires the data channel's open event before its
// setRemoteDescription has finished, while remoteDescription is still null (Chromium, seen
// in the invite browser test: "the remote description (0 bytes) has none"). The proof in the
// hello signs the offer the player made and the answer it received, so it is there at that
// moment and the host verifies it; read from the PeerConnection it was empty, and the host
// made the invited player wait.
func TestInviteProofBeforeTheAnswerIsApplied(t *testing.T) {
	secret := newToken()
	guest, err := newPeerConnection(testOptions("", "Guest"))
	if err != nil {
		t.Fatal(err)
	}
	defer guest.Close()
	host, err := newPeerConnection(testOptions("", "Host"))
	if err != nil {
		t.Fatal(err)
	}
	defer host.Close()
	if _, err := guest.CreateDataChannel(channelLabel, nil); err != nil {
		t.Fatal(err)
	}
	offer, err := guest.CreateOffer(nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := guest.SetLocalDescription(offer); err != nil {
		t.Fatal(err)
	}
	if err := host.SetRemoteDescription(offer); err != nil {
		t.Fatal(err)
	}
	answer, err := host.CreateAnswer(nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := host.SetLocalDescription(answer); err != nil {
		t.Fatal(err)
	}

	// The guest's state when its channel opened: the offer sent, the host's answer received
	// (as offerDirect and the pump keep them), the answer not yet its remote description.
	p := &peerSide{pc: guest, offerSDP: offer.SDP, answerSDP: answer.SDP}
	if guest.RemoteDescription() != nil {
		t.Fatal("the guest's answer is applied: the test lost its point")
	}
	proof := p.inviteProof(secret)
	if proof == "" {
		t.Fatalf("no proof of the invite while the answer is being applied (%s)", p.proofGap())
	}
	if !hostProofCheck(secret, host)(proof) {
		t.Error("the host does not accept the proof")
	}
	if hostProofCheck(newToken(), host)(proof) {
		t.Error("the host accepts the proof under another secret")
	}
	if got := (&peerSide{pc: guest, offerSDP: offer.SDP, answerSDP: answer.SDP}).inviteProof(""); got != "" {
		t.Errorf("a typed code (no secret) has a proof: %q", got)
	}
}

// The console line of a player that holds the link's secret but cannot prove it on its
// direct channel names the description that lacks a DTLS fingerprint.
func TestProofGapNamesTheMissingDescription(t *testing.T) {
	p := &peerSide{}
	if got := p.proofGap(); got != "the offer (0 bytes) has none; the answer (0 bytes) has none" {
		t.Errorf("before the offer: %q", got)
	}
	pc, err := newPeerConnection(testOptions("", "Gap"))
	if err != nil {
		t.Fatal(err)
	}
	defer pc.Close()
	if _, err := pc.CreateDataChannel(channelLabel, nil); err != nil {
		t.Fatal(err)
	}
	offer, err := pc.CreateOffer(nil)
	if err != nil {
		t.Fatal(err)
	}
	p.offerSDP = offer.SDP
	if got := p.proofGap(); got != "the answer (0 bytes) has none" {
		t.Errorf("the offer made, no answer yet: %q", got)
	}
}
