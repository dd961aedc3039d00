//go:build !js

package session

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
)

// unwrapped is raw with everything it carries as base64 decoded and added, over and over
// (a handoff's HostState carries the game's snapshot as base64 inside base64), so a search
// for a secret finds it wherever a message holds it readably.
func unwrapped(raw []byte, depth int) string {
	out := string(raw)
	if depth > 4 {
		return out
	}
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return out
	}
	var walk func(any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for _, e := range x {
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		case string:
			for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawURLEncoding, base64.RawStdEncoding, base64.URLEncoding} {
				if b, err := enc.DecodeString(x); err == nil && len(b) > 0 {
					out += "\n" + string(b) + "\n" + unwrapped(b, depth+1)
					break
				}
			}
		}
	}
	walk(v)
	return out
}

// sniffer keeps every message each client received from its host, and everything the
// signaling server could see.
type sniffer struct {
	mu     sync.Mutex
	got    map[*Client][]string
	signal []string
}

func sniff(t *testing.T) *sniffer {
	s := &sniffer{got: map[*Client][]string{}}
	rx := func(c *Client, raw []byte) {
		s.mu.Lock()
		s.got[c] = append(s.got[c], string(raw))
		s.mu.Unlock()
	}
	sig := func(raw []byte) {
		s.mu.Lock()
		s.signal = append(s.signal, string(raw))
		s.mu.Unlock()
	}
	receivedTap.Store(&rx)
	signalTap.Store(&sig)
	t.Cleanup(func() { receivedTap.Store(nil); signalTap.Store(nil) })
	return s
}

// APP-HOST-3, APP-HID-1: during a handoff and then a takeover, no device but the host ever
// receives another seat's card (the device a handoff goes to gets the whole state, which makes
// it the host), and the signaling server sees no card at all: sealed copies, shares and the
// table's messages are ciphertext to everyone but the device that opens them.
func TestSniffedTrafficShowsNoOtherCard_APP_HOST_3(t *testing.T) {
	s := sniff(t)
	ht := takeoverTable(t, 4)
	for _, c := range []*Client{ht.host.Player(), ht.peers[0]} {
		if err := c.Send(vote(1)); err != nil {
			t.Fatal(err)
		}
	}
	ht.watchers[0].waitView(t, "two votes", func(v View) bool { return gameView(v).Voted == 2 })
	holdingNow(t, ht.peers, ht.host.State())
	taker := ht.peers[1]
	newHost, ho := ht.handOver(t, 1)
	o := playerOptions(ht.url, "Hana")
	o.Token = ho.Token
	old, err := Join(ht.ctx, o, ho.Room, ho.Secret)
	if err != nil {
		t.Fatal(err)
	}
	defer old.Close()
	ow := ht.watcherOf(old)
	ow.waitView(t, "the old host back with the two votes", func(v View) bool { return gameView(v).Voted == 2 && allOnline(5)(v) })
	players := []*Client{old, ht.peers[0], ht.peers[2], ht.peers[3]}
	holdingNow(t, players, newHost.State())

	// The new host's device dies; the others take the game over.
	newHost.crash()
	asker := ht.peers[2]
	ht.takeoverNews(t, asker, "the offer", offered)
	if err := asker.AskTakeover(); err != nil {
		t.Fatal(err)
	}
	for _, p := range []*Client{old, ht.peers[0]} {
		ht.takeoverNews(t, p, "the ask", func(u Takeover) bool { return Seat(u.Asker) == asker.Seat() })
		if err := p.AgreeTakeover(); err != nil {
			t.Fatal(err)
		}
	}
	third := ht.newHostOf(t, asker)
	ht.watcherOf(third.Player()).waitView(t, "the table back", func(v View) bool {
		online := 0
		for _, p := range v.Players {
			if p.Online {
				online++
			}
		}
		return online == 4 && gameView(v).Voted == 2
	})

	s.mu.Lock()
	defer s.mu.Unlock()
	checked := 0
	for c, msgs := range s.got {
		seat := c.Seat()
		for _, raw := range msgs {
			var env Envelope
			_ = json.Unmarshal([]byte(raw), &env)
			if c == taker && env.T == TypeHandoffState {
				continue // the state of a handoff goes to the device that becomes the host
			}
			checked++
			all := unwrapped([]byte(raw), 0)
			for other, card := range ht.cards {
				if other != seat && strings.Contains(all, card) {
					t.Errorf("seat %d received seat %d's card in a %q message", seat, other, env.T)
				}
			}
		}
	}
	for _, raw := range s.signal {
		all := unwrapped([]byte(raw), 0)
		for other, card := range ht.cards {
			if strings.Contains(all, card) {
				t.Errorf("the signaling server saw seat %d's card: %.200s", other, raw)
			}
		}
	}
	kinds := fmt.Sprint(len(s.signal))
	if checked < 50 || len(s.signal) < 50 {
		t.Fatalf("sniffed only %d device messages and %s signaling messages", checked, kinds)
	}
}
