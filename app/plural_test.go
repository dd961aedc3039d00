package app

import (
	"strings"
	"testing"

	"safehouse/app/game"
	"safehouse/app/i18n"
	"safehouse/engine/spyfall"
)

// Issue 17: a guest's summary of the settings said "Spyfall, 1 rounds": counts on screen
// agree with their number in each language.
func TestSettingsSummaryCountsAgree(t *testing.T) {
	cases := []struct {
		lang   i18n.Lang
		rounds int
		want   string
	}{
		{i18n.English, 1, "Spyfall, 1 round, 8 min a round"},
		{i18n.English, 4, "Spyfall, 4 rounds, 8 min a round"},
		{i18n.Russian, 1, "1 раунд по 8 мин"},
		{i18n.Russian, 3, "3 раунда по 8 мин"},
		{i18n.Russian, 5, "5 раундов по 8 мин"},
	}
	for _, c := range cases {
		s := lobbyShell(false, false, true)
		s.lang = c.lang
		set := game.DefaultSettings()
		set.Spyfall = &spyfall.Config{Edition: spyfall.Classic, Rounds: c.rounds}
		s.game.View = &game.TableView{Family: game.Spyfall, Settings: set}
		html := render(t, s)
		summary := tag(html, "settings-summary")
		if summary == "" {
			t.Fatal("no settings summary")
		}
		rest := html[strings.Index(html, summary)+len(summary):]
		if text := rest[1:strings.Index(rest, "<")]; !strings.Contains(text, c.want) {
			t.Errorf("%s, %d rounds: the summary says %q, want %q", c.lang, c.rounds, text, c.want)
		}
	}
}
