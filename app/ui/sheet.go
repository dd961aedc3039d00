package ui

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Sheet is a panel that slides up over the screen, with a title and a close button labelled
// closeLabel. A footer (nil for none) stays pinned below the scrolling body.
func Sheet(id, title, closeLabel string, onClose goapp.EventHandler, footer goapp.UI, body ...goapp.UI) goapp.UI {
	if footer == nil {
		footer = goapp.Text("")
	}
	return El("div.sf-sheet-backdrop",
		ElWith("section.sf-sheet[role=dialog]",
			El("div.sf-sheet-head",
				ElText("h2", title),
				ElTextWith("button.btn.ghost.small.sheet-close[type=button]", closeLabel).OnClick(onClose),
			),
			El("div.sf-sheet-body", body...),
			footer,
		).ID(id).Aria("label", title),
	)
}
