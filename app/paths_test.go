package app

import (
	"html"
	"strings"
	"testing"

	"safehouse/app/i18n"
	"safehouse/app/session"
)

// While the relay is tried, the connecting screen says so, in the player's language.
func TestConnectingScreenSaysWhenTheRelayIsTried(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.English, i18n.Russian} {
		for _, relay := range []bool{false, true} {
			s := &shell{mounted: true, lang: lang, screen: screenConnecting, connecting: connectingModel{Room: "K7MPQ2", Relay: relay}}
			page := html.UnescapeString(render(t, s))
			want, not := i18n.T(lang, i18n.ConnectHint), i18n.T(lang, i18n.ConnectRelayHint)
			if relay {
				want, not = not, want
			}
			if !strings.Contains(page, want) || strings.Contains(page, not) {
				t.Errorf("%s, relay %v: the connecting screen does not say %q alone", lang, relay, want)
			}
		}
	}
}

// Once online, the lobby's status says which path the player is on; the host, with no path,
// is just connected.
func TestLobbyStatusNamesThePath(t *testing.T) {
	for _, tc := range []struct {
		path session.Path
		want i18n.Key
	}{{session.PathRelay, i18n.StatusOnlineRelay}, {session.PathDirect, i18n.StatusOnlineDirect}, {"", i18n.StatusOnline}} {
		for _, lang := range []i18n.Lang{i18n.English, i18n.Russian} {
			s := lobbyShell(tc.path == "", false, true)
			s.lang = lang
			s.lobby.Path = tc.path
			page := strings.Join(strings.Fields(render(t, s)), " ")
			if !strings.Contains(page, "</span> "+i18n.T(lang, tc.want)+" </span>") {
				t.Errorf("%s, path %q: the status does not say %q", lang, tc.path, i18n.T(lang, tc.want))
			}
		}
	}
}
