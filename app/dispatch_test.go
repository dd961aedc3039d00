//go:build !player

package app

import (
	"testing"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/game"
	"safehouse/app/ui/uitest"
)

// passTable is a pass-and-play game on one shell, run by a test: the shell's own code seats
// the players on a local host (onPassStart) and shows each the view the host sends them.
type passTable struct {
	t *testing.T
	s *shell
	d *dispatcher
}

func newPassTable(t *testing.T, names string) *passTable {
	t.Helper()
	d := newDispatcher(t)
	s := &shell{mounted: true, lang: "en", ui: d.ctx, screen: screenPass, pass: &passPlay{names: names}}
	s.onPassStart(d.ctx, goapp.Event{})
	if s.pass.host == nil {
		t.Fatalf("pass-and-play did not start: %s", s.pass.problem)
	}
	t.Cleanup(s.closeLive)
	pt := &passTable{t: t, s: s, d: d}
	pt.until("the lobby", func() bool { return s.game.View != nil && len(s.lobby.Players) == len(s.pass.seats) })
	return pt
}

func (pt *passTable) until(what string, ok func() bool) { pt.t.Helper(); pt.d.until(pt.t, what, ok) }

// html is what the phone shows now, drawn by a copy of the shell: go-app mounts a component
// once, and the test draws the phone many times.
func (pt *passTable) html() string {
	drawn := *pt.s
	return uitest.CanonicalHTML(render(pt.t, &drawn))
}

// holder is the pass-and-play seat holding the phone.
func (pt *passTable) holder() *passSeat { return pt.s.pass.seats[pt.s.pass.current] }

// view is the game part of the holder's latest view.
func (pt *passTable) view() *game.TableView { return pt.holder().tableView() }

// handOver passes the phone on and has the player the hand-over screen names take it; it
// returns the hand-over screen and the index of the player who took the phone.
func (pt *passTable) handOver() (string, int) {
	pt.t.Helper()
	p := pt.s.pass
	pt.s.passOn(pt.d.ctx, goapp.Event{})
	if !p.handing {
		pt.t.Fatal("passing the phone on shows no hand-over screen")
	}
	screen := pt.html()
	next := p.next
	pt.s.takePhone(next)(pt.d.ctx, goapp.Event{})
	return screen, next
}
