//go:build !player

package app

import (
	"context"
	"errors"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/session"
)

// resumeHosting brings back the game this tab was hosting before a reload, if it saved one:
// the same room code (reclaimed with its claim), the same seats and the same game. The
// players' apps come back by themselves; in a game with no server, each player comes back
// through the host's code, which is shown at once. A save that cannot be resumed stays home
// with a note saying why (readHostSave); a room the server forgot is dropped.
func (s *shell) resumeHosting(ctx goapp.Context) {
	store := storageStore{storage: ctx.LocalStorage(), key: hostSaveKey}
	st, room, notice, ok := readHostSave(store, storageStore{storage: ctx.LocalStorage(), key: hostSetAsideKey})
	s.home.Notice = notice
	if !ok {
		return
	}
	s.attempt++
	s.connecting = connectingModel{Room: st.Room, Reopening: true}
	s.screen = screenConnecting
	opts := s.options("") // the saved name stays
	if st.NoServer {
		opts = session.Options{} // a game with no server asks nothing of the network's servers (qrplay.go)
	}
	opts.Store = store
	sctx, cancel := context.WithCancel(context.Background())
	reopen := func(sctx context.Context) (*liveSession, error) {
		live := &liveSession{cancel: cancel, invite: invite{Room: st.Room}}
		var err error
		if st.NoServer {
			live.qr, err = session.ResumeQRHost(sctx, opts, st, room)
			if err == nil {
				live.client = live.qr.Player()
			}
		} else {
			live.host, err = session.ResumeHost(sctx, opts, st, room)
			if err == nil {
				live.client, live.invite.Secret = live.host.Player(), st.Secret
			}
		}
		if err != nil {
			return nil, err
		}
		return live, nil
	}
	inBackground(s, sctx, cancel, reopen, func(ctx goapp.Context, live *liveSession, err error) {
		if err != nil {
			cancel()
			if errors.Is(err, session.ErrUnknownRoom) {
				_ = store.Clear() // the server forgot the room: it cannot come back
			}
			if errors.Is(err, session.ErrRoomTaken) {
				// Another device took the game over while this tab was gone:
				// forget the state and come back as the seat this device had.
				_ = store.Clear()
				s.rejoinMovedOn(ctx, st.Seats[0].Name, invite{Room: st.Room, Secret: st.Secret}, st.Seats[0].Token)
				return
			}
			s.goHome()
			return
		}
		if live.qr != nil {
			// Everyone else is away: the code that brings them back is on screen at once.
			s.qr = qrModel{Panel: true}
		}
		s.start(ctx, live)
		s.qrNextOffer()
	})
}
