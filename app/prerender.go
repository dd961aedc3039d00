//go:build !wasm

package app

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// InviteRoomMark stands for the room in PrerenderedInvite's text; the page's script puts the
// invite link's room in its place.
const InviteRoomMark = "@ROOM@"

// PrerenderedInvite is the invited screen (a name field and Join, for the room of the link)
// as HTML, for the site generator to put into the page: the page's script shows it in place
// of the home screen when the address carries an invite, so a first visit by invite link
// looks as it will once the app runs, and nothing moves when it does. Only the site
// generator calls it: it stays out of the wasm.
func PrerenderedInvite() (string, error) {
	s := &shell{pendingInvite: &invite{Room: InviteRoomMark}}
	e := goapp.NewTestEngine()
	if err := e.Load(s); err != nil {
		return "", err
	}
	e.ConsumeAll()
	return goapp.HTMLString(s), nil
}
