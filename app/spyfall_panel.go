package app

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/game"
	"safehouse/app/i18n"
	"safehouse/engine/spyfall"
)

// spyfallPanel is the lobby's Spyfall settings as a component of its own. go-app draws a
// component again only when one of its exported fields changed, and the host's panel (every
// option, a checkbox per pack) was drawn and compared on every update of the lobby, a rename
// or someone coming online included: about a third of the host's redraw (issue 9).
// Its one field is everything the panel shows: renderSpyfallSettings reads nothing else while
// it draws (its event handlers read the shell's state when they run).
type spyfallPanel struct {
	goapp.Compo

	In spyfallPanelInput

	shell *Shell
}

// spyfallPanelInput is what the Spyfall panel shows.
type spyfallPanelInput struct {
	Shown, Host bool // Shown: a Spyfall game (or no family yet) that has not started
	Config      spyfall.Config
	Players     int
	Warnings    []string
	Lang        i18n.Lang
	// The host's drafts: its own locations, a pack to import, what was wrong with either,
	// and whether the list of locations is open.
	Custom, Imported, Problem string
	Browsing                  bool
}

func (s *Shell) spyfallPanel() *spyfallPanel {
	return &spyfallPanel{In: s.spyfallPanelInput(), shell: s}
}

func (s *Shell) spyfallPanelInput() spyfallPanelInput {
	tv := s.game.View
	if tv == nil || tv.Started || (tv.Family != game.Spyfall && tv.Family != "") {
		return spyfallPanelInput{}
	}
	return spyfallPanelInput{
		Shown:    true,
		Host:     tv.Host,
		Config:   *s.currentSettings().Spyfall,
		Players:  len(s.lobby.Players),
		Warnings: tv.Warnings,
		Lang:     s.lang,
		Custom:   s.sfDraft.custom,
		Imported: s.sfDraft.imported,
		Problem:  s.sfDraft.problem,
		Browsing: s.sfDraft.browsing,
	}
}

func (p *spyfallPanel) Render() goapp.UI { return p.shell.renderSpyfallSettings(p.In) }
