package game

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"safehouse/app/session"
	"safehouse/engine"
)

// Settings is what the host chose in the lobby: the family to play and each registered
// family's config (its Rules' values), so that switching families keeps each one's choices.
// On the wire it is {"family":...,"<family>":{config},...}, families in registration order.
// What the room fills in at start (seeds, names, teams) is never in the settings it sends.
type Settings struct {
	Family  Family
	Configs map[Family]any
}

// DefaultSettings is the first registered family with every family's default config.
func DefaultSettings() Settings {
	s := Settings{Family: families[0].Family(), Configs: map[Family]any{}}
	for _, r := range families {
		s.Configs[r.Family()] = r.DefaultConfig()
	}
	return s
}

// Config is the config of family f in s, nil when s holds none.
func (s Settings) Config(f Family) any { return s.Configs[f] }

// With is a copy of s playing family f, with config c for it (nil keeps the one s holds).
func (s Settings) With(f Family, c any) Settings {
	out := Settings{Family: f, Configs: make(map[Family]any, len(s.Configs)+1)}
	for k, v := range s.Configs {
		out.Configs[k] = v
	}
	if c != nil {
		out.Configs[f] = c
	}
	return out
}

// public is the settings as every seat may see them: no seed, no names, no teams.
func (s Settings) public() Settings {
	out := Settings{Family: s.Family, Configs: make(map[Family]any, len(s.Configs))}
	for f, c := range s.Configs {
		if r, ok := rulesOf(f); ok && c != nil {
			out.Configs[f] = r.PublicConfig(c)
		}
	}
	return out
}

// MarshalJSON writes the family, then each registered family's config it holds, in order.
func (s Settings) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	family, _ := json.Marshal(s.Family)
	b.WriteString(`{"family":`)
	b.Write(family)
	for _, r := range families {
		c, ok := s.Configs[r.Family()]
		if !ok || c == nil {
			continue
		}
		body, err := json.Marshal(c)
		if err != nil {
			return nil, err
		}
		key, _ := json.Marshal(r.Family())
		b.WriteByte(',')
		b.Write(key)
		b.WriteByte(':')
		b.Write(body)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// UnmarshalJSON reads settings strictly: "family" and a config for any registered family
// (each read by its Rules), nothing else.
func (s *Settings) UnmarshalJSON(data []byte) error {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		return err
	}
	out := Settings{Configs: map[Family]any{}}
	for key, raw := range fields {
		if key == "family" {
			if err := json.Unmarshal(raw, &out.Family); err != nil {
				return fmt.Errorf("settings: family: %w", err)
			}
			continue
		}
		r, ok := rulesOf(Family(key))
		if !ok {
			return fmt.Errorf("settings: unknown field %q", key)
		}
		if bytes.Equal(raw, []byte("null")) {
			continue
		}
		c, err := r.ReadConfig(raw)
		if err != nil {
			return fmt.Errorf("settings: %s: %w", key, err)
		}
		out.Configs[Family(key)] = c
	}
	*s = out
	return nil
}

// TableView is the Game part of one seat's session view (see the package doc).
type TableView struct {
	Family    Family   `json:"family"`
	Settings  Settings `json:"settings"`
	Started   bool     `json:"started"`
	Host      bool     `json:"host"`
	Spectator bool     `json:"spectator"`
	// Now is the host's clock when the view was built, Unix milliseconds.
	Now int64 `json:"now"`
	// Seats maps engine seats to session seats: Seats[e] plays engine seat e (-1: nobody now).
	Seats []session.Seat `json:"seats"`
	// Teams are the lobby's team picks, by session seat (a game of teams).
	Teams    [2][]session.Seat `json:"teams"`
	Warnings []string          `json:"warnings,omitempty"`
	// CannotStart, in the host's view of the lobby, is why the engine would refuse to start
	// the game with the seats and settings of now; nil when it would start.
	CannotStart *Refused `json:"cannotStart,omitempty"`
	// Game is the engine's view of this seat (engine.Game's SeatView) once the game has
	// started, nil before; on the wire it is under the family's name.
	Game json.RawMessage `json:"-"`
}

// tableView is TableView's own fields, as they travel.
type tableView TableView

// MarshalJSON writes the view's fields and the engine's view under the family's name.
func (v TableView) MarshalJSON() ([]byte, error) {
	body, err := json.Marshal(tableView(v))
	if err != nil || len(v.Game) == 0 {
		return body, err
	}
	key, _ := json.Marshal(v.Family)
	out := append(body[:len(body)-1], ',')
	out = append(append(append(out, key...), ':'), v.Game...)
	return append(out, '}'), nil
}

// UnmarshalJSON reads the view's fields and the engine's view of the family in play. Like
// encoding/json, it reads what fits when a field does not and returns the first error.
func (v *TableView) UnmarshalJSON(data []byte) error {
	var t tableView
	err := json.Unmarshal(data, &t)
	var parts map[string]json.RawMessage
	if perr := json.Unmarshal(data, &parts); perr != nil {
		return perr
	}
	if g := parts[string(t.Family)]; len(g) > 0 && !bytes.Equal(g, []byte("null")) {
		t.Game = g
	}
	*v = TableView(t)
	return err
}

// Refused names a refusal by its stable code and rule (engine.Refusal's RefusalCode).
type Refused struct {
	Code string `json:"code"`
	Rule string `json:"rule,omitempty"`
}

// DecodeView reads the Game part of a session view. An empty message (no game plugged in
// yet) gives nil and no error.
func DecodeView(raw json.RawMessage) (*TableView, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var v TableView
	if err := v.UnmarshalJSON(raw); err != nil { // not json.Unmarshal: it would scan the view once more first
		return nil, fmt.Errorf("game: unreadable table view: %w", err)
	}
	return &v, nil
}

// GameView reads the engine's view of this seat into into (a pointer to the family's View):
// false when the game has not started.
func (v *TableView) GameView(into any) (bool, error) {
	if v == nil || len(v.Game) == 0 {
		return false, nil
	}
	if err := json.Unmarshal(v.Game, into); err != nil {
		return false, fmt.Errorf("game: unreadable %s view: %w", v.Family, err)
	}
	return true, nil
}

// SessionSeat returns the session seat that plays engine seat e, or -1.
func (v *TableView) SessionSeat(e engine.Seat) session.Seat {
	if !e.Valid(len(v.Seats)) {
		return -1
	}
	return v.Seats[e]
}

// EngineSeat returns the engine seat played by session seat s, or engine.NoSeat.
func (v *TableView) EngineSeat(s session.Seat) engine.Seat {
	return engine.Seat(slices.Index(v.Seats, s))
}

// EngineView is the engine's view in tv read as V, the family's View type: nil before the
// game starts, or when it does not read as V.
func EngineView[V any](tv *TableView) *V {
	v := new(V)
	if ok, err := tv.GameView(v); !ok || err != nil {
		return nil
	}
	return v
}
