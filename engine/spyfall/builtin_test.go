package spyfall

import (
	"math/rand/v2"
	"strings"
	"testing"

	"safehouse/engine"
)

// SF-ED-1: each edition plays its own built-in pack by default, and any
// built-in packs combine with any edition, custom packs included.
func TestBuiltinPacksPlay(t *testing.T) {
	for _, tc := range []struct {
		ed    Edition
		locs  int
		roles int
	}{{Classic, 28, 7}, {Spyfall2, 20, 10}, {TimeTravel, 30, 7}} {
		g := newGame(t, Config{Edition: tc.ed, Seats: 8, Seed: 1})
		if n := len(g.Locations()); n != tc.locs {
			t.Fatalf("%s plays %d locations by default, want %d", tc.ed, n, tc.locs)
		}
		r := start(t, g, t0)
		roles := map[int]bool{}
		for _, s := range nonSpies(g) {
			roles[r.Cards[s].Role] = true
		}
		if want := min(tc.roles, 8-len(r.Spies)); len(roles) != want {
			t.Fatalf("%s: %d distinct roles dealt, want %d", tc.ed, len(roles), want)
		}
	}
	all := []string{"classic", "spyfall2", "timetravel"}
	for _, ed := range []Edition{Classic, Spyfall2, TimeTravel} {
		g := newGame(t, Config{Edition: ed, Seats: 5, Packs: all, CustomPacks: []Pack{testPack("own", 2, 1)}, Exclude: []string{"own-loc00"}})
		if n := len(g.Locations()); n != 28+20+30+1 {
			t.Fatalf("%s with every pack: %d locations", ed, n)
		}
	}
}

// Random games on the built-in content: they end, score by the tables, and
// no spy's view holds the location (SF-DEAL-3).
func TestRandomGamesBuiltinContent(t *testing.T) {
	games := 300
	if testing.Short() {
		games = 50
	}
	for vi, spec := range variantSpecs {
		for i := 0; i < games; i++ {
			seed := uint64(vi)<<40 | uint64(i)
			rng := rand.New(rand.NewPCG(seed, 5))
			c := spec.config(rng, seed)
			c.CustomPacks = nil
			c.Packs = []string{[]string{"classic", "spyfall2", "timetravel"}[rng.IntN(3)]}
			g := newGame(t, c)
			p := newPlayer(g, seed, spec.seatOps)
			rounds := 0
			for step := 0; g.s.Phase != PhaseGameOver; step++ {
				if step > 5000 {
					t.Fatalf("%s game %d does not end", spec.name, i)
				}
				seat, a, _ := p.next()
				_ = p.apply(seat, a)
				for _, res := range g.s.History[rounds:] {
					if err := checkPoints(g, res, p); err != nil {
						t.Fatalf("%s game %d: %v", spec.name, i, err)
					}
				}
				rounds = len(g.s.History)
				if r := g.s.Cur; r != nil && step%10 == 0 && g.s.Phase != PhaseSpyGuess {
					for _, s := range r.Spies {
						js := secretJSON(g.View(s))
						for _, li := range []int{r.Loc, r.Loc2} {
							if li >= 0 && strings.Contains(js, `"`+g.s.Locations[li].ID+`"`) {
								t.Fatalf("%s game %d: spy %d sees %s", spec.name, i, s, g.s.Locations[li].ID)
							}
						}
					}
					if pub := g.View(engine.NoSeat); pub.Card != nil {
						t.Fatal("public view holds a card")
					}
				}
			}
			if err := checkTotals(g); err != nil {
				t.Fatalf("%s game %d: %v", spec.name, i, err)
			}
		}
	}
}

// Issue 21: built-in content travels by id: a view of a game of built-in locations carries no
// name (each device names the locations, and the roles by index, from its own language pack),
// so it does not grow with the number of languages; a custom location keeps its typed name.
func TestViewsNameBuiltinContentByID(t *testing.T) {
	g := newGame(t, Config{Edition: Spyfall2, Seats: 5, Seed: 3, CustomPacks: []Pack{testPack("own", 1, 2)}, Packs: []string{"spyfall2"}})
	start(t, g, t0)
	typed := 0
	for seat := engine.Seat(0); seat < 5; seat++ {
		v := g.View(seat)
		for _, l := range v.Locations {
			if strings.HasPrefix(l.ID, "own-") {
				typed += len(l.Name)
			} else if l.Name != nil {
				t.Fatalf("built-in location %s carries names %v", l.ID, l.Name)
			}
		}
		if c := v.Card; c != nil && !c.Spy {
			if c.Role == nil || c.Role.Index < 0 || c.Location == nil {
				t.Fatalf("seat %d: card %+v names no role by index", seat, c)
			}
			if !strings.HasPrefix(c.Location.ID, "own-") && (c.Location.Name != nil || c.Role.Name != nil) {
				t.Fatalf("seat %d: card %+v carries names", seat, c)
			}
		}
	}
	if typed == 0 {
		t.Fatal("the custom location lost its typed name")
	}
}
