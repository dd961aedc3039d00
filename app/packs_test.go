//go:build !wasm

package app

import (
	"errors"
	"html"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"safehouse/app/game"
	"safehouse/app/i18n"
)

// A device whose language's pack is not there fetches it, speaks it once read, and when it
// cannot be had (offline and never cached, a 404, a corrupt file, another language's file)
// keeps English on screen with a sentence saying so, in English: never a blank screen or a
// raw key (issue 21).
func TestLanguagePackLoadsOrFallsBackToEnglish(t *testing.T) {
	ruPack := i18n.PackFiles()[i18n.Russian]
	tests := []struct {
		name   string
		data   []byte
		err    error
		loaded bool
	}{
		{"the pack arrives", ruPack, nil, true},
		{"offline and never cached", nil, errors.New("TypeError: Failed to fetch"), false},
		{"not found", nil, errors.New("/lang/ru.0123abcd.json: 404"), false},
		{"a corrupt file", ruPack[:len(ruPack)/2], nil, false},
		{"another language's pack", i18n.PackFiles()[i18n.English], nil, false},
	}
	rawKey := regexp.MustCompile(`>\s*(app|home|lobby|settings|sf|fest)\.[a-z.-]+\s*<`)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer i18n.Unload(i18n.Russian)()
			fetched := 0
			s := &shell{lang: i18n.Russian, screen: screenHome}
			s.packs.fetch = func(lang i18n.Lang, done func([]byte, error)) {
				fetched++
				if lang != i18n.Russian {
					t.Errorf("fetched %s", lang)
				}
				done(tt.data, tt.err)
			}
			s.loadPack()
			if fetched != 1 {
				t.Fatalf("fetched %d times", fetched)
			}
			if i18n.Loaded(i18n.Russian) != tt.loaded {
				t.Fatalf("loaded = %v, want %v", i18n.Loaded(i18n.Russian), tt.loaded)
			}
			page := render(t, s)
			failed := html.EscapeString(i18n.T(i18n.English, i18n.PackFailed, "Русский"))
			want, other := i18n.T(i18n.Russian, i18n.HomeCreate), "Create a game"
			if !tt.loaded {
				want, other = other, "Создать игру"
			}
			if !strings.Contains(page, want) || strings.Contains(page, other) {
				t.Errorf("the home screen does not read %q only", want)
			}
			if shown := strings.Contains(page, failed); shown == tt.loaded {
				t.Errorf("the message that the pack failed: shown %v, want %v", shown, !tt.loaded)
			}
			if m := rawKey.FindString(page); m != "" {
				t.Errorf("a raw key on screen: %s", m)
			}
			if tt.loaded {
				return
			}
			// English needs no pack: choosing it clears the message; choosing the language
			// again fetches again.
			s.lang = i18n.English
			s.loadPack()
			if s.langPackProblem() != "" || fetched != 1 {
				t.Errorf("English: message %q, fetched %d", s.langPackProblem(), fetched)
			}
			s.lang = i18n.Russian
			s.loadPack()
			if fetched != 2 {
				t.Errorf("choosing Russian again fetched %d times in all, want 2", fetched)
			}
		})
	}
}

// While a pack is on its way, a second wish for it does not fetch it twice.
func TestLanguagePackFetchedOnce(t *testing.T) {
	defer i18n.Unload(i18n.Russian)()
	var pending func([]byte, error)
	fetched := 0
	s := &shell{lang: i18n.Russian, screen: screenHome}
	s.packs.fetch = func(_ i18n.Lang, done func([]byte, error)) { fetched++; pending = done }
	s.loadPack()
	s.loadPack()
	if fetched != 1 {
		t.Fatalf("fetched %d times", fetched)
	}
	if html := render(t, s); !strings.Contains(html, "Create a game") {
		t.Error("while the pack comes, the screen is not in English")
	}
	pending(i18n.PackFiles()[i18n.Russian], nil)
	if !i18n.Loaded(i18n.Russian) || s.langPackProblem() != "" {
		t.Fatal("the pack that came is not loaded")
	}
}

// A pack that arrives while the lobby is open redraws everything that shows text: the
// player rows and the Spyfall panel are components go-app redraws only when a field changed,
// so the language they carry is the one on screen (English while the pack is on its way),
// and it changes when the pack comes (issue 21).
func TestPackArrivalRedrawsTheLobbysComponents(t *testing.T) {
	defer i18n.Unload(i18n.Russian)()
	s := lobbyShell(true, false, true)
	s.game.View = &game.TableView{Family: game.Spyfall, Settings: game.DefaultSettings(), Host: true}
	s.lang = i18n.Russian
	if i18n.Loaded(i18n.Russian) {
		t.Fatal("the Russian pack is still loaded")
	}
	row, panel := *s.lobbyRow(1), s.spyfallPanelInput()
	if row.Lang != i18n.English || panel.Lang != i18n.English {
		t.Fatalf("while the pack comes, the row carries %q and the panel %q, want English", row.Lang, panel.Lang)
	}
	s.packArrived(i18n.Russian, i18n.PackFiles()[i18n.Russian], nil)
	after := *s.lobbyRow(1)
	if reflect.DeepEqual(row.Row, after.Row) && row.Lang == after.Lang {
		t.Error("the row's fields are the same once the pack came, so go-app would not redraw it")
	}
	if reflect.DeepEqual(panel, s.spyfallPanelInput()) {
		t.Error("the panel's input is the same once the pack came, so go-app would not redraw it")
	}
	if page := render(t, s); !strings.Contains(page, i18n.T(i18n.Russian, i18n.LobbyOnline)) {
		t.Error("the lobby does not read Russian once the pack came")
	}
}
