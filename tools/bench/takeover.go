//go:build !wasm

package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"safehouse/app/session"
)

// takeoverRuns is how many games the takeover section kills and takes over for its p95.
const takeoverRuns = 12

// takeoverPlayers is how many phones sit at the table besides the host's: four holders, so
// three shares open the copy.
const takeoverPlayers = 4

var goalTakeover = goal{"takeover", fmt.Sprintf("\"Continue the game on this phone\" -> every phone playing again (%d phones, the others agreeing at once), p50 / p95", takeoverPlayers), "p95 <= 3000 ms"}

// takeoverRows measures issue 32's takeover natively, with pion on loopback and the real
// signaling server: a host in a process of its own (this binary with -takeover-host) seats
// takeoverPlayers pion players, which hold the sealed copy; the host's process is killed; one
// player presses "Continue the game on this phone" and the others agree as soon as they hear
// the ask. The time runs from the press to the last phone online again with the new host.
func takeoverRows(ctx context.Context, bin string) []row {
	// The signaling server alone (no site is served), its join limits raised: every phone
	// here joins from 127.0.0.1, run after run.
	srv, err := startServer(bin, "-joins-per-address", "100000", "-joins-per-room", "100000", "-failed-joins", "100000",
		"-rooms-per-address", "1000", "-conns-per-address", "10000")
	if err != nil {
		return []row{goalTakeover.missing(err)}
	}
	defer srv.stop()
	signal := srv.signal
	var times []time.Duration
	for range takeoverRuns {
		d, err := oneTakeover(ctx, signal)
		if err != nil {
			return []row{goalTakeover.missing(err)}
		}
		times = append(times, d)
	}
	log.Printf("takeover times: %v", times)
	slices.Sort(times)
	p95 := percentile(times, 95)
	return []row{goalTakeover.check(fmt.Sprintf("%s / %s (%d takeovers)", ms(percentile(times, 50)), ms(p95), len(times)), p95 <= 3*time.Second),
		takeoverSizeRow(ctx)}
}

// takeoverFiles are the files that hold the handoff and the takeover and nothing else, by
// package; code of theirs in shared files (the host's core, the shell) is not counted, so
// the row is a lower bound.
var takeoverFiles = map[string][]string{
	"safehouse/app/session": {"app/session/handoff.go", "app/session/handoff_host.go", "app/session/handoff_player.go", "app/session/becomehost.go",
		"app/session/takeover.go", "app/session/takeline.go", "app/session/seal_host.go", "app/session/seal_player.go"},
	"safehouse/app": {"app/handoff.go", "app/takeover.go"},
}

// takeoverSizeRow is the wasm code that issue 32's files add: the app built as make wasm
// builds it but with its function names, read by tools/wasmsize -files.
func takeoverSizeRow(ctx context.Context) row {
	const name = "wasm code the handoff and takeover add: their own files' functions, code and brotli alone"
	dir, err := os.MkdirTemp("", "bench-takeover-size")
	if err != nil {
		return unmeasured("takeover", name, "", err)
	}
	defer os.RemoveAll(dir)
	wasm := filepath.Join(dir, "app-names.wasm")
	args := []string{"build", "-trimpath", "-ldflags=-w", "-gcflags=safehouse/...=-l", "-gcflags=github.com/maxence-charriere/go-app/v10/...=-l", "-o", wasm}
	if _, err := os.Stat("build/wasm.mod"); err == nil {
		args = append(args, "-modfile=build/wasm.mod")
	}
	if _, err := os.Stat("build/std-overlay/overlay.json"); err == nil {
		args = append(args, "-overlay=build/std-overlay/overlay.json")
	}
	build := exec.CommandContext(ctx, "go", append(args, "./wasm")...)
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		return unmeasured("takeover", name, "", fmt.Errorf("building the app with names: %v\n%s", err, out))
	}
	var parts []string
	for _, pkg := range []string{"safehouse/app/session", "safehouse/app"} {
		label := map[string]string{"safehouse/app/session": "session", "safehouse/app": "screens"}[pkg]
		out, err := exec.CommandContext(ctx, "go", "run", "./tools/wasmsize", "-files", pkg+":"+strings.Join(takeoverFiles[pkg], ","), wasm).Output()
		if err != nil {
			return unmeasured("takeover", name, "", fmt.Errorf("tools/wasmsize: %v", err))
		}
		var files, funcs, code int
		var share float64
		var brotli int
		if _, err := fmt.Sscanf(strings.TrimPrefix(string(out), pkg+", "), "%d files: %d functions, %d bytes of code (%f %% of the code section), %d bytes brotli alone",
			&files, &funcs, &code, &share, &brotli); err != nil {
			return unmeasured("takeover", name, "", fmt.Errorf("reading tools/wasmsize's %q: %v", out, err))
		}
		parts = append(parts, fmt.Sprintf("%s %.0f KB (%.1f %% of the code), %.0f KB", label, float64(code)/1000, share, float64(brotli)/1000))
	}
	return info("takeover", name, strings.Join(parts, "; "))
}

// runTakeoverHost is the host's process of a takeover run: it hosts a room on signal, prints
// its code and invite secret, and plays until it is killed.
func runTakeoverHost(signal string) {
	h, err := session.Host(context.Background(), session.Options{SignalURL: signal, Name: "Host", Loopback: true})
	if err != nil {
		fmt.Println("error", err)
		os.Exit(1)
	}
	fmt.Println(h.Room(), h.Secret())
	select {}
}

// tablePhone is one player of a takeover run: its client and what it heard.
type tablePhone struct {
	c       *session.Client
	mu      sync.Mutex
	offered chan struct{}
	asked   chan struct{}
	host    chan *session.HostSession
	online  chan struct{} // an online after the host's process died
	dead    bool
	once    [3]sync.Once
}

func (p *tablePhone) follow() {
	for u := range p.c.Updates() {
		switch {
		case u.Takeover != nil && u.Takeover.Offer && u.Takeover.Possible:
			p.once[0].Do(func() { close(p.offered) })
		case u.Takeover != nil && u.Takeover.Asker >= 0:
			p.once[1].Do(func() { close(p.asked) })
		case u.Host != nil:
			p.host <- u.Host
		case u.Status == session.StatusOnline:
			p.mu.Lock()
			if p.dead {
				p.once[2].Do(func() { close(p.online) })
			}
			p.mu.Unlock()
		}
	}
}

func oneTakeover(ctx context.Context, signal string) (time.Duration, error) {
	ctx, cancel := context.WithTimeout(ctx, 90*time.Second)
	defer cancel()
	self, err := os.Executable()
	if err != nil {
		return 0, err
	}
	host := exec.CommandContext(ctx, self, "-takeover-host", signal)
	out, err := host.StdoutPipe()
	if err != nil {
		return 0, err
	}
	if err := host.Start(); err != nil {
		return 0, err
	}
	defer func() { _ = host.Process.Kill(); _ = host.Wait() }()
	line, err := bufio.NewReader(out).ReadString('\n')
	fields := strings.Fields(line)
	if err != nil || len(fields) != 2 {
		return 0, fmt.Errorf("the host's process said %q (%v)", line, err)
	}
	room, secret := fields[0], fields[1]
	var phones []*tablePhone
	defer func() {
		for _, p := range phones {
			p.c.Close()
		}
	}()
	for i := range takeoverPlayers {
		o := session.Options{SignalURL: signal, Name: fmt.Sprintf("Agent %d", i+1), Loopback: true,
			Heartbeat: 250 * time.Millisecond, RetryDelay: 50 * time.Millisecond, RetryMaxDelay: 500 * time.Millisecond,
			TakeoverAfter: 100 * time.Millisecond, ICEDisconnectedTimeout: time.Second, ICEFailedTimeout: 2 * time.Second}
		c, err := session.Join(ctx, o, room, secret)
		if err != nil {
			return 0, err
		}
		p := &tablePhone{c: c, offered: make(chan struct{}), asked: make(chan struct{}), host: make(chan *session.HostSession, 1), online: make(chan struct{})}
		phones = append(phones, p)
		go p.follow()
	}
	// Every phone holds a share of the deal of all of them, and a copy.
	for {
		ready := 0
		for _, p := range phones {
			if h := p.c.Holding(); h.Holds && h.Holders == takeoverPlayers && h.State > 0 {
				ready++
			}
		}
		if ready == len(phones) {
			break
		}
		select {
		case <-ctx.Done():
			return 0, errors.New("the phones never held a sealed copy each")
		case <-time.After(20 * time.Millisecond):
		}
	}
	for _, p := range phones {
		p.mu.Lock()
		p.dead = true
		p.mu.Unlock()
	}
	_ = host.Process.Kill()
	asker, others := phones[0], phones[1:]
	select {
	case <-asker.offered:
	case <-ctx.Done():
		return 0, errors.New("no offer to continue the game")
	}
	start := time.Now()
	if err := asker.c.AskTakeover(); err != nil {
		return 0, err
	}
	for _, p := range others {
		go func() {
			select {
			case <-p.asked:
				_ = p.c.AgreeTakeover()
			case <-ctx.Done():
			}
		}()
	}
	var newHost *session.HostSession
	select {
	case newHost = <-asker.host:
	case <-ctx.Done():
		return 0, errors.New("the asking phone never became the host")
	}
	defer newHost.Close()
	for _, p := range others {
		select {
		case <-p.online:
		case <-ctx.Done():
			return 0, errors.New("a phone never came back to the new host")
		}
	}
	return time.Since(start), nil
}
