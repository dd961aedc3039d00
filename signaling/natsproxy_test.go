//go:build !js

package signaling

import (
	"io"
	"net"
	"sync"
	"testing"
	"time"
)

// natsProxy stands between one instance and NATS, on loopback: it can slow
// every byte down (delay, each way) or cut the instance off for a while, as a
// bad network link does, without touching NATS or the other instances.
type natsProxy struct {
	ln     net.Listener
	target string
	delay  time.Duration

	mu      sync.Mutex
	conns   []net.Conn
	cutTill time.Time
	wg      sync.WaitGroup
}

// startNATSProxy forwards a loopback port to the NATS server at target
// (host:port) until the test ends.
func startNATSProxy(t testing.TB, target string, delay time.Duration) *natsProxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &natsProxy{ln: ln, target: target, delay: delay}
	p.wg.Add(1)
	go p.serve()
	t.Cleanup(func() {
		ln.Close()
		p.closeAll()
		p.wg.Wait()
	})
	return p
}

// url is the NATS URL through the proxy.
func (p *natsProxy) url() string { return "nats://" + p.ln.Addr().String() }

func (p *natsProxy) serve() {
	defer p.wg.Done()
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		p.mu.Lock()
		cut := time.Now().Before(p.cutTill)
		p.mu.Unlock()
		if cut {
			c.Close()
			continue
		}
		up, err := net.Dial("tcp", p.target)
		if err != nil {
			c.Close()
			continue
		}
		p.mu.Lock()
		p.conns = append(p.conns, c, up)
		p.mu.Unlock()
		p.wg.Add(2)
		go p.pipe(up, c)
		go p.pipe(c, up)
	}
}

// pipe copies from src to dst, each read held back by the delay; when either
// side ends, both do.
func (p *natsProxy) pipe(dst, src net.Conn) {
	defer p.wg.Done()
	defer dst.Close()
	defer src.Close()
	if p.delay == 0 {
		io.Copy(dst, src)
		return
	}
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			time.Sleep(p.delay)
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}

func (p *natsProxy) closeAll() {
	p.mu.Lock()
	conns := p.conns
	p.conns = nil
	p.mu.Unlock()
	for _, c := range conns {
		c.Close()
	}
}

// cut drops the instance's connection to NATS and refuses it for d.
func (p *natsProxy) cut(d time.Duration) {
	p.mu.Lock()
	p.cutTill = time.Now().Add(d)
	p.mu.Unlock()
	p.closeAll()
}
