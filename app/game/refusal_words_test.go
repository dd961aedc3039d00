package game

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"safehouse/app/i18n"
	"safehouse/app/session"
	"safehouse/engine"
	"safehouse/engine/spyfall"
	"safehouse/engine/spyfest"
)

// randomIntent is an intent a player might send at any moment, most of them refused: game
// actions for any round, seat or vote, both families' actions, lobby ops, malformed and
// forged requests, bad names, and kicks or moves of the host's seat. It never ends the game
// nor removes a seat, so the scripted game goes on around it.
func randomIntent(rng *rand.Rand, seats int) (seat int, in session.Intent) {
	seat = rng.IntN(seats)
	round := rng.IntN(4)
	other := engine.Seat(rng.IntN(seats+1) - 1)
	sf := func(a spyfall.Action) session.Intent { in, _ := Action(a); return in }
	sx := func(a spyfest.Action) session.Intent { in, _ := Action(a); return in }
	raw := func(s string) session.Intent { return session.Intent{Kind: session.KindGame, Game: json.RawMessage(s)} }
	choices := []func() session.Intent{
		func() session.Intent { return sf(spyfall.Deal{Round: round}) },
		func() session.Intent { return sf(spyfall.StartClock{Round: round}) },
		func() session.Intent { return sf(spyfall.Accuse{Round: round, Suspect: other}) },
		func() session.Intent { return sf(spyfall.Vote{Vote: rng.IntN(4), Yes: rng.IntN(2) == 0}) },
		func() session.Intent { return sf(spyfall.Guess{Round: round, Location: "nowhere"}) },
		func() session.Intent { return sf(spyfall.RevealTable{Round: round}) },
		func() session.Intent { return sf(spyfall.Lead{Round: round, Captain: other}) },
		func() session.Intent { return sf(spyfall.Pick{Round: round, Turn: rng.IntN(3), Agent: other}) },
		func() session.Intent { return sf(engine.HostEndGame{}) },
		func() session.Intent { return sx(spyfest.ChooseSpy{Round: round, Spy: other}) },
		func() session.Intent { return sx(spyfest.Draw{Round: round}) },
		func() session.Intent { return sx(spyfest.Stop{Round: round}) },
		func() session.Intent {
			return sx(spyfest.Guess{Round: round, Attempt: rng.IntN(4), Names: []string{"nobody"}})
		},
		func() session.Intent { return sx(spyfest.Answer{Round: round, Yes: true}) },
		func() session.Intent { return sx(spyfest.CrossQuarter{Round: round, Quarter: rng.IntN(6) - 1}) },
		func() session.Intent { return sx(spyfest.Note{Round: round, ID: "nothing", Mark: spyfest.MarkCross}) },
		func() session.Intent { return Start() },
		func() session.Intent { return BackToLobby() },
		func() session.Intent { return SetSettings(DefaultSettings()) },
		func() session.Intent { return PickTeam(rng.IntN(5) - 2) },
		func() session.Intent { return AssignTeam(session.Seat(rng.IntN(seats+2)-1), rng.IntN(3)-1) },
		func() session.Intent { return ShuffleTeams() },
		func() session.Intent { return raw(`{"op":"action","action":{"kind":"accuse"}}`) },
		func() session.Intent { return raw(`{"op":"dance"}`) },
		func() session.Intent {
			return raw(`{"op":"action","seat":0,"action":{"kind":"start_clock","round":1}}`)
		},
		func() session.Intent { return session.Intent{Kind: session.KindRename, Name: " \u200b "} },
		func() session.Intent { return Kick(0) },
		func() session.Intent { return MoveSeat(0, 1) },
	}
	return seat, choices[rng.IntN(len(choices))]()
}

// catalogueSentences are every refusal sentence of lang's catalogue.
func catalogueSentences(lang i18n.Lang) map[string]bool {
	out := map[string]bool{}
	for _, k := range i18n.Keys() {
		if strings.HasPrefix(string(k), "refusal.") {
			out[i18n.T(lang, k)] = true
		}
	}
	return out
}

// APP-ACT-1 (issue 17): random refused actions over random Spyfall and Spyfest games, sent
// through the real session layer: every refusal reaches its sender with a stable code (and,
// when the game refused, the game's own code for why), and what the player reads, in every
// UI language, is a sentence of the catalogue for that code: never the host's English, and
// never the catch-all "refused" sentence when the game said why.
func TestRefusalsReachThePlayerInTheirLanguage(t *testing.T) {
	games := max(secrecyGames(10)/10, 4)
	known := append(engine.Codes(), session.ReasonHostSeat)
	langs := i18n.Available()
	sentences := map[i18n.Lang]map[string]bool{}
	for _, l := range langs {
		sentences[l] = catalogueSentences(l)
	}
	refusals, reasons := 0, map[string]int{}
	for game := 0; game < games; game++ {
		rng := rand.New(rand.NewPCG(uint64(game), 17))
		clock := newTestClock()
		var names []string
		var setup []session.Intent
		var step script
		if game%2 == 0 {
			g := randomSpyfallGame(rng)
			names, step = g.names, spyfallScript(clock, len(g.names)-1)
			setup = []session.Intent{SetSettings(spyfallSettings(g.settings)), Start()}
		} else {
			g := randomSpyfestGame(rng)
			names = g.names
			setup = []session.Intent{SetSettings(spyfestSettings(g.settings))}
			for team, members := range g.teams {
				for _, s := range members {
					setup = append(setup, AssignTeam(session.Seat(s), team))
				}
			}
			setup = append(setup, Start())
			mark := spyfest.MarkMaybe
			noted := -1
			step = spyfestScript(clock, g, len(names)-1, mark, &noted)
		}
		room := NewRoom(Options{Now: clock.Now, Seed: fixedSeeds(uint64(game) * 1000)})
		tb := newTable(t, room, names, len(names)-1)
		for _, in := range setup {
			if msg := tb.send(0, in); msg != "" {
				t.Fatalf("game %d: setup %s: %s", game, in.Game, msg)
			}
		}
		for i := 0; i < 60; i++ {
			seat, in, ok := step(tb, rng)
			if !ok {
				break
			}
			if seat >= 0 {
				tb.send(seat, in)
			}
			seat, in = randomIntent(rng, len(names))
			s := tb.seats[seat]
			s.mu.Lock()
			before := len(s.refused)
			s.mu.Unlock()
			if tb.send(seat, in) == "" {
				continue
			}
			s.mu.Lock()
			u := s.refused[before]
			s.mu.Unlock()
			refusals++
			what := fmt.Sprintf("game %d step %d: seat %d sent %s %s, refused %+v", game, i, seat, in.Kind, in.Game, u)
			if u.Code == "" {
				t.Fatalf("%s: no code", what)
			}
			if u.Code == session.CodeRefused {
				if !slices.Contains(known, u.Reason) {
					t.Fatalf("%s: the game's reason %q is not a stable code", what, u.Reason)
				}
				reasons[u.Reason]++
			} else {
				reasons[u.Code]++
			}
			for _, l := range langs {
				text := i18n.RefusalText(l, u.Code, u.Reason, u.Rule)
				if !sentences[l][text] {
					t.Fatalf("%s: %s reads %q, not a sentence of the catalogue", what, l, text)
				}
				if u.Reason != "" && text == i18n.T(l, i18n.Refusal(session.CodeRefused)) {
					t.Fatalf("%s: %s reads the catch-all sentence though the game said why", what, l)
				}
				if strings.Contains(text, u.Notice) || strings.Contains(u.Notice, text) {
					t.Fatalf("%s: %s reads the host's own text %q", what, l, u.Notice)
				}
			}
		}
		tb.close()
	}
	// The test must be able to fail: many refusals, of many kinds, were read.
	if refusals < games*20 || len(reasons) < 8 {
		t.Fatalf("only %d refusals of %d kinds (%v)", refusals, len(reasons), reasons)
	}
	t.Logf("%d games, %d refusals: %v", games, refusals, reasons)
}
