//go:build player

package spyfestui

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/ui"
	"safehouse/engine/spyfest"
)

// festHostSettings, in the player build (-tags player), which never hosts a game, is the
// summary every player reads: the host's settings are left out with the rest of hosting.
func (s *setup) festHostSettings(c spyfest.Config) goapp.UI {
	return ui.ElText("p#fest-summary.lead", s.festSummary(c))
}
