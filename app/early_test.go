package app

import (
	"strings"
	"testing"
)

// The prerendered page tells the buttons a press may wait on what to say meanwhile
// (early.js shows it); the running app leaves that out.
func TestPrerenderedButtonsSayTheyAreGettingReady(t *testing.T) {
	pre := render(t, &Shell{})
	for _, id := range []string{`id="join"`, `id="create"`} {
		i := strings.Index(pre, id)
		if i < 0 {
			t.Fatalf("the prerendered home has no %s", id)
		}
		tag := pre[strings.LastIndex(pre[:i], "<"):]
		tag = tag[:strings.Index(tag, ">")]
		if !strings.Contains(tag, `data-wait="Getting ready…"`) {
			t.Errorf("prerendered button %s: %s", id, tag)
		}
	}
	if live := render(t, &Shell{mounted: true}); strings.Contains(live, "data-wait") {
		t.Error("the running app's buttons carry data-wait")
	}
}
