//go:build !js

package session_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"safehouse/app/game"
	"safehouse/app/session"
	"safehouse/engine/spyfall"
)

// qrOptions are a QR game's options on loopback, with the chaos tests' quick heartbeat.
func qrOptions(name string) session.Options {
	return session.Options{Name: name, Loopback: true, Heartbeat: 200 * time.Millisecond}
}

// qrSeat seats one player through the two codes: the host's offer, scanned by the player,
// whose answer the host takes.
func qrSeat(t *testing.T, ctx context.Context, host *session.QRHost, o session.Options) *session.Client {
	t.Helper()
	offer, err := host.Offer(ctx)
	if err != nil {
		t.Fatal(err)
	}
	join, err := session.JoinQR(ctx, o, offer)
	if err != nil {
		t.Fatal(err)
	}
	if join.Room() != host.Room() {
		t.Fatalf("the offer names room %s, the host is %s", join.Room(), host.Room())
	}
	if err := host.Accept(join.Answer()); err != nil {
		t.Fatal(err)
	}
	c, err := join.Wait(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// No signaling server anywhere: a host and two players, seated through QR codes over real
// pion peers on loopback, play a classic Spyfall round to its end. In the middle of the
// round one player's connection dies (its phone slept); its client ends, and two new codes
// with its token bring it back to the same seat and card. Then the spy is accused and
// convicted.
func TestQRGameWithNoServerPlaysAClassicRound(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	host, err := session.NewQRHost(ctx, qrOptions("Hana"))
	if err != nil {
		t.Fatal(err)
	}
	defer host.Close()
	host.SetTable(game.NewRoom(game.Options{}))
	p := &qrParty{host: host, screens: []*screen{watchScreen(host.Player())}}
	for i := range 2 {
		c := qrSeat(t, ctx, host, qrOptions(fmt.Sprintf("Agent %d", i+1)))
		p.peers = append(p.peers, c)
		p.screens = append(p.screens, watchScreen(c))
	}
	defer func() {
		for _, c := range p.peers {
			c.Close()
		}
	}()
	p.screens[0].until(t, "three players online", func() bool {
		return p.screens[0].last != nil && len(p.screens[0].last.Players) == 3 && allOnline(p.screens[0].last)
	})

	cfg := spyfall.Config{Edition: spyfall.Classic, Rounds: 1, QuestionTracker: true}
	send(t, host.Player(), game.SetSettings(game.Settings{Family: game.Spyfall, Spyfall: &cfg}))
	send(t, host.Player(), game.Start())
	r := p.readRound(t, 1)
	clients := p.clients()
	act(t, clients[r.dealer], spyfall.StartClock{Round: 1})
	p.screens[0].untilSpyfall(t, "the clock running", func(v *spyfall.View) bool { return v.Phase == spyfall.PhasePlaying })

	// A player's phone sleeps: with no server its client cannot come back by itself.
	away := 1
	seat, token, card := clients[away].Seat(), clients[away].Token(), r.cards[away]
	session.KillConnection(clients[away])
	p.screens[away].until(t, "the player's client to end", func() bool { return p.screens[away].closed })
	p.screens[0].until(t, "the host to show the player away", func() bool {
		return p.screens[0].last != nil && !p.screens[0].last.Players[away].Online
	})
	o := qrOptions("Agent 1")
	o.Token = token
	back := qrSeat(t, ctx, host, o)
	p.peers[away-1], clients[away] = back, back
	p.screens[away] = watchScreen(back)
	if back.Seat() != seat {
		t.Fatalf("came back to seat %d, want %d", back.Seat(), seat)
	}
	v := p.screens[away].untilSpyfall(t, "the card back", func(v *spyfall.View) bool { return v.Card != nil })
	if v.Card.Spy != card.Spy || (card.Location != nil && (v.Card.Location == nil || v.Card.Location.ID != card.Location.ID)) {
		t.Fatalf("came back with card %+v, want %+v", v.Card, card)
	}
	if n := len(host.Players()); n != 3 {
		t.Fatalf("%d seats after the return, want 3", n)
	}

	accuser := (r.spy + 1) % len(clients)
	act(t, clients[accuser], spyfall.Accuse{Round: 1, Suspect: r.spySeat})
	vote := p.screens[0].untilSpyfall(t, "the vote open", func(v *spyfall.View) bool { return v.Vote != nil }).Vote
	for i := range clients {
		if i != accuser && i != r.spy {
			act(t, clients[i], spyfall.Vote{Vote: vote.ID, Yes: true})
		}
	}
	for i, s := range p.screens {
		v := s.untilSpyfall(t, fmt.Sprintf("screen %d to see the round's end", i), func(v *spyfall.View) bool {
			return v.LastRound != nil
		})
		if v.LastRound.Ending != spyfall.EndSpyConvicted {
			t.Errorf("screen %d: the round ended %v, want the spy convicted", i, v.LastRound.Ending)
		}
	}
	for i, s := range p.screens {
		for _, u := range s.refused() {
			t.Errorf("screen %d was refused: %s (%s)", i, u.Notice, u.Code)
		}
	}
}

// qrParty is a QR host and its players, like party.
type qrParty struct {
	host    *session.QRHost
	peers   []*session.Client
	screens []*screen
}

func (p *qrParty) clients() []*session.Client {
	return append([]*session.Client{p.host.Player()}, p.peers...)
}

func (p *qrParty) readRound(t *testing.T, no int) round {
	t.Helper()
	return (&party{screens: p.screens}).readRound(t, no)
}

func allOnline(v *session.View) bool {
	for _, pl := range v.Players {
		if !pl.Online {
			return false
		}
	}
	return true
}
