//go:build !player

package app

import (
	"context"
	"errors"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/game"
	"safehouse/app/i18n"
	"safehouse/app/session"
	"safehouse/engine"
)

// Creating a game: with a server (host), with QR codes (onQRHost, and the code of each next
// seat), or on this one phone (onPassStart); and reading a hosting tab's saved game back
// (readHostSave, for resume.go). Left out of the player build (-tags player, wasm/doc.go),
// whose hosting_player.go says the full app hosts.

// host creates a game with this tab as its host.
func (s *shell) host(ctx goapp.Context, name string) {
	s.attempt++
	s.connecting = connectingModel{}
	s.screen = screenConnecting
	s.qr = qrModel{}
	opts := s.options(name)
	opts.Store = storageStore{storage: ctx.LocalStorage(), key: hostSaveKey}
	sctx, cancel := context.WithCancel(context.Background())
	host := func(sctx context.Context) (*session.HostSession, error) { return session.Host(sctx, opts) }
	inBackground(s, sctx, cancel, host, func(ctx goapp.Context, h *session.HostSession, err error) {
		if err != nil {
			cancel()
			s.retry = func(ctx goapp.Context) { s.host(ctx, name) }
			// The host is told what happened and offered the game with no server first ("Check
			// that you're on the same network as the host" was a player's advice, issue 29).
			s.showError(i18n.ErrorHostTitle, i18n.ErrorHostNoServer, s.retry)
			s.failure.NoServer, s.failure.Hosting = true, true
			return
		}
		h.SetTable(game.NewRoom(game.Options{}))
		s.start(ctx, &liveSession{
			hosting: hosting{host: h},
			client:  h.Player(),
			invite:  invite{Room: h.Room(), Secret: h.Secret()},
			cancel:  cancel,
		})
	})
}

// onQRHost hosts a game with no server on this tab.
func (s *shell) onQRHost(ctx goapp.Context, _ goapp.Event) {
	name, ok := s.checkName(ctx)
	if !ok {
		s.screen = screenHome
		return
	}
	s.attempt++
	s.connecting = connectingModel{}
	s.screen = screenConnecting
	// Saved like a server's host (resume.go): a reloaded tab resumes the game.
	opts := session.Options{Name: name, Store: storageStore{storage: ctx.LocalStorage(), key: hostSaveKey}}
	sctx, cancel := context.WithCancel(context.Background())
	host := func(sctx context.Context) (*session.QRHost, error) { return session.NewQRHost(sctx, opts) }
	inBackground(s, sctx, cancel, host, func(ctx goapp.Context, h *session.QRHost, err error) {
		if err != nil {
			cancel()
			s.showError(i18n.ErrorConnectTitle, i18n.QRErrConnect, nil)
			return
		}
		h.SetTable(game.NewRoom(game.Options{}))
		s.qr = qrModel{}
		s.start(ctx, &liveSession{hosting: hosting{qr: h}, client: h.Player(), invite: invite{Room: h.Room()}, cancel: cancel})
		s.qrNextOffer()
	})
}

// qrNextOffer has the host make the code for the next seat.
func (s *shell) qrNextOffer() {
	live := s.live
	if live == nil || !live.hostsQR() || s.qr.Making {
		return
	}
	s.qr.Making = true
	s.qr.Offer, s.qr.OfferQR = "", ""
	s.ui.Async(func() {
		code, err := live.qrOffer(context.Background())
		s.ui.Dispatch(func(ctx goapp.Context) {
			if s.live != live {
				return
			}
			s.qr.Making = false
			if err != nil {
				s.qr.Error = s.t(i18n.QRErrConnect)
				return
			}
			s.qr.Offer = code
			s.qr.OfferQR, _ = qrSVG(code, s.t(i18n.QROfferQRLabel))
		})
	})
}

// onPassStart seats everyone on a local host and shows the lobby to the first player.
func (s *shell) onPassStart(ctx goapp.Context, _ goapp.Event) {
	p := s.pass
	names, err := parsePassNames(p.names)
	if err != nil {
		p.problem = s.passNamesProblem(p.names)
		return
	}
	p.problem = ""
	sctx, cancel := context.WithCancel(context.Background())
	host, err := session.NewLocalHost(sctx, session.Options{Name: names[0]})
	if err != nil {
		cancel()
		p.problem = err.Error()
		return
	}
	host.SetTable(game.NewRoom(game.Options{}))
	p.host = host
	p.seats = []*passSeat{{name: names[0], client: host.Player()}}
	for _, n := range names[1:] {
		c, err := host.AddLocalPlayer(sctx, n)
		if err != nil {
			cancel()
			host.Close()
			p.problem = err.Error()
			return
		}
		p.seats = append(p.seats, &passSeat{name: n, client: c})
	}
	s.live = &liveSession{client: host.Player(), cancel: func() { cancel(); host.Close() }}
	s.lobby = lobbyModel{Room: host.Room(), IsHost: true, Status: session.StatusOnline}
	live, shellUI := s.live, s.ui // the updates go to the shell's own context, as it is now
	for i, seat := range p.seats {
		// A goroutine of its own for the whole game (go-app's Async would count it among the
		// work a test engine waits to see finished).
		go func() {
			for u := range seat.client.Updates() {
				shellUI.Dispatch(func(ctx goapp.Context) {
					if s.live != live {
						return
					}
					if u.View != nil {
						seat.view = u.View
					}
					if i == p.current && !p.handing {
						if u.Notice != "" {
							s.showToast(ctx, s.noticeText(u))
						}
						s.loadPassSeat()
					}
				})
			}
		}()
	}
	p.current = 0
	s.loadPassSeat()
}

// readHostSave reads the game a host tab saved, through the path every resume takes: the
// session's HostState, then the room with its engine (which upgrade a save of an earlier
// release). ok is false when there is nothing to resume; notice then says what the host is
// told, "" for nothing saved. A save of a newer version stays where it is, for the updated
// app to resume; a save this build cannot read is moved to aside, so it is never resumed
// into a broken game, nor tried again at every visit.
func readHostSave(save, aside session.Store) (st session.HostState, room *game.Room, notice i18n.Key, ok bool) {
	data, err := save.Load()
	if err != nil || data == nil {
		return st, nil, "", false
	}
	st, err = session.DecodeHostState(data)
	room = game.NewRoom(game.Options{Now: st.GameClock()}) // a game handed or taken over keeps its host's time
	if err == nil && len(st.Game) > 0 {
		err = room.UnmarshalBinary(st.Game)
	}
	switch {
	case err == nil:
		return st, room, "", true
	case errors.Is(err, session.ErrNewerSave) || errors.Is(err, engine.ErrNewerSnapshot):
		return st, nil, i18n.ResumeNewer, false
	}
	_ = aside.Save(data)
	_ = save.Clear()
	return st, nil, i18n.ResumeSetAside, false
}
