//go:build !js

package session_test

import (
	"context"
	"errors"
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
	c, _ := qrSeatWith(t, ctx, host, o)
	return c
}

// qrSeatWith is qrSeat that also returns the player's answer code.
func qrSeatWith(t *testing.T, ctx context.Context, host *session.QRHost, o session.Options) (*session.Client, string) {
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
	return c, join.Answer()
}

// newQRParty starts a QR host with o over a fresh room and seats players through their codes
// ("Agent 1", "Agent 2", ...); the host and the players' clients at the end close with the
// test. It returns the last player's answer code too.
func newQRParty(t *testing.T, ctx context.Context, o session.Options, players int) (*qrParty, string) {
	t.Helper()
	host, err := session.NewQRHost(ctx, o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { host.Close() })
	host.SetTable(game.NewRoom(game.Options{}))
	p := &qrParty{host: host, screens: []*screen{watchScreen(host.Player())}}
	t.Cleanup(func() {
		for _, c := range p.peers {
			c.Close()
		}
	})
	var answer string
	for i := range players {
		var c *session.Client
		c, answer = qrSeatWith(t, ctx, host, qrOptions(fmt.Sprintf("Agent %d", i+1)))
		p.peers = append(p.peers, c)
		p.screens = append(p.screens, watchScreen(c))
	}
	return p, answer
}

// No signaling server anywhere: a host and two players, seated through QR codes over real
// pion peers on loopback, play a classic Spyfall round to its end. In the middle of the
// round one player's connection dies (its phone slept); its client ends, and two new codes
// with its token bring it back to the same seat and card. Then the spy is accused and
// convicted.
func TestQRGameWithNoServerPlaysAClassicRound(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	p, _ := newQRParty(t, ctx, qrOptions("Hana"), 2)
	host := p.host
	r, clients := p.startRound(t)

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
	p.spyConvictedOnEveryScreen(t)
	p.noneRefused(t)
}

// APP-REJOIN-2 with no server: the QR host's tab reloads in the middle of a vote (it stops
// without a word) and comes back from its saved bytes with the same room, invite secret,
// seats, cards, clock and vote; the players, whose connections ended with the old tab, come
// back through two new codes each with their resume tokens to the same seats and cards, an
// answer code from before the reload is refused as used, and the round plays to its end.
func TestQRHostResumedFromItsSaveBringsEveryoneBack_APP_REJOIN_2(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	store := &session.MemoryStore{}
	o := qrOptions("Hana")
	o.Store = store
	p, oldAnswer := newQRParty(t, ctx, o, 2)
	host := p.host
	r, clients := p.startRound(t)
	accuser := (r.spy + 1) % len(clients)
	voter := 3 - accuser - r.spy // the one seat left of three
	act(t, clients[accuser], spyfall.Accuse{Round: 1, Suspect: r.spySeat})
	before := p.screens[0].untilSpyfall(t, "the vote open", func(v *spyfall.View) bool { return v.Vote != nil })
	room, secret, stateBefore := host.Room(), host.Secret(), host.State()
	seats := []session.Seat{clients[1].Seat(), clients[2].Seat()}
	tokens := []string{clients[1].Token(), clients[2].Token()}

	host.Crash()
	for i := 1; i < 3; i++ {
		p.screens[i].until(t, fmt.Sprintf("player %d's client to end with the host", i), func() bool { return p.screens[i].closed })
	}
	saved, err := store.Load()
	if err != nil || saved == nil {
		t.Fatalf("the QR host saved nothing: %v", err)
	}
	st, err := session.DecodeHostState(saved)
	if err != nil {
		t.Fatal(err)
	}
	if !st.NoServer || st.Claim != "" || len(st.Spent) != 2 {
		t.Fatalf("the save is not marked as a game with no server, or lost its spent codes: no server %v, claim %q, %d spent",
			st.NoServer, st.Claim, len(st.Spent))
	}
	if _, err := session.ResumeHost(ctx, o, st, nil); err == nil {
		t.Fatal("ResumeHost took a game with no server")
	}
	restored := game.NewRoom(game.Options{})
	if err := restored.UnmarshalBinary(st.Game); err != nil {
		t.Fatalf("the saved game does not restore: %v", err)
	}
	resumed, err := session.ResumeQRHost(ctx, o, st, restored)
	if err != nil {
		t.Fatal(err)
	}
	defer resumed.Close()
	if resumed.Room() != room || resumed.Secret() != secret {
		t.Fatalf("resumed as room %s, secret kept %v; want room %s and the same secret", resumed.Room(), resumed.Secret() == secret, room)
	}
	hostScreen := watchScreen(resumed.Player())
	v := hostScreen.untilSpyfall(t, "the host's game back", func(v *spyfall.View) bool { return v.Vote != nil })
	if hostScreen.last.State <= stateBefore || len(hostScreen.last.Players) != 3 {
		t.Fatalf("the resumed host shows state %d with %d seats; want past %d with 3", hostScreen.last.State, len(hostScreen.last.Players), stateBefore)
	}
	for i, pl := range hostScreen.last.Players {
		if pl.Online != (i == 0) {
			t.Errorf("seat %d (%s) online %v after the host's reload; only the host is", i, pl.Name, pl.Online)
		}
	}
	if !sameCard(v.Card, r.cards[0]) || v.Vote.ID != before.Vote.ID || len(v.Vote.Voted) != len(before.Vote.Voted) ||
		v.Clock == nil || v.Clock.Running != before.Clock.Running || v.Clock.Left != before.Clock.Left || v.Clock.Length != before.Clock.Length {
		t.Fatalf("the host came back with card %+v, vote %+v, clock %+v; want %+v, %+v, %+v", v.Card, v.Vote, v.Clock, r.cards[0], before.Vote, before.Clock)
	}

	// An answer code from before the reload is a replay: refused, and nothing changes.
	state := resumed.State()
	if err := resumed.Accept(oldAnswer); err == nil {
		t.Fatal("an answer used before the reload was taken again")
	} else if qe, ok := errors.AsType[*session.QRError](err); !ok || qe.Code != session.QRUsed {
		t.Fatalf("an answer used before the reload: %v, want %s", err, session.QRUsed)
	}
	if resumed.State() != state || len(resumed.Players()) != 3 {
		t.Fatalf("the refused replay changed the host: state %d -> %d, %d seats", state, resumed.State(), len(resumed.Players()))
	}

	p = &qrParty{host: resumed, screens: []*screen{hostScreen, nil, nil}}
	for i := 1; i < 3; i++ {
		po := qrOptions(fmt.Sprintf("Agent %d", i))
		po.Token = tokens[i-1]
		back := qrSeat(t, ctx, resumed, po)
		p.peers = append(p.peers, back)
		p.screens[i] = watchScreen(back)
		if back.Seat() != seats[i-1] {
			t.Fatalf("player %d came back to seat %d, want %d", i, back.Seat(), seats[i-1])
		}
		v := p.screens[i].untilSpyfall(t, fmt.Sprintf("player %d's card back", i), func(v *spyfall.View) bool { return v.Vote != nil })
		if !sameCard(v.Card, r.cards[i]) {
			t.Fatalf("player %d came back with card %+v, want %+v", i, v.Card, r.cards[i])
		}
	}
	defer func() {
		for _, c := range p.peers {
			c.Close()
		}
	}()
	hostScreen.until(t, "everyone back online", func() bool { return allOnline(hostScreen.last) })
	if n := len(resumed.Players()); n != 3 {
		t.Fatalf("%d seats after the returns, want 3", n)
	}

	act(t, p.clients()[voter], spyfall.Vote{Vote: before.Vote.ID, Yes: true})
	p.spyConvictedOnEveryScreen(t)
	p.noneRefused(t)
}

// sameCard says whether a card shown is the card dealt: the same side, the same location.
func sameCard(got *spyfall.CardView, want spyfall.CardView) bool {
	return got != nil && got.Spy == want.Spy && (got.Location == nil) == (want.Location == nil) &&
		(got.Location == nil || got.Location.ID == want.Location.ID)
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

// startRound waits for the host and its two players online, starts a one-round classic game
// and its clock, and returns the round and every seat's client, the host's first.
func (p *qrParty) startRound(t *testing.T) (round, []*session.Client) {
	t.Helper()
	p.screens[0].until(t, "three players online", func() bool {
		return p.screens[0].last != nil && len(p.screens[0].last.Players) == 3 && allOnline(p.screens[0].last)
	})
	cfg := spyfall.Config{Edition: spyfall.Classic, Rounds: 1, QuestionTracker: true}
	send(t, p.host.Player(), game.SetSettings(game.Settings{Family: game.Spyfall, Configs: map[game.Family]any{game.Spyfall: &cfg}}))
	send(t, p.host.Player(), game.Start())
	r := p.readRound(t, 1)
	clients := p.clients()
	act(t, clients[r.dealer], spyfall.StartClock{Round: 1})
	p.screens[0].untilSpyfall(t, "the clock running", func(v *spyfall.View) bool { return v.Phase == spyfall.PhasePlaying })
	return r, clients
}

// spyConvictedOnEveryScreen waits for every screen to show the round ended with the spy
// convicted.
func (p *qrParty) spyConvictedOnEveryScreen(t *testing.T) {
	t.Helper()
	for i, s := range p.screens {
		v := s.untilSpyfall(t, fmt.Sprintf("screen %d to see the round's end", i), func(v *spyfall.View) bool {
			return v.LastRound != nil
		})
		if v.LastRound.Ending != spyfall.EndSpyConvicted {
			t.Errorf("screen %d: the round ended %v, want the spy convicted", i, v.LastRound.Ending)
		}
	}
}

// noneRefused fails the test for every refusal a screen was sent.
func (p *qrParty) noneRefused(t *testing.T) {
	t.Helper()
	for i, s := range p.screens {
		for _, u := range s.refused() {
			t.Errorf("screen %d was refused: %s (%s)", i, u.Notice, u.Code)
		}
	}
}

func allOnline(v *session.View) bool {
	for _, pl := range v.Players {
		if !pl.Online {
			return false
		}
	}
	return true
}
