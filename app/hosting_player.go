//go:build player

package app

import goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

// Each way of hosting, in the player build (-tags player, wasm/doc.go), is carried on by the
// full build: the tab waits for it and reloads into it (fullbuild.go), which then does what
// was pressed (carryon.go).

// host, in the player build, creates the game in the full build (the name is saved already).
func (s *shell) host(ctx goapp.Context, name string) {
	s.switchToFull(continuation{Do: continueToCreate})
}

// onQRHost, in the player build, hosts a game with no server in the full build.
func (s *shell) onQRHost(ctx goapp.Context, _ goapp.Event) {
	if _, ok := s.checkName(ctx); !ok {
		s.screen = screenHome
		return
	}
	s.switchToFull(continuation{Do: continueToQRHost})
}

// qrNextOffer has no code to make in the player build, whose live session never hosts.
func (s *shell) qrNextOffer() {}

// onPassStart, in the player build, seats the table in the full build, names as typed.
func (s *shell) onPassStart(ctx goapp.Context, _ goapp.Event) {
	p := s.pass
	if problem := s.passNamesProblem(p.names); problem != "" {
		p.problem = problem
		return
	}
	p.problem = ""
	s.switchToFull(continuation{Do: continueToPass, Names: p.names})
}

// resumeHosting, in the player build, leaves a hosting tab's saved game where it is, for the
// full build to resume.
func (s *shell) resumeHosting(goapp.Context) {}
