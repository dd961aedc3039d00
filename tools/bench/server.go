//go:build !wasm

package main

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// server is the project's own server binary (signaling/cmd/safehouse) running as a child
// process, so its memory can be read from outside.
type server struct {
	cmd    *exec.Cmd
	addr   string // 127.0.0.1:PORT
	origin string // http://127.0.0.1:PORT
	signal string // ws://127.0.0.1:PORT/signal
}

// buildServer compiles the server command into dir and returns the binary's path.
func buildServer(ctx context.Context, dir string) (string, error) {
	bin := filepath.Join(dir, "safehouse")
	cmd := exec.CommandContext(ctx, "go", "build", "-trimpath", "-o", bin, "./signaling/cmd/safehouse")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("building the server: %v\n%s", err, out)
	}
	return bin, nil
}

// startServer runs the server binary on a free loopback port with the given extra flags
// (e.g. -site DIR) and waits until it accepts connections.
func startServer(bin string, flags ...string) (*server, error) {
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	args := append([]string{"-addr", addr, "-log-level", "error"}, flags...)
	cmd := exec.Command(bin, args...)
	cmd.Stderr = os.Stderr
	dieWithParent(cmd)
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting the server: %w", err)
	}
	s := &server{cmd: cmd, addr: addr, origin: "http://" + addr, signal: "ws://" + addr + "/signal"}
	deadline := time.Now().Add(15 * time.Second)
	for {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			c.Close()
			return s, nil
		}
		if time.Now().After(deadline) {
			s.stop()
			return nil, fmt.Errorf("the server did not listen on %s: %v", addr, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// stop ends the server and waits for it.
func (s *server) stop() {
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { _ = s.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(8 * time.Second):
		_ = s.cmd.Process.Kill()
		<-done
	}
}

// rss is the server process's resident memory in bytes (VmRSS of /proc/PID/status).
func (s *server) rss() (int64, error) {
	return processRSS(s.cmd.Process.Pid)
}

func processRSS(pid int) (int64, error) {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	var kb int64
	for _, line := range strings.Split(string(raw), "\n") {
		if n, _ := fmt.Sscanf(line, "VmRSS: %d kB", &kb); n == 1 {
			return kb << 10, nil
		}
	}
	return 0, fmt.Errorf("no VmRSS in /proc/%d/status", pid)
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
