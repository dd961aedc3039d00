package spyfallui

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
	"time"

	"safehouse/app/ui/uitest"
	"safehouse/engine"
	"safehouse/engine/spyfall"
)

// The random Spyfall games the screen tests walk through: every family, variant and phase,
// played by random legal moves of random seats, with the clock now and then run out.

// sfSetups are the games the screen tests deal, one per variant worth telling apart.
var sfSetups = []struct {
	name string
	cfg  spyfall.Config
}{
	{"classic", spyfall.Config{Edition: spyfall.Classic, Seats: 5}},
	{"classic-tracker", spyfall.Config{Edition: spyfall.Classic, Seats: 4, QuestionTracker: true, HideRoles: true}},
	{"spyfall2", spyfall.Config{Edition: spyfall.Spyfall2, Seats: 7, Spies: 2}},
	{"spyfall2-oldpals", spyfall.Config{Edition: spyfall.Spyfall2, Seats: 8, Spies: 2, OldPals: true}},
	{"timetravel", spyfall.Config{Edition: spyfall.TimeTravel, Seats: 5}},
	{"timetravel-2p", spyfall.Config{Edition: spyfall.TimeTravel, Seats: 2}},
	{"timetravel-3p", spyfall.Config{Edition: spyfall.TimeTravel, Seats: 3}},
	{"timetravel-team", spyfall.Config{Edition: spyfall.TimeTravel, Seats: 7, Team: true}},
	{"timetravel-team-clock", spyfall.Config{Edition: spyfall.TimeTravel, Seats: 6, Team: true, TeamClock: true}},
}

// sfRandomGame deals one game of setup and walks it with random moves, calling visit on every
// state it reaches (after each move, and after the clock runs out).
func sfRandomGame(t *testing.T, setup int, seed uint64, steps int, visit func(g *spyfall.Game, now engine.Instant)) {
	t.Helper()
	cfg := sfSetups[setup].cfg
	cfg.Seed = seed
	if !cfg.Team {
		cfg.Rounds = 2
	}
	g, err := spyfall.New(cfg)
	if err != nil {
		t.Fatalf("%s: %v", sfSetups[setup].name, err)
	}
	rng := rand.New(rand.NewPCG(seed, 99))
	now := sfStart
	for range steps {
		if g.Phase() == spyfall.PhaseGameOver {
			return
		}
		if d, ok := g.NextDeadline(); ok && rng.IntN(12) == 0 {
			now = d.Add(time.Second)
			g.Advance(now)
			visit(g, now)
			continue
		}
		now = now.Add(time.Second)
		moves := sfMoves(g, rng)
		if len(moves) == 0 {
			return
		}
		m := moves[rng.IntN(len(moves))]
		if err := g.Apply(m.seat, m.action, now); err != nil {
			continue // a move the hint allowed but the rules refuse (a spy's accusation in 2P)
		}
		visit(g, now)
	}
}

type sfMove struct {
	seat   engine.Seat
	action spyfall.Action
}

// sfMoves lists moves every seat may make now, from each seat's own view, plus, rarely, the
// host marking a seat absent.
func sfMoves(g *spyfall.Game, rng *rand.Rand) []sfMove {
	var out []sfMove
	pub := g.View(engine.NoSeat)
	locs := pub.Locations
	for _, sv := range pub.Seats {
		if sv.Removed {
			continue
		}
		v := g.View(sv.ID)
		others := func(skip ...engine.Seat) []engine.Seat {
			var o []engine.Seat
			for _, s := range v.Seats {
				if s.InRound && !s.Absent && !s.Removed && s.ID != v.Seat && !slices.Contains(skip, s.ID) {
					o = append(o, s.ID)
				}
			}
			return o
		}
		add := func(a spyfall.Action) { out = append(out, sfMove{sv.ID, a}) }
		for _, k := range v.Can {
			switch k {
			case spyfall.Deal{}.Kind():
				add(spyfall.Deal{Round: v.Round + 1})
			case spyfall.StartClock{}.Kind():
				add(spyfall.StartClock{Round: v.Round})
			case spyfall.Ask{}.Kind():
				if o := others(v.AskedBy); len(o) > 0 {
					add(spyfall.Ask{Round: v.Round, Question: v.Question, Target: o[rng.IntN(len(o))]})
				}
			case spyfall.Accuse{}.Kind():
				if o := others(); len(o) > 0 && rng.IntN(3) == 0 {
					add(spyfall.Accuse{Round: v.Round, Suspect: o[rng.IntN(len(o))]})
				}
			case spyfall.Vote{}.Kind():
				add(spyfall.Vote{Vote: v.Vote.ID, Yes: rng.IntN(3) > 0})
			case spyfall.Guess{}.Kind():
				if rng.IntN(4) == 0 || v.Phase == spyfall.PhaseSpyGuess {
					add(spyfall.Guess{Round: v.Round, Location: locs[rng.IntN(len(locs))].ID})
				}
			case spyfall.RevealTable{}.Kind():
				if rng.IntN(4) == 0 {
					add(spyfall.RevealTable{Round: v.Round})
				}
			case spyfall.Lead{}.Kind():
				add(spyfall.Lead{Round: v.Round, Captain: v.Team.Captains[rng.IntN(2)]})
			case spyfall.Pick{}.Kind():
				var free []engine.Seat
				for _, a := range v.Team.Agents {
					if !slices.Contains(v.Team.Picked[0], a) && !slices.Contains(v.Team.Picked[1], a) {
						free = append(free, a)
					}
				}
				if len(free) > 0 {
					add(spyfall.Pick{Round: v.Round, Turn: v.Team.PickNo, Agent: free[rng.IntN(len(free))]})
				}
			case spyfall.StopPicking{}.Kind():
				if rng.IntN(4) == 0 {
					add(spyfall.StopPicking{Round: v.Round, Turn: v.Team.PickNo})
				}
			case spyfall.Pass{}.Kind():
				if rng.IntN(3) == 0 {
					add(spyfall.Pass{Round: v.Round})
				}
			case spyfall.GuessBoth{}.Kind():
				add(spyfall.GuessBoth{Round: v.Round, Locations: [2]string{locs[rng.IntN(len(locs))].ID, locs[rng.IntN(len(locs))].ID}})
			}
		}
		if sv.InRound && !sv.Absent && rng.IntN(60) == 0 {
			out = append(out, sfMove{spyfall.Host, spyfall.HostMarkAbsent{Round: pub.Round, Seat: sv.ID}})
		}
		if sv.InRound && !sv.Absent && rng.IntN(40) == 0 {
			vote := 0
			if pub.Vote != nil {
				vote = pub.Vote.ID
			}
			out = append(out, sfMove{spyfall.Host, spyfall.HostPass{Round: pub.Round, Vote: vote, Seat: sv.ID}})
		}
	}
	return out
}

// secretPhase says whether a round is in play with its secrets still hidden.
func secretPhase(p spyfall.Phase) bool {
	switch p {
	case spyfall.PhaseLobby, spyfall.PhaseRoundOver, spyfall.PhaseGameOver:
		return false
	}
	return true
}

// sfTwin is a copy of g whose round differs only in a secret: two seats' cards swapped, a
// seat's card swapped with the hidden table card, or another location for the round. It
// returns nil when this state has no such twin (the secret is already public).
func sfTwin(t *testing.T, g *spyfall.Game, rng *rand.Rand) (*spyfall.Game, string) {
	t.Helper()
	st := uitest.StateOf(t, g)
	cur, _ := st["cur"].(map[string]any)
	if cur == nil {
		return nil, ""
	}
	cards := cur["cards"].([]any)
	num := func(v any) int {
		n, _ := v.(json.Number).Int64()
		return int(n)
	}
	phase := spyfall.Phase(st["phase"].(string))
	team, _ := cur["team"].(map[string]any)
	// Seats whose card may change hands without telling anyone: dealt, not a captain, not
	// picked by a captain; in the two-spy turn both spies are public, so no swap there.
	var swappable []int
	for i, c := range cards {
		cm := c.(map[string]any)
		if d, _ := cm["dealt"].(bool); !d {
			continue
		}
		if team != nil {
			caps := team["captains"].([]any)
			if num(caps[0]) == i || num(caps[1]) == i || num(team["picked_by"].([]any)[i]) >= 0 || num(team["spy_picked_by"]) >= 0 {
				continue
			}
		}
		swappable = append(swappable, i)
	}
	var what string
	switch kind := rng.IntN(3); {
	case kind == 0 && phase != spyfall.PhaseSpyGuess && len(swappable) >= 2:
		i := rng.IntN(len(swappable))
		j := (i + 1 + rng.IntN(len(swappable)-1)) % len(swappable)
		a, b := swappable[i], swappable[j]
		cards[a], cards[b] = cards[b], cards[a]
		what = "two seats' cards swapped"
	case kind == 1 && cur["table"] != nil && len(swappable) >= 1:
		a := swappable[rng.IntN(len(swappable))]
		cards[a], cur["table"] = cur["table"], cards[a]
		cards[a].(map[string]any)["dealt"] = true
		delete(cur["table"].(map[string]any), "dealt")
		what = "a seat's card swapped with the table card"
	default:
		locs := st["locations"].([]any)
		played := st["played"].([]any)
		old := num(cur["loc"])
		var free []int
		for l := range locs {
			if l != old && !(cur["loc2"] != nil && num(cur["loc2"]) == l) && played[l] == false {
				free = append(free, l)
			}
		}
		if len(free) == 0 {
			return nil, ""
		}
		nl := free[rng.IntN(len(free))]
		nlm := locs[nl].(map[string]any)
		roles, _ := nlm["roles"].([]any)
		roleCount := max(len(roles), num(nlm["role_count"]))
		move := func(c any) {
			cm, _ := c.(map[string]any)
			if cm == nil || num(cm["loc"]) != old {
				return
			}
			cm["loc"] = json.Number(strconv.Itoa(nl))
			if r := num(cm["role"]); r >= roleCount {
				cm["role"] = json.Number(strconv.Itoa(roleCount - 1))
			}
		}
		for _, c := range cards {
			move(c)
		}
		move(cur["table"])
		cur["loc"] = json.Number(strconv.Itoa(nl))
		played[old], played[nl] = played[nl], played[old]
		what = "another location"
	}
	var spies []any
	for i, c := range cards {
		if s, _ := c.(map[string]any)["spy"].(bool); s {
			spies = append(spies, json.Number(strconv.Itoa(i)))
		}
	}
	if spies == nil {
		spies = []any{}
	}
	cur["spies"] = spies
	twin := &spyfall.Game{}
	uitest.RestoreState(t, st, twin, what)
	return twin, what
}
