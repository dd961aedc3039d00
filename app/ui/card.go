package ui

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// SecretCard is a card face down until pressed and held (or tapped, with TapToggle); it
// hides again on release and whenever the page is hidden, so nobody beside the player reads it in passing. Its face is not in the
// page at all while it is down.
//
// A card may carry one action, shown on its face and only while the face is up: that is where
// a secret holder's move lives (the spy naming the location), so nothing on the resting screen
// tells the spy from anyone else. Every seat's card in such a round carries an
// action of the same look in the same place (the others' opens the list of locations), so a
// spy checking their card looks like anyone else doing so.
//
// With hold-to-see the action is reached without letting go: slide the finger from the card
// onto the action and lift it there, or tap the action with a second finger. With a mouse the
// pointer may move from the card onto the action while the button is held.
type SecretCard struct {
	goapp.Compo

	Title     string // "You're the spy." or the location
	Lines     []string
	TapToggle bool
	Prompt    string // "Hold to see your card"

	// ActionLabel and Action are the face's one button; no button when Action is nil.
	ActionLabel string
	Action      func(ctx goapp.Context)

	shown    bool
	unlisten func()
}

func (c *SecretCard) OnMount(ctx goapp.Context) {
	if !goapp.IsClient {
		return
	}
	doc := goapp.Window().Get("document")
	fn := goapp.FuncOf(func(this goapp.Value, args []goapp.Value) any {
		ctx.Dispatch(func(ctx goapp.Context) { c.shown = false })
		return nil
	})
	doc.Call("addEventListener", "visibilitychange", fn)
	c.unlisten = func() { doc.Call("removeEventListener", "visibilitychange", fn); fn.Release() }
}

func (c *SecretCard) OnDismount() {
	if c.unlisten != nil {
		c.unlisten()
		c.unlisten = nil
	}
}

func (c *SecretCard) show(ctx goapp.Context, e goapp.Event) {
	if !c.TapToggle {
		c.shown = true
	}
}

// release ends a hold. A touch keeps its pointer on the card it started on wherever the
// finger goes, so the place where it lifts tells whether it was lifted on the action.
func (c *SecretCard) release(ctx goapp.Context, e goapp.Event) {
	if c.TapToggle {
		return
	}
	onAction := c.shown && c.Action != nil && pointIsOnAction(e)
	c.shown = false
	if onAction {
		c.Action(ctx)
	}
}

// leave hides the face when a mouse leaves the card, unless it moves onto the action.
func (c *SecretCard) leave(ctx goapp.Context, e goapp.Event) {
	if c.TapToggle || movesOnto(e, "card-action", "secret-card") {
		return
	}
	c.shown = false
}

func (c *SecretCard) cancel(ctx goapp.Context, e goapp.Event) {
	if !c.TapToggle {
		c.shown = false
	}
}

func (c *SecretCard) toggle(ctx goapp.Context, e goapp.Event) {
	if c.TapToggle {
		c.shown = !c.shown
	}
}

func (c *SecretCard) key(down bool) goapp.EventHandler {
	return func(ctx goapp.Context, e goapp.Event) {
		k := e.Get("key").String()
		if c.TapToggle || (k != " " && k != "Enter") || e.Get("repeat").Bool() {
			return
		}
		e.PreventDefault()
		c.shown = down
	}
}

// blur hides the face, unless the focus moves to the face's own action (a keyboard holding
// the card and tabbing to it).
func (c *SecretCard) blur(ctx goapp.Context, e goapp.Event) {
	if movesOnto(e, "card-action", "secret-card") {
		return
	}
	c.shown = false
}

// act carries out the face's action: a click (tap-to-show, a second finger, a keyboard), or a
// mouse held down on the card and released on the action.
func (c *SecretCard) act(ctx goapp.Context, e goapp.Event) {
	if !c.shown || c.Action == nil {
		return
	}
	c.shown = false
	c.Action(ctx)
}

func (c *SecretCard) actionUp(ctx goapp.Context, e goapp.Event) {
	if !c.TapToggle && e.Get("pointerType").String() == "mouse" {
		c.act(ctx, e)
	}
}

func (c *SecretCard) actionLeave(ctx goapp.Context, e goapp.Event) {
	if !c.TapToggle && !movesOnto(e, "secret-card", "card-action") {
		c.shown = false
	}
}

func (c *SecretCard) Render() goapp.UI {
	class := "sf-card"
	if c.shown {
		class += " shown"
		if c.Action != nil {
			class += " with-action"
		}
	}
	reveal := "hold"
	if c.TapToggle {
		reveal = "tap"
	}
	return El("div.sf-card-holder",
		ElWith("button#secret-card[type=button]",
			goapp.If(c.shown, func() goapp.UI {
				return El("span#card-face.sf-card-face",
					ElText("strong.sf-card-title", c.Title),
					goapp.Range(c.Lines).Slice(func(i int) goapp.UI {
						return ElText("span.sf-card-line", c.Lines[i])
					}),
				)
			}).Else(func() goapp.UI {
				return El("span.sf-card-back",
					ElText("span.sf-card-seal[aria-hidden=true]", "?"),
					ElText("span.sf-card-prompt", c.Prompt),
				)
			}),
		).Class(class).DataSet("reveal", reveal).
			Aria("pressed", c.shown).
			On("pointerdown", c.show).On("pointerup", c.release).On("pointerleave", c.leave).On("pointercancel", c.cancel).
			On("contextmenu", func(ctx goapp.Context, e goapp.Event) { e.PreventDefault() }).
			OnClick(c.toggle).OnKeyDown(c.key(true)).OnKeyUp(c.key(false)).OnBlur(c.blur),
		goapp.If(c.shown && c.Action != nil, func() goapp.UI {
			return ElTextWith("button#card-action.btn.primary.sf-card-action[type=button]", c.ActionLabel).
				OnClick(c.act).On("pointerup", c.actionUp).On("pointerleave", c.actionLeave).
				On("contextmenu", func(ctx goapp.Context, e goapp.Event) { e.PreventDefault() })
		}),
	)
}

// pointIsOnAction tells whether a pointer event happened over the card's action button.
func pointIsOnAction(e goapp.Event) bool {
	if !goapp.IsClient {
		return false
	}
	doc := goapp.Window().Get("document")
	at := doc.Call("elementFromPoint", e.Get("clientX").Float(), e.Get("clientY").Float())
	return at.Truthy() && at.Call("closest", "#card-action").Truthy()
}

// movesOnto tells whether an event's relatedTarget (where the pointer or focus goes) is the
// element with id to, or inside it; from is the element it leaves, for a pointer that moves
// within it.
func movesOnto(e goapp.Event, ids ...string) bool {
	if !goapp.IsClient {
		return false
	}
	to := e.Get("relatedTarget")
	if !to.Truthy() || !to.Get("closest").Truthy() {
		return false
	}
	for _, id := range ids {
		if to.Call("closest", "#"+id).Truthy() {
			return true
		}
	}
	return false
}
