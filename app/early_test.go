package app

import (
	"strings"
	"testing"
)

// The prerendered page tells the buttons a press may wait on what to say meanwhile
// (early.js shows it); the running app leaves that out.
func TestPrerenderedButtonsSayTheyAreGettingReady(t *testing.T) {
	pre := render(t, &shell{})
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
	if live := render(t, &shell{mounted: true}); strings.Contains(live, "data-wait") {
		t.Error("the running app's buttons carry data-wait")
	}
}

// The app's first frame (before OnMount, a frame later) is the page the player already sees:
// for an invite link the invited screen early.js swapped in, with the name typed so far. A
// first frame of home moved the page under the player once (Lighthouse: layout shift 0.14).
func TestFirstFrameIsThePrerenderedPage(t *testing.T) {
	typed := "Le"
	s := &shell{}
	s.takeOverPage("join=K7MPQ2&k=q9Zk3xW0bT2vLr8mN4pY6A", earlyInput{name: &typed})
	html := render(t, s)
	for _, want := range []string{`id="invited-title"`, "Game K7MPQ2 is waiting for you", `value="Le"`} {
		if !strings.Contains(html, want) {
			t.Errorf("the first frame lacks %s", want)
		}
	}
	if strings.Contains(html, `id="create"`) {
		t.Error("the first frame is home, not the invited screen the page shows")
	}

	// Once mounted, the invite is the shell's to follow (it may have joined already).
	s = &shell{mounted: true}
	s.takeOverPage("join=K7MPQ2&k=q9Zk3xW0bT2vLr8mN4pY6A", earlyInput{})
	if strings.Contains(render(t, s), `id="invited-title"`) {
		t.Error("after OnMount the first frame's invite still shows without a pending invite")
	}

	// A damaged link leaves home, as the page does (early.js swaps in no invite).
	s = &shell{}
	s.takeOverPage("join=K7MPQ2&k=short", earlyInput{})
	if html := render(t, s); !strings.Contains(html, `id="create"`) {
		t.Error("a damaged invite's first frame is not home")
	}
}
