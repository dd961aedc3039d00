package app

import (
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
)

// A QR player's page that reloads (issue 29). With no server there is no invite link in the
// address to follow back, and the page came back as the plain home screen: nothing said that
// a game was running or that the host's new code had to be scanned. The player's phone keeps
// which game it sits in (qrGuestKey) while it is seated, so a reloaded page opens the scan
// straight away, saying whose game it is; the seat's token (seatKey) brings the seat and card
// back as after any lost connection. The host's side: once everyone is back, the next seat's
// code leaves the game screen by itself.

// qrGuestKey is where a QR player's phone keeps its game (qrGuest) while it is seated.
const qrGuestKey = "safehouse.qr-guest"

// qrGuestFor is how long a kept game leads a reopened page to the scan: an evening's party.
// A page opened the next day starts at home.
const qrGuestFor = 12 * time.Hour

// qrGuest is a QR player's game: its room, the host's name and when it was last kept.
type qrGuest struct {
	Room string `json:"room"`
	Host string `json:"host"`
	At   int64  `json:"at"` // Unix milliseconds
}

// keepQRGuest keeps a seated QR player's game, when the host's name or the room changed
// since it was last kept (each view of the game would otherwise write it again).
func (s *shell) keepQRGuest() {
	if !goapp.IsClient || !s.mounted || !s.qr.Guest || s.live == nil || s.live.hostsQR() {
		return
	}
	host := s.hostPlayerName()
	kept := s.lobby.Room + "\x00" + host
	if s.qr.Kept == kept {
		return
	}
	s.qr.Kept = kept
	_ = s.ui.LocalStorage().Set(qrGuestKey, qrGuest{Room: s.lobby.Room, Host: host, At: time.Now().UnixMilli()})
}

// forgetQRGuest: the player left the game, or the game left the player.
func (s *shell) forgetQRGuest() {
	if goapp.IsClient && s.mounted { // the browser's storage (not in native tests)
		s.ui.LocalStorage().Del(qrGuestKey)
	}
}

// hostPlayerName is the host's name as the lobby shows it, "" when it has none.
func (s *shell) hostPlayerName() string {
	for _, p := range s.lobby.Players {
		if p.Host {
			return p.Name
		}
	}
	return ""
}

// qrEveryoneBack closes the host's code for the next seat over the game once nobody is away:
// it was opened to bring someone back (it stayed, with "A player is connecting…", until Hide).
func (s *shell) qrEveryoneBack() {
	if s.screen != screenGame || !s.qr.Panel || s.live == nil || !s.live.hostsQR() || len(s.qrAwayNames()) > 0 {
		return
	}
	s.qr.Panel, s.qr.Camera, s.qr.Large = false, false, false
	if s.lobby.Toast == s.t(i18n.QRConnecting) {
		s.lobby.Toast = ""
	}
}

// qrComeBack is a QR player's lost connection: scan the host's code again (the token brings
// the seat back). The host's device may be the one gone (its tab reloaded): the screen says
// the game waits for it, not that anything failed.
func (s *shell) qrComeBack() {
	s.qr = qrModel{Step: qrScanOffer, ComeBack: s.hostName(), Guest: true}
	s.screen = screenQR
}

// qrAwayNames lists the players whose connection is gone.
func (s *shell) qrAwayNames() []string {
	var away []string
	for _, p := range s.lobby.Players {
		if !p.Online && !p.You {
			away = append(away, p.Name)
		}
	}
	for _, p := range s.lobby.Screens {
		if !p.Online {
			away = append(away, p.Name)
		}
	}
	return away
}
