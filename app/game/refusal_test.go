package game

import (
	"encoding/json"
	"strings"
	"testing"

	"safehouse/app/session"
	"safehouse/engine/spyfall"
	"safehouse/engine/spyfest"
)

// APP-ACT-1: an action the engine refuses (out of turn, forbidden, stale), a malformed or
// forged one, reaches its sender alone as a readable message; the state number stays and no
// other seat receives anything.
func TestRefusalReachesOnlyItsSender(t *testing.T) {
	clock := newTestClock()
	room := NewRoom(Options{Now: clock.Now, Seed: fixedSeeds(21)})
	tb := newTable(t, room, []string{"Hana", "Ann", "Bob", "Cy", "TV"}, 4)
	if msg := tb.send(0, Start()); msg != "" {
		t.Fatal(msg)
	}
	v := tb.view(0)
	dealer := int(v.SessionSeat(v.Spyfall.Dealer))
	notDealer := (dealer + 1) % 4
	var nonSpy int
	for s := 0; s < 4; s++ {
		if c := tb.view(s).Spyfall.Card; c != nil && !c.Spy {
			nonSpy = s
		}
	}
	raw := func(s string) session.Intent { return session.Intent{Kind: session.KindGame, Game: json.RawMessage(s)} }
	cases := []struct {
		name string
		seat int
		in   session.Intent
		want string // a word the refusal must contain
	}{
		{"out of turn: not the dealer starts the clock", notDealer, sfAction(t, spyfall.StartClock{Round: 1}), "deal"},
		{"forbidden: a non-spy guesses the location", nonSpy, sfAction(t, spyfall.Guess{Round: 1, Location: v.Spyfall.Locations[0].ID}), ""},
		{"stale: an action for another round", 1, sfAction(t, spyfall.Accuse{Round: 3, Suspect: 0}), "round"},
		{"the other family's action", 2, sxAction(t, spyfest.Stop{Round: 1}), ""},
		{"malformed action", 2, raw(`{"op":"action","action":{"kind":"accuse"}}`), ""},
		{"forged seat inside the game op", 3, raw(`{"op":"action","seat":0,"action":{"kind":"start_clock","round":1}}`), "seat"},
		{"spectator acts", 4, sfAction(t, spyfall.StartClock{Round: 1}), "spectator"},
		{"player ends the game", 1, End(), "host"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			state := tb.host.State()
			before := make([]int, len(tb.seats))
			for i, s := range tb.seats {
				before[i] = len(s.transcript())
			}
			msg := tb.send(tc.seat, tc.in)
			if msg == "" {
				t.Fatal("accepted")
			}
			if !strings.Contains(strings.ToLower(msg), tc.want) {
				t.Fatalf("refusal %q does not mention %q", msg, tc.want)
			}
			if tb.host.State() != state {
				t.Fatal("the refused action changed the state")
			}
			for i, s := range tb.seats {
				if got := len(s.transcript()) - before[i]; i != tc.seat && got != 0 {
					t.Fatalf("seat %d received %d messages about another seat's refusal", i, got)
				} else if i == tc.seat && got != 1 {
					t.Fatalf("the sender received %d messages, want the one refusal", got)
				}
			}
		})
	}
}

// APP-ACT-1 (issue 17): a refusal keeps its engine sentinel and rule through the room, also
// where the room adds words of its own (a game that cannot start), so the sender's device
// can say why in its language.
func TestRefusalsKeepTheirCodeThroughTheRoom(t *testing.T) {
	clock := newTestClock()
	cases := []struct {
		name       string
		players    []string
		setup      []session.Intent
		seat       int
		in         session.Intent
		code, rule string
	}{
		{"classic with 2 players cannot start", []string{"Hana", "Ann"},
			[]session.Intent{SetSettings(spyfallSettings(spyfall.Config{Edition: spyfall.Classic}))},
			0, Start(), "table-size", "SF-ED-1"},
		{"a Spyfest team of one cannot start", []string{"Hana", "Ann", "Bob"},
			[]session.Intent{SetSettings(spyfestSettings(spyfest.Config{Edition: spyfest.EditionSpyfest, Deck: spyfest.DeckFictional, Keywords: spyfest.KeywordsA})),
				AssignTeam(0, 0), AssignTeam(1, 0), AssignTeam(2, 1)},
			0, Start(), "bad-config", "SX-SET-1"},
		{"a Spyfest player without a team", []string{"Hana", "Ann", "Bob", "Cy", "Di"},
			[]session.Intent{SetSettings(spyfestSettings(spyfest.Config{Edition: spyfest.EditionSpyfest, Deck: spyfest.DeckFictional, Keywords: spyfest.KeywordsA})),
				AssignTeam(0, 0), AssignTeam(1, 0), AssignTeam(2, 1), AssignTeam(3, 1)},
			0, Start(), "no-team", "SX-SET-1"},
		{"a player starts the game", []string{"Hana", "Ann", "Bob"}, nil, 1, Start(), "not-host", "APP-LOBBY-1"},
		{"settings that make no game", []string{"Hana", "Ann", "Bob"}, nil,
			0, SetSettings(spyfallSettings(spyfall.Config{Edition: spyfall.Classic, Rounds: 999})), "bad-config", "SF-SET-1"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := newTestRoom(t, clock, tc.players...)
			for _, in := range tc.setup {
				mustApply(t, r, 0, in)
			}
			err := r.Apply(session.Seat(tc.seat), tc.in.Game)
			c, ok := err.(session.CodedRefusal)
			if !ok {
				t.Fatalf("refusal %v (%T) names no code", err, err)
			}
			if code, rule := c.RefusalCode(); code != tc.code || rule != tc.rule {
				t.Fatalf("refusal %q has code %q and rule %q, want %q and %q", err, code, rule, tc.code, tc.rule)
			}
		})
	}
}
