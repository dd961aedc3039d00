package spyfall

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"safehouse/engine"
	"safehouse/engine/enginetest"
)

// SF-ED-1: any packs with any edition, the location list is their union;
// the edition decides player counts; bad settings are refused.
func TestEditionsAndPacks(t *testing.T) {
	a, b := testPack("a", 3, 2), testPack("b", 4, 0)
	for _, ed := range []Edition{Classic, Spyfall2, TimeTravel} {
		g := newGame(t, Config{Edition: ed, Seats: 5, CustomPacks: []Pack{a, b}})
		if got := len(g.Locations()); got != 7 {
			t.Errorf("%s: %d locations, want the union of 7", ed, got)
		}
	}
	bad := []struct {
		name string
		c    Config
	}{
		{"unknown edition", Config{Edition: "monopoly", Seats: 4, CustomPacks: []Pack{a}}},
		{"classic 2 players", Config{Edition: Classic, Seats: 2, CustomPacks: []Pack{a}}},
		{"classic 9 players", Config{Edition: Classic, Seats: 9, CustomPacks: []Pack{a}}},
		{"spyfall2 13 players", Config{Edition: Spyfall2, Seats: 13, CustomPacks: []Pack{a}}},
		{"timetravel 1 player", Config{Edition: TimeTravel, Seats: 1, CustomPacks: []Pack{a}}},
		{"timetravel 9 players", Config{Edition: TimeTravel, Seats: 9, CustomPacks: []Pack{a}}},
		{"team 4 players", Config{Edition: TimeTravel, Seats: 4, Team: true, CustomPacks: []Pack{a}}},
		{"team 17 players", Config{Edition: TimeTravel, Seats: 17, Team: true, CustomPacks: []Pack{a}}},
		{"team in classic", Config{Edition: Classic, Seats: 6, Team: true, CustomPacks: []Pack{a}}},
		{"unknown pack", Config{Edition: Classic, Seats: 4, Packs: []string{"nope"}}},
		{"same location twice", Config{Edition: Classic, Seats: 4, CustomPacks: []Pack{a, a}}},
		{"empty name", Config{Edition: Classic, Players: []string{"A", " ", "C"}, CustomPacks: []Pack{a}}},
		{"names and count disagree", Config{Edition: Classic, Players: []string{"A", "B", "C"}, Seats: 4, CustomPacks: []Pack{a}}},
	}
	for _, tc := range bad {
		if _, err := New(tc.c); !errors.Is(err, engine.ErrBadConfig) {
			t.Errorf("%s: got %v, want ErrBadConfig", tc.name, err)
		}
	}
	for _, n := range []int{2, 8} {
		newGame(t, Config{Edition: TimeTravel, Seats: n, CustomPacks: []Pack{a}})
	}
	for _, n := range []int{5, 16} {
		newGame(t, Config{Edition: TimeTravel, Seats: n, Team: true, CustomPacks: []Pack{a}})
	}
	newGame(t, Config{Edition: Spyfall2, Seats: 12, CustomPacks: []Pack{a}})
}

// SF-ED-4: custom locations are added, any location can be excluded, and
// custom packs survive export and import; broken files are refused.
func TestCustomLocationsAndExclusions(t *testing.T) {
	custom := Pack{ID: "ours", Locations: []Location{
		{ID: "kitchen", Name: engine.Text{"en": "Office kitchen"}, Roles: []engine.Text{{"en": "Intern"}}},
		{ID: "rooftop", Name: engine.Text{"en": "Rooftop"}},
	}}
	g := newGame(t, Config{Edition: Classic, Seats: 4, CustomPacks: []Pack{testPack("a", 3, 7), custom}, Exclude: []string{"a-loc01", "rooftop"}})
	var ids []string
	for _, l := range g.Locations() {
		ids = append(ids, l.ID)
	}
	if want := []string{"a-loc00", "a-loc02", "kitchen"}; !slices.Equal(ids, want) {
		t.Fatalf("locations %v, want %v", ids, want)
	}
	if _, err := New(Config{Edition: Classic, Seats: 4, CustomPacks: []Pack{custom}, Exclude: []string{"nowhere"}}); !errors.Is(err, engine.ErrBadConfig) {
		t.Fatalf("excluding an unknown location: %v", err)
	}
	if _, err := New(Config{Edition: Classic, Seats: 4, CustomPacks: []Pack{custom}, Exclude: []string{"kitchen", "rooftop"}}); !errors.Is(err, engine.ErrBadConfig) {
		t.Fatalf("excluding every location: %v", err)
	}

	file, err := ExportPack(custom)
	if err != nil {
		t.Fatal(err)
	}
	back, err := ImportPack(file)
	if err != nil {
		t.Fatal(err)
	}
	if back.ID != custom.ID || len(back.Locations) != 2 || back.Locations[0].Roles[0]["en"] != "Intern" || back.Locations[1].Roles != nil {
		t.Fatalf("round trip lost data: %+v", back)
	}
	broken := map[string]string{
		"not json":       `{"format":`,
		"wrong format":   `{"format":"x","version":1,"pack":{"id":"p","locations":[{"id":"a","name":{"en":"A"}}]}}`,
		"future version": `{"format":"safehouse-spyfall-pack","version":2,"pack":{"id":"p","locations":[{"id":"a","name":{"en":"A"}}]}}`,
		"unknown field":  `{"format":"safehouse-spyfall-pack","version":1,"extra":1,"pack":{"id":"p","locations":[{"id":"a","name":{"en":"A"}}]}}`,
		"no locations":   `{"format":"safehouse-spyfall-pack","version":1,"pack":{"id":"p","locations":[]}}`,
		"nameless":       `{"format":"safehouse-spyfall-pack","version":1,"pack":{"id":"p","locations":[{"id":"a","name":{}}]}}`,
		"bad id":         `{"format":"safehouse-spyfall-pack","version":1,"pack":{"id":"p","locations":[{"id":"A B","name":{"en":"A"}}]}}`,
		"duplicate id":   `{"format":"safehouse-spyfall-pack","version":1,"pack":{"id":"p","locations":[{"id":"a","name":{"en":"A"}},{"id":"a","name":{"en":"B"}}]}}`,
		"blank role":     `{"format":"safehouse-spyfall-pack","version":1,"pack":{"id":"p","locations":[{"id":"a","name":{"en":"A"},"roles":[{"en":"  "}]}]}}`,
		"role count":     `{"format":"safehouse-spyfall-pack","version":1,"pack":{"id":"p","locations":[{"id":"a","name":{"en":"A"},"role_count":7}]}}`,
		"trailing data":  `{"format":"safehouse-spyfall-pack","version":1,"pack":{"id":"p","locations":[{"id":"a","name":{"en":"A"}}]}} {}`,
		"name too long":  `{"format":"safehouse-spyfall-pack","version":1,"pack":{"id":"p","locations":[{"id":"a","name":{"en":"` + strings.Repeat("a", MaxContentRunes+1) + `"}}]}}`,
	}
	// What the app tells the player apart: text that is no pack file at all, and a file from
	// a newer app; any other refusal is about the locations in the pack.
	why := map[string]error{
		"not json": ErrNotAPackFile, "wrong format": ErrNotAPackFile, "unknown field": ErrNotAPackFile,
		"trailing data": ErrNotAPackFile, "future version": ErrNewerPackFile,
	}
	for name, data := range broken {
		_, err := ImportPack([]byte(data))
		if !errors.Is(err, engine.ErrInvalidAction) {
			t.Errorf("%s: got %v, want a refusal", name, err)
		}
		for _, sentinel := range []error{ErrNotAPackFile, ErrNewerPackFile} {
			if got, want := errors.Is(err, sentinel), why[name] == sentinel; got != want {
				t.Errorf("%s: %v is %q: %v, want %v", name, err, sentinel, got, want)
			}
		}
	}
	if _, err := New(Config{Edition: Classic, Seats: 4, CustomPacks: []Pack{{ID: "p"}}}); !errors.Is(err, engine.ErrBadConfig) {
		t.Fatalf("empty custom pack accepted: %v", err)
	}
}

// SF-SET-1: rounds default to 5 and the game ends after the agreed number;
// roles are shown by default and can be hidden.
func TestSetupDefaults(t *testing.T) {
	g := newGame(t, config(Classic, 4, 1))
	v := g.View(0)
	if v.Rounds != 5 || !v.Settings.RolesShown || v.Settings.Spies != 1 || v.Settings.Edition != Classic {
		t.Fatalf("defaults: %+v", v.Settings)
	}
	c := config(Classic, 4, 1)
	c.Rounds, c.HideRoles = 2, true
	g = newGame(t, c)
	if g.View(0).Settings.RolesShown {
		t.Fatal("roles still shown")
	}
	start(t, g, t0)
	for _, s := range nonSpies(g) {
		if v := g.View(s); v.Card.Location == nil || v.Card.Role != nil {
			t.Fatalf("hidden roles: card %+v", v.Card)
		}
	}
	enginetest.Apply(t, g, spies(g)[0], Guess{Round: 1, Location: locID(g, g.s.Cur.Loc)}, t0)
	g = newGame(t, c)
	for i := 0; i < 2; i++ {
		r := start(t, g, t0)
		enginetest.Apply(t, g, r.Spies[0], Guess{Round: r.Number, Location: locID(g, r.Loc)}, t0)
	}
	if g.Phase() != PhaseGameOver {
		t.Fatalf("after 2 of 2 rounds phase is %s", g.Phase())
	}
	for _, rounds := range []int{-1, MaxRounds + 1} {
		c.Rounds = rounds
		if _, err := New(c); !errors.Is(err, engine.ErrBadConfig) {
			t.Errorf("rounds %d accepted", rounds)
		}
	}
}

// SF-SET-2: default round length by edition and player count; 1 to 30
// minutes may be chosen.
func TestRoundLength(t *testing.T) {
	cases := []struct {
		ed   Edition
		n    int
		want int
	}{
		{Classic, 3, 8}, {Classic, 8, 8},
		{Spyfall2, 3, 6}, {Spyfall2, 4, 6}, {Spyfall2, 5, 7}, {Spyfall2, 6, 7}, {Spyfall2, 7, 8},
		{Spyfall2, 8, 8}, {Spyfall2, 9, 9}, {Spyfall2, 10, 9}, {Spyfall2, 11, 10}, {Spyfall2, 12, 10},
		{TimeTravel, 2, 6}, {TimeTravel, 4, 6}, {TimeTravel, 6, 7}, {TimeTravel, 8, 8},
	}
	for _, tc := range cases {
		g := newGame(t, config(tc.ed, tc.n, 3))
		r := start(t, g, t0)
		if got := r.Clock.Remaining(t0); got != minutes(tc.want) {
			t.Errorf("%s with %d: clock %v, want %d min", tc.ed, tc.n, got, tc.want)
		}
	}
	c := config(Spyfall2, 5, 1)
	c.RoundLength = 90 * time.Second
	r := start(t, newGame(t, c), t0)
	if r.Clock.Remaining(t0) != 90*time.Second {
		t.Fatalf("chosen length not used: %v", r.Clock.Remaining(t0))
	}
	for _, d := range []time.Duration{59 * time.Second, 31 * time.Minute, -time.Minute} {
		c.RoundLength = d
		if _, err := New(c); !errors.Is(err, engine.ErrBadConfig) {
			t.Errorf("length %v accepted", d)
		}
	}
	c.RoundLength = 30 * time.Minute
	newGame(t, c)
}

// SF-SET-3: Spyfall 2 spies: 1 up to 8 players, 2 from 9; 12 need 2; a
// choice of 1 or 2 from 6 to 11; under 6 always 1. Other editions: 1.
func TestSpyCount(t *testing.T) {
	for n := 3; n <= 12; n++ {
		g := newGame(t, config(Spyfall2, n, uint64(n)))
		want := 1
		if n >= 9 {
			want = 2
		}
		r := start(t, g, t0)
		if len(r.Spies) != want {
			t.Errorf("%d players: %d spies dealt, want %d", n, len(r.Spies), want)
		}
		for _, k := range []int{1, 2} {
			c := config(Spyfall2, n, 1)
			c.Spies = k
			_, err := New(c)
			allowed := n >= 6 && n <= 11 || k == 1 && n < 6 || k == 2 && n == 12
			if (err == nil) != allowed {
				t.Errorf("%d players, %d spies: err %v, allowed %v", n, k, err, allowed)
			}
		}
	}
	c := config(Classic, 8, 1)
	c.Spies = 2
	if _, err := New(c); !errors.Is(err, engine.ErrBadConfig) {
		t.Fatal("classic with 2 spies accepted")
	}
	c = config(Spyfall2, 7, 1)
	c.Spies = 2
	if r := start(t, newGame(t, c), t0); len(r.Spies) != 2 {
		t.Fatalf("chosen 2 spies with 7: got %d", len(r.Spies))
	}
}

// SF-SET-5: every seat, and the public view, sees the full location list of
// the chosen packs before the game starts and during it.
func TestLocationListVisibleToAll(t *testing.T) {
	g := newGame(t, config(Classic, 5, 9))
	want := g.Locations()
	check := func() {
		for _, s := range []engine.Seat{engine.NoSeat, 0, 1, 2, 3, 4} {
			v := g.View(s)
			if len(v.Locations) != len(want) {
				t.Fatalf("seat %d sees %d locations, want %d", s, len(v.Locations), len(want))
			}
			for i, l := range v.Locations {
				if l.ID != want[i].ID || l.Name["en"] != want[i].Name["en"] {
					t.Fatalf("seat %d location %d: %+v", s, i, l)
				}
			}
		}
	}
	check()
	start(t, g, t0)
	check()
}
