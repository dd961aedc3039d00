//go:build !player

package app

import (
	"regexp"
	"strings"
	"testing"

	"safehouse/app/session"
	"safehouse/app/ui/uitest"
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

// A QR guest whose connection ended (the host's tab reloaded, or the host's phone slept) is
// back on the scanning screen, which says the game waits for the host's device and how to get
// the seat back: no error page.
func TestQRGuestToldTheHostIsAwayWhileScanningAgain(t *testing.T) {
	s := lobbyShell(false, false, true)
	s.qr.Guest = true
	s.qrComeBack()
	html := render(t, s)
	if s.screen != screenQR || !strings.Contains(html, `id="qr-paste"`) {
		t.Fatalf("not back on the scanning screen:\n%s", html)
	}
	away := regexp.MustCompile(`(?s)id="qr-host-away"[^>]*>\s*<strong>The game is waiting for Maya(&#39;|')s device`)
	if !away.MatchString(html) || !strings.Contains(html, "Scan the host&#39;s code again") && !strings.Contains(html, "Scan the host's code again") {
		t.Errorf("the scanning screen does not say the game waits for Maya's device:\n%s", html)
	}
}
