//go:build !wasm

package main

import (
	"context"
	"fmt"
	"log"
	"slices"
	"strings"
	"time"

	"safehouse/app/session"
)

// The evening (issue 35, part 4): a whole evening of Spyfall against a host tab, to see that
// nothing grows with the rounds. Spyfall 2 seats at most 12 players: the host tab, the player
// tab and eveningNative native players, with eveningScreens native table screens watching.
const (
	hostName       = "Host"  // the host tab's name, as openHostTab creates its game
	playerName     = "Guest" // the player tab's: a real invitee, the app in a second Chromium
	eveningNative  = 10
	eveningScreens = 9
)

var (
	goalChurn = goal{"evening", fmt.Sprintf("signaling server RSS after %d / %d joins and leaves", churnFirst, churnJoins),
		fmt.Sprintf("<= +%.0f %%", 100*maxGrowth)}
)

// eveningCheckpoints are the rounds at which the tabs are weighed and the fan-out timed: 1,
// 10, 50 and 100 of a 100-round evening; a shorter one (-evening-rounds) keeps those below
// its length and ends on its last round.
func eveningCheckpoints(rounds int) []int {
	var at []int
	for _, r := range []int{1, 10, 50} {
		if r < rounds {
			at = append(at, r)
		}
	}
	return append(at, rounds)
}

// baseCheckpoint is the checkpoint the growth is measured from: round 10, or the first one
// of an evening too short for it.
func baseCheckpoint(at []int) int {
	if slices.Contains(at, 10) {
		return 10
	}
	return at[0]
}

// checkpoint is what the evening measured at one round.
type checkpoint struct {
	round        int
	host, player weight
	fanout       fanoutTimes // the timed intents: to every screen, the last native peer, the host tab
}

// playEvening seats the evening's table at a host tab and plays rounds rounds of Spyfall 2
// through it, in games of the default length (5 rounds; the host goes back to the lobby and
// starts the next), and measures at each checkpoint, in the middle of its round (the clock
// running, so the seat chips show the names): the fan-out of intents timed intents, as the
// fan-out section times them, then the weight of both tabs.
func playEvening(signalURL, chrome, workDir, origin string, rounds, intents int, profileDir string) (measured []checkpoint, played int, err error) {
	// The players' connections live as long as this context: the whole evening.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Hour)
	defer cancel()
	host, err := openHostTab(chrome, workDir, origin)
	if err != nil {
		return nil, 0, fmt.Errorf("the host tab: %w", err)
	}
	defer host.close()

	var s screens
	t := &table{host: host, natives: make([]*eveningPeer, eveningNative)}
	for i := range t.natives {
		t.natives[i] = &eveningPeer{}
	}
	var clients []*session.Client
	defer func() {
		for _, c := range clients {
			c.Close()
		}
		s.wg.Wait()
	}()
	s.onView = func(idx int, v *session.View) {
		if idx < len(t.natives) {
			t.natives[idx].follow(v)
		}
	}
	for i := range eveningNative + eveningScreens {
		screen := i >= eveningNative
		name := fmt.Sprintf("Peer %d", i+1)
		if screen {
			name = fmt.Sprintf("Screen %d", i+1-eveningNative)
		}
		c, err := session.Join(ctx, session.Options{SignalURL: signalURL, Name: name, Loopback: true, Spectator: screen}, host.room, host.secret)
		if err != nil {
			return nil, 0, fmt.Errorf("%s joining: %w", name, err)
		}
		clients = append(clients, c)
		if !screen {
			t.natives[i].c = c
		}
		s.watch(i, c)
	}
	player, err := openPlayerTab(chrome, workDir, origin, host)
	if err != nil {
		return nil, 0, fmt.Errorf("the player tab: %w", err)
	}
	defer player.close()
	t.player = player
	if err := host.waitFor(fmt.Sprintf(`document.querySelectorAll("#players .player-name").length === %d`, eveningNative+2), time.Minute); err != nil {
		return nil, 0, fmt.Errorf("the host's lobby: %w", err)
	}
	var senders []*session.Client
	for _, p := range t.natives {
		senders = append(senders, p.c)
	}

	at := eveningCheckpoints(rounds)
	midpoint := func(round int) func() error {
		if !slices.Contains(at, round) {
			return nil
		}
		return func() error {
			log.Printf("evening: round %d of %d, measuring", round, rounds)
			cp := checkpoint{round: round}
			var err error
			if host.offset, err = clockOffset(host.tab); err != nil {
				return err
			}
			var atWarm func() error
			if profileDir != "" {
				atWarm = host.startProfile
			}
			times, err := timeRenames(&s, senders, len(clients), host, fmt.Sprintf("E%d-", round), intents, atWarm)
			if err != nil {
				return fmt.Errorf("round %d's fan-out: %w", round, err)
			}
			if profileDir != "" {
				label := fmt.Sprintf("evening round %d: %d native peers + the host tab", round, len(clients))
				if err := saveHostProfile(host.tab, profileDir, fmt.Sprintf("host-tab-evening-%d", round), label); err != nil {
					return fmt.Errorf("profiling the host tab: %w", err)
				}
			}
			cp.fanout = times
			if cp.host, err = host.weigh(); err != nil {
				return fmt.Errorf("weighing the host tab: %w", err)
			}
			if cp.player, err = player.weigh(); err != nil {
				return fmt.Errorf("weighing the player tab: %w", err)
			}
			measured = append(measured, cp)
			return nil
		}
	}
	for first := true; played < rounds; first = false {
		if err := t.startGame(first); err != nil {
			return measured, played, fmt.Errorf("a game starting after round %d: %w", played, err)
		}
		for r := 1; played < rounds; r++ {
			over, err := t.playRound(r, midpoint(played+1))
			if err != nil {
				return measured, played, fmt.Errorf("evening round %d (round %d of its game): %w", played+1, r, err)
			}
			played++
			if over {
				break
			}
		}
		if played < rounds {
			if err := t.backToLobby(); err != nil {
				return measured, played, err
			}
		}
	}
	return measured, played, nil
}

// openPlayerTab opens the app in a fresh Chromium as a player named playerName, follows the
// host's invite link and waits until the host tab shows the player seated.
func openPlayerTab(chrome, workDir, origin string, host *hostTab) (*tab, error) {
	p, err := openTab(chrome, workDir, origin)
	if err != nil {
		return nil, err
	}
	steps := func() error {
		if err := p.navigate(origin + "/"); err != nil {
			return err
		}
		if err := p.waitFor(`document.querySelector(".app.ready #create")`, time.Minute); err != nil {
			return err
		}
		if _, err := eval[bool](p, `localStorage.setItem("safehouse.name", JSON.stringify("`+playerName+`")), true`); err != nil {
			return err
		}
		// From the app's own page the link would only change its fragment: a fresh load, as
		// from a message app.
		if err := p.navigate("about:blank"); err != nil {
			return err
		}
		if err := p.navigate(host.link); err != nil {
			return err
		}
		if _, err := host.seenAt(playerName, time.Minute); err != nil {
			page, _ := eval[string](p, `document.body.innerText.slice(0, 300)`)
			return fmt.Errorf("%w (the player tab shows %q)", err, page)
		}
		return nil
	}
	if err := steps(); err != nil {
		p.close()
		return nil, err
	}
	return p, nil
}

// eveningRows plays the evening and weighs the signaling server's churn.
func eveningRows(bin, signalURL, chrome string, chromeErr error, workDir, origin string, rounds, intents int, profileDir string) []row {
	at := eveningCheckpoints(rounds)
	base := baseCheckpoint(at)
	table := fmt.Sprintf("%d players (host tab, player tab, %d native) + %d native table screens", eveningNative+2, eveningNative, eveningScreens)
	growthTarget := fmt.Sprintf("<= +%.0f %% from round %d", 100*maxGrowth, base)
	fanoutName := func(r int) string {
		return fmt.Sprintf("round %d: intent -> every screen (%d native, the host tab), p50 / p99", r, eveningNative+eveningScreens)
	}
	var rows []row
	var measured []checkpoint
	played, err := 0, chromeErr
	if err == nil {
		measured, played, err = playEvening(signalURL, chrome, workDir, origin, rounds, intents, profileDir)
	}
	rows = append(rows, info("evening", "the table; rounds of Spyfall 2 played", fmt.Sprintf("%s; %d of %d rounds", table, played, rounds)))
	if err != nil {
		rows = append(rows, unmeasured("evening", "the evening stopped", "", err))
	}
	byRound := map[int]checkpoint{}
	for _, cp := range measured {
		byRound[cp.round] = cp
	}
	for _, r := range at {
		cp, ok := byRound[r]
		target := "p99 <= 20.0 ms (goal 15 ms)"
		if !ok {
			rows = append(rows, row{section: "evening", name: fanoutName(r), figure: "not measured", target: target, verdict: notMeasured})
			continue
		}
		every := cp.fanout.every
		p99 := percentile(every, 99)
		rows = append(rows, check("evening", fanoutName(r),
			fmt.Sprintf("%s / %s (%d intents; p50 of the last native peer %s, of the host tab %s)", ms(percentile(every, 50)), ms(p99), len(every),
				ms(percentile(cp.fanout.peers, 50)), ms(percentile(cp.fanout.hostTab, 50))),
			target, p99 <= 20*time.Millisecond))
	}
	for _, side := range []struct {
		name string
		of   func(checkpoint) weight
	}{{"host tab", func(c checkpoint) weight { return c.host }}, {"player tab", func(c checkpoint) weight { return c.player }}} {
		for _, fig := range []struct {
			name   string
			of     func(weight) int64
			format func(int64) string
		}{
			{"JS heap", func(w weight) int64 { return w.jsHeap }, megabytes},
			{"wasm memory", func(w weight) int64 { return w.wasm }, megabytes},
			{"DOM nodes", func(w weight) int64 { return w.nodes }, func(n int64) string { return fmt.Sprint(n) }},
		} {
			var figures, rs []string
			for _, r := range at {
				rs = append(rs, fmt.Sprint(r))
				if cp, ok := byRound[r]; ok {
					figures = append(figures, fig.format(fig.of(side.of(cp))))
				} else {
					figures = append(figures, "-")
				}
			}
			name := fmt.Sprintf("%s %s after GC, rounds %s", side.name, fig.name, strings.Join(rs, " / "))
			b, okB := byRound[base]
			l, okL := byRound[at[len(at)-1]]
			if !okB || !okL {
				rows = append(rows, row{section: "evening", name: name, figure: strings.Join(figures, " / "), target: growthTarget, verdict: notMeasured})
				continue
			}
			g := growth(fig.of(side.of(b)), fig.of(side.of(l)))
			rows = append(rows, check("evening", name, fmt.Sprintf("%s (%+.1f %%)", strings.Join(figures, " / "), 100*g), growthTarget, g <= maxGrowth))
		}
	}
	return append(rows, churnRows(bin)...)
}
