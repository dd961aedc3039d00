//go:build !player

package app

import (
	"strconv"
	"strings"
	"testing"

	"safehouse/app/game"
	"safehouse/app/toygame"
	"safehouse/engine"
)

// The toy game, registered as any game beside the app's own would be: with this one line.
func init() { registerGame(toygame.Rules{}, func() gameUI { return new(toygame.UI) }) }

// A game registered with one line is played through the room, the real session (pass-and-
// play's local host) and the shell's screens: the host chooses it in the lobby and changes
// its settings on its panel, starts it with its Start, the phone goes to the seat in turn,
// each guesses from its screen, and the game ends with the number found.
func TestAThirdGamePlaysThroughTheShell(t *testing.T) {
	pt := newPassTable(t, "Maya\nLeo\nNadia")
	s := pt.s
	if html := pt.html(); !strings.Contains(html, `id="toy-choose"`) {
		t.Fatal("the lobby offers no way to the toy game")
	}
	s.setup(toygame.Family).Change(pt.d.ctx, s.currentSettings().Config(toygame.Family))
	pt.until("the toy game chosen", func() bool { return s.game.View.Family == toygame.Family })
	if html := pt.html(); !strings.Contains(html, `id="toy-settings"`) || !strings.Contains(html, `id="toy-start"`) {
		t.Fatal("the lobby shows no panel of the toy game")
	}
	s.setup(toygame.Family).Change(pt.d.ctx, &toygame.Config{Max: 20})
	pt.until("twenty numbers", func() bool {
		c, _ := s.game.View.Settings.Config(toygame.Family).(*toygame.Config)
		return c != nil && c.Max == 20
	})
	s.sendGame(pt.d.ctx, game.Start())
	pt.until("the game", s.gameStarted)

	lo, hi := 1, 20
	for turn := 0; ; turn++ {
		if turn > 20 {
			t.Fatal("twenty guesses did not find the number")
		}
		screen, _ := pt.handOver()
		// The phone's new holder may not have the latest view yet: it comes as the host sends.
		pt.until("the holder's view of the turn", func() bool {
			v := game.EngineView[toygame.View](pt.view())
			return v.Turn == turn || v.Over
		})
		v := game.EngineView[toygame.View](pt.view())
		if v.Over {
			if html := pt.html(); !strings.Contains(html, `id="toy-winner"`) {
				t.Fatal("the game is over and no screen says who won")
			}
			break
		}
		if v.InTurn != v.Seat || !strings.Contains(screen, pt.holder().name) {
			t.Fatalf("turn %d: the phone went to seat %d, seat %d is in turn", turn, v.Seat, v.InTurn)
		}
		guess := (lo + hi) / 2
		if html := pt.html(); !strings.Contains(html, `id="toy-guess-`+strconv.Itoa(guess)+`"`) {
			t.Fatalf("turn %d: the seat in turn has no button for %d", turn, guess)
		}
		s.frame().Act(pt.d.ctx, toygame.Guess{Turn: v.Turn, Number: guess})
		pt.until("the answer", func() bool { return len(game.EngineView[toygame.View](pt.view()).Tries) == turn+1 })
		switch game.EngineView[toygame.View](pt.view()).Tries[turn].Answer {
		case -1:
			lo = guess + 1
		case 1:
			hi = guess - 1
		}
	}
	winner := game.EngineView[toygame.View](pt.view()).Winner
	if winner == engine.NoSeat {
		t.Fatal("the game ended without a winner")
	}
}
