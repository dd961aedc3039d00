//go:build !player

package app

import (
	"testing"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"safehouse/app/game"
	"safehouse/app/ui/uitest"
)

// contextCatcher hands a native test a context of go-app's test engine: a component's
// OnPreRender is the one hook go-app calls with a context outside the browser.
type contextCatcher struct {
	goapp.Compo
	ctx    goapp.Context
	caught bool
}

func (c *contextCatcher) OnPreRender(ctx goapp.Context) { c.ctx, c.caught = ctx, true }
func (c *contextCatcher) Render() goapp.UI              { return goapp.Div() }

// dispatcher runs what a shell of a native test dispatches to its context, as the browser
// would: on the test's goroutine, when the test waits (until).
type dispatcher struct {
	engine goapp.TestEngine
	ctx    goapp.Context
}

func newDispatcher(t *testing.T) *dispatcher {
	t.Helper()
	e := goapp.NewTestEngine()
	c := &contextCatcher{}
	if err := e.Load(c); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	if !c.caught {
		t.Fatal("the test engine gave no context")
	}
	return &dispatcher{engine: e, ctx: c.ctx}
}

// until runs the dispatched work until ok holds; the deadline only stops a hang.
func (d *dispatcher) until(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for d.engine.ConsumeAll(); !ok(); d.engine.ConsumeAll() {
		if time.Now().After(deadline) {
			t.Fatalf("waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

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
