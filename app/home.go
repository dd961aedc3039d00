package app

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
)

// renderHome: the name field, joining by code, and "Create a game" as the primary action at
// the bottom of the screen.
func (s *Shell) renderHome() goapp.UI {
	if s.pendingInvite != nil {
		return s.renderInvited()
	}
	return goapp.Main().Class("screen home").Body(
		goapp.Header().Class("brand").Body(
			goapp.Img().Class("brand-mark").Src("/web/icon.svg").Alt("").Role("presentation").Width(72).Height(72),
			goapp.H1().ID("title").Text(s.t(i18n.AppName)),
			goapp.P().Class("tagline").Text(s.t(i18n.AppTagline)),
		),
		goapp.Div().Class("content").Body(
			s.renderInsecureNote(),
			s.renderNameField(),
			goapp.Form().ID("join-form").Class("card").OnSubmit(s.onJoin).Body(
				goapp.H2().Text(s.t(i18n.HomeJoinHeading)),
				goapp.Label().For("code").Class("label").Text(s.t(i18n.HomeCodeLabel)),
				goapp.Div().Class("row").Body(
					goapp.Input().ID("code").Class("field code").Type("text").
						Value(s.home.Code).
						Placeholder(s.t(i18n.HomeCodePlaceholder)).
						AutoComplete(false).
						Attr("autocapitalize", "characters").
						Attr("spellcheck", "false").
						MaxLength(RoomCodeLen+4).
						Aria("invalid", s.home.CodeError != "").
						Aria("describedby", "code-error").
						OnInput(func(ctx goapp.Context, e goapp.Event) {
							s.home.Code = ctx.JSSrc().Get("value").String()
							s.home.CodeError = ""
						}),
					goapp.Button().ID("join").Class("btn secondary").Type("submit").Text(s.t(i18n.HomeJoin)),
				),
				fieldError("code-error", s.home.CodeError),
				s.renderWatchToggle(),
			),
		),
		goapp.Footer().Class("actions").Body(
			goapp.P().Class("hint").Text(s.t(i18n.HomeCreateHint)),
			goapp.Button().ID("create").Class("btn primary").Type("button").
				Text(s.t(i18n.HomeCreate)).OnClick(s.onCreate),
			s.renderPassEntry(),
		),
	)
}

// renderNameField is the player's name, remembered between visits.
func (s *Shell) renderNameField() goapp.UI {
	return goapp.Section().Class("card").Body(
		goapp.Label().For("name").Class("label").Text(s.t(i18n.HomeNameLabel)),
		goapp.Input().ID("name").Class("field").Type("text").
			Value(s.home.Name).
			Placeholder(s.t(i18n.HomeNamePlaceholder)).
			AutoComplete(false).
			MaxLength(MaxNameRunes*2).
			Aria("invalid", s.home.NameError != "").
			Aria("describedby", "name-error").
			OnInput(func(ctx goapp.Context, e goapp.Event) {
				s.home.Name = ctx.JSSrc().Get("value").String()
				s.home.NameError = ""
			}),
		fieldError("name-error", s.home.NameError),
	)
}

// renderInvited is home for someone who opened an invite link before the app knew their
// name: one question, one button.
func (s *Shell) renderInvited() goapp.UI {
	return goapp.Main().Class("screen home invited").Body(
		goapp.Header().Class("brand").Body(
			goapp.Img().Class("brand-mark").Src("/web/icon.svg").Alt("").Role("presentation").Width(56).Height(56),
			goapp.H1().ID("invited-title").Text(s.t(i18n.InvitedTitle)),
			goapp.P().ID("invited-body").Class("tagline").Text(s.t(i18n.InvitedBody, s.pendingInvite.Room)),
		),
		goapp.Form().ID("join-form").Class("content").OnSubmit(s.onJoin).Body(
			s.renderInsecureNote(),
			s.renderNameField(),
			fieldError("code-error", s.home.CodeError),
		),
		goapp.Footer().Class("actions").Body(
			goapp.Button().ID("join").Class("btn primary").Type("submit").Form("join-form").
				Text(s.t(i18n.InvitedJoin)),
			goapp.Button().ID("not-now").Class("btn ghost").Type("button").
				Text(s.t(i18n.InvitedElsewhere)).OnClick(s.onBackHome),
		),
	)
}

// fieldError is the message under a form field; it is announced when it appears.
func fieldError(id, text string) goapp.UI {
	return goapp.P().ID(id).Class("field-error").Aria("live", "polite").Text(text)
}

// renderInsecureNote says calmly what a plain-http page cannot do; nothing on https.
func (s *Shell) renderInsecureNote() goapp.UI {
	if s.secure || !s.mounted {
		return goapp.Text("")
	}
	return goapp.Aside().ID("insecure-note").Class("note").Body(
		goapp.Strong().Text(s.t(i18n.InsecureTitle)),
		goapp.P().Text(s.t(i18n.InsecureBody)),
	)
}
