package app

import (
	"strings"
	"testing"
	"time"

	"safehouse/app/game"
	"safehouse/app/i18n"
	"safehouse/engine"
	"safehouse/engine/spyfall"
)

// The table screen of a Spyfall round in play, rendered from the engine's public view (the one
// the host sends a spectator seat): framed as a table screen, with the clock and the players,
// and neither the location nor anyone's role nor a spy's card, in either language.
func TestSpectatorScreenShowsNoSecret(t *testing.T) {
	g, err := spyfall.New(spyfall.Config{Edition: spyfall.Classic, Players: []string{"Maya", "Leo", "Nadia", "Omar"}, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	start := engine.At(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC))
	if err := g.Apply(spyfall.Host, spyfall.Deal{Round: 1}, start); err != nil {
		t.Fatal(err)
	}
	if err := g.Apply(g.View(0).Dealer, spyfall.StartClock{Round: 1}, start); err != nil {
		t.Fatal(err)
	}
	// The location's id and its name in every language's pack (issue 21: views carry ids).
	var secrets []string
	for _, s := range g.View(engine.NoSeat).Seats {
		if c := g.View(s.ID).Card; c != nil && !c.Spy {
			secrets = []string{`"` + c.Location.ID + `"`}
			for _, l := range i18n.Available() {
				secrets = append(secrets, i18n.LocationName(l, c.Location.ID))
			}
		}
	}
	if len(secrets) < 3 {
		t.Fatalf("secrets to look for: %q", secrets)
	}
	public := g.View(engine.NoSeat)
	for _, lang := range []i18n.Lang{i18n.English, i18n.Russian} {
		t.Run(string(lang), func(t *testing.T) {
			s := showGame(&shell{mounted: true, lang: lang, screen: screenGame, lobby: lobbyModel{Room: "K7MPQ2"}},
				&game.TableView{Family: game.Spyfall, Started: true, Spectator: true, Game: engineView(public)})
			html := render(t, s)
			if n := strings.Count(html, `id="table-screen"`); n != 1 {
				t.Fatalf("%d table screens, want 1", n)
			}
			if !strings.Contains(html, i18n.T(lang, i18n.WatchTitle, "K7MPQ2")) {
				t.Errorf("no table-screen title in %s", lang)
			}
			if n := strings.Count(html, `id="secret-card"`); n != 0 {
				t.Errorf("%d cards on a table screen", n)
			}
			// The list of locations is behind a closed sheet, so no location name shows at all.
			for _, secret := range append(secrets, i18n.T(lang, i18n.SFYouAreSpy), ">"+i18n.T(lang, i18n.SFBadgeSpy)+"<") {
				if strings.Contains(html, secret) {
					t.Errorf("table screen shows %q", secret)
				}
			}
			if !strings.Contains(html, "Maya") || !strings.Contains(html, "Omar") {
				t.Error("table screen lacks the players")
			}
			if n := strings.Count(html, `class="preferences"`); n != 0 {
				t.Errorf("settings strip on a game screen")
			}
		})
	}
}
