package app

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/game"
	"safehouse/engine"
	"safehouse/engine/spyfest"
)

// spyfestFrame ties the Spyfest screens to this tab's session.
func (s *Shell) spyfestFrame() SpyfestFrame {
	names := map[engine.Seat]string{}
	if v := s.game.View; v != nil {
		for _, p := range s.lobby.Players {
			if e := v.EngineSeat(p.Seat); e >= 0 {
				names[engine.Seat(e)] = p.Name
			}
		}
	}
	return SpyfestFrame{
		Lang:     s.lang,
		Skew:     s.game.Skew,
		Host:     s.game.View != nil && s.game.View.Host,
		Names:    names,
		TopBar:   s.renderTopBar(),
		Toast:    s.lobby.Toast,
		HostAway: s.hostAway(),
		Act: func(ctx goapp.Context, a spyfest.Action) {
			in, err := game.SpyfestAction(a)
			if err != nil {
				s.showToast(ctx, s.localRefusal(err))
				return
			}
			s.sendGame(ctx, in)
		},
		EndGame: func(ctx goapp.Context) { s.sendGame(ctx, game.End()) },
	}
}

// renderSpyfest is the game screen of the Spyfest family.
func (s *Shell) renderSpyfest() goapp.UI {
	return s.spyfest.RenderSpyfest(s.game.View.Spyfest, s.spyfestFrame())
}
