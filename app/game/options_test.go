package game

import (
	"strings"
	"testing"

	"safehouse/engine"
	"safehouse/engine/spyfall"
	"safehouse/engine/spyfest"
)

const officePack = `{"format":"safehouse-spyfall-pack","version":1,"pack":{"id":"our-office","name":{"en":"Our office"},
 "locations":[{"id":"kitchen","name":{"en":"Office kitchen"},"roles":[{"en":"Coffee addict"},{"en":"Intern"}]},
 {"id":"rooftop","name":{"en":"Rooftop"},"roles":[]}]}}`

// APP-LOBBY-1: every option the lobby offers goes through the room's settings into the
// engine: the game starts in the phase its variant begins with, on the content chosen.
func TestLobbyOptionsReachTheEngine(t *testing.T) {
	office, err := spyfall.ImportPack([]byte(officePack))
	if err != nil {
		t.Fatal(err)
	}
	seats := func(n int) []string {
		names := []string{"Hana", "Ann", "Bob", "Cy", "Dee", "Eve", "Finn", "Gus", "Ida"}
		return names[:n]
	}
	sfCases := []struct {
		name      string
		players   int
		cfg       spyfall.Config
		variant   spyfall.Variant
		locations int // 0: do not check
	}{
		{"classic defaults", 4, spyfall.Config{Edition: spyfall.Classic}, spyfall.Normal, 0},
		{"spyfall 2, two spies, old pals", 7, spyfall.Config{Edition: spyfall.Spyfall2, Spies: 2, OldPals: true, FairRotation: true, HideRoles: true}, spyfall.Normal, 0},
		{"time travel, two players", 2, spyfall.Config{Edition: spyfall.TimeTravel}, spyfall.TwoPlayer, 0},
		{"time travel, three-player variant", 3, spyfall.Config{Edition: spyfall.TimeTravel}, spyfall.ThreePlayer, 0},
		{"time travel, three players played normally", 3, spyfall.Config{Edition: spyfall.TimeTravel, NormalThreePlayer: true}, spyfall.Normal, 0},
		{"team variant", 6, spyfall.Config{Edition: spyfall.TimeTravel, Team: true, CaptainTurns: 2}, spyfall.Team, 0},
		{"custom pack only", 3, spyfall.Config{Edition: spyfall.Classic, CustomPacks: []spyfall.Pack{office}}, spyfall.Normal, 2},
		{"custom pack with one location excluded", 3, spyfall.Config{Edition: spyfall.Classic, CustomPacks: []spyfall.Pack{office}, Exclude: []string{"rooftop"}}, spyfall.Normal, 1},
	}
	for _, tc := range sfCases {
		t.Run(tc.name, func(t *testing.T) {
			r := newTestRoom(t, newTestClock(), seats(tc.players)...)
			mustApply(t, r, 0, SetSettings(spyfallSettings(tc.cfg)))
			mustApply(t, r, 0, Start())
			v := view(t, r, 1).Spyfall
			if v.Variant != tc.variant || v.Round != 1 {
				t.Fatalf("variant %s round %d, want %s round 1", v.Variant, v.Round, tc.variant)
			}
			if tc.locations > 0 && len(v.Locations) != tc.locations {
				t.Fatalf("%d locations in play, want %d", len(v.Locations), tc.locations)
			}
		})
	}
	sxCases := []struct {
		name string
		cfg  spyfest.Config
		want func(v *spyfest.View) bool
	}{
		{"15 VP without the carpet", spyfest.Config{Edition: spyfest.EditionSpyfest, Deck: spyfest.DeckFictional, Keywords: spyfest.KeywordsA, NoCarpet: true},
			func(v *spyfest.View) bool { return v.VictoryVP == spyfest.DefaultVictoryVP && len(v.Track) == 0 }},
		{"carpet counts", spyfest.Config{Edition: spyfest.EditionSpycon, Deck: spyfest.DeckNonFictional, Keywords: spyfest.KeywordsB, Carpet: map[spyfest.Effect]int{spyfest.EffectReverseRound: 3}},
			func(v *spyfest.View) bool { return len(v.Track) == 5 && v.KeywordSet == spyfest.KeywordsB }},
		{"no action cards, timers off", spyfest.Config{Edition: spyfest.EditionSpyfest, Deck: spyfest.DeckFictional, Keywords: spyfest.KeywordsA, NoActionCards: true, GuessWindow: spyfest.Off, IdleTimer: spyfest.Off},
			func(v *spyfest.View) bool {
				return len(v.Teams[0].Cards) == 0 && v.GuessWindow == 0 && v.IdleTimer == 0
			}},
		{"a custom character added", spyfest.Config{Edition: spyfest.EditionSpyfest, Deck: spyfest.DeckFictional, Keywords: spyfest.KeywordsA,
			Custom: []spyfest.CustomCharacter{{Character: spyfest.Character{ID: "our-boss", Name: engine.Text{"en": "Our boss"}}, Quarter: 2}}},
			func(v *spyfest.View) bool {
				for _, e := range v.Sheet {
					if e.ID == "our-boss" {
						return e.Quarter == 2
					}
				}
				return false
			}},
	}
	for _, tc := range sxCases {
		t.Run(tc.name, func(t *testing.T) {
			r := spyfestRoom(t, newTestClock(), tc.cfg)
			if v := view(t, r, 1).Spyfest; !tc.want(v) {
				t.Fatalf("the started game does not show the setting: %+v", v)
			}
		})
	}
	// Settings that make no game are refused and the lobby keeps its own.
	r := newTestRoom(t, newTestClock(), seats(4)...)
	before := snapshotOf(t, r)
	for _, bad := range []Settings{
		spyfallSettings(spyfall.Config{Edition: "spyfall9"}),
		spyfallSettings(spyfall.Config{Edition: spyfall.Classic, Spies: 2}),
		spyfallSettings(spyfall.Config{Edition: spyfall.Classic, Team: true}),
		spyfestSettings(spyfest.Config{Edition: spyfest.EditionSpyfest, Deck: "cartoons", Keywords: spyfest.KeywordsA}),
		{Family: "chess"},
		spyfestSettings(spyfest.Config{Edition: spyfest.EditionSpyfest, Deck: spyfest.DeckFictional, Keywords: spyfest.KeywordsA, Custom: hugeCharacters()}),
	} {
		if err := r.Apply(0, SetSettings(bad).Game); err == nil {
			t.Fatalf("settings %+v accepted", bad)
		}
	}
	if snapshotOf(t, r) != before {
		t.Fatal("refused settings changed the lobby")
	}
}

// hugeCharacters are custom characters whose overviews together outgrow one message.
func hugeCharacters() []spyfest.CustomCharacter {
	var out []spyfest.CustomCharacter
	for i := 0; i < 12; i++ {
		id := string(rune('a'+i)) + "-long"
		out = append(out, spyfest.CustomCharacter{Quarter: i % 4, Character: spyfest.Character{
			ID: id, Name: engine.Text{"en": id}, Overview: engine.Text{"en": strings.Repeat("A very long overview. ", 120)}}})
	}
	return out
}
