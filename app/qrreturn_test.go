//go:build !player

package app

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"safehouse/app/game"
	"safehouse/app/i18n"
	"safehouse/app/session"
)

// Issue 29: a QR host's code for the next seat, opened over the game to bring someone back,
// stayed over it after the player was back ("A player is connecting…" still showing) until
// Hide. It leaves by itself once nobody is away, and not before.
func TestQRHostsCodeLeavesOnceEveryoneIsBack(t *testing.T) {
	players := []session.Player{
		{Seat: 0, Name: "Maya", Online: true, Host: true},
		{Seat: 1, Name: "Leo", Online: true},
		{Seat: 2, Name: "Nadia", Online: true},
	}
	room := game.NewRoom(game.Options{})
	room.SetRoster(players)
	if err := room.Apply(0, game.Start().Game); err != nil {
		t.Fatal(err)
	}
	view := func() *session.View {
		return &session.View{Room: "K7MPQ2", Players: players, Game: room.View(0)}
	}
	s := lobbyShell(true, false, true)
	s.live = &liveSession{hosting: hosting{qr: &session.QRHost{}}}
	// Each look at the screen draws a copy: a component is drawn by one engine only.
	look := func() string {
		t.Helper()
		c := *s
		return render(t, &c)
	}
	s.qr = qrModel{Offer: "SH1OFFER", OfferQR: "<svg></svg>"}
	s.takeView(view())
	if s.screen != screenGame {
		t.Fatalf("screen %v, want the game", s.screen)
	}

	// Leo's page reloads: the host names him away and opens the code.
	players[1].Online = false
	s.takeView(view())
	if html := look(); !strings.Contains(html, `id="qr-show"`) {
		t.Fatalf("Leo away, and no button to show the code:\n%s", html)
	}
	s.qr.Panel = true
	s.lobby.Toast = i18n.T(i18n.English, i18n.QRConnecting) // the host took his answer
	s.takeView(view())
	if html := look(); !strings.Contains(html, `id="qr-seat"`) {
		t.Fatal("the code closed while Leo is still away")
	}
	players[1].Online = true
	s.takeView(view())
	html := look()
	if strings.Contains(html, `id="qr-seat"`) || s.qr.Panel {
		t.Errorf("Leo is back, and the next seat's code is still over the game:\n%s", html)
	}
	if strings.Contains(html, "connecting") {
		t.Errorf("Leo is back, and the host still reads that a player is connecting")
	}
}

// Issue 29: a QR player whose page reloaded came back to the plain home screen. The reloaded
// page opens the scan at once, saying the game is still on and whose code to scan, with the
// paste field and the camera there; Back goes home.
func TestReloadedQRPlayerIsLedToTheScan(t *testing.T) {
	s := &shell{mounted: true, lang: i18n.English}
	s.qr = qrModel{Step: qrScanOffer, ComeBack: "Maya", Reloaded: true, Guest: true}
	s.screen = screenQR
	html := render(t, s)
	for _, want := range []string{`id="qr-resumed"`, `id="qr-paste"`, `id="qr-camera"`, `id="qr-back"`,
		i18n.T(i18n.English, i18n.QRResumedTitle), "Ask Maya to show the code for the next seat"} {
		if !strings.Contains(html, want) {
			t.Errorf("the reloaded player's screen has no %q:\n%s", want, html)
		}
	}
	if strings.Contains(html, i18n.T(i18n.English, i18n.HostAwayTitle, "Maya")) {
		t.Error("the reloaded player reads that the host's device is away")
	}
	s.goHome()
	if s.screen != screenHome || s.qr.Reloaded {
		t.Errorf("Back: screen %v, reloaded %v", s.screen, s.qr.Reloaded)
	}
}

// Issue 29: the page of a QR player that reloads in the middle of a game came back as the
// plain home screen. The game kept in the phone's storage while the player sat at the table
// opens the scan at once, saying whose code to scan; a game kept more than qrGuestFor ago is
// forgotten and the page starts at home, as it does with nothing kept.
func TestReloadedQRPlayerResumesTheScanFromStorage(t *testing.T) {
	now := time.Date(2026, 11, 28, 21, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		name    string
		kept    *qrGuest
		resumed bool
	}{
		{"nothing kept", nil, false},
		{"a game kept an hour ago", &qrGuest{Room: "K7MPQ2", Host: "Maya", At: now.Add(-time.Hour).UnixMilli()}, true},
		{"a game kept yesterday", &qrGuest{Room: "K7MPQ2", Host: "Maya", At: now.Add(-qrGuestFor - time.Minute).UnixMilli()}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			store := mapStorage{}
			if tt.kept != nil {
				if err := store.Set(qrGuestKey, tt.kept); err != nil {
					t.Fatal(err)
				}
			}
			s := &shell{mounted: true, lang: i18n.English, screen: screenHome}
			if got := s.resumeQRGuest(store, now); got != tt.resumed {
				t.Fatalf("resumed %v, want %v", got, tt.resumed)
			}
			html := render(t, s)
			if !tt.resumed {
				if s.screen != screenHome || strings.Contains(html, `id="qr-resumed"`) {
					t.Errorf("screen %v, want home", s.screen)
				}
				if tt.kept != nil && store.Contains(qrGuestKey) {
					t.Error("an old game is still kept")
				}
				return
			}
			if s.screen != screenQR || !strings.Contains(html, `id="qr-resumed"`) || !strings.Contains(html, `id="qr-paste"`) ||
				!strings.Contains(html, i18n.T(i18n.English, i18n.QRResumedBody, "Maya")) {
				t.Errorf("screen %v, want the scan saying Maya's game is still on:\n%s", s.screen, html)
			}
		})
	}
}

// mapStorage is a browser storage in memory, as goapp.BrowserStorage keeps it: JSON values.
type mapStorage map[string][]byte

func (m mapStorage) Set(k string, v any) error {
	b, err := json.Marshal(v)
	m[k] = b
	return err
}

func (m mapStorage) Get(k string, v any) error {
	if b, ok := m[k]; ok {
		return json.Unmarshal(b, v)
	}
	return nil
}

func (m mapStorage) Del(k string)           { delete(m, k) }
func (m mapStorage) Len() int               { return len(m) }
func (m mapStorage) Clear()                 { clear(m) }
func (m mapStorage) Contains(k string) bool { _, ok := m[k]; return ok }
func (m mapStorage) ForEach(f func(k string)) {
	for k := range m {
		f(k)
	}
}
