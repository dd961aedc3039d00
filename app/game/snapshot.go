package game

import (
	"encoding/json"
	"fmt"

	"safehouse/engine"
)

// snapshot is the saved form of a Room (the roster is not saved: the host sends it again).
// The engine's own save goes in the field of its family.
type snapshot struct {
	Version int       `json:"v"`
	Room    roomState `json:"room"`
	Spyfall []byte    `json:"spyfall,omitempty"`
	Spyfest []byte    `json:"spyfest,omitempty"`
}

// snapshotVersion is the room's own saved form; each engine versions its part itself
// (engine/spyfall/snapshot.go, engine/spyfest/snapshot.go) and upgrades older ones.
const snapshotVersion = 1

// game is where the snapshot keeps the engine of family f, nil for no family.
func (s *snapshot) game(f Family) *[]byte {
	switch f {
	case Spyfall:
		return &s.Spyfall
	case Spyfest:
		return &s.Spyfest
	}
	return nil
}

// MarshalBinary saves the whole room: settings, teams, seat map and the engine's state.
func (r *Room) MarshalBinary() ([]byte, error) {
	snap := snapshot{Version: snapshotVersion, Room: r.s}
	if r.g != nil {
		data, err := r.g.game().MarshalBinary()
		if err != nil {
			return nil, err
		}
		*snap.game(r.s.Settings.Family) = data
	}
	return json.Marshal(snap)
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
	st := snap.Room
	if st.Settings.Spyfall == nil || st.Settings.Spyfest == nil {
		return fmt.Errorf("game: room snapshot without settings")
	}
	var g family
	switch {
	case !st.Started && (snap.Spyfall != nil || snap.Spyfest != nil):
		return fmt.Errorf("game: room snapshot has a game but was not started")
	case st.Started:
		saved, f := snap.game(st.Settings.Family), families[st.Settings.Family]
		if saved == nil || *saved == nil {
			return fmt.Errorf("game: room snapshot of a started %q game without its state", st.Settings.Family)
		}
		var err error
		if g, err = f.restore(&st, *saved); err != nil {
			return err
		}
	}
	for t := range st.Teams {
		if st.Teams[t] == nil {
			st.Teams[t] = []int{}
		}
	}
	r.s, r.g = st, g
	return nil
}
