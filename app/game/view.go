package game

import (
	"encoding/json"
	"fmt"

	"safehouse/engine/spyfall"
	"safehouse/engine/spyfest"
)

// Family names a game family.
type Family string

// The two families.
const (
	Spyfall Family = "spyfall"
	Spyfest Family = "spyfest"
)

// Settings is what the host chose in the lobby. Only the config of the chosen family is
// used; Players, Seats, Seed (Spyfall) and Teams, Seed (Spyfest) are filled in by the room at
// start and ignored here.
type Settings struct {
	Family  Family          `json:"family"`
	Spyfall *spyfall.Config `json:"spyfall,omitempty"`
	Spyfest *spyfest.Config `json:"spyfest,omitempty"`
}

// DefaultSettings is a classic Spyfall game with the rulebook's defaults.
func DefaultSettings() Settings {
	return Settings{
		Family:  Spyfall,
		Spyfall: &spyfall.Config{Edition: spyfall.Classic},
		Spyfest: &spyfest.Config{Edition: spyfest.EditionSpyfest, Deck: spyfest.DeckFictional, Keywords: spyfest.KeywordsA},
	}
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
	Seats []int `json:"seats"`
	// Teams are the Spyfest team picks of the lobby, by session seat.
	Teams    [2][]int `json:"teams"`
	Warnings []string `json:"warnings,omitempty"`
	// CannotStart, in the host's view of the lobby, is why the engine would refuse to start
	// the game with the seats and settings of now; nil when it would start.
	CannotStart *Refused      `json:"cannotStart,omitempty"`
	Spyfall     *spyfall.View `json:"spyfall"`
	Spyfest     *spyfest.View `json:"spyfest"`
}

// Refused names a refusal by its stable code and rule (Refusal.RefusalCode).
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
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, fmt.Errorf("game: unreadable table view: %w", err)
	}
	return &v, nil
}

// SessionSeat returns the session seat that plays engine seat e, or -1.
func (v *TableView) SessionSeat(e int) int {
	if e < 0 || e >= len(v.Seats) {
		return -1
	}
	return v.Seats[e]
}

// EngineSeat returns the engine seat played by session seat s, or -1.
func (v *TableView) EngineSeat(s int) int {
	for e, ss := range v.Seats {
		if ss == s {
			return e
		}
	}
	return -1
}
