package app

import (
	"regexp"
	"strings"
	"testing"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/session"
	"safehouse/engine"
	"safehouse/engine/spyfall"
	"safehouse/engine/spyfest"
)

// held reports whether the button id sits in a disabled fieldset that points to the banner
// (go-app writes attributes in no fixed order).
func held(html, id string) bool {
	for _, m := range regexp.MustCompile(`(?s)<fieldset ([^>]*)>(.*?)</fieldset>`).FindAllStringSubmatch(html, -1) {
		attrs, inside := m[1], m[2]
		if regexp.MustCompile(`(^| )disabled( |=|$)`).MatchString(attrs) &&
			strings.Contains(attrs, `aria-describedby="host-away-body"`) && strings.Contains(inside, `id="`+id+`"`) {
			return true
		}
	}
	return false
}

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
			rename := held(html, "rename")
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

// hostAwayPage renders a game screen of either family with the host away.
type hostAwayPage struct {
	goapp.Compo
	fall *spyfall.View
	fest *spyfest.View
	away bool
}

func (p *hostAwayPage) Render() goapp.UI {
	if p.fall != nil {
		return (&SpyfallUI{}).RenderSpyfall(p.fall, SpyfallFrame{Lang: i18n.English, HostAway: p.away,
			Act: func(goapp.Context, spyfall.Action) {}})
	}
	return (&SpyfestUI{}).RenderSpyfest(p.fest, SpyfestFrame{Lang: i18n.English, HostAway: p.away, TopBar: goapp.Div(),
		Names: map[engine.Seat]string{}, Act: func(goapp.Context, spyfest.Action) {}, EndGame: func(goapp.Context) {}})
}

// The game's own buttons (a Spyfall vote, Spyfest's "Stop: we're guessing") are disabled
// while the host's device is away, and only then.
func TestHostAwayHoldsTheGameButtons(t *testing.T) {
	fall := playingGame(t)
	spy, _ := spyAndLocation(fall)
	sfMust(t, fall.Apply((spy+1)%4, spyfall.Accuse{Round: 1, Suspect: spy}, sfStart))
	voter := (spy + 2) % 4
	fallView := fall.View(voter)
	fest := newFestGame(t, spyfest.Config{})
	_, _, opp := startDescribing(t, fest)
	festView := fest.View(opp)
	for _, tc := range []struct {
		name, button string
		page         func(away bool) *hostAwayPage
	}{
		{"spyfall vote", "vote-yes", func(away bool) *hostAwayPage { return &hostAwayPage{fall: &fallView, away: away} }},
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
				if got := held(html, tc.button); got != away {
					t.Errorf("host away %v: %s held %v", away, tc.button, got)
				}
			}
		})
	}
}
