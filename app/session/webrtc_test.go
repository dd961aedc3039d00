//go:build !js

package session

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"runtime"
	"runtime/pprof"
	"strings"
	"sync"
	"testing"
	"time"

	"safehouse/signaling"
)

// startSignaling runs the real signaling server on loopback and returns its /signal URL
// and a stop function (also run at cleanup).
func startSignaling(t *testing.T) (string, func()) {
	t.Helper()
	srv := signaling.New(signaling.Config{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	mux := http.NewServeMux()
	mux.Handle("/signal", srv)
	ts := httptest.NewServer(mux)
	var once sync.Once
	stop := func() {
		once.Do(func() {
			_ = srv.Close()
			ts.Close()
		})
	}
	t.Cleanup(stop)
	return "ws" + strings.TrimPrefix(ts.URL, "http") + "/signal", stop
}

// hostOnLoopback runs the real signaling server and a host ("Hana") on it, both closed when
// the test ends, and returns the server's URL and a context bounded by patience.
func hostOnLoopback(t *testing.T) (string, context.Context, *HostSession) {
	t.Helper()
	url, _ := startSignaling(t)
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	t.Cleanup(cancel)
	host, err := Host(ctx, testOptions(url, "Hana"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { host.Close() })
	return url, ctx, host
}

func testOptions(url, name string) Options {
	return Options{
		SignalURL:              url,
		Name:                   name,
		Loopback:               true,
		ICEDisconnectedTimeout: 2 * time.Second,
		ICEFailedTimeout:       4 * time.Second,
	}
}

// checkNoLeaks waits for the goroutine count to settle back to base, and lists the
// goroutines still running if it does not.
func checkNoLeaks(t *testing.T, base int) {
	t.Helper()
	deadline := time.Now().Add(patience)
	for runtime.NumGoroutine() > base && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > base {
		var stacks bytes.Buffer
		_ = pprof.Lookup("goroutine").WriteTo(&stacks, 1)
		t.Fatalf("%d goroutines still running, %d before the test:\n%s", n, base, stacks.String())
	}
}

// joinAll joins n peers at once, named by name(i).
func joinAll(t *testing.T, ctx context.Context, url, room, secret string, n int, name func(int) string) []*Client {
	t.Helper()
	peers := make([]*Client, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			peers[i], errs[i] = Join(ctx, testOptions(url, name(i)), room, secret)
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			for _, p := range peers {
				if p != nil {
					p.Close()
				}
			}
			t.Fatalf("peer %d: %v", i, err)
		}
	}
	return peers
}

func (h *HostSession) channelCounts() (links int, channels []int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, l := range h.links {
		if l.conn != nil {
			links++
		}
		channels = append(channels, l.channels)
	}
	return links, channels
}

// A host and 11 peers over real WebRTC: everyone sees the same 12 names, each peer has
// exactly one data channel, renames reach everyone, and nothing keeps running afterwards.
func TestTwelvePlayersShareOneLobby(t *testing.T) {
	base := runtime.NumGoroutine()
	url, stopSignaling := startSignaling(t)
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()

	host, err := Host(ctx, testOptions(url, "Hana"))
	if err != nil {
		t.Fatal(err)
	}
	const peerCount = 11
	peers := joinAll(t, ctx, url, host.Room(), host.Secret(), peerCount, func(i int) string { return fmt.Sprintf("Peer %02d", i+1) })
	clients := append([]*Client{host.Player()}, peers...)
	watchers := make([]*watcher, len(clients))
	for i, c := range clients {
		watchers[i] = watch(c)
	}

	// Seats follow the order in which hellos reached the host, so compare as sets by seat.
	want := make([]string, len(clients))
	for i, c := range clients {
		if s := c.Seat(); s < 0 || int(s) >= len(want) || want[s] != "" {
			t.Fatalf("client %d has seat %d", i, s)
		}
		want[c.Seat()] = map[bool]string{true: "Hana", false: fmt.Sprintf("Peer %02d", i)}[i == 0]
	}
	for i, w := range watchers {
		v := w.waitView(t, "12 names", sameNames(want))
		if v.You != clients[i].Seat() || v.Room != host.Room() {
			t.Errorf("client %d: view says seat %d room %s, client has seat %d room %s", i, v.You, v.Room, clients[i].Seat(), host.Room())
		}
		if !v.Players[0].Host || v.Players[1].Host {
			t.Errorf("client %d: host flags wrong: %+v", i, v.Players[:2])
		}
	}
	links, channels := host.channelCounts()
	if links != peerCount || len(channels) != peerCount {
		t.Errorf("host has %d peers with a channel out of %d links, want %d", links, len(channels), peerCount)
	}
	for i, n := range channels {
		if n != 1 {
			t.Errorf("peer link %d opened %d data channels, want 1", i, n)
		}
	}

	// Everyone renames themselves at once; everyone sees every new name.
	for i, c := range clients {
		want[c.Seat()] = fmt.Sprintf("Agent %d", i)
		if err := c.Send(Intent{Kind: KindRename, Name: "  " + want[c.Seat()] + " "}); err != nil {
			t.Fatal(err)
		}
	}
	for _, w := range watchers {
		w.waitView(t, "12 new names", sameNames(want))
	}
	for _, w := range watchers {
		_, notices := w.counts()
		if notices != 0 {
			t.Errorf("a client got %d notices, want none", notices)
		}
	}

	// A peer that leaves shows as offline to everyone else, its seat kept.
	leaver := peers[peerCount-1]
	leaverSeat := leaver.Seat()
	leaver.Close()
	for _, w := range watchers[:peerCount] {
		w.waitView(t, "the leaver offline", func(v View) bool {
			return len(v.Players) == 12 && !v.Players[leaverSeat].Online
		})
	}

	for _, p := range peers {
		p.Close()
	}
	host.Close()
	for _, w := range watchers {
		<-w.done
	}
	stopSignaling()
	checkNoLeaks(t, base)
}

func TestJoinUnknownRoom(t *testing.T) {
	base := runtime.NumGoroutine()
	url, stopSignaling := startSignaling(t)
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	for _, code := range []string{"ZZZZZZ", "zz zz", "", "K7MPQ2-and-more", "Z!Z", "ZZZZZZZZZZZZZZZZZ"} {
		_, err := Join(ctx, testOptions(url, "Ann"), code, "")
		if !errors.Is(err, ErrUnknownRoom) {
			t.Errorf("Join(%q) = %v, want ErrUnknownRoom", code, err)
		}
		if err != nil && !strings.Contains(err.Error(), "code") {
			t.Errorf("Join(%q) error %q does not mention the code", code, err)
		}
	}
	stopSignaling()
	checkNoLeaks(t, base)
}

// Closing the host tells every remote player why, and ends their clients.
func TestHostCloseReachesPeers(t *testing.T) {
	url, _ := startSignaling(t)
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	host, err := Host(ctx, testOptions(url, "Hana"))
	if err != nil {
		t.Fatal(err)
	}
	peers := joinAll(t, ctx, url, host.Room(), host.Secret(), 2, func(i int) string { return fmt.Sprintf("P%d", i) })
	watchers := []*watcher{watch(peers[0]), watch(peers[1])}
	for _, w := range watchers {
		w.waitView(t, "three players", func(v View) bool { return len(v.Players) == 3 })
	}
	host.Close()
	for i, w := range watchers {
		<-w.done
		var codes []string
		for _, n := range w.notices {
			codes = append(codes, n.Code)
		}
		if len(codes) != 1 || codes[0] != CodeHostClosed {
			t.Errorf("peer %d got notices %q, want only %s", i, codes, CodeHostClosed)
		}
		if len(w.status) == 0 || w.status[len(w.status)-1] != StatusClosed {
			t.Errorf("peer %d statuses %v, want closed last", i, w.status)
		}
		peers[i].Close()
	}
}

// A peer gets one data channel: a second one it opens is closed by the host, and the first
// keeps working.
func TestSecondDataChannelIsRefused(t *testing.T) {
	url, ctx, host := hostOnLoopback(t)
	peer, err := Join(ctx, testOptions(url, "Ann"), host.Room(), host.Secret())
	if err != nil {
		t.Fatal(err)
	}
	defer peer.Close()
	w := watch(peer)

	for _, label := range []string{channelLabel, "sneaky"} {
		extra, err := peer.current().(*peerConn).p.pc.CreateDataChannel(label, nil)
		if err != nil {
			t.Fatal(err)
		}
		closed := make(chan struct{})
		extra.OnClose(func() { close(closed) })
		select {
		case <-closed:
		case <-ctx.Done():
			t.Fatalf("the host kept a second channel labelled %q", label)
		}
	}
	_, channels := host.channelCounts()
	if len(channels) != 1 || channels[0] != 3 {
		t.Errorf("host counted channels %v, want one peer with 3 opened", channels)
	}
	if err := peer.Send(Intent{Kind: KindRename, Name: "Ann B"}); err != nil {
		t.Fatal(err)
	}
	w.waitView(t, "the rename over the first channel", func(v View) bool {
		return len(v.Players) == 2 && v.Players[1].Name == "Ann B" && v.Players[1].Online
	})
}
