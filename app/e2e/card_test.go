package e2e

import (
	"github.com/chromedp/chromedp"
)

// actFromCard presses the button on the face of this tab's card the way a player does
// (APP-HID-4: a spy's move is reached only from the card). With hold, the finger holds the
// card and lifts on the button: a touch keeps its pointer on the card wherever the finger
// goes, so the card sees the lift, at the button's place. Without, the player switches to
// tap-to-show, taps the card, then taps the button.
func (tb *tab) actFromCard(hold bool) {
	tb.t.Helper()
	tb.waitJS(`document.getElementById("secret-card") !== null`, "the card")
	if hold {
		if eval[bool](tb, `document.getElementById("card-toggle").checked`) {
			press(tb, "#card-toggle")
		}
		tb.waitJS(`document.querySelector("#secret-card[data-reveal=hold]") !== null`, "hold-to-see")
		tb.do(chromedp.Evaluate[chromedp.Void](`(() => {
			const c = document.getElementById("secret-card");
			c.scrollIntoView({block: "center"});
			c.dispatchEvent(new PointerEvent("pointerdown", {bubbles: true, pointerType: "touch", isPrimary: true}));
		})()`))
		tb.waitJS(`document.getElementById("card-action") !== null`, "the button on the card's face")
		tb.do(chromedp.Evaluate[chromedp.Void](`(() => {
			const a = document.getElementById("card-action").getBoundingClientRect();
			document.getElementById("secret-card").dispatchEvent(new PointerEvent("pointerup", {bubbles: true,
				pointerType: "touch", isPrimary: true, clientX: a.left + a.width / 2, clientY: a.top + a.height / 2}));
		})()`))
		tb.waitJS(`document.getElementById("card-face") === null`, "the card face down again")
		return
	}
	if !eval[bool](tb, `document.getElementById("card-toggle").checked`) {
		press(tb, "#card-toggle")
	}
	tb.waitJS(`document.querySelector("#secret-card[data-reveal=tap]") !== null`, "tap-to-show")
	press(tb, "#secret-card")
	press(tb, "#card-action")
	tb.waitJS(`document.getElementById("card-face") === null`, "the card face down again")
}
