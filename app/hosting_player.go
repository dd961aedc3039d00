//go:build player

package app

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
)

// Each way of hosting, in the player build (-tags player, wasm/doc.go), says that the full
// app hosts (i18n.ErrorHostPlayerBuild): this build has no host's side to start.

// host, in the player build, cannot create a game.
func (s *shell) host(ctx goapp.Context, name string) {
	s.showError(i18n.ErrorHostTitle, i18n.ErrorHostPlayerBuild, nil)
}

// onQRHost, in the player build, cannot host a game with no server.
func (s *shell) onQRHost(ctx goapp.Context, _ goapp.Event) {
	s.showError(i18n.ErrorHostTitle, i18n.ErrorHostPlayerBuild, nil)
}

// qrNextOffer has no code to make in the player build, whose live session never hosts.
func (s *shell) qrNextOffer() {}

// onPassStart, in the player build, cannot seat a table on this device.
func (s *shell) onPassStart(ctx goapp.Context, _ goapp.Event) {
	s.pass.problem = s.t(i18n.ErrorHostPlayerBuild)
}

// resumeHosting, in the player build, leaves a hosting tab's saved game where it is, for the
// full build to resume.
func (s *shell) resumeHosting(goapp.Context) {}
