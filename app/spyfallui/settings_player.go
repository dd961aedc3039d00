//go:build player

package spyfallui

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/engine/spyfall"
)

// hostPanel, in the player build (-tags player), which never hosts a game, is the panel every
// player sees: the host's options are left out with the rest of hosting.
func (s *Panel) hostPanel(_ PanelInput, c *spyfall.Config, summary string, _ map[spyfall.Edition]string, _ int) goapp.UI {
	return s.guestPanel(c, summary)
}
