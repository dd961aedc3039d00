package spyfallui

import (
	"slices"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/i18n"
	"safehouse/engine/spyfall"
)

// Panel is the lobby's Spyfall settings as a component of its own. go-app draws a
// component again only when one of its exported fields changed, and the host's panel (every
// option, a checkbox per pack) was drawn and compared on every update of the lobby, a rename
// or someone coming online included: about a third of the host's redraw (issue 9).
// Its one field is everything the panel shows: render reads nothing else while it draws (its
// event handlers keep the host's typing in the shell's Draft and send through the shell).
type Panel struct {
	goapp.Compo

	In PanelInput

	// draft and send are kept from the panel's first draw: where the host's typing is kept
	// between renders, and how a new config reaches the host (the shell's, which reads the
	// room's settings when it runs).
	draft *Draft
	send  func(ctx goapp.Context, c *spyfall.Config)
}

// PanelInput is what the Spyfall panel shows.
type PanelInput struct {
	Shown, Host bool // Shown: a Spyfall game (or no family yet) that has not started
	Config      spyfall.Config
	Players     int
	Warnings    []string
	Lang        i18n.Lang
	Draft
}

// Draft is the host's typing in the panel, which the shell keeps between renders: its own
// locations, a pack to import, what was wrong with either, and whether the list of
// locations is open.
type Draft struct {
	Custom, Imported, Problem string
	Browsing                  bool
}

// NewPanel is the panel showing in. Its handlers keep the host's typing in draft and send
// the Spyfall config, changed, through send (the shell sends the whole settings).
func NewPanel(in PanelInput, draft *Draft, send func(ctx goapp.Context, c *spyfall.Config)) *Panel {
	return &Panel{In: in, draft: draft, send: send}
}

func (s *Panel) Render() goapp.UI { return s.render(s.In) }

func (s *Panel) t(key i18n.Key, args ...any) string { return i18n.T(s.In.Lang, key, args...) }

// changeSpyfall sends the settings with one change made to a copy of the Spyfall config the
// panel shows (go-app keeps In the latest drawn).
func (s *Panel) changeSpyfall(change func(c *spyfall.Config)) goapp.EventHandler {
	return func(ctx goapp.Context, e goapp.Event) {
		c := s.In.Config
		c.Packs, c.Exclude, c.CustomPacks = slices.Clone(c.Packs), slices.Clone(c.Exclude), slices.Clone(c.CustomPacks)
		change(&c)
		s.send(ctx, &c)
	}
}
