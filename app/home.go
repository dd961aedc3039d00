package app

import (
	"errors"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/app/ui"
	"safehouse/wire"
)

// renderHome: the name field, joining by code, the other ways to play (with no internet, on
// one phone), and "Create a game" alone in the bar at the bottom of the screen.
func (s *shell) renderHome() goapp.UI {
	if inv := s.invitedTo(); inv != nil {
		return s.renderInvited(inv.Room)
	}
	return ui.El("main.screen.home",
		ui.El("header.brand",
			ui.ElVoid("img.brand-mark[src=/web/icon.svg][alt=][role=presentation][width=72][height=72]"),
			ui.ElText("h1#title", s.t(i18n.AppName)),
			ui.ElText("p.tagline", s.t(i18n.AppTagline)),
		),
		ui.El("div.content",
			s.renderResumeNote(),
			s.renderOfflineNote(),
			s.renderNameField(),
			ui.ElWith("form#join-form.card",
				ui.ElText("h2", s.t(i18n.HomeJoinHeading)),
				ui.ElText("label.label[for=code]", s.t(i18n.HomeCodeLabel)),
				ui.El("div.row",
					ui.ElVoidWith("input#code.field.code[type=text][autocomplete=off][autocapitalize=characters][spellcheck=false][aria-describedby=code-error]").
						Attr("value", s.home.Code).
						Attr("placeholder", i18n.N(s.shownLang(), i18n.HomeCodePlaceholder, wire.RoomCodeLen)).
						Attr("maxlength", wire.RoomCodeLen+4).
						Aria("invalid", s.home.CodeError != "").
						OnInput(func(ctx goapp.Context, e goapp.Event) {
							s.home.Code = ctx.JSSrc().Get("value").String()
							s.home.CodeError = ""
						}),
					needsNetwork(s.waitLabel(ui.ElTextWith("button#join.btn.secondary[type=submit]", s.t(i18n.HomeJoin))), s.offline),
				),
				ui.FieldError("code-error", s.home.CodeError),
				s.renderWatchToggle(),
			).OnSubmit(s.onJoin),
			// The other ways to play are in the page, not in the bottom bar: the bar covered
			// them on a phone (issue 29). The plain-http note, which asks nothing of the
			// player, comes after every control.
			ui.El("div.home-more", s.renderQREntry(), s.renderPassEntry()),
			s.renderInsecureNote(),
		),
		ui.El("footer.actions",
			ui.ElText("p.hint", s.t(i18n.HomeCreateHint)),
			needsNetwork(s.waitLabel(ui.ElTextWith("button#create.btn.primary[type=button]", s.t(i18n.HomeCreate))).OnClick(s.onCreate), s.offline),
		),
	)
}

// renderNameField is the player's name, remembered between visits.
func (s *shell) renderNameField() goapp.UI {
	return ui.El("section.card",
		ui.ElText("label.label[for=name]", s.t(i18n.HomeNameLabel)),
		ui.ElVoidWith("input#name.field[type=text][autocomplete=off][aria-describedby=name-error]").
			Attr("value", s.home.Name).
			Attr("placeholder", s.t(i18n.HomeNamePlaceholder)).
			Attr("maxlength", wire.MaxNameRunes*2).
			Aria("invalid", s.home.NameError != "").
			OnInput(func(ctx goapp.Context, e goapp.Event) {
				s.home.Name = ctx.JSSrc().Get("value").String()
				s.home.NameError = ""
			}),
		ui.FieldError("name-error", s.home.NameError),
	)
}

// invitedTo is the invite whose screen home shows: the one waiting for the player's press,
// or before OnMount the one the page's address names (the prerendered page shows it).
func (s *shell) invitedTo() *invite {
	if s.pendingInvite != nil || s.mounted {
		return s.pendingInvite
	}
	return s.firstInvite
}

// renderInvited is home for someone who opened an invite link before the app knew their
// name: one question, one button.
func (s *shell) renderInvited(room string) goapp.UI {
	return ui.El("main.screen.home.invited",
		ui.El("header.brand",
			ui.ElVoid("img.brand-mark[src=/web/icon.svg][alt=][role=presentation][width=56][height=56]"),
			ui.ElText("h1#invited-title", s.t(i18n.InvitedTitle)),
			ui.ElText("p#invited-body.tagline", s.t(i18n.InvitedBody, room)),
		),
		ui.ElWith("form#join-form.content",
			s.renderInsecureNote(),
			s.renderNameField(),
			ui.FieldError("code-error", s.home.CodeError),
		).OnSubmit(s.onJoin),
		ui.El("footer.actions",
			s.waitLabel(ui.ElTextWith("button#join.btn.primary[type=submit][form=join-form]", s.t(i18n.InvitedJoin))),
			ui.ElTextWith("button#not-now.btn.ghost[type=button]", s.t(i18n.InvitedElsewhere)).OnClick(s.onBackHome),
		),
	)
}

// renderInsecureNote says calmly what a plain-http page cannot do; nothing on https.
func (s *shell) renderInsecureNote() goapp.UI {
	return s.browserNote("insecure", !s.secure, "aside#insecure-note.note", i18n.InsecureTitle, i18n.InsecureBody)
}

// browserNote is a note about the browser the page runs in (a plain-http page, no network).
// The app knows whether it applies from its first frame (OnInit). The server's prerender
// cannot: it carries the note hidden, marked data-show-if, and early.js shows it before the
// first paint where it applies, so that nothing moves when the app starts.
func (s *shell) browserNote(when string, applies bool, sel string, title, body i18n.Key) goapp.UI {
	if !s.inBrowser && !s.mounted {
		sel += "[hidden][data-show-if=" + when + "]"
	} else if !applies {
		return goapp.Text("")
	}
	return ui.El(sel, ui.ElText("strong", s.t(title)), ui.ElText("p", s.t(body)))
}

// renderResumeNote says why the game this tab hosted did not come back; nothing otherwise.
func (s *shell) renderResumeNote() goapp.UI {
	if s.home.Notice == "" {
		return goapp.Text("")
	}
	return ui.El("aside#resume-note.note[role=status]", ui.ElText("p", s.t(s.home.Notice)))
}

// renderOfflineNote says, when the device has no network at all, that creating or joining a
// game needs one, and points to the one-phone game, which needs none.
func (s *shell) renderOfflineNote() goapp.UI {
	return s.browserNote("offline", s.offline, "aside#offline-note.note", i18n.OfflineTitle, i18n.OfflineBody)
}

// needsNetwork disables a button that cannot work offline, with the offline note as its reason.
func needsNetwork(b goapp.HTMLElem, offline bool) goapp.UI {
	if !offline {
		return b
	}
	return b.Attr("disabled", true).Aria("describedby", "offline-note")
}

// onCreate is the home screen's "Create a game".
func (s *shell) onCreate(ctx goapp.Context, _ goapp.Event) { s.create(ctx) }

func (s *shell) create(ctx goapp.Context) {
	if s.screen != screenHome || s.live != nil {
		// A second tap on Create before the next frame (see submitJoin) would start a second
		// host; closing the first, stale one would then clear the saved game the second uses.
		return
	}
	name, ok := s.checkName(ctx)
	if !ok {
		return
	}
	s.host(ctx, name)
}

// onJoin is the home screen's join form.
func (s *shell) onJoin(ctx goapp.Context, e goapp.Event) {
	e.PreventDefault()
	s.submitJoin(ctx)
}

func (s *shell) submitJoin(ctx goapp.Context) {
	if s.screen != screenHome || s.live != nil {
		// A second submit of the form (Enter, then a tap on Join; a second tap on a slow
		// phone): go-app runs each event's handler at once but redraws at its next frame, so
		// it comes after the first started joining. A join from it would have no invite
		// secret left (join takes it), and the host would make the player wait (issue 29).
		return
	}
	code, err := wire.NormalizeRoomCode(s.home.Code)
	if err != nil {
		s.home.CodeError = s.codeProblem(err)
	} else {
		s.home.CodeError = ""
	}
	name, ok := s.checkName(ctx)
	if !ok || err != nil {
		return
	}
	inv := invite{Room: code}
	if s.pendingInvite != nil && s.pendingInvite.Room == code {
		inv.Secret = s.pendingInvite.Secret
	}
	s.join(ctx, name, inv)
}

func (s *shell) codeProblem(err error) string {
	if errors.Is(err, wire.ErrCodeMissing) {
		return s.t(i18n.CodeMissing)
	}
	return s.t(i18n.CodeMalformed)
}

// waitLabel is what a button pressed before the app runs says meanwhile (early.js puts it
// in); only the prerendered page carries it.
func (s *shell) waitLabel(b goapp.HTMLElem) goapp.HTMLElem {
	if s.mounted {
		return b
	}
	return b.Attr("data-wait", s.t(i18n.GettingReady))
}

// renderWatchToggle is the join form's choice to join as a table screen instead of a player.
func (s *shell) renderWatchToggle() goapp.UI {
	return ui.El("div.watch-toggle",
		ui.ElVoidWith("input#watch[type=checkbox][aria-describedby=watch-hint]").Attr("checked", s.watching).
			OnChange(func(ctx goapp.Context, _ goapp.Event) { s.watching = ctx.JSSrc().Get("checked").Bool() }),
		ui.ElText("label[for=watch]", s.t(i18n.WatchToggle)),
		ui.ElText("p#watch-hint.hint", s.t(i18n.WatchHint)),
	)
}

// renderQREntry is the way into a game with no internet, on home and on a connection error.
func (s *shell) renderQREntry() goapp.UI {
	return ui.ElTextWith("button#qr-start.btn.ghost[type=button]", s.t(i18n.QRStart)).OnClick(s.onQRStart)
}

// onQRStart is "No internet? Connect with QR codes.": host or join.
func (s *shell) onQRStart(ctx goapp.Context, _ goapp.Event) {
	s.attempt++
	s.qr = qrModel{Step: qrChoose}
	s.screen = screenQR
}

// passEntry is the home screen's way into pass-and-play.
func (s *shell) renderPassEntry() goapp.UI {
	return ui.ElTextWith("button#pass-play.btn.ghost[type=button]", s.t(i18n.SFPassEntry)).OnClick(s.onPassSetup)
}

// onPassSetup opens the pass-and-play setup (names of everyone at the table).
func (s *shell) onPassSetup(ctx goapp.Context, _ goapp.Event) {
	first := strings.TrimSpace(s.home.Name)
	s.pass = &passPlay{names: first}
	s.screen = screenPass
}
