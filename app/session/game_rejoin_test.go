//go:build !js

package session_test

// The reliability tests of issue 7 with the real game: a Spyfall room (app/game) hosted over
// real pion peers and the real signaling server on loopback. This is an external test
// package because app/game imports app/session; the hooks it needs from the session's own
// tests are in export_test.go.

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"safehouse/app/game"
	"safehouse/app/session"
	"safehouse/engine"
	"safehouse/engine/spyfall"
)

// patience only stops a hung test.
const patience = 90 * time.Second

// screen records what one client was shown: its latest view, its refusals and how often it
// came online.
type screen struct {
	c *session.Client

	mu        sync.Mutex
	last      *session.View
	refusals  []session.Update
	onlines   int
	reconnect bool // it was told it is reconnecting at least once
	closed    bool // it was told its connection ended for good
	changed   chan struct{}
}

func watchScreen(c *session.Client) *screen {
	s := &screen{c: c, changed: make(chan struct{})}
	go func() {
		for u := range c.Updates() {
			s.mu.Lock()
			if u.View != nil {
				s.last = u.View
			}
			switch {
			case u.Code == "", u.Code == session.CodeMoved: // a dead connection's farewell is not a refusal
			case slices.Contains(session.NoticeCodes(), u.Code): // the session's own news
			default:
				s.refusals = append(s.refusals, u)
			}
			switch u.Status {
			case session.StatusOnline:
				s.onlines++
			case session.StatusReconnecting:
				s.reconnect = true
			case session.StatusClosed:
				s.closed = true
			}
			close(s.changed)
			s.changed = make(chan struct{})
			s.mu.Unlock()
		}
	}()
	return s
}

// until waits for cond over the screen; the deadline only stops a hang.
func (s *screen) until(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.After(patience)
	for {
		s.mu.Lock()
		ok, ch := cond(), s.changed
		s.mu.Unlock()
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

// table is the screen's latest game view (nil before the first).
func (s *screen) table() *game.TableView {
	s.mu.Lock()
	last := s.last
	s.mu.Unlock()
	if last == nil {
		return nil
	}
	tv, err := game.DecodeView(last.Game)
	if err != nil {
		panic(err)
	}
	return tv
}

// spyfall is the Spyfall part of the latest view, or nil.
func (s *screen) spyfall() *spyfall.View {
	if tv := s.table(); tv != nil {
		return game.EngineView[spyfall.View](tv)
	}
	return nil
}

// untilSpyfall waits until the screen's Spyfall view satisfies ok, and returns it.
func (s *screen) untilSpyfall(t *testing.T, what string, ok func(*spyfall.View) bool) *spyfall.View {
	t.Helper()
	var got *spyfall.View
	s.until(t, what, func() bool {
		if s.last == nil {
			return false
		}
		tv, err := game.DecodeView(s.last.Game)
		if err != nil || tv == nil {
			return false
		}
		if v := game.EngineView[spyfall.View](tv); v != nil && ok(v) {
			got = v
			return true
		}
		return false
	})
	return got
}

func (s *screen) refused() []session.Update {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.refusals)
}

func (s *screen) onlineCount() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.onlines
}

// party is a host and its players, every client watched; screens[0] is the host's player.
type party struct {
	host    *session.HostSession
	peers   []*session.Client
	screens []*screen
}

func (p *party) clients() []*session.Client {
	return append([]*session.Client{p.host.Player()}, p.peers...)
}

// startParty hosts a room with a game.Room on the real signaling server and seats the host
// and players pion peers, who came by the invite link.
func startParty(t *testing.T, ctx context.Context, url string, o session.Options, players int) *party {
	t.Helper()
	host, err := session.Host(ctx, o)
	if err != nil {
		t.Fatal(err)
	}
	host.SetTable(game.NewRoom(game.Options{}))
	p := &party{host: host, screens: []*screen{watchScreen(host.Player())}}
	for i := range players {
		c, err := session.Join(ctx, session.ChaosTestOptions(url, fmt.Sprintf("Agent %d", i+1)), host.Room(), host.Secret())
		if err != nil {
			t.Fatal(err)
		}
		p.peers = append(p.peers, c)
		p.screens = append(p.screens, watchScreen(c))
	}
	return p
}

func (p *party) close() {
	for _, c := range p.peers {
		c.Close()
	}
	p.host.Close()
}

// send sends an intent, waiting (as a player told to wait would) while a long reconnect
// keeps the outbox full; a refused Send queued nothing.
func send(t *testing.T, c *session.Client, in session.Intent) {
	t.Helper()
	deadline := time.Now().Add(patience)
	err := c.Send(in)
	for errors.Is(err, session.ErrOutboxFull) && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
		err = c.Send(in)
	}
	if err != nil {
		t.Fatalf("seat %d: send: %v", c.Seat(), err)
	}
}

func act(t *testing.T, c *session.Client, a spyfall.Action) {
	t.Helper()
	in, err := game.Action(a)
	if err != nil {
		t.Fatal(err)
	}
	send(t, c, in)
}

// startClassic has the host start a classic game of rounds rounds with the question
// tracker, and waits until every screen shows round 1 dealt.
func (p *party) startClassic(t *testing.T, rounds int) {
	t.Helper()
	cfg := spyfall.Config{Edition: spyfall.Classic, Rounds: rounds, QuestionTracker: true}
	send(t, p.host.Player(), game.SetSettings(game.Settings{Family: game.Spyfall, Configs: map[game.Family]any{game.Spyfall: &cfg}}))
	send(t, p.host.Player(), game.Start())
	for i, s := range p.screens {
		s.untilSpyfall(t, fmt.Sprintf("screen %d to show round 1 dealt", i), func(v *spyfall.View) bool {
			return v.Round == 1 && v.Phase == spyfall.PhaseDealt && v.Card != nil
		})
	}
}

// round is what the omniscient test knows of the round in play, from everyone's own card.
type round struct {
	no       int
	spy      int // index in clients() of the spy
	spySeat  engine.Seat
	location string // the location's ID
	cards    []spyfall.CardView
	dealer   int // index in clients()
}

// readRound waits until every screen shows round no dealt, and reads their cards.
func (p *party) readRound(t *testing.T, no int) round {
	t.Helper()
	r := round{no: no, spy: -1}
	var public *spyfall.View
	for i, s := range p.screens {
		v := s.untilSpyfall(t, fmt.Sprintf("screen %d to show round %d dealt", i, no), func(v *spyfall.View) bool {
			return v.Round == no && v.Phase == spyfall.PhaseDealt && v.Card != nil
		})
		public = v
		r.cards = append(r.cards, *v.Card)
		if v.Card.Spy {
			r.spy, r.spySeat = i, v.Seat
		} else {
			r.location = v.Card.Location.ID
		}
	}
	if r.spy < 0 || r.location == "" {
		t.Fatalf("round %d: no spy or no location among the cards %+v", no, r.cards)
	}
	r.dealer = p.index(t, public.Dealer)
	return r
}

// index finds which client plays engine seat e.
func (p *party) index(t *testing.T, e engine.Seat) int {
	t.Helper()
	for i, s := range p.screens {
		if v := s.spyfall(); v != nil && v.Seat == e {
			return i
		}
	}
	t.Fatalf("nobody plays engine seat %d", e)
	return -1
}

// APP-REJOIN-1, with the real game: a player whose connection dies in the middle of a vote
// on an accusation comes back by itself to the same seat and the same card, its vote sent
// while it was away counts once, and the vote completes.
func TestSpyfallVoteCompletesAfterAConnectionDies_APP_REJOIN_1(t *testing.T) {
	url := session.StartTestSignaling(t)
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	p := startParty(t, ctx, url, session.ChaosTestOptions(url, "Hana"), 4)
	defer p.close()
	p.startClassic(t, 1)
	r := p.readRound(t, 1)
	clients := p.clients()
	act(t, clients[r.dealer], spyfall.StartClock{Round: 1})
	p.screens[0].untilSpyfall(t, "the clock running", func(v *spyfall.View) bool { return v.Phase == spyfall.PhasePlaying })

	// A player who is not the spy accuses the spy; the victim is another such player.
	var innocents []int
	for i := 1; i < len(clients); i++ {
		if i != r.spy {
			innocents = append(innocents, i)
		}
	}
	accuser, victim := innocents[0], innocents[1]
	victimCard, victimSeat, victimToken := r.cards[victim], clients[victim].Seat(), clients[victim].Token()
	act(t, clients[accuser], spyfall.Accuse{Round: 1, Suspect: r.spySeat})
	vote := p.screens[0].untilSpyfall(t, "the vote open", func(v *spyfall.View) bool { return v.Vote != nil }).Vote

	// Everyone but the victim votes yes, one at a time, except the last.
	var voters []int
	for i := range clients {
		if i != accuser && i != r.spy && i != victim {
			voters = append(voters, i)
		}
	}
	for _, i := range voters[:len(voters)-1] {
		act(t, clients[i], spyfall.Vote{Vote: vote.ID, Yes: true})
	}
	in := len(voters) // the votes sent so far and the accuser's fixed yes
	p.screens[0].untilSpyfall(t, "the first votes in", func(v *spyfall.View) bool { return v.Vote != nil && len(v.Vote.Voted) == in })

	before := p.screens[victim].onlineCount()
	session.KillConnection(clients[victim])
	act(t, clients[victim], spyfall.Vote{Vote: vote.ID, Yes: true})
	act(t, clients[voters[len(voters)-1]], spyfall.Vote{Vote: vote.ID, Yes: true})

	for i, s := range p.screens {
		v := s.untilSpyfall(t, fmt.Sprintf("screen %d to see the vote's result", i), func(v *spyfall.View) bool {
			return v.LastVote != nil && v.Vote == nil
		})
		if v.LastRound == nil || v.LastRound.Ending != spyfall.EndSpyConvicted {
			t.Errorf("screen %d: the round ended %+v, want the spy convicted", i, v.LastRound)
		}
	}
	p.screens[victim].until(t, "the victim back online", func() bool { return p.screens[victim].onlines > before })
	if clients[victim].Seat() != victimSeat || clients[victim].Token() != victimToken {
		t.Errorf("the victim came back as seat %d, want %d with the same token", clients[victim].Seat(), victimSeat)
	}
	p.screens[victim].mu.Lock()
	reconnected := p.screens[victim].reconnect
	p.screens[victim].mu.Unlock()
	if !reconnected {
		t.Error("the victim was never shown that it was reconnecting")
	}
	if got := p.screens[victim].spyfall(); got == nil || got.LastRound == nil || !sameCardAs(got, victimCard) {
		t.Errorf("after the reconnect the victim's screen does not show its card %+v", victimCard)
	}
	for i, s := range p.screens {
		for _, u := range s.refused() {
			t.Errorf("screen %d was refused: %s (%s)", i, u.Notice, u.Code)
		}
	}
	if got := len(p.host.Players()); got != 5 {
		t.Errorf("%d seats after the reconnect, want 5", got)
	}
}

// sameCardAs says whether the round's result still shows the location of card (the victim's
// card is no longer on screen once the round is over, but the location of its round is).
func sameCardAs(v *spyfall.View, card spyfall.CardView) bool {
	return card.Location != nil && v.LastRound.Location.ID == card.Location.ID
}

// APP-REJOIN-2, with the real game: the host stops without a word in the middle of a vote,
// comes back from its saved state with the game restored by game.Room, reclaims its room,
// and every player comes back by itself to its seat and card; the vote then completes.
func TestSpyfallHostRestartedFromItsSaveContinues_APP_REJOIN_2(t *testing.T) {
	url := session.StartTestSignaling(t)
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	store := &session.MemoryStore{}
	o := session.ChaosTestOptions(url, "Hana")
	o.Store = store
	p := startParty(t, ctx, url, o, 3)
	for _, c := range p.peers {
		defer c.Close()
	}
	p.startClassic(t, 2)
	r := p.readRound(t, 1)
	clients := p.clients()
	act(t, clients[r.dealer], spyfall.StartClock{Round: 1})
	p.screens[0].untilSpyfall(t, "the clock running", func(v *spyfall.View) bool { return v.Phase == spyfall.PhasePlaying })
	accuser := (r.spy + 1) % len(clients)
	act(t, clients[accuser], spyfall.Accuse{Round: 1, Suspect: r.spySeat})
	vote := p.screens[0].untilSpyfall(t, "the vote open", func(v *spyfall.View) bool { return v.Vote != nil }).Vote
	var voters []int
	for i := range clients {
		if i != accuser && i != r.spy {
			voters = append(voters, i)
		}
	}
	act(t, clients[voters[0]], spyfall.Vote{Vote: vote.ID, Yes: true})
	p.screens[0].untilSpyfall(t, "one vote in", func(v *spyfall.View) bool { return v.Vote != nil && len(v.Vote.Voted) == 2 })
	room, stateBefore := p.host.Room(), p.host.State()

	p.host.Crash()

	saved, err := store.Load()
	if err != nil || saved == nil {
		t.Fatalf("the host saved nothing: %v", err)
	}
	st, err := session.DecodeHostState(saved)
	if err != nil {
		t.Fatal(err)
	}
	restored := game.NewRoom(game.Options{})
	if err := restored.UnmarshalBinary(st.Game); err != nil {
		t.Fatalf("the saved game does not restore: %v", err)
	}
	resumed, err := session.ResumeHost(ctx, o, st, restored)
	if err != nil {
		t.Fatal(err)
	}
	defer resumed.Close()
	if resumed.Room() != room {
		t.Fatalf("resumed as room %s, want %s", resumed.Room(), room)
	}
	hostScreen := watchScreen(resumed.Player())
	screens := append([]*screen{hostScreen}, p.screens[1:]...)
	clients = append([]*session.Client{resumed.Player()}, p.peers...)
	for i, s := range screens {
		s.until(t, fmt.Sprintf("screen %d back with everyone online", i), func() bool {
			if s.last == nil || s.last.State <= stateBefore || len(s.last.Players) != 4 {
				return false
			}
			for _, pl := range s.last.Players {
				if !pl.Online {
					return false
				}
			}
			return true
		})
		v := s.spyfall()
		if v == nil || v.Card == nil || v.Card.Spy != r.cards[i].Spy || (v.Card.Location != nil) != (r.cards[i].Location != nil) ||
			(v.Card.Location != nil && v.Card.Location.ID != r.cards[i].Location.ID) {
			t.Errorf("screen %d after the restart shows card %+v, want %+v", i, v.Card, r.cards[i])
		}
		if v == nil || v.Vote == nil || v.Vote.ID != vote.ID || len(v.Vote.Voted) != 2 {
			t.Errorf("screen %d after the restart does not show vote %d with its two votes", i, vote.ID)
		}
	}
	for _, i := range voters[1:] {
		act(t, clients[i], spyfall.Vote{Vote: vote.ID, Yes: true})
	}
	for i, s := range screens {
		v := s.untilSpyfall(t, fmt.Sprintf("screen %d to see round 1 end", i), func(v *spyfall.View) bool { return len(v.History) == 1 })
		if v.LastRound.Ending != spyfall.EndSpyConvicted {
			t.Errorf("screen %d: round 1 ended %q, want the spy convicted", i, v.LastRound.Ending)
		}
	}
	for i, s := range screens {
		for _, u := range s.refused() {
			t.Errorf("screen %d was refused: %s (%s)", i, u.Notice, u.Code)
		}
	}
}

// A whole classic game (three rounds, the question tracker on) through many random channel
// drops, which land while intents are in flight: the game completes, every action is applied
// exactly once (each question moves the tracker by one, every vote is counted once, nothing is
// refused as a repeat) and every player ends on its own seat.
func TestSpyfallGameThroughRandomDrops(t *testing.T) {
	drops := session.RandomDrops()
	const rounds = 3
	url := session.StartTestSignaling(t)
	ctx, cancel := context.WithTimeout(context.Background(), 4*patience)
	defer cancel()
	p := startParty(t, ctx, url, session.ChaosTestOptions(url, "Hana"), 3)
	defer p.close()
	seats := make([]session.Seat, len(p.peers))
	for i, c := range p.peers {
		seats[i] = c.Seat()
	}
	p.startClassic(t, rounds)

	// The drops: one peer at a time loses its connection and comes back, over and over.
	var dropped atomic.Int64
	stopDrops := make(chan struct{})
	dropsDone := make(chan struct{})
	go func() {
		defer close(dropsDone)
		rng := rand.New(rand.NewPCG(11, uint64(drops)))
		for range drops {
			select {
			case <-stopDrops:
				return
			default:
			}
			i := rng.IntN(len(p.peers))
			s := p.screens[i+1]
			before := s.onlineCount()
			session.KillConnection(p.peers[i])
			deadline := time.Now().Add(patience)
			for s.onlineCount() <= before && time.Now().Before(deadline) {
				time.Sleep(5 * time.Millisecond)
			}
			dropped.Add(1)
			time.Sleep(time.Duration(rng.IntN(20)) * time.Millisecond)
		}
	}()
	defer func() {
		close(stopDrops)
		<-dropsDone
	}()

	clients := p.clients()
	host := p.screens[0]
	rng := rand.New(rand.NewPCG(5, 8))
	asked := make([]int, rounds+1)
	for no := 1; no <= rounds; no++ {
		r := p.readRound(t, no)
		act(t, clients[r.dealer], spyfall.StartClock{Round: no})
		host.untilSpyfall(t, "the clock running", func(v *spyfall.View) bool { return v.Round == no && v.Phase == spyfall.PhasePlaying })
		// Questions go round the table until this round's share of the drops happened.
		for q := 0; dropped.Load() < int64(drops*no/rounds) || q < 3; q++ {
			v := host.spyfall()
			asker := p.index(t, v.Asker)
			target := v.Seats[rng.IntN(len(v.Seats))].ID
			for target == v.Asker || target == v.AskedBy {
				target = v.Seats[rng.IntN(len(v.Seats))].ID
			}
			act(t, clients[asker], spyfall.Ask{Round: no, Question: v.Question, Target: target})
			asked[no]++
			host.untilSpyfall(t, fmt.Sprintf("question %d of round %d", v.Question+1, no), func(nv *spyfall.View) bool {
				return nv.Question == v.Question+1
			})
		}
		if no%2 == 1 {
			// The spy names the location.
			act(t, clients[r.spy], spyfall.Guess{Round: no, Location: r.location})
		} else {
			// Someone else accuses the spy and everyone votes yes.
			accuser := (r.spy + 1 + rng.IntN(len(clients)-1)) % len(clients)
			act(t, clients[accuser], spyfall.Accuse{Round: no, Suspect: r.spySeat})
			vote := host.untilSpyfall(t, "the vote open", func(v *spyfall.View) bool { return v.Vote != nil }).Vote
			for _, e := range vote.Voters {
				if i := p.index(t, e); i != accuser {
					act(t, clients[i], spyfall.Vote{Vote: vote.ID, Yes: true})
				}
			}
		}
		host.untilSpyfall(t, fmt.Sprintf("round %d over", no), func(v *spyfall.View) bool { return len(v.History) == no })
		if no < rounds {
			act(t, clients[rng.IntN(len(clients))], spyfall.Deal{Round: no + 1})
		}
	}
	if got := dropped.Load(); got < int64(drops) {
		t.Errorf("%d drops happened during the game, want %d", got, drops)
	}

	for i, s := range p.screens {
		v := s.untilSpyfall(t, fmt.Sprintf("screen %d to see the game over", i), func(v *spyfall.View) bool {
			return v.Phase == spyfall.PhaseGameOver
		})
		if len(v.History) != rounds {
			t.Errorf("screen %d: %d rounds in the history, want %d", i, len(v.History), rounds)
		}
		for no, res := range v.History {
			want := spyfall.EndSpyGuessed
			if (no+1)%2 == 0 {
				want = spyfall.EndSpyConvicted
			}
			if res.Ending != want {
				t.Errorf("screen %d: round %d ended %q, want %q", i, no+1, res.Ending, want)
			}
		}
		for _, u := range s.refused() {
			t.Errorf("screen %d was refused (an action applied twice?): %s (%s)", i, u.Notice, u.Code)
		}
	}
	for i, c := range p.peers {
		if c.Seat() != seats[i] {
			t.Errorf("peer %d ended on seat %d, started on %d", i, c.Seat(), seats[i])
		}
	}
	if got := len(p.host.Players()); got != 1+len(p.peers) {
		t.Errorf("%d seats after the drops, want %d", got, 1+len(p.peers))
	}
	t.Logf("%d drops; questions per round %v", dropped.Load(), asked[1:])
}
