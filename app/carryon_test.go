//go:build !player

package app

import (
	"strings"
	"testing"

	"safehouse/app/i18n"
)

// A player-build tab whose player picked the QR join reloads into the full build with the
// continuation (qrjoin_player.go): the full build opens the scan of the host's code under the
// name saved before, as a table screen when that was ticked, and reads the continuation once.
func TestFullBuildCarriesOnWithTheQRJoin(t *testing.T) {
	for _, watch := range []bool{false, true} {
		d := newDispatcher(t)
		if err := d.ctx.SessionStorage().Set(continueKey, continuation{Do: continueToQRJoin, Watch: watch}); err != nil {
			t.Fatal(err)
		}
		s := &shell{mounted: true, lang: i18n.English, ui: d.ctx, screen: screenHome}
		s.home.Name = "Fern" // OnMount reads it from localStorage (checkName saved it)
		s.carryOn(d.ctx)
		if s.screen != screenQR || s.qr != (qrModel{Step: qrScanOffer, Guest: true}) || s.watching != watch {
			t.Fatalf("watch %v: screen %v, qr %+v, watching %v; want the scan of the host's code", watch, s.screen, s.qr, s.watching)
		}
		html := render(t, s)
		for _, want := range []string{`id="qr-scan-title"`, `id="qr-camera"`, `id="qr-paste"`} {
			if !strings.Contains(html, want) {
				t.Errorf("the scan has no %s:\n%s", want, html)
			}
		}
		var left continuation
		if err := d.ctx.SessionStorage().Get(continueKey, &left); err != nil || left != (continuation{}) {
			t.Errorf("the continuation %+v stayed after it was carried out", left)
		}
	}
}
