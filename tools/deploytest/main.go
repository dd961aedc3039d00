//go:build !wasm

// Command deploytest plays a game through a running deployment (deploy/compose.yaml, started
// by `make deploy-test`): native players (the session package with pion, on this machine's
// loopback) host and join through the reverse proxy, a round of Spyfall starts, the signaling
// instance that homes the room is killed, and the game must go on: the host's session comes
// back through another instance, which adopts the room, a late player joins through the
// proxy, and the round is voted to its end over the direct channels. It also checks that the
// proxy serves the site compressed. It prints each step and exits 1 at the first failure.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"safehouse/app/game"
	"safehouse/app/session"
	"safehouse/engine"
	"safehouse/engine/spyfall"
)

func main() {
	base := flag.String("url", "http://127.0.0.1:8080", "the proxy's base URL")
	metrics := flag.String("metrics", "", "comma-separated /metrics URLs of the signaling instances, in order")
	kill := flag.String("kill", "podman kill safehouse-%d", "command that kills instance N (1-based, %d)")
	patience := flag.Duration("patience", 3*time.Minute, "how long the whole test may take")
	verbose := flag.Bool("v", false, "show the session's own log")
	flag.Parse()
	if !*verbose {
		slog.SetDefault(slog.New(slog.DiscardHandler))
	}
	ctx, cancel := context.WithTimeout(context.Background(), *patience)
	defer cancel()
	d := &driver{ctx: ctx, base: strings.TrimSuffix(*base, "/"), metrics: strings.Split(*metrics, ","), kill: *kill, start: time.Now()}
	if err := d.run(); err != nil {
		d.say("FAILED: %v", err)
		os.Exit(1)
	}
	d.say("PASSED: the game went on after its room's instance was killed")
}

type driver struct {
	ctx     context.Context
	base    string
	metrics []string
	kill    string
	start   time.Time
}

func (d *driver) say(format string, args ...any) {
	fmt.Printf("deploytest %6.1fs  %s\n", time.Since(d.start).Seconds(), fmt.Sprintf(format, args...))
}

func (d *driver) signalURL() string { return "ws" + strings.TrimPrefix(d.base, "http") + "/signal" }

func (d *driver) options(name string) session.Options {
	return session.Options{SignalURL: d.signalURL(), Name: name, Loopback: true,
		Heartbeat: 200 * time.Millisecond, RetryDelay: 50 * time.Millisecond, RetryMaxDelay: 500 * time.Millisecond}
}

func (d *driver) run() error {
	if err := d.checkSite(); err != nil {
		return err
	}
	host, err := d.hostWhenReady()
	if err != nil {
		return err
	}
	defer host.Close()
	host.SetTable(game.NewRoom(game.Options{}))
	d.say("hosted room %s through the proxy", host.Room())
	clients := []*session.Client{host.Player()}
	for i := range 3 {
		c, err := session.Join(d.ctx, d.options(fmt.Sprintf("Agent %d", i+1)), host.Room(), host.Secret())
		if err != nil {
			return fmt.Errorf("player %d joining: %w", i+1, err)
		}
		defer c.Close()
		clients = append(clients, c)
	}
	screens := make([]*screen, len(clients))
	for i, c := range clients {
		screens[i] = watch(c)
	}
	d.say("3 players joined")
	spy, spySeat, err := d.startRound(clients, screens)
	if err != nil {
		return err
	}
	d.say("round 1 dealt and the clock running (the spy is seat %d)", spySeat)

	home, err := d.homeOf()
	if err != nil {
		return err
	}
	if err := d.together(home, len(clients)); err != nil { // the host's socket and each player's
		return err
	}
	d.say("the room's home is instance %d, and the proxy sent it every socket of the room: connections per instance %s", home, d.spread())
	args := strings.Fields(fmt.Sprintf(d.kill, home))
	if out, err := exec.CommandContext(d.ctx, args[0], args[1:]...).CombinedOutput(); err != nil {
		return fmt.Errorf("killing instance %d (%s): %v\n%s", home, strings.Join(args, " "), err, out)
	}
	for d.rooms(home) != -1 {
		if d.ctx.Err() != nil {
			return fmt.Errorf("instance %d still answers after the kill", home)
		}
		time.Sleep(50 * time.Millisecond)
	}
	d.say("killed instance %d, the room's home", home)

	var adopted int
	for {
		if adopted, err = d.adopted(); err != nil {
			return err
		}
		if adopted > 0 {
			d.say("the host came back: instance %d adopted the room", adopted)
			break
		}
		if d.ctx.Err() != nil {
			return errors.New("no instance adopted the room")
		}
		host.Check()
		time.Sleep(100 * time.Millisecond)
	}
	late, err := session.Join(d.ctx, d.options("Late agent"), host.Room(), host.Secret())
	if err != nil {
		return fmt.Errorf("a late player joining after the kill: %w", err)
	}
	defer late.Close()
	if _, err := watch(late).spyfall(d.ctx, func(v *spyfall.View) bool { return v.Round == 1 }); err != nil {
		return fmt.Errorf("the late player's view of the game: %w", err)
	}
	// The players whose sockets went with the killed instance play on over their direct
	// channels and open a socket again only when they need one: the host's and the late
	// player's are the room's sockets now.
	if err := d.together(adopted, 2); err != nil {
		return err
	}
	d.say("a late player joined the adopted room, and the room's sockets are all on instance %d: connections per instance %s", adopted, d.spread())

	accuser := 1
	if accuser == spy {
		accuser = 2
	}
	if err := act(clients[accuser], spyfall.Accuse{Round: 1, Suspect: spySeat}); err != nil {
		return err
	}
	v, err := screens[0].spyfall(d.ctx, func(v *spyfall.View) bool { return v.Vote != nil })
	if err != nil {
		return fmt.Errorf("the vote never opened: %w", err)
	}
	vote := v.Vote
	for i := range clients {
		if i == accuser || i == spy {
			continue
		}
		v, err := screens[i].spyfall(d.ctx, func(v *spyfall.View) bool { return v.Vote != nil && v.Vote.ID == vote.ID })
		if err != nil {
			return fmt.Errorf("screen %d never saw the vote: %w", i, err)
		}
		if v.Vote.Mine == "pending" {
			if err := act(clients[i], spyfall.Vote{Vote: vote.ID, Yes: true}); err != nil {
				return err
			}
		}
	}
	for i, s := range screens {
		v, err := s.spyfall(d.ctx, func(v *spyfall.View) bool { return v.LastRound != nil })
		if err != nil {
			return fmt.Errorf("screen %d never saw the round end: %w", i, err)
		}
		if v.LastRound.Ending != spyfall.EndSpyConvicted {
			return fmt.Errorf("screen %d: the round ended %+v, want the spy convicted", i, v.LastRound)
		}
	}
	d.say("the vote was played to its end: the spy convicted, on all %d screens", len(screens))
	return nil
}

// checkSite asks the proxy for the page and both builds of the app as a browser does: each
// comes as the brotli copy the site build writes.
func (d *driver) checkSite() error {
	for _, c := range []struct{ path, wantType, wantEncoding string }{
		{"/", "text/html", "br"},
		{"/web/app.wasm", "application/wasm", "br"},
		{"/web/app-player.wasm", "application/wasm", "br"},
	} {
		req, _ := http.NewRequestWithContext(d.ctx, "GET", d.base+c.path, nil)
		req.Header.Set("Accept-Encoding", "br, gzip")
		var resp *http.Response
		var err error
		for {
			resp, err = http.DefaultClient.Do(req)
			if err == nil || d.ctx.Err() != nil {
				break
			}
			time.Sleep(500 * time.Millisecond)
		}
		if err != nil {
			return fmt.Errorf("GET %s: %w", c.path, err)
		}
		n, _ := io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), c.wantType) ||
			resp.Header.Get("Content-Encoding") != c.wantEncoding {
			return fmt.Errorf("GET %s: %d, %q, encoding %q (%d bytes)", c.path, resp.StatusCode,
				resp.Header.Get("Content-Type"), resp.Header.Get("Content-Encoding"), n)
		}
		d.say("the proxy serves %s (%s, %d bytes%s)", c.path, c.wantType, n, map[bool]string{true: ", brotli"}[c.wantEncoding == "br"])
	}
	return nil
}

// hostWhenReady hosts a room, trying again while the deployment is still starting.
func (d *driver) hostWhenReady() (*session.HostSession, error) {
	for {
		attempt, cancel := context.WithTimeout(d.ctx, 10*time.Second)
		host, err := session.Host(attempt, d.options("Hana"))
		cancel()
		if err == nil {
			return host, nil
		}
		if d.ctx.Err() != nil {
			return nil, fmt.Errorf("hosting a room through the proxy: %w", err)
		}
		time.Sleep(time.Second)
	}
}

func (d *driver) startRound(clients []*session.Client, screens []*screen) (spy int, spySeat engine.Seat, err error) {
	cfg := spyfall.Config{Edition: spyfall.Classic, Rounds: 1}
	if err := clients[0].Send(game.SetSettings(game.Settings{Family: game.Spyfall, Configs: map[game.Family]any{game.Spyfall: &cfg}})); err != nil {
		return 0, 0, err
	}
	if err := clients[0].Send(game.Start()); err != nil {
		return 0, 0, err
	}
	spy = -1
	var dealer engine.Seat
	for i, s := range screens {
		v, err := s.spyfall(d.ctx, func(v *spyfall.View) bool { return v.Round == 1 && v.Phase == spyfall.PhaseDealt && v.Card != nil })
		if err != nil {
			return 0, 0, fmt.Errorf("screen %d never dealt: %w", i, err)
		}
		if v.Card.Spy {
			spy, spySeat = i, v.Seat
		}
		dealer = v.Dealer
	}
	if spy < 0 {
		return 0, 0, errors.New("no spy dealt")
	}
	for i, s := range screens {
		if v := s.latest(); v != nil && v.Seat == dealer {
			if err := act(clients[i], spyfall.StartClock{Round: 1}); err != nil {
				return 0, 0, err
			}
		}
	}
	if _, err := screens[0].spyfall(d.ctx, func(v *spyfall.View) bool { return v.Phase == spyfall.PhasePlaying }); err != nil {
		return 0, 0, fmt.Errorf("the clock never ran: %w", err)
	}
	return spy, spySeat, nil
}

// rooms reads safehouse_rooms from instance i's metrics (1-based); -1 when it does not answer.
func (d *driver) rooms(i int) int { return d.metric(i, "safehouse_rooms") }

// spread says how many signaling connections each instance holds, as "a / b / c".
func (d *driver) spread() string {
	var n []string
	for i := range d.metrics {
		n = append(n, strconv.Itoa(d.metric(i+1, "safehouse_connections")))
	}
	return strings.Join(n, " / ")
}

// together waits until instance home holds the one room's signaling sockets, n of them at
// least, and the others none: the proxy routes every socket by the room's code
// (deploy/Caddyfile).
func (d *driver) together(home, n int) error {
	deadline := time.Now().Add(20 * time.Second)
	for {
		apart := false
		for i := range d.metrics {
			got := d.metric(i+1, "safehouse_connections")
			if i+1 == home {
				apart = apart || got < n
			} else {
				apart = apart || got > 0 // -1: a killed instance, which holds nothing
			}
		}
		if !apart {
			return nil
		}
		if time.Now().After(deadline) || d.ctx.Err() != nil {
			return fmt.Errorf("the room's sockets (%d at least) are not all on instance %d: connections per instance %s", n, home, d.spread())
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// metric reads one gauge from instance i's metrics (1-based); -1 when it does not answer.
func (d *driver) metric(i int, name string) int {
	ctx, cancel := context.WithTimeout(d.ctx, 2*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", d.metrics[i-1], nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return -1
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, name+" "); ok {
			n, _ := strconv.ParseFloat(strings.TrimSpace(v), 64)
			return int(n)
		}
	}
	return -1
}

// homeOf is the instance (1-based) that homes the one room.
func (d *driver) homeOf() (int, error) {
	for range 50 {
		for i := range d.metrics {
			if d.rooms(i+1) == 1 {
				return i + 1, nil
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	return 0, errors.New("no instance says it homes the room (check -metrics)")
}

// adopted is the instance that homes the room now that its home was killed (0: none yet;
// the killed one counts too once it is back, restarted, with the room adopted anew).
func (d *driver) adopted() (int, error) {
	for i := range d.metrics {
		if d.rooms(i+1) == 1 {
			return i + 1, nil
		}
	}
	return 0, nil
}

// screen keeps a client's latest view.
type screen struct {
	mu      sync.Mutex
	last    *session.View
	changed chan struct{}
}

func watch(c *session.Client) *screen {
	s := &screen{changed: make(chan struct{})}
	go func() {
		for u := range c.Updates() {
			s.mu.Lock()
			if u.View != nil {
				s.last = u.View
			}
			close(s.changed)
			s.changed = make(chan struct{})
			s.mu.Unlock()
		}
	}()
	return s
}

func (s *screen) latest() *spyfall.View {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.last == nil {
		return nil
	}
	tv, err := game.DecodeView(s.last.Game)
	if err != nil || tv == nil {
		return nil
	}
	return game.EngineView[spyfall.View](tv)
}

// spyfall waits until the screen's Spyfall view satisfies ok, and returns it.
func (s *screen) spyfall(ctx context.Context, ok func(*spyfall.View) bool) (*spyfall.View, error) {
	for {
		s.mu.Lock()
		ch := s.changed
		s.mu.Unlock()
		if v := s.latest(); v != nil && ok(v) {
			return v, nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

func act(c *session.Client, a spyfall.Action) error {
	in, err := game.Action(a)
	if err != nil {
		return err
	}
	if err := c.Send(in); err != nil {
		return fmt.Errorf("seat %d: %w", c.Seat(), err)
	}
	return nil
}
