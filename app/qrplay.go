package app

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/ui"
)

// A game with no internet (issue 23): no signaling server, so phones on one Wi-Fi or hotspot
// connect through QR codes. The host (session.QRHost) shows an offer code for the next seat
// in its lobby, or over a game when someone is away; a player's phone scans it
// (screenQR), shows its answer code, and sits down once the host has scanned that. Scanning
// runs in web/qrscan.js, loaded only on a screen with a camera view, which reports what it
// read through a hidden input; every code can also be pasted as text (qrscan.go). What a code
// read does and a player's join are the full build's only: qrjoin.go, and the player's steps
// on this screen, qrjoinscreen.go.

func (s *shell) onQRLarge(ctx goapp.Context, _ goapp.Event) { s.qr.Large = !s.qr.Large }

func (s *shell) onQRPanel(ctx goapp.Context, _ goapp.Event) {
	s.qr.Panel = !s.qr.Panel
	s.qr.Camera = false
	if s.qr.Panel && s.qr.Offer == "" {
		s.qrNextOffer()
	}
}

// renderQR is screenQR: the first choice, host or join, then a player's steps (renderQRJoin).
func (s *shell) renderQR() goapp.UI {
	var body []goapp.UI
	var actions []goapp.UI
	back := ui.ElTextWith("button#qr-back.btn.ghost[type=button]", s.t(i18n.QRBack)).OnClick(s.onCancel)
	switch s.qr.Step {
	case qrChoose:
		body = []goapp.UI{ui.ElText("p.lead", s.t(i18n.QRIntro)), s.renderNameField(), s.renderWatchToggle()}
		actions = []goapp.UI{
			ui.ElTextWith("button#qr-join.btn.secondary[type=button]", s.t(i18n.QRJoin)).OnClick(s.onQRJoin),
			ui.ElTextWith("button#qr-host.btn.primary[type=button]", s.t(i18n.QRHost)).OnClick(s.onQRHost),
			back,
		}
	default:
		body, actions = s.renderQRJoin(back) // a player's steps: qrjoin.go
	}
	return ui.El("main.screen.qr",
		ui.El("header.brand", ui.ElText("h1#qr-title", s.t(i18n.QRTitle))),
		ui.El("div.content", append(body, s.renderInsecureNote())...),
		ui.El("footer.actions", append([]goapp.UI{ui.Toast(s.lobby.Toast)}, actions...)...),
	)
}

// renderQRSeat is the host's card for the next seat: the code (large on request), scanning
// the answer, and both as text.
func (s *shell) renderQRSeat() goapp.UI {
	var code goapp.UI = ui.ElText("p#qr-offer-wait.muted[role=status]", s.t(i18n.QRPreparing))
	if s.qr.OfferQR != "" {
		code = ui.El("div#qr-offer-qr.qr-frame.qr-code", goapp.Raw(s.qr.OfferQR))
	}
	return ui.El("section#qr-seat.card.invite[aria-labelledby=qr-seat-title]",
		ui.ElText("h2#qr-seat-title", s.t(i18n.QRSeatTitle)),
		ui.ElText("p.muted", s.t(i18n.QRSeatHint)),
		s.renderQRAwayNames(),
		code,
		ui.ElTextWith("button#qr-large-show.btn.ghost.small[type=button]", s.t(i18n.QRShowLarge)).OnClick(s.onQRLarge),
		ui.ElText("label.label[for=qr-offer-text]", s.t(i18n.QROfferText)),
		ui.ElWith("textarea#qr-offer-text.field.qr-text[readonly][rows=3]", goapp.Text(s.qr.Offer)),
		s.renderQRCameraFor(i18n.QRScanAnswer),
		s.renderQRPaste(i18n.QRPasteAnswer),
	)
}

// renderQRCameraFor is the host's camera for an answer, opened by its own button.
func (s *shell) renderQRCameraFor(open i18n.Key) goapp.UI {
	if s.qr.Camera {
		return s.renderQRCamera()
	}
	return ui.El("div.qr-scan",
		ui.ElTextWith("button#qr-scan-answer.btn.primary[type=button]", s.t(open)).OnClick(s.onQROpenCamera),
		ui.ElText("p#qr-error.field-error[role=alert]", s.qr.Error))
}

func (s *shell) renderQRAwayNames() goapp.UI {
	away := s.qrAwayNames()
	if len(away) == 0 {
		return goapp.Text("")
	}
	return ui.ElText("p#qr-away.note", s.t(i18n.QRAway, i18n.List(s.shownLang(), away...)))
}

// renderQROverlay is the host's QR over a game: who is away with the code to bring them back,
// and the code filling the screen when asked.
func (s *shell) renderQROverlay() goapp.UI {
	region := ui.ElWith("div#qr-overlay.qr-overlay[aria-live=polite]")
	if !ui.Hosts || s.live == nil || !s.live.hostsQR() || (s.screen != screenLobby && s.screen != screenGame) {
		return region
	}
	if s.qr.Large && s.qr.OfferQR != "" {
		return region.Body(ui.ElWith("div#qr-large.qr-large[role=dialog][aria-modal=true]",
			ui.El("div.qr-frame.qr-code", goapp.Raw(s.qr.OfferQR)),
			ui.ElTextWith("button#qr-large-close.btn.primary[type=button]", s.t(i18n.QRCloseLarge)).OnClick(s.onQRLarge),
		).Aria("label", s.t(i18n.QROfferQRLabel)))
	}
	if s.screen != screenGame {
		return region // the lobby shows the next seat's card itself
	}
	if s.qr.Panel {
		return region.Body(ui.El("div.qr-panel",
			s.renderQRSeat(),
			ui.ElTextWith("button#qr-hide.btn.secondary[type=button]", s.t(i18n.QRHideCode)).OnClick(s.onQRPanel),
		))
	}
	if away := s.qrAwayNames(); len(away) > 0 {
		return region.Body(ui.El("div.note.qr-away-bar",
			ui.ElText("p", s.t(i18n.QRAway, i18n.List(s.shownLang(), away...))),
			ui.ElTextWith("button#qr-show.btn.secondary.small[type=button]", s.t(i18n.QRShowCode)).OnClick(s.onQRPanel),
		))
	}
	return region
}
