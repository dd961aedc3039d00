package spyfallui

import (
	"strings"
	"testing"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/ui/uitest"
	"safehouse/engine/spyfall"
)

// sheetIn renders one seat's location sheet in lang with a search typed.
type sheetIn struct {
	goapp.Compo
	v      *spyfall.View
	lang   i18n.Lang
	search string
}

func (c *sheetIn) Render() goapp.UI {
	u := &UI{sheet: true, search: c.search}
	return u.locationSheet(c.v, Frame{Lang: c.lang, Act: func(goapp.Context, spyfall.Action) {}})
}

// Issue 34: the location search ignores accents and case, as a player types on a phone:
// "hopital" finds "Hôpital" in French, "HOTEL" "Hôtel", and a search with its accents still
// finds the name.
func TestLocationSearchIgnoresAccents(t *testing.T) {
	g := playingGame(t)
	v := g.View(0)
	for _, tt := range []struct {
		lang   i18n.Lang
		search string
		want   string
	}{
		{"fr", "hopital", "Hôpital"},
		{"fr", "HOTEL", "Hôtel"},
		{"fr", "théâtre", "Théâtre"},
		{"de", "krankenhaus", "Krankenhaus"},
	} {
		page := uitest.HTML(t, &sheetIn{v: &v, lang: tt.lang, search: tt.search})
		if !strings.Contains(page, ">"+tt.want+"<") {
			t.Errorf("%s: searching %q does not find %q", tt.lang, tt.search, tt.want)
		}
		if n := strings.Count(page, `data-location=`); n == len(v.Locations) {
			t.Errorf("%s: searching %q keeps all %d locations", tt.lang, tt.search, n)
		}
	}
}
