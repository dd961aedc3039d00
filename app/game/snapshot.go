package game

import (
	"encoding/json"
	"fmt"

	"safehouse/app/session"
	"safehouse/engine"
)

// snapshot is the saved form of a Room (the roster is not saved: the host sends it again):
// {"v":1,"room":{...},"<family>":<the game's own save>}, the game under the name of its
// family. Each game versions its own save (engine/spyfall/snapshot.go,
// engine/spyfest/snapshot.go) and upgrades older ones.
type snapshot struct {
	Version int       `json:"v"`
	Room    roomState `json:"room"`
}

// snapshotVersion is the room's own saved form. Saves of the release before kept the names
// given to Spyfall's engine and its seats leaving at the round's end in "room"; both are read
// from the game itself now, and those fields are passed over.
const snapshotVersion = 1

// MarshalBinary saves the whole room: settings, teams, seat map and the game's state.
func (r *Room) MarshalBinary() ([]byte, error) {
	out, err := json.Marshal(snapshot{Version: snapshotVersion, Room: r.s})
	if err != nil || r.g == nil {
		return out, err
	}
	data, err := r.g.MarshalBinary()
	if err != nil {
		return nil, err
	}
	game, _ := json.Marshal(data) // base64 of the game's own bytes
	key, _ := json.Marshal(r.s.Settings.Family)
	out = append(out[:len(out)-1], ',')
	out = append(append(append(out, key...), ':'), game...)
	return append(out, '}'), nil
}

// UnmarshalBinary restores a room saved by MarshalBinary; a damaged save is refused and
// leaves the room as it was.
func (r *Room) UnmarshalBinary(data []byte) error {
	var snap snapshot
	if err := json.Unmarshal(data, &snap); err != nil {
		return fmt.Errorf("game: bad room snapshot: %w", err)
	}
	if snap.Version > snapshotVersion {
		return fmt.Errorf("game: room snapshot version %d, this build reads %d: %w", snap.Version, snapshotVersion, engine.ErrNewerSnapshot)
	}
	if snap.Version != snapshotVersion {
		return fmt.Errorf("game: room snapshot version %d, want %d", snap.Version, snapshotVersion)
	}
	var games map[string]json.RawMessage
	if err := json.Unmarshal(data, &games); err != nil {
		return fmt.Errorf("game: bad room snapshot: %w", err)
	}
	st := snap.Room
	f, ok := rulesOf(st.Settings.Family)
	if !ok || st.Settings.Config(f.Family()) == nil {
		return fmt.Errorf("game: room snapshot without settings of a game this build plays (%q)", st.Settings.Family)
	}
	for _, d := range families { // a family registered after the save: its defaults
		if st.Settings.Config(d.Family()) == nil {
			st.Settings.Configs[d.Family()] = d.DefaultConfig()
		}
	}
	var g Play
	switch {
	case !st.Started && hasGame(games):
		return fmt.Errorf("game: room snapshot has a game but was not started")
	case st.Started:
		var saved []byte
		if raw, ok := games[string(f.Family())]; ok {
			if err := json.Unmarshal(raw, &saved); err != nil {
				return fmt.Errorf("game: bad room snapshot: %w", err)
			}
		}
		if saved == nil {
			return fmt.Errorf("game: room snapshot of a started %q game without its state", st.Settings.Family)
		}
		var err error
		if g, st.Seats, err = f.Restore(saved, st.Seats); err != nil {
			return err
		}
	}
	for t := range st.Teams {
		if st.Teams[t] == nil {
			st.Teams[t] = []session.Seat{}
		}
	}
	r.s, r.g = st, g
	return nil
}

// hasGame reports whether a save holds a game of any family.
func hasGame(parts map[string]json.RawMessage) bool {
	for _, f := range Families() {
		if raw, ok := parts[string(f)]; ok && string(raw) != "null" {
			return true
		}
	}
	return false
}
