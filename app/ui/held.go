package ui

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// HostAwayBody is the id of the host-away banner's sentence (the shell draws the banner),
// which every held button points to (aria-describedby) as the reason it is disabled.
const HostAwayBody = "host-away-body"

// HeldGroup wraps the buttons that need the host: while the host's device is away they sit
// in a disabled fieldset (every button inside is disabled, and points to the banner for the
// reason). Either way the wrapper lays out as if it were not there (display: contents), so
// nothing moves when the host goes or comes back.
func HeldGroup(away bool, children ...goapp.UI) goapp.UI {
	if !away {
		return ElWith("div.held-group", children...)
	}
	return ElWith("fieldset.held-group[disabled]", children...).Aria("describedby", HostAwayBody)
}

// Toast is the line of a screen's footer that shows the latest notice for this player (a
// refusal, "link copied"...); it is a polite live region, so the notice is read out.
func Toast(text string) goapp.UI {
	return ElText("p#toast.toast[role=status][aria-live=polite]", text)
}

// FieldError is the message under a form field; it is announced when it appears.
func FieldError(id, text string) goapp.UI {
	return ElTextWith("p.field-error[aria-live=polite]", text).ID(id)
}

// ActionScope keys a button's handler by the engine action it sends, given as the game's
// EncodeAction returns it: go-app keeps the first handler of an element while the function's
// code is the same, so a closure over view data (a vote number, a round) that changes while
// the button stays on screen would send the old action.
func ActionScope(encoded []byte, _ error) goapp.EventOption {
	return goapp.EventScope(string(encoded))
}
