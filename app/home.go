package app

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/wire"
)

// renderHome: the name field, joining by code, and "Create a game" as the primary action at
// the bottom of the screen.
func (s *Shell) renderHome() goapp.UI {
	if s.pendingInvite != nil {
		return s.renderInvited()
	}
	return el("main.screen.home",
		el("header.brand",
			elVoid("img.brand-mark[src=/web/icon.svg][alt=][role=presentation][width=72][height=72]"),
			elText("h1#title", s.t(i18n.AppName)),
			elText("p.tagline", s.t(i18n.AppTagline)),
		),
		el("div.content",
			s.renderOfflineNote(),
			s.renderInsecureNote(),
			s.renderNameField(),
			elWith("form#join-form.card",
				elText("h2", s.t(i18n.HomeJoinHeading)),
				elText("label.label[for=code]", s.t(i18n.HomeCodeLabel)),
				el("div.row",
					elVoidWith("input#code.field.code[type=text][autocomplete=off][autocapitalize=characters][spellcheck=false][aria-describedby=code-error]").
						Attr("value", s.home.Code).
						Attr("placeholder", i18n.N(s.lang, i18n.HomeCodePlaceholder, wire.RoomCodeLen)).
						Attr("maxlength", wire.RoomCodeLen+4).
						Aria("invalid", s.home.CodeError != "").
						OnInput(func(ctx goapp.Context, e goapp.Event) {
							s.home.Code = ctx.JSSrc().Get("value").String()
							s.home.CodeError = ""
						}),
					needsNetwork(s.waitLabel(elTextWith("button#join.btn.secondary[type=submit]", s.t(i18n.HomeJoin))), s.offline),
				),
				fieldError("code-error", s.home.CodeError),
				s.renderWatchToggle(),
			).OnSubmit(s.onJoin),
		),
		el("footer.actions",
			elText("p.hint", s.t(i18n.HomeCreateHint)),
			needsNetwork(s.waitLabel(elTextWith("button#create.btn.primary[type=button]", s.t(i18n.HomeCreate))).OnClick(s.onCreate), s.offline),
			s.renderPassEntry(),
		),
	)
}

// renderNameField is the player's name, remembered between visits.
func (s *Shell) renderNameField() goapp.UI {
	return el("section.card",
		elText("label.label[for=name]", s.t(i18n.HomeNameLabel)),
		elVoidWith("input#name.field[type=text][autocomplete=off][aria-describedby=name-error]").
			Attr("value", s.home.Name).
			Attr("placeholder", s.t(i18n.HomeNamePlaceholder)).
			Attr("maxlength", wire.MaxNameRunes*2).
			Aria("invalid", s.home.NameError != "").
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
	return el("main.screen.home.invited",
		el("header.brand",
			elVoid("img.brand-mark[src=/web/icon.svg][alt=][role=presentation][width=56][height=56]"),
			elText("h1#invited-title", s.t(i18n.InvitedTitle)),
			elText("p#invited-body.tagline", s.t(i18n.InvitedBody, s.pendingInvite.Room)),
		),
		elWith("form#join-form.content",
			s.renderInsecureNote(),
			s.renderNameField(),
			fieldError("code-error", s.home.CodeError),
		).OnSubmit(s.onJoin),
		el("footer.actions",
			s.waitLabel(elTextWith("button#join.btn.primary[type=submit][form=join-form]", s.t(i18n.InvitedJoin))),
			elTextWith("button#not-now.btn.ghost[type=button]", s.t(i18n.InvitedElsewhere)).OnClick(s.onBackHome),
		),
	)
}

// fieldError is the message under a form field; it is announced when it appears.
func fieldError(id, text string) goapp.UI {
	return elTextWith("p.field-error[aria-live=polite]", text).ID(id)
}

// renderInsecureNote says calmly what a plain-http page cannot do; nothing on https.
func (s *Shell) renderInsecureNote() goapp.UI {
	if s.secure || !s.mounted {
		return goapp.Text("")
	}
	return el("aside#insecure-note.note",
		elText("strong", s.t(i18n.InsecureTitle)),
		elText("p", s.t(i18n.InsecureBody)),
	)
}

// renderOfflineNote says, when the device has no network at all, that creating or joining a
// game needs one, and points to the one-phone game, which needs none.
func (s *Shell) renderOfflineNote() goapp.UI {
	if !s.offline {
		return goapp.Text("")
	}
	return el("aside#offline-note.note",
		elText("strong", s.t(i18n.OfflineTitle)),
		elText("p", s.t(i18n.OfflineBody)),
	)
}

// needsNetwork disables a button that cannot work offline, with the offline note as its reason.
func needsNetwork(b goapp.HTMLElem, offline bool) goapp.UI {
	if !offline {
		return b
	}
	return b.Attr("disabled", true).Aria("describedby", "offline-note")
}
