package app

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"safehouse/app/game"
	"safehouse/app/i18n"
	"safehouse/engine"
	"safehouse/engine/spyfall"
)

func TestParsePreferences(t *testing.T) {
	themes := []struct {
		in   string
		want theme
	}{
		{"light", themeLight},
		{"dark", themeDark},
		{"", themeSystem},
		{"system", themeSystem},
		{"Dark", themeSystem},
		{"<script>", themeSystem},
	}
	for _, tt := range themes {
		if got := parseTheme(tt.in); got != tt.want {
			t.Errorf("parseTheme(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	langs := []struct {
		in   string
		want i18n.Lang
		ok   bool
	}{
		{"en", i18n.English, true},
		{"ru", i18n.Russian, true},
		{"ru-RU", "", false},
		{"pt", "pt", true},
		{"pt-BR", "pt", true},
		{"zh", "zh", true},
		{"xx", "", false},
		{"", "", false},
	}
	for _, tt := range langs {
		got, ok := parseLang(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("parseLang(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// The settings strip shows under home, lobby and error screens, in the chosen language, with
// every select labelled and the current choice selected; under a player's game screen too, so
// the language can change mid-game; a table screen and the connecting screen have none.
func TestPreferencesStrip(t *testing.T) {
	tests := []struct {
		name       string
		shell      *shell
		strips     int
		selected   []string
		mustHave   []string
		mustNotSee []string
	}{
		{"English home", &shell{mounted: true, lang: i18n.English, screen: screenHome}, 1,
			[]string{"en", "system"},
			[]string{"Create a game", `<label for="pref-lang"`, `<label for="pref-theme"`, ">Русский<"},
			[]string{"Создать игру"}},
		{"Russian home, dark", &shell{mounted: true, lang: i18n.Russian, theme: themeDark, screen: screenHome}, 1,
			[]string{"ru", "dark"},
			[]string{"Создать игру", ">Тёмная<", ">English<"},
			[]string{"Create a game", "Like the system"}},
		{"Russian lobby", func() *shell { s := lobbyShell(true, false, true); s.lang = i18n.Russian; return s }(), 1,
			[]string{"ru", "system"},
			[]string{"Игроки (3)", "Пригласить игроков"},
			[]string{"Players (3)", "invite players"}},
		{"update notice on home", &shell{mounted: true, lang: i18n.English, screen: screenHome, updateReady: true}, 1,
			nil,
			[]string{`id="update-notice"`, `role="status"`, `id="update-restart"`},
			nil},
		{"update notice in the lobby has no restart", func() *shell {
			s := lobbyShell(true, false, true)
			s.lang = i18n.English
			s.updateReady = true
			return s
		}(), 1,
			nil,
			[]string{`id="update-notice"`},
			[]string{`id="update-restart"`}},
		{"error page", &shell{mounted: true, lang: i18n.English, screen: screenError}, 1, nil, nil, nil},
		{"connecting", &shell{mounted: true, lang: i18n.English, screen: screenConnecting}, 0, nil, nil, nil},
		{"a player's game", gameShell(false), 1, []string{"en", "system"}, []string{`<label for="pref-lang"`}, nil},
		{"a table screen", gameShell(true), 0, nil, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			html := render(t, tt.shell)
			if got := strings.Count(html, `class="preferences"`); got != tt.strips {
				t.Errorf("%d settings strips, want %d", got, tt.strips)
			}
			if tt.selected != nil {
				if got := selectedOptions(html); !slices.Equal(got, tt.selected) {
					t.Errorf("selected options %q, want %q", got, tt.selected)
				}
			}
			for _, sub := range tt.mustHave {
				if !strings.Contains(html, sub) {
					t.Errorf("missing %q", sub)
				}
			}
			for _, sub := range tt.mustNotSee {
				if strings.Contains(html, sub) {
					t.Errorf("shows %q", sub)
				}
			}
			if n := len(selectedOptions(html)); tt.strips == 1 && n != 2 {
				t.Errorf("%d selected options, want one per select", n)
			}
			if strings.Contains(html, `selected="false"`) {
				t.Error(`selected="false" in the HTML reads as selected`)
			}
		})
	}
}

var optionTag = regexp.MustCompile(`<option[^>]*>`)
var optionValue = regexp.MustCompile(`value="([^"]*)"`)

// selectedOptions lists the values of the options marked selected, in page order.
func selectedOptions(html string) []string {
	var values []string
	for _, tag := range optionTag.FindAllString(html, -1) {
		if strings.Contains(tag, " selected") && !strings.Contains(tag, `selected="false"`) {
			if m := optionValue.FindStringSubmatch(tag); m != nil {
				values = append(values, m[1])
			}
		}
	}
	return values
}

// gameShell is a shell on a Spyfall round in play: a seat's own screen, or a table screen's.
func gameShell(spectator bool) *shell {
	g, err := spyfall.New(spyfall.Config{Edition: spyfall.Classic, Players: []string{"Maya", "Leo", "Nadia", "Omar"}, Seed: 7})
	if err != nil {
		panic(err)
	}
	start := engine.At(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC))
	if err := g.Apply(spyfall.Host, spyfall.Deal{Round: 1}, start); err != nil {
		panic(err)
	}
	v := g.View(0)
	if spectator {
		v = g.View(engine.NoSeat)
	}
	return showGame(&shell{mounted: true, lang: i18n.English, screen: screenGame, lobby: lobbyModel{Room: "K7MPQ2"}},
		&game.TableView{Family: game.Spyfall, Started: true, Spectator: spectator, Game: engineView(v)})
}
