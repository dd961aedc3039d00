package spyfallui

import (
	"regexp"
	"strings"
	"testing"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/ui/uitest"
	"safehouse/engine/spyfall"
)

// panelHTML is the Spyfall panel showing in, as go-app's test engine draws it.
func panelHTML(t *testing.T, in PanelInput) string {
	t.Helper()
	p := NewPanel(in, &Draft{}, func(goapp.Context, *spyfall.Config) {})
	return uitest.HTML(t, p)
}

// SF-SET-1, SF-ED-3: while roles are shown, the lobby tells host and guests alike, in their
// language, that playing a role is optional and that every role fits any gender.
func TestSettingsSayRolesAreOptionalAndFitAnyone(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.English, i18n.Russian} {
		for _, host := range []bool{true, false} {
			for _, hidden := range []bool{false, true} {
				cfg := spyfall.DefaultConfig()
				cfg.HideRoles = hidden
				html := panelHTML(t, PanelInput{Shown: true, Host: host, Config: cfg, Players: 3, Lang: lang})
				optional, anyone := i18n.T(lang, i18n.SFSetRolesOptional), i18n.T(lang, i18n.SFSetRolesAnyone)
				shown := strings.Contains(html, optional) && strings.Contains(html, anyone)
				if shown == hidden {
					t.Errorf("%s, host %v, roles hidden %v: the hint shown %v", lang, host, hidden, shown)
				}
			}
		}
	}
}

// SF-SET-3: Spyfall 2's spy count starts at the default, which follows the players, and the
// host may pick 1 or 2 instead.
func TestSettingsSpyCountDefaultsToTheSeats(t *testing.T) {
	cfg := spyfall.DefaultConfig()
	cfg.Edition = spyfall.Spyfall2
	html := panelHTML(t, PanelInput{Shown: true, Host: true, Config: cfg, Players: 9, Lang: i18n.English})
	auto := regexp.MustCompile(`<button[^>]*data-value="0"[^>]*>Default \(2\)</button>`).FindString(html)
	if auto == "" || strings.Contains(auto, `aria-pressed="false"`) || !strings.Contains(html, `data-value="1"`) || !strings.Contains(html, `data-value="2"`) {
		t.Fatalf("9 players: the spy count does not start at the default of 2: %s", html)
	}
}

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
		html := panelHTML(t, PanelInput{Shown: true, Config: spyfall.Config{Edition: spyfall.Classic, Rounds: c.rounds}, Players: 3, Lang: c.lang})
		summary := uitest.Tag(html, "settings-summary")
		if summary == "" {
			t.Fatal("no settings summary")
		}
		rest := html[strings.Index(html, summary)+len(summary):]
		if text := rest[1:strings.Index(rest, "<")]; !strings.Contains(text, c.want) {
			t.Errorf("%s, %d rounds: the summary says %q, want %q", c.lang, c.rounds, text, c.want)
		}
	}
}
