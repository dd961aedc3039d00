package spyfallui

import (
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/ui"
	"safehouse/engine/spyfall"
)

// render is the lobby's Spyfall panel: every option for the host, a summary for the others
// (the host's Start button is the shell's, at the bottom of the lobby).
func (s *Panel) render(in PanelInput) goapp.UI {
	if !in.Shown {
		return goapp.Text("")
	}
	c := &in.Config
	players := in.Players
	length := c.RoundLength
	if length == 0 {
		length = spyfall.DefaultRoundLength(c.Edition, players)
	}
	rounds := c.Rounds
	if rounds == 0 {
		rounds = spyfall.DefaultRounds
	}
	edName := map[spyfall.Edition]string{
		spyfall.Classic: s.t(i18n.SFSetClassic), spyfall.Spyfall2: s.t(i18n.SFSetSpyfall2), spyfall.TimeTravel: s.t(i18n.SFSetTimeTravel),
	}
	summary := s.t(i18n.SFSetSummary, rounds, edName[c.Edition], int(length/time.Minute))
	if !in.Host {
		return s.guestPanel(c, summary)
	}
	return s.hostPanel(in, c, summary, edName, rounds)
}

// guestPanel is the panel of everyone but the host: what the host chose, while they wait.
func (s *Panel) guestPanel(c *spyfall.Config, summary string) goapp.UI {
	return ui.El("section#spyfall-settings.card.sf-settings",
		ui.ElText("h2", s.t(i18n.SFSetTitle)),
		ui.ElText("p#settings-summary.lead", summary),
		s.rolesHint(c),
		ui.ElText("p.muted.small", s.t(i18n.SFSetGuestWait)),
	)
}

// rolesHint tells everyone, while roles are shown, that playing a role is optional
// and that every role fits any gender.
func (s *Panel) rolesHint(c *spyfall.Config) goapp.UI {
	if c.HideRoles {
		return goapp.Text("")
	}
	return ui.El("p#roles-hint.muted.small",
		goapp.Text(s.t(i18n.Sentences, s.t(i18n.SFSetRolesOptional), s.t(i18n.SFSetRolesAnyone))),
	)
}
