package app

import (
	"errors"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/game"
	"safehouse/app/i18n"
	"safehouse/app/session"
	"safehouse/engine"
)

// What this browser keeps of a game between visits: the hosting tab's saved game (resumed by
// resume.go, or by a device that becomes the host) and each seat's resume token.

// hostSaveKey is where a hosting tab keeps its whole game (session.HostState), saved before
// every broadcast, so a reloaded or reopened tab resumes it.
const hostSaveKey = "safehouse.host"

// hostSetAsideKey keeps the last save that could not be resumed (damaged, or of a build
// that cannot read it): nothing reads it back, it is only not thrown away.
const hostSetAsideKey = "safehouse.host.set-aside"

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

// openRoom makes the game's table from a saved game, on the game's clock: a device that
// becomes the host (a handoff, a takeover) runs it as a reloaded host tab would.
func openRoom(saved []byte, clock func() time.Time) (session.Table, error) {
	room := game.NewRoom(game.Options{Now: clock})
	if len(saved) > 0 {
		if err := room.UnmarshalBinary(saved); err != nil {
			return nil, err
		}
	}
	return room, nil
}
