package game

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"safehouse/app/session"
	"safehouse/engine"
	"safehouse/engine/spyfall"
	"safehouse/engine/spyfest"
)

// APP-LOBBY-1: the host changes the settings before the game and starts it; the engine's
// seats follow the table order of the room, and the settings every seat sees carry no seed.
func TestSettingsAndStartFollowTheTable(t *testing.T) {
	clock := newTestClock()
	r := newTestRoom(t, clock, "Hana", "Ann", "Bob", "Cy")
	mustApply(t, r, 0, SetSettings(spyfallSettings(spyfall.Config{Edition: spyfall.Spyfall2, Rounds: 3, QuestionTracker: true, Seed: 99})))
	v := view(t, r, 2)
	if v.Family != Spyfall || sfConfig(v.Settings).Edition != spyfall.Spyfall2 || sfConfig(v.Settings).Rounds != 3 || sfConfig(v.Settings).Seed != 0 {
		t.Fatalf("settings seen by a player: %+v", sfConfig(v.Settings))
	}
	if v.Host || !view(t, r, 0).Host {
		t.Fatal("host flag not on the host's view only")
	}
	// Reorder the table before start: the engine takes the roster's order.
	rs := roster("Hana", "Ann", "Bob", "Cy")
	rs[1], rs[3] = rs[3], rs[1]
	r.SetRoster(rs)
	mustApply(t, r, 0, Start())
	v = view(t, r, 3)
	if !v.Started || v.Spyfall == nil || v.Spyfall.Phase != spyfall.PhaseDealt || v.Spyfall.Round != 1 {
		t.Fatalf("after start: started=%v view=%+v", v.Started, v.Spyfall)
	}
	if want := []session.Seat{0, 3, 2, 1}; !slices.Equal(v.Seats, want) {
		t.Fatalf("engine seats map to %v, want %v", v.Seats, want)
	}
	var names []string
	for _, s := range v.Spyfall.Seats {
		names = append(names, s.Name)
	}
	if want := []string{"Hana", "Cy", "Bob", "Ann"}; !slices.Equal(names, want) {
		t.Fatalf("engine names %v, want %v", names, want)
	}
	if err := r.Apply(0, Start().Game); err == nil {
		t.Fatal("a second start was accepted")
	}
	if err := r.Apply(0, SetSettings(DefaultSettings()).Game); err == nil {
		t.Fatal("settings changed during the game")
	}
}

// APP-HID-1, APP-HID-2: every seat's view holds its own card only; a spectator (and so a
// table screen) gets the public view with no card at all.
func TestEachSeatSeesOnlyItsOwnCard(t *testing.T) {
	clock := newTestClock()
	rs := roster("Hana", "Ann", "Bob", "Cy", "TV")
	rs[4].Spectator = true
	r := NewRoom(Options{Now: clock.Now, Seed: fixedSeeds(7)})
	r.SetRoster(rs)
	mustApply(t, r, 0, Start())
	spies := 0
	for seat := 0; seat < 4; seat++ {
		v := view(t, r, seat)
		c := v.Spyfall.Card
		if c == nil || v.Spyfall.Seat != v.EngineSeat(session.Seat(seat)) {
			t.Fatalf("seat %d: card %+v, view of engine seat %d", seat, c, v.Spyfall.Seat)
		}
		if c.Spy {
			spies++
			if c.Location != nil {
				t.Fatalf("the spy's card names a location")
			}
		} else if c.Location == nil {
			t.Fatalf("seat %d: a non-spy card without its location", seat)
		}
	}
	if spies != 1 {
		t.Fatalf("%d spy cards among the seats, want 1", spies)
	}
	tv := view(t, r, 4)
	if !tv.Spectator || tv.Spyfall.Card != nil || tv.Spyfall.Seat != engine.NoSeat {
		t.Fatalf("spectator view: spectator=%v card=%+v seat=%d", tv.Spectator, tv.Spyfall.Card, tv.Spyfall.Seat)
	}
	if err := r.Apply(4, sfAction(t, spyfall.StartClock{Round: 1}).Game); err == nil {
		t.Fatal("a spectator's action was accepted")
	}
}

// APP-ACT-1: malformed, unknown, forged and host-only requests from other seats, and
// anything the engine refuses, are refused with a readable reason and change nothing.
func TestRefusalsChangeNothing(t *testing.T) {
	clock := newTestClock()
	r := newTestRoom(t, clock, "Hana", "Ann", "Bob", "Cy")
	mustApply(t, r, 0, Start())
	dealer := view(t, r, 0).Spyfall.Dealer
	notDealer := 0
	for ; notDealer < 4; notDealer++ {
		if view(t, r, 0).SessionSeat(dealer) != session.Seat(notDealer) {
			break
		}
	}
	cases := []struct {
		name string
		seat int
		op   string
	}{
		{"not JSON", 1, `{"op":`},
		{"unknown op", 1, `{"op":"win"}`},
		{"forged seat field", 1, `{"op":"action","seat":0,"action":{"kind":"start_clock","round":1}}`},
		{"settings from a player", 1, string(SetSettings(DefaultSettings()).Game)},
		{"start from a player", 2, string(Start().Game)},
		{"end from a player", 3, string(End().Game)},
		{"host action as a game action", 0, `{"op":"action","action":{"kind":"host_end_game"}}`},
		{"engine refuses: not the dealer", notDealer, string(sfAction(t, spyfall.StartClock{Round: 1}).Game)},
		{"engine refuses: stale round", 1, string(sfAction(t, spyfall.Accuse{Round: 7, Suspect: 2}).Game)},
		{"action without its action", 1, `{"op":"action"}`},
		{"team op with an extra field", 1, `{"op":"start","team":1}`},
		{"seat not in the room", 9, string(Start().Game)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			before := snapshotOf(t, r)
			err := r.Apply(session.Seat(tc.seat), rawOp(tc.op))
			if err == nil {
				t.Fatal("accepted")
			}
			if msg := err.Error(); msg == "" || strings.ContainsAny(msg[:1], "{[") {
				t.Fatalf("unreadable refusal %q", msg)
			}
			if after := snapshotOf(t, r); after != before {
				t.Fatal("the refused request changed the room")
			}
		})
	}
	if err := r.Apply(1, Start().Game); !errors.Is(err, engine.ErrNotHost) {
		t.Fatalf("host-only start from a player: %v, want %v", err, engine.ErrNotHost)
	}
}

// APP-LOBBY-1, APP-LOBBY-2: a late joiner waits for the next deal; between rounds a kicked
// seat leaves the table with its points kept in the history; mid-round a kicked non-spy is
// absent and the round goes on, a kicked spy voids the round.
func TestSeatsComeAndGoBetweenAndDuringRounds(t *testing.T) {
	clock := newTestClock()
	names := []string{"Hana", "Ann", "Bob", "Cy", "Dee"}
	r := newTestRoom(t, clock, names...)
	mustApply(t, r, 0, SetSettings(spyfallSettings(spyfall.Config{Edition: spyfall.Classic, Rounds: 4})))
	mustApply(t, r, 0, Start())

	// A late joiner mid-round gets an engine seat but no card until the next deal.
	withEve := roster(append(names, "Eve")...)
	if err := r.Join(withEve[5]); err != nil {
		t.Fatalf("late joiner refused: %v", err)
	}
	r.SetRoster(withEve)
	v := view(t, r, 5)
	if e := v.EngineSeat(5); e != 5 || v.Spyfall.Card != nil {
		t.Fatalf("late joiner: engine seat %d, card %+v", e, v.Spyfall.Card)
	}

	// Kick a non-spy mid-round: absent, the round goes on.
	spy, other := -1, -1
	for s := 0; s < 5; s++ {
		if c := view(t, r, s).Spyfall.Card; c != nil && c.Spy {
			spy = s
		} else if s != 0 && other < 0 {
			other = s
		}
	}
	if err := r.Kick(session.Seat(other)); err != nil {
		t.Fatalf("kick mid-round: %v", err)
	}
	r.SetRoster(slices.DeleteFunc(slices.Clone(withEve), func(p session.Player) bool { return p.Seat == session.Seat(other) }))
	pv := view(t, r, 0).Spyfall
	if pv.Phase != spyfall.PhaseDealt {
		t.Fatalf("kicking a non-spy ended the round: phase %s", pv.Phase)
	}
	if e := slices.Index(view(t, r, 0).Seats, session.Seat(other)); e >= 0 {
		t.Fatalf("the kicked seat still maps to engine seat %d", e)
	}
	absent := 0
	for _, s := range pv.Seats {
		if s.Absent {
			absent++
		}
	}
	if absent != 1 {
		t.Fatalf("%d absent seats after the kick, want 1", absent)
	}

	// Kick the spy: the round is voided and the kicked seats leave the table.
	if err := r.Kick(session.Seat(spy)); err != nil {
		t.Fatalf("kick the spy: %v", err)
	}
	pv = view(t, r, 0).Spyfall
	if pv.Phase != spyfall.PhaseRoundOver || pv.LastRound == nil || pv.LastRound.Ending != spyfall.EndVoided {
		t.Fatalf("after kicking the spy: phase %s, last round %+v", pv.Phase, pv.LastRound)
	}
	seated := 0
	for _, s := range pv.Seats {
		if !s.Removed {
			seated++
		}
	}
	if seated != 4 || len(pv.Seats) != 6 {
		t.Fatalf("%d seats at the table of %d ever seated, want 4 of 6 (removed seats stay listed)", seated, len(pv.Seats))
	}
}

// SF-PLAY-3 with APP-TIME-1: the round clock running out moves the game on through Advance
// alone, at the deadline the room reports, with the host's injected clock.
func TestSpyfallClockRunsOutThroughAdvance(t *testing.T) {
	clock := newTestClock()
	r := newTestRoom(t, clock, "Hana", "Ann", "Bob")
	mustApply(t, r, 0, Start())
	dealer := view(t, r, 0).SessionSeat((view(t, r, 0).Spyfall.Dealer))
	if _, ok := r.NextDeadline(); ok {
		t.Fatal("a deadline before the clock started")
	}
	mustApply(t, r, dealer, sfAction(t, spyfall.StartClock{Round: 1}))
	wait, ok := r.NextDeadline()
	if !ok || wait != 8*time.Minute {
		t.Fatalf("next deadline in %v (%v), want 8m", wait, ok)
	}
	clock.Add(wait - time.Second)
	if r.Advance() {
		t.Fatal("Advance changed the game before the deadline")
	}
	clock.Add(time.Second)
	if !r.Advance() {
		t.Fatal("Advance at the deadline changed nothing")
	}
	if ph := view(t, r, 0).Spyfall.Phase; ph != spyfall.PhaseEndAccuse {
		t.Fatalf("phase after time up: %s, want %s", ph, spyfall.PhaseEndAccuse)
	}
}

// SX-SET-1, APP-LOBBY-1: players pick teams, the host assigns, balances and shuffles; the
// game starts only once every player has a team; a late joiner joins a team between rounds.
func TestSpyfestTeams(t *testing.T) {
	clock := newTestClock()
	r := newTestRoom(t, clock, "Hana", "Ann", "Bob", "Cy", "Dee")
	mustApply(t, r, 0, SetSettings(spyfestSettings(spyfest.Config{Edition: spyfest.EditionSpycon, Deck: spyfest.DeckFictional, Keywords: spyfest.KeywordsB})))
	for _, seat := range []int{0, 1, 2} {
		mustApply(t, r, seat, PickTeam(0))
	}
	mustApply(t, r, 3, PickTeam(1))
	if err := r.Apply(0, Start().Game); err == nil || !strings.Contains(err.Error(), "Dee") {
		t.Fatalf("start with Dee teamless: %v", err)
	}
	if err := r.Apply(1, AssignTeam(4, 1).Game); !errors.Is(err, engine.ErrNotHost) {
		t.Fatalf("assign from a player: %v", err)
	}
	mustApply(t, r, 0, AssignTeam(4, 0))
	mustApply(t, r, 0, BalanceTeams())
	v := view(t, r, 2)
	if len(v.Teams[0]) != 3 || len(v.Teams[1]) != 2 {
		t.Fatalf("balanced teams %v", v.Teams)
	}
	mustApply(t, r, 0, ShuffleTeams())
	v = view(t, r, 2)
	if len(v.Teams[0])+len(v.Teams[1]) != 5 || len(v.Teams[0]) < 2 || len(v.Teams[1]) < 2 {
		t.Fatalf("shuffled teams %v", v.Teams)
	}
	mustApply(t, r, 0, Start())
	v = view(t, r, 1)
	if v.Spyfest == nil || v.Spyfest.Phase != spyfest.PhaseSpyChoice || v.Spyfest.Team < 0 {
		t.Fatalf("after start: %+v", v.Spyfest)
	}
	// A late joiner picks a team while the active team chooses its Spy.
	r.SetRoster(roster("Hana", "Ann", "Bob", "Cy", "Dee", "Eve"))
	mustApply(t, r, 5, PickTeam(1))
	if got := view(t, r, 5).Spyfest.Team; got != 1 {
		t.Fatalf("late joiner in team %d, want 1", got)
	}
}

// APP-REJOIN-2: the room's snapshot restores an equal room, and a damaged one is refused.
func TestSnapshotRestoresTheRoom(t *testing.T) {
	clock := newTestClock()
	r := newTestRoom(t, clock, "Hana", "Ann", "Bob", "Cy")
	mustApply(t, r, 0, Start())
	snap := snapshotOf(t, r)
	back := NewRoom(Options{Now: clock.Now})
	if err := back.UnmarshalBinary([]byte(snap)); err != nil {
		t.Fatal(err)
	}
	back.SetRoster(roster("Hana", "Ann", "Bob", "Cy"))
	for seat := range session.Seat(4) {
		if string(back.View(seat)) != string(r.View(seat)) {
			t.Fatalf("seat %d sees another game after the restore", seat)
		}
	}
	for _, bad := range []string{"", "{}", strings.Replace(snap, `"started":true`, `"started":false`, 1), strings.Replace(snap, `"v":1`, `"v":2`, 1)} {
		keep := NewRoom(Options{Now: clock.Now})
		if err := keep.UnmarshalBinary([]byte(bad)); err == nil {
			t.Fatalf("damaged snapshot %.40q accepted", bad)
		}
	}
}

// SX-SET-1: balancing moves the last players to pick from the larger team to the smaller
// until the sizes differ by at most one, so those who picked first stay; a shuffle deals
// every player into teams whose sizes differ by at most one, whatever the seed.
func TestTeamsBalanceAndShuffleEvenly(t *testing.T) {
	names := []string{"Hana", "Ann", "Bob", "Cy", "Dee", "Eve", "Fay"}
	r := newTestRoom(t, newTestClock(), names...)
	mustApply(t, r, 0, SetSettings(spyfestSettings(spyfest.DefaultConfig())))
	for seat := range 6 {
		mustApply(t, r, 0, AssignTeam(session.Seat(seat), 0))
	}
	mustApply(t, r, 0, AssignTeam(6, 1))
	mustApply(t, r, 0, BalanceTeams())
	if v := view(t, r, 0); !slices.Equal(v.Teams[0], []session.Seat{0, 1, 2, 3}) || len(v.Teams[1]) != 3 {
		t.Fatalf("balanced %v", v.Teams)
	}
	all := []session.Seat{0, 1, 2, 3, 4, 5, 6}
	for seed := range uint64(20) {
		r := NewRoom(Options{Now: newTestClock().Now, Seed: fixedSeeds(seed)})
		r.SetRoster(roster(names...))
		mustApply(t, r, 0, SetSettings(spyfestSettings(spyfest.DefaultConfig())))
		mustApply(t, r, 0, ShuffleTeams())
		teams := view(t, r, 0).Teams
		got := slices.Sorted(slices.Values(append(slices.Clone(teams[0]), teams[1]...)))
		if d := len(teams[0]) - len(teams[1]); d < -1 || d > 1 || !slices.Equal(got, all) {
			t.Fatalf("shuffle %d gave %v", seed, teams)
		}
	}
}
