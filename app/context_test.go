package app

import (
	"testing"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
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
