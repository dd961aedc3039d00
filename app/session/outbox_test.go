package session

import (
	"fmt"
	"sync"
	"testing"
)

// Remote players' messages leave after the host's lock (outbox.go), yet every connection
// still receives its views in state order while players act at the same time, and each ends
// on the same final state.
func TestRemoteViewsArriveInStateOrderUnderConcurrentIntents(t *testing.T) {
	const players, intents = 6, 25
	h := newTestCore(t)
	mustSeat(t, h, "Host", "", true)
	conns := make([]rawConn, players)
	for i := range conns {
		conns[i] = dialRaw(t, h)
		conns[i].send(fmt.Sprintf(`{"v":1,"t":"hello","body":{"name":"P%d"}}`, i))
		if env := conns[i].next(); env.T != TypeWelcome {
			t.Fatalf("player %d: got %s %s, want a welcome", i, env.T, env.Body)
		}
	}
	// Everyone is seated: from here each connection reads until its view shows every
	// player's last name.
	final := func(v View) bool {
		done := 0
		for _, p := range v.Players {
			for i := range players {
				if p.Name == fmt.Sprintf("P%d-%d", i, intents) {
					done++
				}
			}
		}
		return done == players
	}
	var wg sync.WaitGroup
	problems := make(chan string, players*2)
	lastStates := make([]uint64, players)
	for i, c := range conns {
		wg.Add(2)
		go func() {
			defer wg.Done()
			for k := 1; k <= intents; k++ {
				msg := fmt.Sprintf(`{"v":1,"t":"intent","seq":%d,"body":{"kind":"rename","name":"P%d-%d"}}`, k, i, k)
				if err := c.conn.Send([]byte(msg)); err != nil {
					problems <- fmt.Sprintf("player %d intent %d: %v", i, k, err)
					return
				}
			}
		}()
		go func() {
			defer wg.Done()
			var last uint64
			for {
				raw, err := c.conn.Receive()
				if err != nil {
					problems <- fmt.Sprintf("player %d: %v", i, err)
					return
				}
				env, err := decodeEnvelope(raw)
				if err != nil || env.T != TypeView {
					continue // views only; nothing else is expected, and it would not be out of order
				}
				var v View
				if err := decodeStrict(env.Body, &v); err != nil {
					problems <- fmt.Sprintf("player %d: view %s: %v", i, env.Body, err)
					return
				}
				if v.State <= last {
					problems <- fmt.Sprintf("player %d: state %d after state %d", i, v.State, last)
					return
				}
				last = v.State
				if final(v) {
					lastStates[i] = last
					return
				}
			}
		}()
	}
	wg.Wait()
	close(problems)
	for p := range problems {
		t.Error(p)
	}
	for i, s := range lastStates {
		if s != lastStates[0] {
			t.Errorf("player %d ended on state %d, player 0 on %d", i, s, lastStates[0])
		}
	}
	if want := h.stateNumber(); lastStates[0] != want {
		t.Errorf("the players ended on state %d, the host is at %d", lastStates[0], want)
	}
}
