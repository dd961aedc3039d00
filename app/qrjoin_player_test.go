//go:build player

package app

import (
	"testing"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
)

// The player build (-tags player) joins no game with QR codes itself: the QR join waits for
// the full build and reloads into it (qrjoin_player.go). Natively the page has no
// safehouseBuild (wasm/gen's build.js), so the switch ends on its error page, the one a failed
// download shows: the screen the player build would otherwise open, the scan, never comes.
// With no name the player is sent home to type one, and nothing switches.
func TestPlayerBuildQRJoinSwitchesToTheFullBuild(t *testing.T) {
	d := newDispatcher(t)
	s := &shell{mounted: true, lang: i18n.English, ui: d.ctx, screen: screenQR, qr: qrModel{Step: qrChoose}}
	s.onQRJoin(d.ctx, goapp.Event{})
	if s.screen != screenHome || s.home.NameError == "" || s.failure.Body != "" {
		t.Fatalf("no name: screen %v, name error %q, failure %+v; want home asking for the name", s.screen, s.home.NameError, s.failure)
	}

	s.screen, s.home.Name = screenQR, "Fern"
	s.onQRJoin(d.ctx, goapp.Event{})
	if s.screen != screenError || s.failure.Body != i18n.ErrorFullBuild || s.qr.Step != qrChoose || s.qr.Guest {
		t.Fatalf("screen %v, failure %+v, qr %+v; want the switch to the full build", s.screen, s.failure, s.qr)
	}
	var saved string
	if err := d.ctx.LocalStorage().Get(nameStorageKey, &saved); err != nil || saved != "Fern" {
		t.Errorf("the name saved for the full build is %q (%v), want Fern", saved, err)
	}

	// A code read here (no screen of this build asks for one) goes to the full build too.
	s.screen, s.failure = screenQR, errorModel{}
	s.qr = qrModel{Step: qrScanOffer, Guest: true}
	s.qrCode(d.ctx, "SH1OFFER")
	if s.screen != screenError || s.failure.Body != i18n.ErrorFullBuild || s.qr.Step != qrScanOffer {
		t.Errorf("a code read: screen %v, failure %+v, qr %+v; want the switch to the full build", s.screen, s.failure, s.qr)
	}
}

// A QR player's kept game (qrreturn.go) is the full build's to lead back to the scan: the
// player build, loaded only by an invite link, leaves it kept and the page where it is.
func TestPlayerBuildLeavesAKeptQRGameToTheFullBuild(t *testing.T) {
	d := newDispatcher(t)
	now := time.Date(2026, 11, 28, 21, 0, 0, 0, time.UTC)
	kept := qrGuest{Room: "K7MPQ2", Host: "Maya", At: now.Add(-time.Hour).UnixMilli()}
	store := d.ctx.LocalStorage()
	if err := store.Set(qrGuestKey, kept); err != nil {
		t.Fatal(err)
	}
	s := &shell{mounted: true, lang: i18n.English, ui: d.ctx, screen: screenHome}
	if s.resumeQRGuest(store, now) || s.screen != screenHome || s.qr != (qrModel{}) {
		t.Fatalf("screen %v, qr %+v; want the page left as it was", s.screen, s.qr)
	}
	var still qrGuest
	if err := store.Get(qrGuestKey, &still); err != nil || still != kept {
		t.Errorf("the kept game is %+v (%v), want %+v still kept", still, err, kept)
	}
}
