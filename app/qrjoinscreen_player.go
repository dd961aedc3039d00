//go:build player

package app

import goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

// renderQRJoin, in the player build, has no steps of a player's to draw: no screenQR here gets
// past the first choice (the join is the full build's), and the screen keeps its Back.
func (s *shell) renderQRJoin(back goapp.UI) (body, actions []goapp.UI) {
	return nil, []goapp.UI{back}
}
