package app

import (
	"regexp"
	"strings"
	"testing"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/session"
	"safehouse/app/ui/uitest"
	"safehouse/engine"
	"safehouse/engine/spyfest"
)

// A guest that cannot reach the host's device sees a banner naming the host, and the lobby's
// rename (it needs the host) is held with the banner as its reason; the same guest with the
// host reachable, the host itself, and pass-and-play see neither.
func TestHostAwayBannerNamesTheHost(t *testing.T) {
	for _, tc := range []struct {
		name   string
		status session.Status
		host   bool
		pass   bool
		away   bool
	}{
		{"guest, host away", session.StatusReconnecting, false, false, true},
		{"guest, host there", session.StatusOnline, false, false, false},
		{"host's own tab", session.StatusReconnecting, true, false, false},
		{"pass-and-play", session.StatusReconnecting, false, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := lobbyShell(tc.host, false, true)
			s.lobby.Status = tc.status
			s.live = &liveSession{}
			if tc.host {
				s.live.host = &session.HostSession{}
			}
			if tc.pass {
				s.pass = &passPlay{}
			}
			html := render(t, s)
			if !strings.Contains(html, `id="host-away"`) {
				t.Fatal("no live region for the banner")
			}
			banner := strings.Contains(html, "The game is waiting for Maya&#39;s device") ||
				strings.Contains(html, "The game is waiting for Maya's device")
			rename := uitest.Held(html, "rename")
			if banner != tc.away || rename != tc.away {
				t.Errorf("banner %v, rename held %v; want both %v in\n%s", banner, rename, tc.away, html)
			}
			// The host's row agrees with the banner: away while its device is.
			presence := ""
			for _, li := range strings.Split(html, "<li ")[1:] {
				if strings.Contains(li, ">Maya<") {
					if m := regexp.MustCompile(`class="presence ([a-z]+)"`).FindStringSubmatch(li); m != nil {
						presence = m[1]
					}
				}
			}
			if (presence == "away") != tc.away {
				t.Errorf("the host's row shows %q with the banner %v", presence, banner)
			}
		})
	}
}

// hostAwayPage renders a Spyfest screen with the host away.
type hostAwayPage struct {
	goapp.Compo
	fest *spyfest.View
	away bool
}

func (p *hostAwayPage) Render() goapp.UI {
	return (&SpyfestUI{}).RenderSpyfest(p.fest, SpyfestFrame{Lang: i18n.English, HostAway: p.away, TopBar: goapp.Div(),
		Names: map[engine.Seat]string{}, Act: func(goapp.Context, spyfest.Action) {}, EndGame: func(goapp.Context) {}})
}

// The game's own buttons (Spyfest's "Stop: we're guessing") are disabled while the host's
// device is away, and only then.
func TestHostAwayHoldsTheGameButtons(t *testing.T) {
	fest := newFestGame(t, spyfest.Config{})
	_, _, opp := startDescribing(t, fest)
	festView := fest.View(opp)
	for _, tc := range []struct {
		name, button string
		page         func(away bool) *hostAwayPage
	}{
		{"spyfest stop", "fx-stop", func(away bool) *hostAwayPage { return &hostAwayPage{fest: &festView, away: away} }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, away := range []bool{false, true} {
				p := tc.page(away)
				e := goapp.NewTestEngine()
				if err := e.Load(p); err != nil {
					t.Fatal(err)
				}
				e.ConsumeAll()
				html := goapp.HTMLString(p)
				if !strings.Contains(html, `id="`+tc.button+`"`) {
					t.Fatalf("no %s on the screen: %s", tc.button, html)
				}
				if got := uitest.Held(html, tc.button); got != away {
					t.Errorf("host away %v: %s held %v", away, tc.button, got)
				}
			}
		})
	}
}
