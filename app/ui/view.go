package ui

import "encoding/json"

// DecodeView reads a game's view as the shell hands it to the game's screens: nil when raw
// is empty (no game running), else the view decoded into a new T.
func DecodeView[T any](raw json.RawMessage) (*T, error) {
	if len(raw) == 0 {
		return nil, nil
	}
	v := new(T)
	if err := json.Unmarshal(raw, v); err != nil {
		return nil, err
	}
	return v, nil
}
