package app

import (
	"context"
	"errors"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/session"
)

// Reaching a game and following it: hosting one, joining one, the lobby fed by the session's
// updates from then on, the game moving to or from this device (handoff.go, takeover.go), and
// leaving it for home.

func (s *shell) options(name string) session.Options {
	var ice []string
	for _, u := range strings.Split(configuredICEServers(), ",") {
		if u = strings.TrimSpace(u); u != "" {
			ice = append(ice, u)
		}
	}
	return session.Options{
		SignalURL:  signalURL(configuredSignalURL(), goapp.Window().URL(), goapp.Getenv("GOAPP_ROOT_PREFIX")),
		Name:       name,
		ICEServers: ice,
		Spectator:  s.watching,
		// A guest's phone offers to continue the game once the host has been away this long.
		TakeoverAfter: configuredTakeoverAfter(),
	}
}

// guestOptions are a guest's options in inv's room, with the seat's token if this browser
// has one. This device may become the host (a handoff, a takeover): it then saves the game
// where a hosting tab does, and makes the game's table as a reloaded host tab would.
func (s *shell) guestOptions(ctx goapp.Context, name string, inv invite) session.Options {
	opts := s.options(name)
	opts.Token = savedToken(ctx, inv.Room)
	opts.Store = storageStore{storage: ctx.LocalStorage(), key: hostSaveKey}
	opts.OpenTable = openRoom
	return opts
}

// join connects to the host of inv's room as a guest.
func (s *shell) join(ctx goapp.Context, name string, inv invite) {
	s.attempt++
	attempt := s.attempt
	s.pendingInvite = nil
	s.qr = qrModel{}
	s.connecting = connectingModel{Room: inv.Room}
	s.screen = screenConnecting
	opts := s.guestOptions(ctx, name, inv)
	opts.OnWaiting = func() {
		s.ui.Dispatch(func(ctx goapp.Context) {
			if attempt == s.attempt {
				s.connecting.Waiting = true
			}
		})
	}
	opts.OnRelay = func() {
		s.ui.Dispatch(func(ctx goapp.Context) {
			if attempt == s.attempt {
				s.connecting.Relay = true
			}
		})
	}
	sctx, cancel := context.WithCancel(context.Background())
	s.stopJoining = cancel
	join := func(sctx context.Context) (*session.Client, error) {
		return session.Join(sctx, opts, inv.Room, inv.Secret)
	}
	inBackground(s, sctx, cancel, join, func(ctx goapp.Context, c *session.Client, err error) {
		s.stopJoining = nil // from here the live session (or nothing) owns cancel
		refusal, refused := errors.AsType[*session.RefusalError](err)
		switch {
		case errors.Is(err, session.ErrUnknownRoom):
			cancel()
			s.showError(i18n.ErrorUnknownRoomTitle, i18n.ErrorUnknownRoom, nil, inv.Room)
		case refused && refusal.Refusal.Code == session.CodeUnknownSeat && opts.Token != "":
			// A token from an older game of this room code: join as a new player.
			cancel()
			ctx.LocalStorage().Del(seatKey(inv.Room))
			s.join(ctx, name, inv)
		case refused && s.refusalPage(refusal.Refusal.Code):
			cancel()
		case err != nil:
			cancel()
			s.showError(i18n.ErrorConnectTitle, i18n.ErrorConnect,
				func(ctx goapp.Context) { s.join(ctx, name, inv) })
			s.failure.NoServer = true
		default:
			_ = ctx.LocalStorage().Set(seatKey(inv.Room), c.Token())
			keepInvite(inv)
			s.start(ctx, &liveSession{client: c, invite: inv, cancel: cancel})
		}
	})
}

// start shows the lobby for a fresh session and feeds it the session's updates.
func (s *shell) start(ctx goapp.Context, live *liveSession) {
	s.live = live
	s.keepFullBuild() // in the player build, the full build now comes in the background
	s.home.Notice = ""
	var link, qr string
	if live.invite.Secret != "" { // a game with no server has no link (qrplay.go)
		link = live.invite.URL(goapp.Window().URL())
		var err error
		if qr, err = qrSVG(link, s.t(i18n.LobbyQRLabel)); err != nil {
			qr = "" // the link and the code still work; the QR is a convenience
		}
	}
	s.lobby = lobbyModel{
		Room:      live.invite.Room,
		IsHost:    live.hosts() || live.hostsQR(),
		InviteURL: link,
		InviteQR:  qr,
		Status:    session.StatusConnecting,
	}
	s.ui.Async(func() {
		for u := range live.client.Updates() {
			s.ui.Dispatch(func(ctx goapp.Context) { s.apply(ctx, live, u) })
		}
		s.ui.Dispatch(func(ctx goapp.Context) {
			s.apply(ctx, live, session.Update{Status: session.StatusClosed})
		})
	})
}

// takeView shows the table as the host's view says: the lobby, or the game once it started.
func (s *shell) takeView(v *session.View) {
	s.lobby.Room = v.Room
	s.lobby.Players = playersFromView(v)
	s.lobby.Screens = screensFromView(v)
	s.lobby.Waiting = v.Waiting
	s.observeGame(v)
	was := s.screen
	s.screen = screenLobby
	if s.gameStarted() {
		s.screen = screenGame
	}
	if was == screenLobby && s.screen == screenGame {
		// The lobby shows a QR host's next-seat code itself; over the game it waits to be
		// asked for (a host resumed in the lobby had it open for the players coming back).
		s.qr.Panel = false
	}
	s.qrEveryoneBack()
}

// apply shows one session update, if it belongs to the session still on screen.
func (s *shell) apply(ctx goapp.Context, live *liveSession, u session.Update) {
	if s.live != live {
		return
	}
	if s.applyHandoff(ctx, live, u) {
		return // the game moved: this session is over, another goes on (handoff.go)
	}
	if u.View != nil {
		live.view = u.View
		s.takeView(u.View)
		s.keepQRGuest()
	}
	if u.Code != "" && s.refusalPage(u.Code) {
		s.closeLive()
		s.forgetQRGuest()
		return
	}
	if u.Notice != "" && (u.Code != session.NoticeConnectionLost || !s.qr.Guest) {
		s.showToast(ctx, s.noticeText(u)) // a QR guest's scanning screen says it instead (qrComeBack)
	}
	if u.Status != "" {
		s.lobby.Status = u.Status
		if u.Path != "" {
			s.lobby.Path = u.Path
		}
		if u.Status == session.StatusOnline {
			s.askWhenOffered = false // the host is back: nothing to take over
		}
		if u.Status == session.StatusClosed {
			if live.handingOver {
				return // the handoff's end says what comes next
			}
			s.closeLive()
			if s.qr.Guest && !live.client.Farewell() {
				s.qrComeBack() // no server: the same two scans bring the seat back
				return
			}
			s.forgetQRGuest() // the host ended the game, or took the seat away
			s.showError(i18n.ErrorClosedTitle, i18n.ErrorClosed, nil)
			return
		}
	}
	s.keepSeatForReload(ctx, live)
}

// refusalPage shows the full-page error for a refusal that ends this player's session
// (another protocol version, a full table) and reports whether it did.
func (s *shell) refusalPage(code string) bool {
	switch code {
	case session.CodeVersion:
		s.showError(i18n.ErrorVersionTitle, i18n.ErrorVersion, func(ctx goapp.Context) { ctx.Reload() })
		s.retryLabel = i18n.ErrorReload
	case session.CodeRoomFull:
		s.showError(i18n.ErrorRoomFullTitle, i18n.ErrorRoomFull, nil)
	case session.CodeTurnedAway:
		s.showError(i18n.ErrorTurnedAwayTitle, i18n.ErrorTurnedAway, nil)
	case session.CodeTooManyWaiting:
		s.showError(i18n.ErrorQueueFullTitle, i18n.ErrorQueueFull, nil)
	default:
		return false
	}
	return true
}

// applyHandoff takes a session update about the game moving; it reports true when this
// session is over because the game goes on elsewhere (this device hosts it now, or another
// device took it from this host).
func (s *shell) applyHandoff(ctx goapp.Context, live *liveSession, u session.Update) bool {
	switch {
	case u.HandOff != nil:
		s.handoff.Ask, s.handoff.Taking = u.HandOff, false
	case u.Host != nil:
		s.becameHost(ctx, live, u.Host)
		return true
	case u.Takeover != nil:
		s.applyTakeover(ctx, *u.Takeover)
	case u.Code == session.NoticeHandoffCancelled || u.Code == session.NoticeHandoffFailed:
		s.handoff.Ask, s.handoff.Taking = nil, false
	case u.Code == session.NoticeRoomLost && live.displaced():
		// The server gave this host's room to another device: the game moved on while this
		// phone was away. The state is forgotten (Close clears the save); the player comes
		// back as its seat.
		name, inv, token := s.ownName(), live.invite, live.client.Token()
		s.closeLive()
		s.rejoinMovedOn(ctx, name, inv, token)
		return true
	}
	return false
}

// becameHost: this device took the game over (a handoff or a takeover): its player plays on
// as the new host's own player, with the same invite.
func (s *shell) becameHost(ctx goapp.Context, old *liveSession, h *session.HostSession) {
	inv := old.invite
	if inv.Secret == "" {
		inv.Secret = h.Secret()
	}
	go old.client.Close()
	s.handoff = handoffModel{}
	s.start(ctx, &liveSession{hosting: hostingOf(h), client: h.Player(), invite: inv, cancel: old.cancel})
	s.showToast(ctx, s.t(i18n.HandoffNowHere))
}

// rejoinMovedOn joins the room as the seat token names, after the game moved on from this
// device, and says so.
func (s *shell) rejoinMovedOn(ctx goapp.Context, name string, inv invite, token string) {
	ctx.LocalStorage().Set(seatKey(inv.Room), token)
	s.handoff = handoffModel{MovedOn: true}
	if name == "" {
		name = s.home.Name
	}
	s.join(ctx, name, inv)
}

// ownName is this device's seat's name, as the lobby lists it.
func (s *shell) ownName() string {
	for _, p := range append(s.lobby.Players, s.lobby.Screens...) {
		if p.You {
			return p.Name
		}
	}
	return s.home.Name
}

// onLeave closes the session and goes home.
func (s *shell) onLeave(ctx goapp.Context, _ goapp.Event) {
	s.closeLive()
	s.goHome()
}

// onCancel abandons a connection attempt; a player waiting for the host leaves its list.
func (s *shell) onCancel(ctx goapp.Context, _ goapp.Event) {
	s.attempt++
	if s.stopJoining != nil {
		s.stopJoining()
		s.stopJoining = nil
	}
	s.goHome()
}

func (s *shell) onBackHome(ctx goapp.Context, _ goapp.Event) { s.goHome() }

func (s *shell) onRetry(ctx goapp.Context, _ goapp.Event) {
	if s.retry != nil {
		s.retry(ctx)
	}
}

// goHome also ends pass-and-play: a game started later from home is played on many phones.
func (s *shell) goHome() {
	clearFragment()
	s.keepFullBuild() // home offers what only the full build does
	s.forgetQRGuest() // a QR player who goes home has left the game
	s.pass = nil
	s.qr = qrModel{}
	s.pendingInvite = nil
	s.retry = nil
	s.home.NameError, s.home.CodeError = "", ""
	s.screen = screenHome
}

// inBackground runs step, one stage of reaching a game (hosting, joining, resuming, a QR
// hand-over), off the UI goroutine for the attempt current now, and hands its result to done
// on the UI goroutine. A player who moved on meanwhile (a newer attempt: a cancel, another
// code) never sees it: a stale attempt's result is closed and its context cancelled. step
// runs under sctx; done owns cancel: a live session keeps it, a failure calls it.
func inBackground[T interface{ Close() error }](s *shell, sctx context.Context, cancel context.CancelFunc,
	step func(context.Context) (T, error), done func(ctx goapp.Context, v T, err error)) {
	attempt := s.attempt
	s.ui.Async(func() {
		v, err := step(sctx)
		s.ui.Dispatch(func(ctx goapp.Context) {
			if attempt != s.attempt {
				cancel()
				if err == nil {
					_ = v.Close()
				}
				return
			}
			done(ctx, v, err)
		})
	})
}
