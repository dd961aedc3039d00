//go:build !player

package app

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/ui"
)

// A player's steps on the screen of a game with no internet (renderQR), after the join
// (qrjoin.go): left out of the player build (-tags player, wasm/doc.go), whose screenQR gets
// no further than the first choice (qrjoinscreen_player.go).

// renderQRJoin is a player's steps on screenQR (renderQR): scan the host's code, the answer
// being made, then the answer shown until the host has scanned it.
func (s *shell) renderQRJoin(back goapp.UI) (body, actions []goapp.UI) {
	switch s.qr.Step {
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
	return body, actions
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
