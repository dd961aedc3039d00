package app

import (
	"context"
	"errors"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/session"
	"safehouse/app/ui"
)

// A game with no internet (issue 23): no signaling server, so phones on one Wi-Fi or hotspot
// connect through QR codes. The host (session.QRHost) shows an offer code for the next seat
// in its lobby, or over a game when someone is away; a player's phone scans it
// (screenQR), shows its answer code, and sits down once the host has scanned that. Scanning
// runs in web/qrscan.js, loaded only on a screen with a camera view, which reports what it
// read through a hidden input; every code can also be pasted as text.

// onQRJoin starts a player's side: scan the host's code.
func (s *shell) onQRJoin(ctx goapp.Context, _ goapp.Event) {
	if _, ok := s.checkName(ctx); !ok {
		s.screen = screenHome
		return
	}
	s.qr = qrModel{Step: qrScanOffer, Guest: true}
	s.screen = screenQR
}

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

// qrCode handles a code read or pasted: the host's answer to take, or the player's offer.
func (s *shell) qrCode(ctx goapp.Context, code string) {
	code = strings.TrimSpace(code)
	if code == "" {
		return
	}
	s.qr.Error = ""
	if s.live != nil && s.live.hostsQR() {
		s.qrAccept(code)
		return
	}
	if s.screen == screenQR && s.qr.Step == qrScanOffer {
		s.qrAnswer(ctx, code)
	}
}

// qrAccept has the host take a player's answer; the next seat's code follows.
func (s *shell) qrAccept(code string) {
	live := s.live
	s.ui.Async(func() {
		err := live.qrAccept(code)
		s.ui.Dispatch(func(ctx goapp.Context) {
			if s.live != live {
				return
			}
			if err != nil {
				s.qr.Error = s.qrErrorText(err, false)
				return
			}
			s.qr.Paste = ""
			emptyField("qr-paste") // taken: pressing "Use this code" again would only be refused
			s.showToast(ctx, s.t(i18n.QRConnecting))
			s.qrNextOffer()
		})
	})
}

// qrAnswer makes the player's answer to the host's code, shows it, and waits to be seated.
func (s *shell) qrAnswer(ctx goapp.Context, code string) {
	name, ok := s.checkName(ctx)
	if !ok {
		s.screen = screenHome
		return
	}
	s.attempt++
	s.qr.Step = qrMaking
	sctx, cancel := context.WithCancel(context.Background())
	s.stopJoining = cancel
	opts := session.Options{Name: name, Spectator: s.watching}
	answer := func(sctx context.Context) (*session.QRJoin, error) { return session.JoinQR(sctx, opts, code) }
	inBackground(s, sctx, cancel, answer, func(ctx goapp.Context, j *session.QRJoin, err error) {
		if err != nil {
			cancel()
			s.qr.Step, s.qr.Error = qrScanOffer, s.qrErrorText(err, true)
			return
		}
		j.Resume(savedToken(ctx, j.Room()))
		s.qr.Step, s.qr.Paste = qrShowAnswer, ""
		s.qr.Answer = j.Answer()
		s.qr.AnswerQR, _ = qrSVG(j.Answer(), s.t(i18n.QRAnswerQRLabel))
		s.qrWait(j, sctx, cancel)
	})
}

// qrWait waits, in the same attempt, for the host to scan the answer and seats the player.
func (s *shell) qrWait(j *session.QRJoin, sctx context.Context, cancel context.CancelFunc) {
	inBackground(s, sctx, cancel, j.Wait, func(ctx goapp.Context, c *session.Client, err error) {
		s.stopJoining = nil
		if err != nil {
			cancel()
			if refusal, ok := errors.AsType[*session.RefusalError](err); ok && refusal.Refusal.Code == session.CodeUnknownSeat {
				ctx.LocalStorage().Del(seatKey(j.Room())) // a token of an older game
				s.forgetQRGuest()
			}
			s.qr.Step, s.qr.Error = qrScanOffer, s.t(i18n.QRErrConnect)
			return
		}
		_ = ctx.LocalStorage().Set(seatKey(j.Room()), c.Token())
		s.qr = qrModel{Guest: true}
		s.start(ctx, &liveSession{client: c, invite: invite{Room: j.Room()}, cancel: cancel})
	})
}

// qrErrorText is the sentence for a refused code; wantOffer says which kind was expected.
func (s *shell) qrErrorText(err error, wantOffer bool) string {
	qe, ok := errors.AsType[*session.QRError](err)
	if !ok {
		return s.t(i18n.QRErrConnect)
	}
	switch qe.Code {
	case session.QRNotACode:
		return s.t(i18n.QRErrNotACode)
	case session.QRVersion:
		return s.t(i18n.QRErrVersion)
	case session.QRWrongKind:
		if wantOffer {
			return s.t(i18n.QRErrWantOffer)
		}
		return s.t(i18n.QRErrWantAnswer)
	case session.QRTruncated:
		return s.t(i18n.QRErrTruncated)
	case session.QROtherGame:
		return s.t(i18n.QRErrOtherGame)
	case session.QRUsed:
		return s.t(i18n.QRErrUsed)
	case session.QRNotOffered:
		return s.t(i18n.QRErrNotOffered)
	case session.QRUnusable:
		return s.t(i18n.QRErrUnusable)
	}
	return s.t(i18n.QRErrDamaged)
}

func (s *shell) onQRLarge(ctx goapp.Context, _ goapp.Event) { s.qr.Large = !s.qr.Large }

func (s *shell) onQRPanel(ctx goapp.Context, _ goapp.Event) {
	s.qr.Panel = !s.qr.Panel
	s.qr.Camera = false
	if s.qr.Panel && s.qr.Offer == "" {
		s.qrNextOffer()
	}
}

func (s *shell) onQRCopy(ctx goapp.Context, _ goapp.Event) {
	copyText(s.qr.Answer, "qr-answer-text", func(ok bool) {
		s.ui.Dispatch(func(ctx goapp.Context) {
			if ok {
				s.showToast(ctx, s.t(i18n.LobbyCopied))
			}
		})
	})
}

// renderQR is screenQR: a player's steps (and the first choice, host or join).
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
	case qrScanOffer:
		var hint goapp.UI = ui.ElText("p#qr-scan-hint.lead", s.t(i18n.QRScanHint))
		if s.qr.Reloaded {
			body := s.t(i18n.QRComeBack)
			if s.qr.ComeBack != "" {
				body = s.t(i18n.QRResumedBody, s.qr.ComeBack)
			}
			hint = ui.El("div#qr-resumed.note[role=status]",
				ui.ElText("strong", s.t(i18n.QRResumedTitle)),
				ui.ElText("p#qr-scan-hint", body))
		} else if s.qr.ComeBack != "" {
			hint = ui.El("div#qr-host-away.note[role=status]",
				ui.ElText("strong", s.t(i18n.HostAwayTitle, s.qr.ComeBack)),
				ui.ElText("p#qr-scan-hint", s.t(i18n.QRComeBack)))
		}
		body = []goapp.UI{
			ui.ElText("h2#qr-scan-title", s.t(i18n.QRScanTitle)),
			hint,
			s.renderQRCamera(),
			s.renderQRPaste(i18n.QRPasteOffer),
		}
		actions = []goapp.UI{back}
	case qrMaking:
		body = []goapp.UI{ui.ElText("p#qr-making.lead[role=status]", s.t(i18n.QRMaking))}
		actions = []goapp.UI{back}
	case qrShowAnswer:
		body = []goapp.UI{
			ui.ElText("h2#qr-answer-title", s.t(i18n.QRAnswerTitle)),
			ui.ElText("p.lead", s.t(i18n.QRAnswerHint)),
			ui.El("div#qr-answer-qr.qr-frame.qr-code", goapp.Raw(s.qr.AnswerQR)),
			ui.ElText("label.label[for=qr-answer-text]", s.t(i18n.QRAnswerText)),
			ui.ElWith("textarea#qr-answer-text.field.qr-text[readonly][rows=4]", goapp.Text(s.qr.Answer)),
			ui.ElText("p#qr-waiting.muted[role=status]", s.t(i18n.QRWaitingHost)),
		}
		actions = []goapp.UI{
			ui.ElTextWith("button#qr-copy.btn.secondary[type=button]", s.t(i18n.QRCopyText)).OnClick(s.onQRCopy),
			back,
		}
	}
	return ui.El("main.screen.qr",
		ui.El("header.brand", ui.ElText("h1#qr-title", s.t(i18n.QRTitle))),
		ui.El("div.content", append(body, s.renderInsecureNote())...),
		ui.El("footer.actions", append([]goapp.UI{ui.Toast(s.lobby.Toast)}, actions...)...),
	)
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
