//go:build !js

package main

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"

	"safehouse/qrcode"
)

func ipNet(cidr string) net.Addr {
	ip, n, err := net.ParseCIDR(cidr)
	if err != nil {
		panic(err)
	}
	n.IP = ip
	return n
}

func TestOpenURLs(t *testing.T) {
	ifaces := []net.Addr{
		ipNet("127.0.0.1/8"),
		ipNet("::1/128"),
		ipNet("203.0.113.7/24"),
		ipNet("192.168.1.23/24"),
		ipNet("fe80::1/64"),
		ipNet("169.254.3.4/16"),
		ipNet("10.0.0.5/8"),
		ipNet("192.168.1.23/24"), // the same address on two interfaces
	}
	tests := []struct {
		name   string
		scheme string
		listen net.Addr
		want   []string
	}{
		{"all interfaces", "http", &net.TCPAddr{IP: net.IPv6unspecified, Port: 8080}, []string{
			"http://192.168.1.23:8080/", "http://10.0.0.5:8080/", "http://203.0.113.7:8080/", "http://localhost:8080/",
		}},
		{"ipv4 wildcard, https", "https", &net.TCPAddr{IP: net.IPv4zero, Port: 8443}, []string{
			"https://192.168.1.23:8443/", "https://10.0.0.5:8443/", "https://203.0.113.7:8443/", "https://localhost:8443/",
		}},
		{"bound to one address", "http", &net.TCPAddr{IP: net.ParseIP("192.168.1.23"), Port: 9000}, []string{
			"http://192.168.1.23:9000/",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := openURLs(tt.scheme, tt.listen, ifaces)
			if strings.Join(got, " ") != strings.Join(tt.want, " ") {
				t.Fatalf("got %q\nwant %q", got, tt.want)
			}
		})
	}
	if got := openURLs("http", &net.TCPAddr{IP: net.IPv4zero, Port: 80}, nil); len(got) != 1 || got[0] != "http://localhost:80/" {
		t.Fatalf("without interfaces: %q", got)
	}
}

// The drawing decodes back, module for module, to the QR code of the text,
// quiet zone included.
func TestRenderQR(t *testing.T) {
	const text = "http://192.168.1.23:8080/"
	want, err := qrcode.Modules(text)
	if err != nil {
		t.Fatal(err)
	}
	for _, lightInk := range []bool{true, false} {
		drawing, err := renderQR(text, lightInk)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(drawing, "\n"), "\n")
		if len(lines) != (len(want)+1)/2 {
			t.Fatalf("%d lines for %d module rows", len(lines), len(want))
		}
		for y := range want {
			cells := []rune(lines[y/2])
			if len(cells) != len(want[y]) {
				t.Fatalf("line %d has %d cells, want %d", y/2, len(cells), len(want[y]))
			}
			for x, cell := range cells {
				var inked bool
				switch cell {
				case '█':
					inked = true
				case '▀':
					inked = y%2 == 0
				case '▄':
					inked = y%2 == 1
				case ' ':
				default:
					t.Fatalf("unexpected rune %q", cell)
				}
				dark := inked != lightInk
				if dark != want[y][x] {
					t.Fatalf("lightInk=%v: module (%d,%d) dark=%v, want %v", lightInk, x, y, dark, want[y][x])
				}
				onEdge := y < 4 || x < 4 || y >= len(want)-4 || x >= len(want)-4
				if onEdge && dark {
					t.Fatalf("quiet zone module (%d,%d) is dark", x, y)
				}
			}
		}
	}
}

func TestParseOptions(t *testing.T) {
	env := map[string]string{
		"SAFEHOUSE_ADDR":            ":9999",
		"SAFEHOUSE_GRACE":           "3m",
		"SAFEHOUSE_TRUSTED_PROXIES": "10.0.0.0/8",
		"SAFEHOUSE_ORIGINS":         "play.example.org, *.example.net",
	}
	o, err := parseOptions([]string{"-addr", ":7000", "-peers-per-room", "12"}, func(k string) string { return env[k] }, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if o.addr != ":7000" {
		t.Errorf("addr %q: the command line must beat the environment", o.addr)
	}
	if o.limits.HostGrace != 3*time.Minute || o.limits.PeersPerRoom != 12 {
		t.Errorf("grace %v, peers %d", o.limits.HostGrace, o.limits.PeersPerRoom)
	}
	if len(o.limits.TrustedProxies) != 1 || len(o.limits.OriginPatterns) != 2 || o.limits.OriginPatterns[1] != "*.example.net" {
		t.Errorf("proxies %v, origins %q", o.limits.TrustedProxies, o.limits.OriginPatterns)
	}

	bad := []struct {
		args []string
		env  map[string]string
	}{
		{[]string{"-grace", "soon"}, nil},
		{nil, map[string]string{"SAFEHOUSE_MAX_CONNS": "many"}},
		{[]string{"-trusted-proxies", "proxy.local"}, nil},
		{[]string{"-tls-cert", "cert.pem"}, nil},
		{[]string{"-site", "/no/such/dir"}, nil},
		{[]string{"stray"}, nil},
	}
	for _, b := range bad {
		if _, err := parseOptions(b.args, func(k string) string { return b.env[k] }, io.Discard); err == nil {
			t.Errorf("args %q env %v: accepted", b.args, b.env)
		}
	}
}

// The command serves the site and the signaling endpoint on one port and
// stops cleanly when its context ends.
func TestRunServesSiteAndSignal(t *testing.T) {
	site := t.TempDir()
	os.WriteFile(filepath.Join(site, "index.html"), []byte("<!doctype html>safehouse"), 0o644)
	os.WriteFile(filepath.Join(site, "app.wasm"), []byte("\x00asm"), 0o644)
	opts, err := parseOptions([]string{"-addr", "127.0.0.1:0", "-site", site, "-log-level", "error"}, func(string) string { return "" }, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, opts, pw, io.Discard)
		pw.Close()
	}()
	var base string
	sawNote := false
	lines := bufio.NewScanner(pr)
	for lines.Scan() {
		line := strings.TrimSpace(lines.Text())
		if strings.HasPrefix(line, "http://127.0.0.1:") {
			base = line
		}
		sawNote = sawNote || strings.Contains(line, "plain http")
		if strings.HasPrefix(line, "Press Ctrl+C") {
			break
		}
	}
	go io.Copy(io.Discard, pr)
	if base == "" || !sawNote {
		t.Fatalf("URL %q printed, plain-http note printed: %v", base, sawNote)
	}

	for path, wantType := range map[string]string{"": "text/html; charset=utf-8", "app.wasm": "application/wasm"} {
		resp, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != wantType {
			t.Fatalf("/%s: %d %q", path, resp.StatusCode, resp.Header.Get("Content-Type"))
		}
	}
	dialCtx, dialCancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer dialCancel()
	conn, _, err := websocket.Dial(dialCtx, "ws"+strings.TrimPrefix(base, "http")+"signal", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.CloseNow()
	conn.Write(dialCtx, websocket.MessageText, []byte(`{"t":"host"}`))
	if _, b, err := conn.Read(dialCtx); err != nil || !strings.Contains(string(b), `"hosted"`) {
		t.Fatalf("host answered %s, %v", b, err)
	}

	cancel()
	if _, _, err := conn.Read(dialCtx); websocket.CloseStatus(err) != websocket.StatusGoingAway {
		t.Fatalf("signaling socket ended with %v, want going away", err)
	}
	if err := <-done; err != nil {
		t.Fatalf("run returned %v", err)
	}
}

// A busy port is named with the flag that picks another one, not only "address already in use".
func TestBusyPortNamesTheFlag(t *testing.T) {
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	opts, err := parseOptions([]string{"-addr", busy.Addr().String(), "-log-level", "error"}, func(string) string { return "" }, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	err = run(context.Background(), opts, io.Discard, io.Discard)
	if err == nil {
		t.Fatal("run served on a busy port")
	}
	for _, want := range []string{"address already in use", "-addr", "SAFEHOUSE_ADDR", `RUN_FLAGS="-addr`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the error %q does not say %q", err, want)
		}
	}
}

// `make run` stops with one signal: SIGTERM to make leaves no server behind (with `go run`,
// the server went on serving after make and the go command were gone).
func TestMakeRunStopsOnOneSignal(t *testing.T) {
	makeBin, err := exec.LookPath("make")
	if err != nil {
		t.Skip("no make on PATH")
	}
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	site := t.TempDir()
	os.WriteFile(filepath.Join(site, "index.html"), []byte("<!doctype html>safehouse"), 0o644)
	free, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := free.Addr().String()
	free.Close()
	// -o site: serve the stand-in site rather than building the real one.
	cmd := exec.Command(makeBin, "--no-print-directory", "-o", "site", "run", "SITE="+site,
		"RUN_BIN="+filepath.Join(t.TempDir(), "safehouse"), "RUN_FLAGS=-addr "+addr+" -log-level error")
	cmd.Dir = root
	cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // its own group, so the cleanup reaches whatever it left
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() { syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) })

	serving := func() bool {
		resp, err := (&http.Client{Timeout: time.Second}).Get("http://" + addr + "/")
		if err == nil {
			resp.Body.Close()
		}
		return err == nil
	}
	deadline := time.Now().Add(3 * time.Minute) // make builds the server first
	for !serving() {
		select {
		case err := <-exited:
			t.Fatalf("make run ended before serving: %v", err)
		case <-time.After(200 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatal("make run never served")
		}
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case <-exited:
	case <-time.After(30 * time.Second):
		t.Fatal("make did not end after SIGTERM")
	}
	for i := 0; serving(); i++ {
		if i == 50 {
			t.Fatal("the server still serves after make ended")
		}
		time.Sleep(200 * time.Millisecond)
	}
}
