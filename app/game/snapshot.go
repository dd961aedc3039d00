package game

import (
	"encoding/json"
	"fmt"

	"safehouse/engine/spyfall"
	"safehouse/engine/spyfest"
)

// snapshot is the saved form of a Room (the roster is not saved: the host sends it again).
type snapshot struct {
	Version int       `json:"v"`
	Room    roomState `json:"room"`
	Spyfall []byte    `json:"spyfall,omitempty"`
	Spyfest []byte    `json:"spyfest,omitempty"`
}

const snapshotVersion = 1

// MarshalBinary saves the whole room: settings, teams, seat map and the engine's state.
func (r *Room) MarshalBinary() ([]byte, error) {
	snap := snapshot{Version: snapshotVersion, Room: r.s}
	var err error
	switch {
	case r.sf != nil:
		snap.Spyfall, err = r.sf.MarshalBinary()
	case r.sx != nil:
		snap.Spyfest, err = r.sx.MarshalBinary()
	}
	if err != nil {
		return nil, err
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
	if snap.Version != snapshotVersion {
		return fmt.Errorf("game: room snapshot version %d, want %d", snap.Version, snapshotVersion)
	}
	st := snap.Room
	if st.Settings.Spyfall == nil || st.Settings.Spyfest == nil {
		return fmt.Errorf("game: room snapshot without settings")
	}
	var sf *spyfall.Game
	var sx *spyfest.Game
	switch {
	case !st.Started && (snap.Spyfall != nil || snap.Spyfest != nil):
		return fmt.Errorf("game: room snapshot has a game but was not started")
	case st.Started && st.Settings.Family == Spyfall && snap.Spyfall != nil:
		sf = new(spyfall.Game)
		if err := sf.UnmarshalBinary(snap.Spyfall); err != nil {
			return err
		}
		if n := len(sf.Points()); len(st.Seats) != n || len(st.Names) != n {
			return fmt.Errorf("game: room snapshot maps %d seats for %d in the game", len(st.Seats), n)
		}
		for _, e := range st.Leaving {
			if e < 0 || e >= len(st.Seats) {
				return fmt.Errorf("game: room snapshot has a leaving seat %d out of range", e)
			}
		}
	case st.Started && st.Settings.Family == Spyfest && snap.Spyfest != nil:
		sx = new(spyfest.Game)
		if err := sx.UnmarshalBinary(snap.Spyfest); err != nil {
			return err
		}
	case st.Started:
		return fmt.Errorf("game: room snapshot of a started %q game without its state", st.Settings.Family)
	}
	for t := range st.Teams {
		if st.Teams[t] == nil {
			st.Teams[t] = []int{}
		}
	}
	r.s, r.sf, r.sx = st, sf, sx
	return nil
}
