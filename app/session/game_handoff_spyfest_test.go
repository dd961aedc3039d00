//go:build !js

package session_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"safehouse/app/game"
	"safehouse/app/session"
	"safehouse/engine"
	"safehouse/engine/spyfest"
)

// spyfest waits until the mover's Spyfest view satisfies ok, and returns it with the table's
// view around it (its Seats map engine seats to session seats, its Now is the host's clock).
func (m *mover) spyfest(t *testing.T, what string, ok func(*spyfest.View, *session.View) bool) festView {
	t.Helper()
	var got festView
	m.until(t, what, func() bool {
		if m.last == nil {
			return false
		}
		tv, err := game.DecodeView(m.last.Game)
		if err != nil || tv == nil {
			return false
		}
		if v := game.EngineView[spyfest.View](tv); v != nil && ok(v, m.last) {
			got = festView{tv, v}
			return true
		}
		return false
	})
	return got
}

// festRound is a Spyfest round under way: who is who, by client index.
type festRound struct {
	round     int
	spy       int // the client of the active team's Spy
	guesser   int // a client of the Spy's team who may guess
	intercept int // a client of the intercepting team, a player's phone where it can be
	character string
	spyTeam   int
}

// startSpyfest starts Spyfest for p's four clients in two teams (0 and 2 against 1 and 3),
// has the active team send a pion player as its Spy, who draws and keeps a character, and
// returns the round once the Spy describes. The guess windows are long enough never to run
// out during the test (each is 5 minutes).
func (p *handoffParty) startSpyfest(t *testing.T) festRound {
	t.Helper()
	host := p.host.Player()
	cfg := &spyfest.Config{Edition: spyfest.EditionSpyfest, Deck: spyfest.DeckFictional, Keywords: spyfest.KeywordsA, GuessWindow: 5 * time.Minute}
	send(t, host, game.SetSettings(game.DefaultSettings().With(game.Spyfest, cfg)))
	for i, c := range p.clients {
		send(t, host, game.AssignTeam(c.Seat(), i%2))
	}
	send(t, host, game.Start())
	fv := p.movers[0].spyfest(t, "the active team choosing its Spy", func(v *spyfest.View, _ *session.View) bool {
		return v.Phase == spyfest.PhaseSpyChoice
	})
	clientOf := func(e engine.Seat) int {
		for i, c := range p.clients {
			if c.Seat() == fv.Seats[e] {
				return i
			}
		}
		t.Fatalf("no client holds engine seat %d (%v)", e, fv.Seats)
		return -1
	}
	r := festRound{round: fv.Spyfest.Round, spyTeam: fv.Spyfest.ActiveTeam, spy: -1, guesser: -1}
	var spyEngine engine.Seat
	for _, e := range fv.Spyfest.Teams[r.spyTeam].Members {
		switch i := clientOf(e); {
		case r.spy < 0 && i != 0:
			r.spy, spyEngine = i, e // a player's phone, not the host's: the Spy's secret is on it
		case r.guesser < 0:
			r.guesser = i
		}
	}
	// A player's phone of the intercepting team, not the host's own where the team has
	// another: the game may be handed to it, and a host cannot hand the game to itself (the
	// teams are dealt at random, so the test waited in vain for the question now and then).
	r.intercept = -1
	for _, e := range fv.Spyfest.Teams[1-r.spyTeam].Members {
		if r.intercept <= 0 {
			r.intercept = clientOf(e)
		}
	}
	actFest(t, p.clients[r.spy], spyfest.ChooseSpy{Round: r.round, Spy: spyEngine})
	actFest(t, p.clients[r.spy], spyfest.Draw{Round: r.round})
	if fv := p.movers[r.spy].spyfest(t, "the Spy's draw", func(v *spyfest.View, _ *session.View) bool { return v.Phase != spyfest.PhaseDraw }); fv.Spyfest.Phase == spyfest.PhaseKeep {
		actFest(t, p.clients[r.spy], spyfest.Keep{Round: r.round, Character: fv.Spyfest.Candidates[0]})
	}
	r.character = p.movers[r.spy].spyfest(t, "the Spy describing", func(v *spyfest.View, _ *session.View) bool {
		return v.Phase == spyfest.PhaseDescribing && v.Character != ""
	}).Spyfest.Character
	return r
}

// windowLeft is how long the open guess window has left, by the host's clock in the view.
func windowLeft(fv festView) time.Duration {
	return time.Duration(int64(fv.Spyfest.Window)-fv.Now) * time.Millisecond
}

// APP-HOST-1 with Spyfest: the game is handed over in the middle of an attempt, after the
// intercepting team's wrong guess and while the Spy's team's window is open. On the new host
// the attempt is where it was (the same attempt, the same team guessing, the wrong name still
// marked, the window's time kept), the character is still on the Spy's phone alone, and the
// Spy's team's right guess ends the round with its points, on every phone.
func TestSpyfestHandedOverMidAttempt_APP_HOST_1(t *testing.T) {
	p := seatHandoffParty(t, 3)
	r := p.startSpyfest(t)
	actFest(t, p.clients[r.intercept], spyfest.Stop{Round: r.round})
	fv := p.movers[0].spyfest(t, "the attempt", func(v *spyfest.View, _ *session.View) bool {
		return v.Phase == spyfest.PhaseStopped && v.Guessing == 1-r.spyTeam
	})
	wrong := ""
	for _, e := range fv.Spyfest.Sheet {
		if e.ID != r.character && !e.Out && !e.Crossed {
			wrong = e.ID
			break
		}
	}
	actFest(t, p.clients[r.intercept], spyfest.Guess{Round: r.round, Attempt: 1, Names: []string{wrong}})
	before := p.movers[r.guesser].spyfest(t, "the Spy's team's window", func(v *spyfest.View, _ *session.View) bool {
		return v.Phase == spyfest.PhaseStopped && v.Guessing == r.spyTeam && v.Window != 0
	})
	asked := time.Now()

	taker := r.intercept // the game goes to a phone of the other team
	newHost, old := p.handOver(t, taker)
	took := time.Since(asked)
	clients := slices.Clone(p.clients)
	movers := slices.Clone(p.movers)
	clients[0], movers[0] = old, follow(old)
	clients[taker], movers[taker] = newHost.Player(), follow(newHost.Player())
	for i, m := range movers {
		fv := m.spyfest(t, fmt.Sprintf("player %d back with the new host", i), func(v *spyfest.View, sv *session.View) bool {
			return v.Phase == spyfest.PhaseStopped && sv.Players[0].Host && sv.Players[0].Seat == clients[taker].Seat()
		})
		v := fv.Spyfest
		if v.Attempt != 1 || v.Guessing != r.spyTeam || v.Window != before.Spyfest.Window {
			t.Errorf("player %d: attempt %d, team %d guessing until %d; want attempt 1, team %d until %d",
				i, v.Attempt, v.Guessing, v.Window, r.spyTeam, before.Spyfest.Window)
		}
		if left := windowLeft(fv); left > windowLeft(before) || left < windowLeft(before)-took-2*time.Second {
			t.Errorf("player %d: the window has %v left after a %v handoff, it had %v", i, left, took, windowLeft(before))
		}
		if shown := v.Character; (i == r.spy) != (shown != "") || (shown != "" && shown != r.character) {
			t.Errorf("player %d (the Spy is %d) sees character %q, the Spy's is %q", i, r.spy, shown, r.character)
		}
		if at := slices.IndexFunc(v.Sheet, func(e spyfest.SheetEntry) bool { return e.ID == wrong }); at < 0 || !v.Sheet[at].Wrong {
			t.Errorf("player %d: the intercepting team's wrong guess %q is not marked", i, wrong)
		}
	}

	actFest(t, clients[r.guesser], spyfest.Guess{Round: r.round, Attempt: 1, Names: []string{r.character}})
	for i, m := range movers {
		v := m.spyfest(t, fmt.Sprintf("player %d sees the round end", i), func(v *spyfest.View, _ *session.View) bool {
			return len(v.History) == 1
		}).Spyfest
		if h := v.History[0]; h.Reason != spyfest.EndGuessed || h.Scorer != r.spyTeam || h.Attempt != 1 || h.Character != r.character ||
			h.VP == 0 || v.Teams[r.spyTeam].VP != h.VP {
			t.Errorf("player %d: round 1 ended %+v with the Spy's team at %d VP; want team %d guessing %q at attempt 1",
				i, h, v.Teams[r.spyTeam].VP, r.spyTeam, r.character)
		}
	}
}
