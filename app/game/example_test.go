package game_test

import (
	"fmt"
	"time"

	"safehouse/app/game"
	"safehouse/app/session"
	"safehouse/engine/spyfall"
)

// The host's room for four players: start a classic game, read one seat's view, let a
// player act through an intent, and save and restore the whole room.
func ExampleRoom() {
	now := time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)
	seed := uint64(0)
	room := game.NewRoom(game.Options{
		Now:  func() time.Time { return now },
		Seed: func() uint64 { seed++; return seed },
	})
	// The session hands the room its roster before every intent.
	var players []session.Player
	for i, name := range []string{"Ann", "Bo", "Cy", "Di"} {
		players = append(players, session.Player{Seat: session.Seat(i), Name: name, Online: true, Host: i == 0})
	}
	room.SetRoster(players)

	fmt.Println("start:", room.Apply(0, game.Start().Game))
	v, _ := game.DecodeView(room.View(2))
	var sv spyfall.View // the engine's view of seat 2, in its family's own type
	started, _ := v.GameView(&sv)
	fmt.Println("family:", v.Family, "started:", started, "phase:", sv.Phase, "own card:", sv.Card != nil)

	// The dealer starts the clock; a player may not end the game.
	dealer := v.SessionSeat(sv.Dealer)
	in, _ := game.Action(spyfall.StartClock{Round: 1})
	fmt.Println("clock:", room.Apply(dealer, in.Game))
	fmt.Println("end from a player:", room.Apply(1, game.End().Game) != nil)
	wait, _ := room.NextDeadline()
	fmt.Println("time up in:", wait)

	// The session saves the room with every change and restores it after a reload.
	saved, _ := room.MarshalBinary()
	again := game.NewRoom(game.Options{Now: func() time.Time { return now }})
	fmt.Println("restored:", again.UnmarshalBinary(saved))
	again.SetRoster(players)
	w, _ := game.DecodeView(again.View(2))
	var sw spyfall.View
	_, _ = w.GameView(&sw)
	fmt.Println("same round:", sw.Round == sv.Round, "phase:", sw.Phase)
	// Output:
	// start: <nil>
	// family: spyfall started: true phase: dealt own card: true
	// clock: <nil>
	// end from a player: true
	// time up in: 8m0s
	// restored: <nil>
	// same round: true phase: playing
}
