//go:build !js

package session_test

// The handoff and the takeover with the real game (APP-HOST-1, APP-HOST-2): a Spyfall room of
// app/game hosted over real pion peers and the real signaling server on loopback.

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"safehouse/app/game"
	"safehouse/app/session"
	"safehouse/engine"
	"safehouse/engine/spyfall"
)

// openRoom is the players' OpenTable: the app's own way to make the game from a save.
func openRoom(saved []byte, clock func() time.Time) (session.Table, error) {
	room := game.NewRoom(game.Options{Now: clock})
	if len(saved) > 0 {
		if err := room.UnmarshalBinary(saved); err != nil {
			return nil, err
		}
	}
	return room, nil
}

// mover follows one client: its latest view and what the game's moving told it.
type mover struct {
	mu        sync.Mutex
	last      *session.View
	asks      []session.HandoffAsk
	hosts     []*session.HostSession
	takeovers []session.Takeover
	changed   chan struct{}
}

func follow(c *session.Client) *mover {
	m := &mover{changed: make(chan struct{})}
	go func() {
		for u := range c.Updates() {
			m.mu.Lock()
			if u.View != nil {
				m.last = u.View
			}
			if u.HandOff != nil {
				m.asks = append(m.asks, *u.HandOff)
			}
			if u.Host != nil {
				m.hosts = append(m.hosts, u.Host)
			}
			if u.Takeover != nil {
				m.takeovers = append(m.takeovers, *u.Takeover)
			}
			close(m.changed)
			m.changed = make(chan struct{})
			m.mu.Unlock()
		}
	}()
	return m
}

func (m *mover) until(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.After(patience)
	for {
		m.mu.Lock()
		ok, ch := cond(), m.changed
		m.mu.Unlock()
		if ok {
			return
		}
		select {
		case <-ch:
		case <-deadline:
			t.Fatalf("waiting for %s", what)
		}
	}
}

func (m *mover) spyfall(t *testing.T, what string, ok func(*spyfall.View, *session.View) bool) *spyfall.View {
	t.Helper()
	var got *spyfall.View
	m.until(t, what, func() bool {
		if m.last == nil {
			return false
		}
		tv, err := game.DecodeView(m.last.Game)
		if err != nil || tv == nil {
			return false
		}
		if v := game.EngineView[spyfall.View](tv); v != nil && ok(v, m.last) {
			got = v
			return true
		}
		return false
	})
	return got
}

// remaining is how long the round's clock has left in a view, by the host's clock then.
func remaining(v *spyfall.View, sv *session.View) time.Duration {
	tv, _ := game.DecodeView(sv.Game)
	if v.Clock == nil || !v.Clock.Running {
		return -1
	}
	return time.Duration(int64(v.Clock.Deadline)-tv.Now) * time.Millisecond
}

// handoffParty is a Spyfall game of a host and n pion players who can each take it.
type handoffParty struct {
	url     string
	ctx     context.Context
	store   *session.MemoryStore // the first host's
	host    *session.HostSession
	clients []*session.Client // [0] is the host's player
	movers  []*mover
	cards   []spyfall.CardView
	spy     int
	spySeat engine.Seat
}

func startHandoffParty(t *testing.T, n int) *handoffParty {
	t.Helper()
	p := seatHandoffParty(t, n)
	host := p.host
	cfg := spyfall.Config{Edition: spyfall.Classic, Rounds: 2}
	send(t, host.Player(), game.SetSettings(game.Settings{Family: game.Spyfall, Configs: map[game.Family]any{game.Spyfall: &cfg}}))
	send(t, host.Player(), game.Start())
	p.spy = -1
	var public *spyfall.View
	for i, m := range p.movers {
		v := m.spyfall(t, fmt.Sprintf("player %d's card", i), func(v *spyfall.View, _ *session.View) bool {
			return v.Round == 1 && v.Card != nil
		})
		public = v
		p.cards = append(p.cards, *v.Card)
		if v.Card.Spy {
			p.spy, p.spySeat = i, v.Seat
		}
	}
	dealer := -1
	for i, m := range p.movers {
		if v := m.spyfall(t, "a seat", func(*spyfall.View, *session.View) bool { return true }); v.Seat == public.Dealer {
			dealer = i
		}
	}
	act(t, p.clients[dealer], spyfall.StartClock{Round: 1})
	p.movers[0].spyfall(t, "the clock running", func(v *spyfall.View, _ *session.View) bool { return v.Phase == spyfall.PhasePlaying })
	return p
}

// handOver hands p's game to clients[i], which accepts; it returns the new host, and the old
// host's player back as its seat.
func (p *handoffParty) handOver(t *testing.T, i int) (*session.HostSession, *session.Client) {
	t.Helper()
	done := make(chan error, 1)
	var ho session.HandedOver
	go func() {
		var err error
		ho, err = p.host.HandOver(p.ctx, p.clients[i].Seat())
		done <- err
	}()
	m := p.movers[i]
	m.until(t, "the question", func() bool { return len(m.asks) > 0 })
	if err := p.clients[i].AnswerHandoff(m.asks[0].ID, true); err != nil {
		t.Fatal(err)
	}
	m.until(t, "hosting", func() bool { return len(m.hosts) > 0 })
	newHost := m.hosts[0]
	t.Cleanup(func() { newHost.Close() })
	if err := <-done; err != nil {
		t.Fatalf("HandOver: %v", err)
	}
	o := session.ChaosTestOptions(p.url, "Hana")
	o.Token = ho.Token
	old, err := session.Join(p.ctx, o, ho.Room, ho.Secret)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { old.Close() })
	return newHost, old
}

// APP-HOST-1 with the real game: a Spyfall round handed over while its clock runs and then in
// the middle of a vote: the clock keeps its remaining time, the vote stays open with its votes
// and completes, every seat keeps its card.
func TestSpyfallHandedOverMidClockAndMidVote_APP_HOST_1(t *testing.T) {
	p := startHandoffParty(t, 4)
	before := p.movers[1].spyfall(t, "the clock", func(v *spyfall.View, sv *session.View) bool { return remaining(v, sv) > 0 })
	var beforeLeft time.Duration
	p.movers[1].until(t, "the clock's time", func() bool { beforeLeft = remaining(before, p.movers[1].last); return true })
	asked := time.Now()

	newHost, old := p.handOver(t, 2)
	took := time.Since(asked)
	clients := append([]*session.Client{old, p.clients[1], newHost.Player()}, p.clients[3:]...)
	movers := []*mover{follow(old), p.movers[1], follow(newHost.Player()), p.movers[3], p.movers[4]}
	for i, m := range movers {
		v := m.spyfall(t, fmt.Sprintf("player %d back with the new host", i), func(v *spyfall.View, sv *session.View) bool {
			return v.Card != nil && v.Phase == spyfall.PhasePlaying && sv.Players[0].Host && sv.Players[0].Seat == clients[2].Seat()
		})
		if v.Card.Spy != p.cards[i].Spy || (v.Card.Location != nil && v.Card.Location.ID != p.cards[i].Location.ID) {
			t.Errorf("player %d holds %+v after the handoff, had %+v", i, v.Card, p.cards[i])
		}
		m.mu.Lock()
		left := remaining(v, m.last)
		m.mu.Unlock()
		if left > beforeLeft || left < beforeLeft-took-2*time.Second {
			t.Errorf("player %d: the clock has %v left after a %v handoff, it had %v", i, left, took, beforeLeft)
		}
	}

	// A vote opens, gets one vote, and the game moves again: back to the first player's phone
	// is not possible (it is no host), so to player 3's.
	accuser := (p.spy + 1) % len(clients)
	if accuser == 2 {
		accuser = (accuser + 1) % len(clients)
	}
	act(t, clients[accuser], spyfall.Accuse{Round: 1, Suspect: p.spySeat})
	vote := movers[0].spyfall(t, "the vote open", func(v *spyfall.View, _ *session.View) bool { return v.Vote != nil }).Vote
	var voters []int
	for i := range clients {
		if i != accuser && i != p.spy {
			voters = append(voters, i)
		}
	}
	act(t, clients[voters[0]], spyfall.Vote{Vote: vote.ID, Yes: true})
	movers[0].spyfall(t, "one vote in", func(v *spyfall.View, _ *session.View) bool { return v.Vote != nil && len(v.Vote.Voted) == 2 })

	second := &handoffParty{url: p.url, ctx: p.ctx, host: newHost, clients: clients, movers: movers}
	third, old2 := second.handOver(t, 3)
	clients[2], clients[3] = old2, third.Player()
	movers[2], movers[3] = follow(old2), follow(third.Player())
	for i, m := range movers {
		m.spyfall(t, fmt.Sprintf("player %d sees the vote still open", i), func(v *spyfall.View, sv *session.View) bool {
			return v.Vote != nil && v.Vote.ID == vote.ID && len(v.Vote.Voted) == 2 && sv.Players[0].Seat == clients[3].Seat()
		})
	}
	for _, i := range voters[1:] {
		act(t, clients[i], spyfall.Vote{Vote: vote.ID, Yes: true})
	}
	for i, m := range movers {
		v := m.spyfall(t, fmt.Sprintf("player %d sees round 1 end", i), func(v *spyfall.View, _ *session.View) bool { return len(v.History) == 1 })
		if v.LastRound.Ending != spyfall.EndSpyConvicted {
			t.Errorf("player %d: round 1 ended %q, want the spy convicted", i, v.LastRound.Ending)
		}
	}
}

// APP-HOST-2 with the real game: the host's device dies while the round's clock runs and a
// vote is open; a majority takes the game over; the clock goes on from the sealed moment
// (the time the host was gone does not count), the vote completes, every seat keeps its card.
func TestSpyfallHostKilledMidVoteTakenOver_APP_HOST_2(t *testing.T) {
	p := startHandoffParty(t, 4)
	accuser := (p.spy + 1) % len(p.clients)
	if accuser == 0 {
		accuser++
	}
	act(t, p.clients[accuser], spyfall.Accuse{Round: 1, Suspect: p.spySeat})
	vote := p.movers[0].spyfall(t, "the vote open", func(v *spyfall.View, _ *session.View) bool { return v.Vote != nil }).Vote
	var voters []int
	for i := range p.clients {
		if i != accuser && i != p.spy {
			voters = append(voters, i)
		}
	}
	act(t, p.clients[voters[0]], spyfall.Vote{Vote: vote.ID, Yes: true})
	state := p.host.State()
	for i := 1; i < len(p.clients); i++ {
		deadline := time.Now().Add(patience)
		for h := p.clients[i].Holding(); h.State < state; h = p.clients[i].Holding() {
			if time.Now().After(deadline) {
				t.Fatalf("player %d never held a copy of state %d", i, state)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	p.host.Crash()
	time.Sleep(2 * time.Second) // the host stays gone a while: that time must not count
	asker := 1
	if asker == p.spy || asker == accuser {
		asker = 2
	}
	if asker == p.spy || asker == accuser {
		asker = 3
	}
	m := p.movers[asker]
	m.until(t, "the offer", func() bool {
		for _, u := range m.takeovers {
			if u.Offer && u.Possible {
				return true
			}
		}
		return false
	})
	if err := p.clients[asker].AskTakeover(); err != nil {
		t.Fatal(err)
	}
	for i := 1; i < len(p.clients); i++ {
		if i == asker {
			continue
		}
		mi := p.movers[i]
		// Its own offer first, as TestHostKilledMidVoteTakenOverByAMajority_APP_HOST_2 waits
		// for every device's: the server tells a device its host is away at once, while the
		// device's own channel to the crashed host is found dead only after ICE's timeouts,
		// and until then it cannot agree (ErrTakeoverNotNow; a loaded machine once got there).
		mi.until(t, "the offer and the ask", func() bool {
			var offer, ask bool
			for _, u := range mi.takeovers {
				offer = offer || (u.Offer && u.Possible)
				ask = ask || u.Asker >= 0
			}
			return offer && ask
		})
		if err := p.clients[i].AgreeTakeover(); err != nil {
			t.Fatal(err)
		}
	}
	m.until(t, "hosting", func() bool { return len(m.hosts) > 0 })
	newHost := m.hosts[0]
	t.Cleanup(func() { newHost.Close() })
	// The old host's tab comes back: the room is taken, so it rejoins as its seat.
	saved, _ := p.store.Load()
	st, err := session.DecodeHostState(saved)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := session.ResumeHost(p.ctx, session.ChaosTestOptions(p.url, ""), st, nil); !errors.Is(err, session.ErrRoomTaken) {
		t.Fatalf("the old host's tab coming back: %v, want ErrRoomTaken", err)
	}
	o := session.ChaosTestOptions(p.url, "Hana")
	o.Token = st.Seats[0].Token
	old, err := session.Join(p.ctx, o, st.Room, st.Secret)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { old.Close() })
	clients := append([]*session.Client(nil), p.clients...)
	movers := append([]*mover(nil), p.movers...)
	clients[0], movers[0] = old, follow(old)
	clients[asker], movers[asker] = newHost.Player(), follow(newHost.Player())
	for i, mv := range movers {
		v := mv.spyfall(t, fmt.Sprintf("player %d with the new host", i), func(v *spyfall.View, sv *session.View) bool {
			return v.Card != nil && v.Vote != nil && v.Vote.ID == vote.ID && len(v.Vote.Voted) == 2 && sv.Players[0].Seat == clients[asker].Seat()
		})
		if card := p.cards[i]; v.Card.Spy != card.Spy || (card.Location != nil && v.Card.Location.ID != card.Location.ID) {
			t.Errorf("player %d holds %+v after the takeover, had %+v", i, v.Card, card)
		}
		// The clock stopped for the vote: it still holds what it held when the copy was sealed.
		if v.Clock == nil || v.Clock.Running {
			t.Errorf("player %d: the clock runs during the vote after the takeover", i)
		}
	}
	for _, i := range voters[1:] {
		act(t, clients[i], spyfall.Vote{Vote: vote.ID, Yes: true})
	}
	for i, mv := range movers {
		v := mv.spyfall(t, fmt.Sprintf("player %d sees round 1 end", i), func(v *spyfall.View, _ *session.View) bool { return len(v.History) == 1 })
		if v.LastRound.Ending != spyfall.EndSpyConvicted {
			t.Errorf("player %d: round 1 ended %q, want the spy convicted", i, v.LastRound.Ending)
		}
	}
}

// seatHandoffParty seats n pion players who can each take the game at Hana's host, with no
// game started yet.
func seatHandoffParty(t *testing.T, n int) *handoffParty {
	t.Helper()
	url := session.StartTestSignaling(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*patience)
	t.Cleanup(cancel)
	o := session.ChaosTestOptions(url, "Hana")
	store := &session.MemoryStore{}
	o.Store = store
	host, err := session.Host(ctx, o)
	if err != nil {
		t.Fatal(err)
	}
	host.SetTable(game.NewRoom(game.Options{}))
	p := &handoffParty{url: url, ctx: ctx, store: store, host: host, clients: []*session.Client{host.Player()}}
	for i := range n {
		po := session.ChaosTestOptions(url, fmt.Sprintf("Agent %d", i+1))
		po.OpenTable, po.Store, po.TakeoverAfter = openRoom, &session.MemoryStore{}, 300*time.Millisecond
		c, err := session.Join(ctx, po, host.Room(), host.Secret())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		p.clients = append(p.clients, c)
	}
	for _, c := range p.clients {
		p.movers = append(p.movers, follow(c))
	}
	return p
}
