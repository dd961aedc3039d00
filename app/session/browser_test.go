//go:build !js

package session

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"safehouse/signaling"
	"safehouse/tools/chromium"
	"safehouse/wasm/buildflags"
)

// The browser build of this package (pion's wrapper of RTCPeerConnection, the browser's
// WebSocket) against the native one, in headless Chromium: testdata/browserplayer is built
// to wasm and posts what it sees to /report.

// browserReport mirrors the report of testdata/browserplayer.
type browserReport struct {
	Page   string   `json:"page"`
	Kind   string   `json:"kind"`
	Room   string   `json:"room"`
	Secret string   `json:"secret"`
	State  uint64   `json:"state"`
	Names  []string `json:"names"`
	Msg    string   `json:"msg"`
}

type browserSite struct {
	base, signal string
	browser      *chromium.Browser // one Chromium, a tab of its own (a browser context) per page

	mu      sync.Mutex
	reports map[string]chan browserReport // by page: the subtests run at once
}

// reportsOf is the channel of page's reports.
func (s *browserSite) reportsOf(page string) chan browserReport {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.reports[page]
	if !ok {
		c = make(chan browserReport, 1024)
		s.reports[page] = c
	}
	return c
}

// startBrowserSite builds the wasm player, serves it with the signaling server, and starts
// the Chromium (at path) its pages open in.
func startBrowserSite(t *testing.T, path string) *browserSite {
	t.Helper()
	dir := t.TempDir()
	// make wasm's flags: the standard library and pion for js/wasm are then its compiles.
	args := append(append([]string{"build"}, buildflags.Wasm(filepath.Join("..", ".."))...), "-o", filepath.Join(dir, "player.wasm"), "./testdata/browserplayer")
	build := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), args...)
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the wasm player: %v\n%s", err, out)
	}
	wasmExec, err := os.ReadFile(filepath.Join(runtime.GOROOT(), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		t.Fatal(err)
	}
	// The site's script that joins before the app runs (the "earlyjoin-" pages use it).
	earlyJoin, err := os.ReadFile(filepath.Join("..", "..", "wasm", "gen", "earlyjoin.js"))
	if err != nil {
		t.Fatal(err)
	}
	page := `<!doctype html><title>player</title><script src="earlyjoin.js"></script><script src="wasm_exec.js"></script><script>
const go = new Go();
WebAssembly.instantiateStreaming(fetch("player.wasm"), go.importObject).then(r => go.run(r.instance));
</script>`
	for name, body := range map[string][]byte{"wasm_exec.js": wasmExec, "earlyjoin.js": earlyJoin, "index.html": []byte(page)} {
		if err := os.WriteFile(filepath.Join(dir, name), body, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	site := &browserSite{reports: map[string]chan browserReport{}}
	srv := signaling.New(signaling.Config{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	mux := http.NewServeMux()
	mux.Handle("/signal", srv)
	mux.HandleFunc("POST /report", func(w http.ResponseWriter, r *http.Request) {
		var rep browserReport
		if err := json.NewDecoder(io.LimitReader(r.Body, 1<<16)).Decode(&rep); err != nil {
			rep = browserReport{Kind: "error", Msg: "unreadable report: " + err.Error()}
		}
		select {
		case site.reportsOf(rep.Page) <- rep:
		default:
		}
	})
	mux.Handle("/", http.FileServer(http.Dir(dir)))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := &http.Server{Handler: mux}
	go hs.Serve(ln)
	t.Cleanup(func() {
		_ = srv.Close()
		_ = hs.Close()
	})
	site.base = "http://" + ln.Addr().String()
	site.signal = "ws://" + ln.Addr().String() + "/signal"
	site.browser = chromium.StartForTest(t, path, chromium.Options{})
	return site
}

// openPage opens url in a tab of its own (another phone) until the test ends, with the media
// permission that lets it gather loopback candidates on the site's origin.
func (s *browserSite) openPage(t *testing.T, url string) {
	t.Helper()
	tab, closeTab, err := s.browser.NewTab()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(closeTab)
	if err := chromium.Grant(tab, s.base, chromium.Media...); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(tab, patience)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatalf("opening %s: %v", url, err)
	}
}

// openKindPages hosts a room and opens, one after the other, a page PREFIX+KIND=ROOM.SECRET of
// each kind of want, whose report of reportKind must match want's pattern. It returns the
// host and a watcher of its player.
func openKindPages(t *testing.T, ctx context.Context, site *browserSite, prefix, reportKind string, want map[string]*regexp.Regexp) (*HostSession, *watcher) {
	t.Helper()
	host, err := Host(ctx, testOptions(site.signal, "Hana"))
	if err != nil {
		t.Fatal(err)
	}
	hw := watch(host.Player())
	for kind, pattern := range want {
		page := prefix + kind + "=" + host.Room() + "." + host.Secret()
		site.openPage(t, site.base+"/index.html#"+page)
		got := site.awaitReport(t, page, "the page's "+reportKind+" report", func(r browserReport) bool { return r.Kind == reportKind })
		if !pattern.MatchString(got.Msg) {
			t.Errorf("the page %s%s: %q, want %s", prefix, kind, got.Msg, pattern)
		}
	}
	return host, hw
}

// awaitReport returns the first report of page that satisfies ok, after checking that the
// page's views arrive in state order; an error report ends the test.
func (s *browserSite) awaitReport(t *testing.T, page, what string, ok func(browserReport) bool) browserReport {
	t.Helper()
	deadline := time.NewTimer(patience)
	defer deadline.Stop()
	var lastState uint64
	for {
		select {
		case r := <-s.reportsOf(page):
			if r.Kind == "error" {
				t.Fatalf("the browser reports: %s", r.Msg)
			}
			if r.Kind == "view" {
				if r.State <= lastState {
					t.Fatalf("the browser got view %d after view %d", r.State, lastState)
				}
				lastState = r.State
			}
			if ok(r) {
				return r
			}
		case <-deadline.C:
			t.Fatalf("gave up waiting for the browser: %s", what)
		}
	}
}

// renamesInOrder checks that the views w received show seat's names going through want in
// order, one state at a time, with nothing skipped or reordered.
func renamesInOrder(t *testing.T, w *watcher, seat int, want []string) {
	t.Helper()
	w.mu.Lock()
	defer w.mu.Unlock()
	var seen []string
	for i, v := range w.views {
		if i > 0 && v.State != w.views[i-1].State+1 {
			t.Errorf("view state %d follows %d", v.State, w.views[i-1].State)
		}
		if seat < len(v.Players) && (len(seen) == 0 || seen[len(seen)-1] != v.Players[seat].Name) {
			seen = append(seen, v.Players[seat].Name)
		}
	}
	if !slices.Equal(seen, want) {
		t.Errorf("seat %d went through names %q, want %q", seat, seen, want)
	}
}

func renameSeries(first, prefix string, n int) []string {
	out := []string{first}
	for i := 1; i <= n; i++ {
		out = append(out, fmt.Sprintf("%s #%d", prefix, i))
	}
	return out
}

func TestBrowserBuildPlaysWithNativePeers(t *testing.T) {
	site := startBrowserSite(t, chromium.ForTest(t))
	// The four run at once, each with its own tab, host and peers: one after the other they
	// took 39 s of the race run's longest package, mostly waiting for ICE and the pages.
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	t.Cleanup(cancel) // not defer: the parallel subtests run after this function returns

	t.Run("browser joins a native host", func(t *testing.T) {
		t.Parallel()
		host, err := Host(ctx, testOptions(site.signal, "Hana"))
		if err != nil {
			t.Fatal(err)
		}
		defer host.Close()
		pion, err := Join(ctx, testOptions(site.signal, "Pion"), host.Room(), host.Secret())
		if err != nil {
			t.Fatal(err)
		}
		defer pion.Close()
		hw := watch(host.Player())
		page := "join=" + host.Room() + "." + host.Secret()
		site.openPage(t, site.base+"/index.html#"+page)

		// The page renames itself 20 times in a burst once it sees all three players.
		site.awaitReport(t, page, "its last rename", func(r browserReport) bool {
			return r.Kind == "view" && slices.Equal(r.Names, []string{"Hana", "Pion", "Web #20"})
		})
		hw.waitView(t, "the browser's last rename", func(v View) bool { return len(v.Players) == 3 && v.Players[2].Name == "Web #20" })
		renamesInOrder(t, hw, 2, renameSeries("Web", "Web", 20))
	})

	t.Run("browser hosts native peers", func(t *testing.T) {
		t.Parallel()
		page := "host-peers"
		site.openPage(t, site.base+"/index.html#"+page)
		hosted := site.awaitReport(t, page, "its room", func(r browserReport) bool { return r.Kind == "room" })
		o := testOptions(site.signal, "Pion")
		o.OnWaiting = func() { t.Error("the browser host did not take the invite proof") }
		pion, err := Join(ctx, o, hosted.Room, hosted.Secret)
		if err != nil {
			t.Fatal(err)
		}
		defer pion.Close()
		pw := watch(pion)
		pw.waitView(t, "the browser host", func(v View) bool { return len(v.Players) == 2 && v.Players[0].Name == "Web Host" && v.Players[0].Host })
		for i := 1; i <= 20; i++ {
			if err := pion.Send(Intent{Kind: KindRename, Name: fmt.Sprintf("Pion #%d", i)}); err != nil {
				t.Fatal(err)
			}
		}
		pw.waitView(t, "the last rename", func(v View) bool { return len(v.Players) == 2 && v.Players[1].Name == "Pion #20" })
		renamesInOrder(t, pw, 1, renameSeries("Pion", "Pion", 20))
		site.awaitReport(t, page, "the host's view of the last rename", func(r browserReport) bool {
			return r.Kind == "view" && slices.Equal(r.Names, []string{"Web Host", "Pion #20"})
		})
	})

	// An invite's page opens the signaling socket while the app downloads; the join speaks on
	// it when the page opened it to the address the join dials, and otherwise (another room's
	// address, a socket already ended) closes it and dials as before (earlysocket_js.go).
	t.Run("browser joins on the page's early socket", func(t *testing.T) {
		t.Parallel()
		host, hw := openKindPages(t, ctx, site, "early-", "socket", map[string]*regexp.Regexp{
			"same":  regexp.MustCompile(`^taken, open, 0 dialled$`),
			"other": regexp.MustCompile(`^taken, clos(ing|ed), 1 dialled$`),
			"ended": regexp.MustCompile(`^taken, closed, 1 dialled$`),
		})
		defer host.Close()
		hw.waitView(t, "the three pages seated", func(v View) bool { return len(v.Players) == 4 })
	})

	// An invite's page joins while the app downloads (wasm/gen/earlyjoin.js); the app's join
	// goes on with the page's socket, PeerConnection and channel, whether the channel is open
	// already, the offer has just gone out, or is still being made (the app waits for it), and
	// its hello proves the invite on them. A page's join of another room is closed, and the
	// app joins anew.
	t.Run("browser takes the page's early join", func(t *testing.T) {
		t.Parallel()
		taken := regexp.MustCompile(`^0 dialled, 1 peers, the first connected$`)
		host, hw := openKindPages(t, ctx, site, "earlyjoin-", "early", map[string]*regexp.Regexp{
			"open":    taken,
			"offered": taken,
			"joining": taken,
			"room":    regexp.MustCompile(`^1 dialled, 2 peers, the first closed$`),
		})
		defer host.Close()
		hw.waitView(t, "the four pages seated", func(v View) bool { return len(v.Players) == 5 })
		if n := host.connCount(); n != 5 {
			t.Errorf("the host serves %d connections, want 5 (its own and one per page)", n)
		}
	})

	// A busy phone's browser opens a QR seat's channel, and the player's hello arrives, before
	// the host's PeerConnection shows the answer as its remote description (seen under load in
	// TestFirefoxQRCodesBothWays): the hello's proof is checked against the descriptions the
	// host made and took, and the invited player is seated, not made to knock.
	t.Run("browser QR host on a busy page", func(t *testing.T) {
		t.Parallel()
		page := "qr-busy"
		site.openPage(t, site.base+"/index.html#"+page)
		site.awaitReport(t, page, "the player seated by the QR host", func(r browserReport) bool {
			return r.Kind == "view" && slices.Equal(r.Names, []string{"Web Host", "Web"})
		})
	})

	// APP-REJOIN-1: the host's path dies while both PeerConnections live on; Chromium's
	// player restarts ICE (the js build's iceRestart offer), the native host answers it on
	// the same link, and the player is back on its seat without a new hello.
	t.Run("browser restarts ICE with a native host", func(t *testing.T) {
		t.Parallel()
		cuttable := newCuttableNet(t)
		o := restartOptions(site.signal, "Hana")
		o.iceNet = cuttable
		host, err := Host(ctx, o)
		if err != nil {
			t.Fatal(err)
		}
		defer host.Close()
		hw := watch(host.Player())
		page := "restart=" + host.Room() + "." + host.Secret()
		site.openPage(t, site.base+"/index.html#"+page)
		site.awaitReport(t, page, "online", func(r browserReport) bool { return r.Kind == "status" && r.Msg == string(StatusOnline) })
		hw.waitView(t, "the browser seated", sameNames([]string{"Hana", "Web"}))
		before := host.seatConn(1)

		if cuttable.cut() == 0 {
			t.Fatal("the host's ICE opened no socket on the cuttable network")
		}
		site.awaitReport(t, page, "reconnecting", func(r browserReport) bool { return r.Kind == "status" && r.Msg == string(StatusReconnecting) })
		site.awaitReport(t, page, "online again", func(r browserReport) bool { return r.Kind == "status" && r.Msg == string(StatusOnline) })
		hw.waitView(t, "the browser's rename after the restart", sameNames([]string{"Hana", "Web back 1"}))
		if host.seatConn(1) != before || host.connCount() != 2 {
			t.Error("the browser came back on a new connection; want the same one, restarted")
		}
		if got := host.linkRestarts(); got < 1 {
			t.Errorf("the host answered %d ICE restarts, want at least 1", got)
		}
	})

	// APP-REJOIN-1: a native player's path dies; Chromium's host answers its ICE restart on
	// the existing link (the js build's reanswer), and the player is back without a new hello.
	t.Run("browser host answers a native ICE restart", func(t *testing.T) {
		t.Parallel()
		page := "host-restart"
		site.openPage(t, site.base+"/index.html#"+page)
		invite := site.awaitReport(t, page, "its room", func(r browserReport) bool { return r.Kind == "room" })
		cuttable := newCuttableNet(t)
		o := restartOptions(site.signal, "Pion")
		o.iceNet = cuttable
		pion, err := Join(ctx, o, invite.Room, invite.Secret)
		if err != nil {
			t.Fatal(err)
		}
		defer pion.Close()
		pw := watch(pion)
		pw.waitView(t, "the browser host", sameNames([]string{"Web Host", "Pion"}))
		before := pion.current()

		if cuttable.cut() == 0 {
			t.Fatal("the player's ICE opened no socket on the cuttable network")
		}
		pw.until(t, "the restart", func() bool { return pion.restartCount() >= 1 })
		if err := pion.Send(Intent{Kind: KindRename, Name: "Pion back"}); err != nil {
			t.Fatal(err)
		}
		site.awaitReport(t, page, "the host's view of the rename", func(r browserReport) bool {
			return r.Kind == "view" && slices.Equal(r.Names, []string{"Web Host", "Pion back"})
		})
		if pion.current() != before {
			t.Error("the player made a new connection; want the same one, restarted")
		}
	})
}
