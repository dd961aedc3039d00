package app

import (
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/ui"
)

// Reading a QR code (qrplay.go), the host's or a player's: the camera view, whose scanner
// (web/qrscan.js) reports what it read through a hidden input, and the code pasted as text.
// What a code read does is qrCode's (qrjoin.go).

func (s *shell) onQROpenCamera(ctx goapp.Context, _ goapp.Event) {
	s.qr.Camera, s.qr.Error = true, ""
}

func (s *shell) onQRPaste(ctx goapp.Context, _ goapp.Event) {
	s.qr.Paste = ctx.JSSrc().Get("value").String()
}

// onQRUsePaste takes the pasted code, like a scanned one.
func (s *shell) onQRUsePaste(ctx goapp.Context, e goapp.Event) {
	e.PreventDefault()
	s.qrCode(ctx, s.qr.Paste)
}

// onQRScanned is web/qrscan.js's report: "code:<text>" or "error:<why>".
func (s *shell) onQRScanned(ctx goapp.Context, _ goapp.Event) {
	v := ctx.JSSrc().Get("value").String()
	s.qr.Camera = false
	if text, ok := strings.CutPrefix(v, "code:"); ok {
		s.qrCode(ctx, text)
		return
	}
	why, _ := strings.CutPrefix(v, "error:")
	switch why {
	case "NotAllowedError", "SecurityError":
		s.qr.Error = s.t(i18n.QRCamDenied)
	case "NotFoundError", "OverconstrainedError":
		s.qr.Error = s.t(i18n.QRCamMissing)
	case "insecure":
		s.qr.Error = s.t(i18n.QRCamInsecure)
	default:
		s.qr.Error = s.t(i18n.QRCamFailed)
	}
}

// renderQRCamera is the camera view while scanning (with the scanner script, loaded only
// here), else the button that opens it, and why the last code or the camera failed.
func (s *shell) renderQRCamera() goapp.UI {
	var view goapp.UI
	if s.qr.Camera {
		view = ui.El("div.qr-camera",
			ui.ElWith("video#qr-video.qr-video[autoplay][playsinline]").Attr("muted", true).Aria("label", s.t(i18n.QRCameraLabel)),
			ui.ElVoidWith("input#qr-result[type=hidden]").OnChange(s.onQRScanned),
			ui.El("script[src=/web/qrscan.js]"),
		)
	} else {
		view = ui.ElTextWith("button#qr-camera.btn.secondary[type=button]", s.t(i18n.QROpenCamera)).OnClick(s.onQROpenCamera)
	}
	return ui.El("div.qr-scan", view, ui.ElText("p#qr-error.field-error[role=alert]", s.qr.Error))
}

// renderQRPaste is the manual way: the code as text.
func (s *shell) renderQRPaste(label i18n.Key) goapp.UI {
	return ui.ElWith("form#qr-paste-form.qr-paste",
		ui.ElText("label.label[for=qr-paste]", s.t(label)),
		ui.ElWith("textarea#qr-paste.field.qr-text[rows=3][autocomplete=off][autocapitalize=characters][spellcheck=false]", goapp.Text(s.qr.Paste)).
			OnInput(s.onQRPaste),
		ui.ElTextWith("button#qr-use.btn.secondary[type=submit]", s.t(i18n.QRUseCode)),
	).OnSubmit(s.onQRUsePaste)
}
