//go:build !js

package session_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"safehouse/app/game"
	"safehouse/app/session"
	"safehouse/engine"
	"safehouse/engine/spyfest"
)

// festView is the table's view (its seats map engine seats to session seats) with the
// Spyfest engine's view in it.
type festView struct {
	*game.TableView
	Spyfest *spyfest.View
}

// untilSpyfest waits until the screen's Spyfest view satisfies ok, and returns the table's
// view with it.
func (s *screen) untilSpyfest(t *testing.T, what string, ok func(*spyfest.View) bool) festView {
	t.Helper()
	var got festView
	s.until(t, what, func() bool {
		if s.last == nil {
			return false
		}
		tv, err := game.DecodeView(s.last.Game)
		if err != nil || tv == nil {
			return false
		}
		v := game.EngineView[spyfest.View](tv)
		if v == nil || !ok(v) {
			return false
		}
		got = festView{tv, v}
		return true
	})
	return got
}

func actFest(t *testing.T, c *session.Client, a spyfest.Action) {
	t.Helper()
	in, err := game.Action(a)
	if err != nil {
		t.Fatal(err)
	}
	send(t, c, in)
}

// The second game through QR codes alone, as the first: four phones seated through their
// codes play Spyfest in two teams of two. Only the active team's Spy is shown the character;
// the Spy's phone sleeps mid-description, and two new codes with its token bring back the
// seat, its team and the same character, while the others still see none.
func TestQRGameWithNoServerPlaysSpyfest(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	p, _ := newQRParty(t, ctx, qrOptions("Hana"), 3)
	host := p.host
	p.screens[0].until(t, "four players online", func() bool {
		return p.screens[0].last != nil && len(p.screens[0].last.Players) == 4 && allOnline(p.screens[0].last)
	})

	settings := game.DefaultSettings().With(game.Spyfest, &spyfest.Config{Edition: spyfest.EditionSpyfest, Deck: spyfest.DeckFictional, Keywords: spyfest.KeywordsA})
	send(t, host.Player(), game.SetSettings(settings))
	for seat, team := range []int{0, 1, 0, 1} {
		send(t, host.Player(), game.AssignTeam(session.Seat(seat), team))
	}
	send(t, host.Player(), game.Start())
	tv := p.screens[0].untilSpyfest(t, "the active team choosing its Spy", func(v *spyfest.View) bool { return v.Phase == spyfest.PhaseSpyChoice })
	v := tv.Spyfest
	// The Spy is a player, not the host: its phone is the one that sleeps below.
	spyEngine := v.Teams[v.ActiveTeam].Members[0]
	if tv.Seats[spyEngine] == 0 {
		spyEngine = v.Teams[v.ActiveTeam].Members[1]
	}
	spy := int(tv.Seats[spyEngine])
	clients := p.clients()
	actFest(t, clients[spy], spyfest.ChooseSpy{Round: v.Round, Spy: spyEngine})
	actFest(t, clients[spy], spyfest.Draw{Round: v.Round})
	if tv := p.screens[spy].untilSpyfest(t, "the Spy's draw", func(v *spyfest.View) bool { return v.Phase != spyfest.PhaseDraw }); tv.Spyfest.Phase == spyfest.PhaseKeep {
		actFest(t, clients[spy], spyfest.Keep{Round: tv.Spyfest.Round, Character: tv.Spyfest.Candidates[0]})
	}
	character := p.screens[spy].untilSpyfest(t, "the Spy describing", func(v *spyfest.View) bool {
		return v.Phase == spyfest.PhaseDescribing && v.Character != ""
	}).Spyfest.Character
	secrets := func() {
		t.Helper()
		for i, s := range p.screens {
			tv := s.untilSpyfest(t, fmt.Sprintf("screen %d describing", i), func(v *spyfest.View) bool { return v.Phase == spyfest.PhaseDescribing })
			if shown := tv.Spyfest.Character; (i == spy) != (shown != "") || (shown != "" && shown != character) {
				t.Errorf("screen %d (the Spy is %d) shows character %q, the Spy's is %q", i, spy, shown, character)
			}
		}
	}
	secrets()

	seat, token := clients[spy].Seat(), clients[spy].Token()
	session.KillConnection(clients[spy])
	p.screens[spy].until(t, "the Spy's client to end", func() bool { return p.screens[spy].closed })
	p.screens[0].until(t, "the host to show the Spy away", func() bool {
		return p.screens[0].last != nil && !p.screens[0].last.Players[spy].Online
	})
	o := qrOptions(fmt.Sprintf("Agent %d", spy))
	o.Token = token
	back := qrSeat(t, ctx, host, o)
	p.peers[spy-1] = back
	p.screens[spy] = watchScreen(back)
	if back.Seat() != seat {
		t.Fatalf("the Spy came back to seat %d, want %d", back.Seat(), seat)
	}
	tv = p.screens[spy].untilSpyfest(t, "the Spy's character back", func(v *spyfest.View) bool { return v.Character != "" })
	if tv.Spyfest.Character != character || !slices.Contains(tv.Spyfest.Teams[tv.Spyfest.Team].Members, engine.Seat(spyEngine)) {
		t.Fatalf("the Spy came back with character %q in team %d, want %q in the active team", tv.Spyfest.Character, tv.Spyfest.Team, character)
	}
	secrets()
	p.noneRefused(t)
}
