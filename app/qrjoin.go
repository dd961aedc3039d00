//go:build !player

package app

import (
	"context"
	"errors"
	"strings"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/session"
)

// A player's side of a game with no internet (qrplay.go): the join, the answer to the host's
// code, a reloaded page led back to the scan; and what a code read or pasted does (qrscan.go),
// for the host too. The player's steps on screenQR are qrjoinscreen.go's.
// Left out of the player build (-tags player, wasm/doc.go), and with it the QR codes' reading
// and writing (session.JoinQR, session/internal/qrcodec). An invite link, which loads the
// player build, leads to a game with a server; a player there who picks the QR join carries
// on in the full build (qrjoin_player.go).

// onQRJoin starts a player's side: scan the host's code.
func (s *shell) onQRJoin(ctx goapp.Context, _ goapp.Event) {
	if _, ok := s.checkName(ctx); !ok {
		s.screen = screenHome
		return
	}
	s.qr = qrModel{Step: qrScanOffer, Guest: true}
	s.screen = screenQR
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
			// The screen says only "Couldn't connect"; the console says how far it got.
			goapp.Logf("QR join: %v", err)
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

// resumeQRGuest opens the scan on a page that reloaded in the middle of a QR game kept in
// store, and says whose game is waiting; it reports whether it did. A game kept longer ago
// than qrGuestFor is forgotten.
func (s *shell) resumeQRGuest(store goapp.BrowserStorage, now time.Time) bool {
	var g qrGuest
	if err := store.Get(qrGuestKey, &g); err != nil || g.Room == "" {
		return false
	}
	if age := now.Sub(time.UnixMilli(g.At)); age < 0 || age > qrGuestFor {
		store.Del(qrGuestKey)
		return false
	}
	s.qr = qrModel{Step: qrScanOffer, ComeBack: g.Host, Reloaded: true, Guest: true}
	s.screen = screenQR
	return true
}
