//go:build player

package app

import (
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The QR join (qrjoin.go), in the player build (-tags player, wasm/doc.go), is carried on by
// the full build as hosting is (hosting_player.go): the tab waits for it and reloads into it
// (fullbuild.go), which then opens the scan (carryon.go). An invite link, which loads this
// build, leads to a game with a server; joining a table with no internet is rarer there, and
// the codes' reading and writing (session.JoinQR, session/internal/qrcodec) stay out of it.

// onQRJoin, in the player build, joins a game with no server in the full build (the name is
// saved already; joining as a table screen travels in the continuation).
func (s *shell) onQRJoin(ctx goapp.Context, _ goapp.Event) {
	if _, ok := s.checkName(ctx); !ok {
		s.screen = screenHome
		return
	}
	s.switchToFull(continuation{Do: continueToQRJoin, Watch: s.watching})
}

// qrCode, in the player build, reads no code: no screen here asks for one, since this build
// neither hosts nor joins with QR codes (a QR player's seat, kept or lost, is the full
// build's: resumeQRGuest). Were one read, the full build would open the scan for it again.
func (s *shell) qrCode(ctx goapp.Context, _ string) {
	s.switchToFull(continuation{Do: continueToQRJoin, Watch: s.watching})
}

// resumeQRGuest, in the player build, leaves a QR player's kept game where it is, for the
// full build to lead back to the scan. This build never opens it: it loads only for an
// invite link (wasm/gen's build.js), and the shell follows the invite, which goes before a
// kept QR game in either build (OnMount); a QR player sat down in the full build, and a
// reload with no invite in the address loads the full build again.
func (s *shell) resumeQRGuest(goapp.BrowserStorage, time.Time) bool { return false }
