package spyfall

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"safehouse/engine"
	"safehouse/engine/enginetest"
)

// t0 is an arbitrary start instant; tests move time by adding to it.
const t0 engine.Instant = 1_700_000_000_000

// testPack builds a custom pack whose every ID, name and role is a unique
// string, so a leak of any of them can be found in a view's JSON.
func testPack(id string, locations, roles int) Pack {
	p := Pack{ID: id, Name: engine.Text{"en": "Pack " + id}}
	for i := 0; i < locations; i++ {
		l := Location{
			ID:   fmt.Sprintf("%s-loc%02d", id, i),
			Name: engine.Text{"en": fmt.Sprintf("Place %s %02d", id, i), "ru": fmt.Sprintf("Место %s %02d", id, i)},
		}
		for j := 0; j < roles; j++ {
			l.Roles = append(l.Roles, engine.Text{"en": fmt.Sprintf("Role %s %02d/%02d", id, i, j)})
		}
		p.Locations = append(p.Locations, l)
	}
	return p
}

// config returns a Config for n seats playing a 12-location test pack with
// 10 roles per location, unless the caller sets packs itself.
func config(ed Edition, n int, seed uint64) Config {
	return Config{Edition: ed, Seats: n, Seed: seed, CustomPacks: []Pack{testPack("t", 12, 10)}}
}

func newGame(t testing.TB, c Config) *Game {
	t.Helper()
	g, err := New(c)
	if err != nil {
		t.Fatalf("New(%+v): %v", c, err)
	}
	return g
}

// start deals the next round and starts its clock at now.
func start(t testing.TB, g *Game, now engine.Instant) *round {
	t.Helper()
	enginetest.Apply(t, g, g.s.Order[0], Deal{Round: g.s.Round + 1}, now)
	r := g.s.Cur
	if r.Team == nil {
		enginetest.Apply(t, g, r.Dealer, StartClock{Round: r.Number}, now)
	}
	return r
}

func spies(g *Game) []engine.Seat { return slices.Clone(g.s.Cur.Spies) }

// nonSpies lists the dealt, non-spy seats of the round in table order.
func nonSpies(g *Game) []engine.Seat {
	var out []engine.Seat
	for _, s := range g.s.Order {
		if g.s.Cur.inRound(s) && !g.s.Cur.isSpy(s) {
			out = append(out, s)
		}
	}
	return out
}

// voteAll has every pending voter of the current vote vote yes, except the
// seats in no.
func voteAll(t testing.TB, g *Game, now engine.Instant, no ...engine.Seat) {
	t.Helper()
	v := g.s.Cur.Vote
	if v == nil {
		t.Fatalf("no vote open at phase %s", g.s.Phase)
	}
	id := v.ID
	pending := []engine.Seat{}
	for i, b := range v.Ballots {
		if b == ballotPending {
			pending = append(pending, engine.Seat(i))
		}
	}
	for _, s := range pending {
		enginetest.Apply(t, g, s, Vote{Vote: id, Yes: !slices.Contains(no, s)}, now)
	}
}

func locID(g *Game, i int) string { return g.s.Locations[i].ID }

// wrongLocation returns a location of the game other than the round's.
func wrongLocation(g *Game) string {
	return locID(g, (g.s.Cur.Loc+1)%len(g.s.Locations))
}

func lastResult(g *Game) RoundResult { return g.s.History[len(g.s.History)-1] }

func minutes(m int) time.Duration { return time.Duration(m) * time.Minute }

// lateSeat is the host seating a late joiner named name: the next seat number.
func lateSeat(g *Game, name string) engine.HostAddSeat {
	return engine.HostAddSeat{Seat: engine.Seat(len(g.s.Seats)), Name: name}
}
