package app

import (
	"slices"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/wire"
)

// Pass-and-play: a whole game on this one device, handed round the table (passPlay,
// models.go): the players' names read, the seat whose screen is up, and the phone passed on
// to whom the game waits on. hosting.go seats the table on a local host; passscreen.go draws
// it.

// parsePassNames reads one name a line, checked like any name, at least two and distinct.
func parsePassNames(text string) ([]string, error) {
	var names []string
	for _, line := range strings.Split(text, "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		n, err := wire.CleanName(line)
		if err != nil {
			return nil, err
		}
		if slices.Contains(names, n) {
			return nil, errPassDuplicate
		}
		names = append(names, n)
	}
	if len(names) < 2 {
		return nil, errPassTooFew
	}
	return names, nil
}

type passError string

func (e passError) Error() string { return string(e) }

const (
	errPassDuplicate passError = "two players have the same name"
	errPassTooFew    passError = "at least two players"
)

// passNamesProblem says what is wrong with the names typed for pass-and-play, "" if nothing.
func (s *shell) passNamesProblem(text string) string {
	switch _, err := parsePassNames(text); err {
	case nil:
		return ""
	case errPassDuplicate:
		return s.t(i18n.SFPassDuplicate)
	case errPassTooFew:
		return s.t(i18n.SFPassTooFew)
	default:
		return s.nameProblem(err)
	}
}

// loadPassSeat shows the current seat's latest view; from now on the screen is that seat's
// (its own screen state, its client: see playing and player).
func (s *shell) loadPassSeat() {
	p := s.pass
	seat := p.seats[p.current]
	if seat.view == nil {
		return
	}
	s.lobby.Players = playersFromView(seat.view)
	s.lobby.Screens = screensFromView(seat.view)
	s.game = gameModel{}
	s.observeGame(seat.view)
}

// passOn closes what the current player opened (the rest of their screen state stays
// theirs) and brings up the hand-over screen, naming whoever the game waits for by what
// every seat may know (gameUI.Waiting: a voter, the seat in turn, the team whose guess it
// is), or else the next player.
func (s *shell) passOn(ctx goapp.Context, _ goapp.Event) {
	p := s.pass
	p.next = (p.current + 1) % len(p.seats)
	if f, ok := p.seats[p.current].family(); ok {
		u := p.seats[p.current].games.of(f)
		u.PutDown()
		waiting := u.Waiting()
		for k := 1; k <= len(p.seats); k++ {
			i := (p.current + k) % len(p.seats)
			if slices.Contains(waiting, p.seats[i].engineSeat()) {
				p.next = i
				break
			}
		}
	}
	p.handing = true
}

// takePhone is the named player taking the phone.
func (s *shell) takePhone(i int) goapp.EventHandler {
	return func(ctx goapp.Context, _ goapp.Event) {
		p := s.pass
		p.current, p.handing = i, false
		s.lobby.Toast = ""
		s.loadPassSeat()
	}
}
