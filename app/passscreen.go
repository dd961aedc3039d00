package app

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/ui"
)

// The pass-and-play screen (pass.go): naming the players, handing the phone over, and the
// screen of the player holding it.

// renderPass is pass-and-play: the setup, the hand-over screen, or the current player's screen.
func (s *shell) renderPass() goapp.UI {
	p := s.pass
	switch {
	case p == nil:
		return s.renderHome()
	case !ui.Hosts || !p.seated(): // the player build seats no table (hosted_player.go)
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
