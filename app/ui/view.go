package ui

import (
	"encoding/json"
	"reflect"
)

// ReadView reads a game's view as the shell hands it to the game's screens into *latest, the
// screens' latest view (a **T): nil when raw is empty (no game running), else a new T decoded
// from raw. A raw that does not decode leaves *latest as it was. One function for every game
// rather than a generic one: each instantiation made the wasm larger.
func ReadView(raw json.RawMessage, latest any) error {
	dst := reflect.ValueOf(latest).Elem()
	if len(raw) == 0 {
		dst.SetZero()
		return nil
	}
	v := reflect.New(dst.Type().Elem())
	if err := json.Unmarshal(raw, v.Interface()); err != nil {
		return err
	}
	dst.Set(v)
	return nil
}
