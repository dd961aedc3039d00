//go:build !wasm

package main

import (
	"context"
	"fmt"
	"sync"
	"time"

	"safehouse/app/session"
)

// screens are the native players of a fan-out case: each reads its updates and notes when
// its view first shows the name being waited for.
type screens struct {
	mu      sync.Mutex
	want    string
	seat    session.Seat
	seen    map[int]bool
	pending int
	last    time.Time
	done    chan struct{}
	wg      sync.WaitGroup
	// onView, when set before the first watch, is also given every view (the evening's
	// players follow their game through it).
	onView func(idx int, v *session.View)
}

// watch reads c's updates until they end.
func (s *screens) watch(idx int, c *session.Client) {
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		for u := range c.Updates() {
			if u.View != nil {
				s.saw(idx, u.View)
				if s.onView != nil {
					s.onView(idx, u.View)
				}
			}
		}
	}()
}

func (s *screens) saw(idx int, v *session.View) {
	now := time.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.want == "" || s.seen[idx] {
		return
	}
	for _, p := range v.Players {
		if p.Seat == s.seat && p.Name == s.want {
			s.seen[idx] = true
			s.last = now
			s.pending--
			if s.pending == 0 {
				close(s.done)
			}
			return
		}
	}
}

// expect starts waiting for count screens to show name on seat.
func (s *screens) expect(name string, seat session.Seat, count int) <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.want, s.seat, s.pending = name, seat, count
	s.seen = map[int]bool{}
	s.done = make(chan struct{})
	return s.done
}

func (s *screens) lastSeen() time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.want = ""
	return s.last
}

// fanoutCase is one measured configuration: peers native peers, of which screens join as
// table screens (spectator seats), at a host in Chromium or a native one.
type fanoutCase struct {
	peers, screens int
	browserHost    bool
}

// newFanoutCase seats peers as players while the host has players' seats (its own is one),
// and the rest as table screens: a game of the largest size with its table screens.
func newFanoutCase(peers int, browserHost bool) (fanoutCase, error) {
	players := min(peers, session.MaxSeats-1)
	c := fanoutCase{peers: peers, screens: peers - players, browserHost: browserHost}
	if c.screens > session.MaxSpectators {
		return c, fmt.Errorf("the host seats at most %d players and %d table screens (session.MaxSeats, MaxSpectators)",
			session.MaxSeats, session.MaxSpectators)
	}
	return c, nil
}

func (c fanoutCase) label() string {
	host := "native host"
	if c.browserHost {
		host = "browser host"
	}
	if c.screens == 0 {
		return fmt.Sprintf("%d native peers + %s", c.peers, host)
	}
	return fmt.Sprintf("%d native peers (%d players + %d table screens) + %s", c.peers, c.peers-c.screens, c.screens, host)
}

// warmUp intents are sent before the timed ones: the first messages of a fresh channel.
const warmUp = 5

// fanoutTimes are the timed intents of one case: until every screen showed the change, and,
// with a browser host, until the last native peer did and until the host tab did.
type fanoutTimes struct {
	every, peers, hostTab []time.Duration
	hostMemory            int64 // the host tab's wasm memory after the timed intents, bytes
}

// measureFanout seats c.peers native peers at a host (the app in Chromium, or a native
// HostSession), then has the players among them take turns renaming themselves, intents
// times, and times each from Send until every screen (every peer, table screens included,
// and the host's own) showed the new name.
// With profileDir set, a browser host's tab is profiled over the timed intents (profile.go).
func measureFanout(c fanoutCase, signalURL, chrome, workDir, origin string, intents int, profileDir string) (fanoutTimes, error) {
	fail := func(format string, args ...any) (fanoutTimes, error) {
		return fanoutTimes{}, fmt.Errorf(format, args...)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	var s screens
	var clients []*session.Client
	defer func() {
		for _, cl := range clients {
			cl.Close()
		}
		s.wg.Wait()
	}()

	var room, secret string
	var tab *hostTab
	if c.browserHost {
		var err error
		if tab, err = openHostTab(chrome, workDir, origin); err != nil {
			return fail("the host tab: %w", err)
		}
		defer tab.close()
		room, secret = tab.room, tab.secret
	} else {
		h, err := session.Host(ctx, session.Options{SignalURL: signalURL, Name: "Host", Loopback: true})
		if err != nil {
			return fail("the native host: %w", err)
		}
		defer h.Close()
		room, secret = h.Room(), h.Secret()
		s.watch(0, h.Player())
	}
	var players []*session.Client
	for i := range c.peers {
		screen := i >= c.peers-c.screens
		o := session.Options{SignalURL: signalURL, Name: fmt.Sprintf("Peer %d", i+1), Loopback: true, Spectator: screen}
		cl, err := session.Join(ctx, o, room, secret)
		if err != nil {
			return fail("peer %d joining: %w", i+1, err)
		}
		clients = append(clients, cl)
		if !screen {
			players = append(players, cl)
		}
		s.watch(i+1, cl)
	}
	native := c.peers
	if !c.browserHost {
		native++ // the host's own player
	}

	var atWarm func() error
	if tab != nil && profileDir != "" {
		atWarm = tab.startProfile
	}
	times, err := timeRenames(&s, players, native, tab, "R", intents, atWarm)
	if err != nil {
		return fail("%w", err)
	}
	if tab != nil && profileDir != "" {
		if err := saveHostProfile(tab.tab, profileDir, fmt.Sprintf("host-tab-%d", c.peers), c.label()); err != nil {
			return fail("profiling the host tab: %w", err)
		}
	}
	if tab != nil {
		if times.hostMemory, err = tab.wasmMemory(); err != nil {
			return fail("the host tab's memory: %w", err)
		}
	}
	return times, nil
}

// timeRenames has senders take turns renaming themselves to prefix+k, warmUp untimed then
// count timed, and times each from Send until the native screens s watches (native of them)
// and, with tab set, the host tab showed the new name. atWarm, when set, runs after the
// warm-up, just before the first timed intent.
func timeRenames(s *screens, senders []*session.Client, native int, tab *hostTab, prefix string, count int, atWarm func() error) (fanoutTimes, error) {
	var times fanoutTimes
	for k := 0; k < warmUp+count; k++ {
		if k == warmUp && atWarm != nil {
			if err := atWarm(); err != nil {
				return times, fmt.Errorf("before the timed intents: %w", err)
			}
		}
		sender := senders[k%len(senders)]
		name := fmt.Sprintf("%s%d", prefix, k)
		done := s.expect(name, sender.Seat(), native)
		start := time.Now()
		if err := sender.Send(session.Intent{Kind: session.KindRename, Name: name}); err != nil {
			return times, fmt.Errorf("intent %d: %w", k, err)
		}
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			return times, fmt.Errorf("intent %d: not every native screen showed it within 20 s", k)
		}
		peersDone := s.lastSeen()
		last := peersDone
		var hostDone time.Time
		if tab != nil {
			at, err := tab.seenAt(name, 20*time.Second)
			if err != nil {
				return times, fmt.Errorf("intent %d on the host tab: %w", k, err)
			}
			hostDone = at
			if at.After(last) {
				last = at
			}
		}
		if k < warmUp {
			continue
		}
		times.every = append(times.every, last.Sub(start))
		if tab != nil {
			times.peers = append(times.peers, peersDone.Sub(start))
			times.hostTab = append(times.hostTab, hostDone.Sub(start))
		}
	}
	return times, nil
}

// fanoutRows measures intent -> every screen for each of fanoutTargets, with a browser host
// and a native one. Peers beyond the players' seats join as table screens (newFanoutCase),
// and the row's label says how many of each.
func fanoutRows(signalURL, chrome string, chromeErr error, workDir, origin string, intents int, profileDir string) []row {
	var rows []row
	for _, target := range fanoutTargets {
		for _, browserHost := range []bool{true, false} {
			c, err := newFanoutCase(target.peers, browserHost)
			g := fanoutGoal(c, target.p99)
			if err == nil && browserHost {
				err = chromeErr
			}
			if err != nil {
				rows = append(rows, g.missing(err))
				continue
			}
			times, err := measureFanout(c, signalURL, chrome, workDir, origin, intents, profileDir)
			if err != nil {
				rows = append(rows, g.missing(err))
				continue
			}
			p99 := percentile(times.every, 99)
			figure := fmt.Sprintf("%s / %s (%d intents)", ms(percentile(times.every, 50)), ms(p99), len(times.every))
			rows = append(rows, g.check(figure, p99 <= target.p99))
			if browserHost {
				rows = append(rows, info(g.section, "  of which: last native peer / host tab, p50",
					ms(percentile(times.peers, 50))+" / "+ms(percentile(times.hostTab, 50))),
					info(g.section, "  host tab's wasm memory afterwards", fmt.Sprintf("%.0f MB", float64(times.hostMemory)/(1<<20))))
			}
		}
	}
	return rows
}
