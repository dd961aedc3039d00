package app

import (
	"encoding/json"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/session"
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

// carriedKey is where a guest's tab keeps its seat while the host is away (sessionStorage;
// carryseat.go).
const carriedKey = "safehouse.carried"

// carriedTab is what the next page of this tab needs to go on as the same seat.
type carriedTab struct {
	Room   string          `json:"room"`
	Secret string          `json:"secret"`
	Watch  bool            `json:"watch,omitempty"` // the seat is a table screen
	Seat   json.RawMessage `json:"seat"`            // session.Client.Carry
	View   *session.View   `json:"view"`
}
