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

// hostSetAsideKey keeps the last save that could not be resumed (damaged, or of a build
// that cannot read it): nothing reads it back, it is only not thrown away.
const hostSetAsideKey = "safehouse.host.set-aside"

// hostSaveKey is where a hosting tab keeps its whole game (session.HostState), saved before
// every broadcast, so a reloaded or reopened tab resumes it.
const hostSaveKey = "safehouse.host"

// seatKey is where a player keeps the resume token of its seat in room, so a reloaded tab
// gets the same seat, card and notes back.
func seatKey(room string) string { return "safehouse.seat." + room }

// storageStore is a session.Store over one key of the browser's local storage.
type storageStore struct {
	storage goapp.BrowserStorage
	key     string
}

func (s storageStore) Save(data []byte) error { return s.storage.Set(s.key, string(data)) }

func (s storageStore) Load() ([]byte, error) {
	var saved string
	if err := s.storage.Get(s.key, &saved); err != nil || saved == "" {
		return nil, err
	}
	return []byte(saved), nil
}

func (s storageStore) Clear() error {
	s.storage.Del(s.key)
	return nil
}

// savedToken is this browser's resume token for room, or "".
func savedToken(ctx goapp.Context, room string) string {
	var token string
	if err := ctx.LocalStorage().Get(seatKey(room), &token); err != nil {
		return ""
	}
	return token
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

// watchVisibility checks the connection as soon as the page is shown again (a phone woken,
// an app switched back): sockets of a sleeping phone look open but are dead, and a host that
// lost its signaling server tries again at once.
func (s *shell) watchVisibility() {
	check := goapp.FuncOf(func(goapp.Value, []goapp.Value) any {
		doc := goapp.Window().Get("document")
		if doc.Truthy() && doc.Get("visibilityState").String() != "visible" {
			return nil
		}
		s.ui.Dispatch(func(goapp.Context) {
			if s.live != nil {
				s.live.client.Check()
				if s.live.host != nil {
					s.live.host.Check() // a hosting phone woken: its signaling socket may be gone
				}
			}
		})
		return nil
	})
	if doc := goapp.Window().Get("document"); doc.Truthy() {
		doc.Call("addEventListener", "visibilitychange", check)
	}
	goapp.Window().Call("addEventListener", "pageshow", check)
}
