package app

import (
	"context"
	"slices"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/game"
	"safehouse/app/i18n"
	"safehouse/app/session"
	"safehouse/app/ui"
	"safehouse/wire"
)

// Pass-and-play: a whole game on this one device, handed round the table (passPlay,
// models.go): the players' names, the hand-over screen naming whom the game waits on, and the
// screen of the player holding the phone.

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

// onPassStart seats everyone on a local host and shows the lobby to the first player.
func (s *shell) onPassStart(ctx goapp.Context, _ goapp.Event) {
	p := s.pass
	names, err := parsePassNames(p.names)
	if err != nil {
		switch err {
		case errPassDuplicate:
			p.problem = s.t(i18n.SFPassDuplicate)
		case errPassTooFew:
			p.problem = s.t(i18n.SFPassTooFew)
		default:
			p.problem = s.nameProblem(err)
		}
		return
	}
	p.problem = ""
	sctx, cancel := context.WithCancel(context.Background())
	host, err := session.NewLocalHost(sctx, session.Options{Name: names[0]})
	if err != nil {
		cancel()
		p.problem = err.Error()
		return
	}
	host.SetTable(game.NewRoom(game.Options{}))
	p.host = host
	p.seats = []*passSeat{{name: names[0], client: host.Player()}}
	for _, n := range names[1:] {
		c, err := host.AddLocalPlayer(sctx, n)
		if err != nil {
			cancel()
			host.Close()
			p.problem = err.Error()
			return
		}
		p.seats = append(p.seats, &passSeat{name: n, client: c})
	}
	s.live = &liveSession{client: host.Player(), cancel: func() { cancel(); host.Close() }}
	s.lobby = lobbyModel{Room: host.Room(), IsHost: true, Status: session.StatusOnline}
	live, shellUI := s.live, s.ui // the updates go to the shell's own context, as it is now
	for i, seat := range p.seats {
		// A goroutine of its own for the whole game (go-app's Async would count it among the
		// work a test engine waits to see finished).
		go func() {
			for u := range seat.client.Updates() {
				shellUI.Dispatch(func(ctx goapp.Context) {
					if s.live != live {
						return
					}
					if u.View != nil {
						seat.view = u.View
					}
					if i == p.current && !p.handing {
						if u.Notice != "" {
							s.showToast(ctx, s.noticeText(u))
						}
						s.loadPassSeat()
					}
				})
			}
		}()
	}
	p.current = 0
	s.loadPassSeat()
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

// renderPass is pass-and-play: the setup, the hand-over screen, or the current player's screen.
func (s *shell) renderPass() goapp.UI {
	p := s.pass
	switch {
	case p == nil:
		return s.renderHome()
	case p.host == nil:
		return ui.El("main.screen.pass-setup",
			ui.El("div.content",
				ui.ElText("h1", s.t(i18n.SFPassTitle)),
				ui.ElText("p.muted", s.t(i18n.SFPassNamesHint)),
				ui.ElWith("textarea#pass-names.field[rows=8]").Aria("label", s.t(i18n.SFPassTitle)).Attr("value", p.names).
					OnInput(func(ctx goapp.Context, e goapp.Event) { p.names = ctx.JSSrc().Get("value").String() }),
				ui.ElText("p#pass-problem.field-error", p.problem),
			),
			ui.El("footer.actions",
				ui.ElTextWith("button#pass-start.btn.primary[type=button]", s.t(i18n.SFPassSeat)).OnClick(s.onPassStart),
				ui.ElTextWith("button#pass-back.btn.ghost[type=button]", s.t(i18n.SFCancel)).
					OnClick(func(ctx goapp.Context, e goapp.Event) { s.pass = nil; s.goHome() }),
			),
		)
	case p.handing:
		name := p.seats[p.next].name
		return ui.El("main.screen.sf-pass",
			ui.El("div.content.centered.sf-pass",
				ui.ElText("h1#pass-to", s.t(i18n.SFPassTo, name)),
				ui.ElText("p.lead.muted", s.t(i18n.SFPassHint, name)),
			),
			ui.El("footer.actions",
				ui.ElTextWith("button#pass-ready.btn.primary[type=button]", s.t(i18n.SFPassReady, name)).OnClick(s.takePhone(p.next)),
				ui.El("details.sf-pass-others",
					ui.ElText("summary.muted", s.t(i18n.SFPassSomeoneElse)),
					ui.El("div.sf-chiprow", goapp.Range(p.seats).Slice(func(i int) goapp.UI {
						return ui.ElTextWith("button.btn.secondary.small[type=button]", p.seats[i].name).DataSet("pass", i).
							OnClick(s.takePhone(i))
					})),
				),
			),
		)
	}
	var screen goapp.UI
	if s.gameStarted() {
		screen = s.renderPlay()
	} else {
		panels, starts := s.renderGamePanels()
		screen = ui.El("main.screen.lobby",
			ui.El("div.content", append([]goapp.UI{s.renderPlayers()}, panels...)...),
			ui.El("footer.actions", append([]goapp.UI{ui.Toast(s.lobby.Toast)}, starts...)...),
		)
	}
	return ui.El("div.sf-pass-frame",
		ui.El("div.sf-pass-bar",
			ui.ElText("span#pass-holder.muted.small", s.t(i18n.SFPassHolder, p.seats[p.current].name)),
			ui.ElTextWith("button#pass-on.btn.secondary.small[type=button]", s.t(i18n.SFPassDone)).OnClick(s.passOn),
		),
		screen,
	)
}
