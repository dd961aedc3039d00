//go:build !js && !wasm

package chromium

import (
	"bytes"
	"os"
	"testing"

	"github.com/chromedp/chromedp"
)

// The browser Find names is the browser itself, not a launcher script that adds flags of its
// own (Debian's /usr/bin/chromium adds GPU rasterization and extensions from /etc/chromium.d).
func TestFindStartsTheBrowserItselfNotALauncher(t *testing.T) {
	t.Setenv("CHROME_PATH", "")
	p, err := Find()
	if err != nil {
		if Required() {
			t.Fatal(err)
		}
		t.Skipf("NO CHROMIUM: %v", err)
	}
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	head := make([]byte, 2)
	if _, err := f.Read(head); err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(head, []byte("#!")) {
		t.Errorf("Find gives %s, a script: the browser would start with the flags the script adds", p)
	}
}

// The tests run in Chromium's headless shell where it is installed (make deps installs it):
// the same engine as the browser for about a sixth less CPU. It is the binary itself, not
// Debian's launcher script.
func TestTestsRunTheHeadlessShell(t *testing.T) {
	t.Setenv("CHROME_PATH", "")
	shell, installed := first(shellBinaries, shellNames)
	if !installed {
		if Required() {
			t.Fatal("no Chromium headless shell: make deps installs chromium-headless-shell")
		}
		t.Skip("NO CHROMIUM HEADLESS SHELL: the tests run in the full browser")
	}
	p, err := FindShell()
	if err != nil {
		t.Fatal(err)
	}
	if p != shell {
		t.Errorf("the tests would run %s, not the headless shell %s", p, shell)
	}
	if full, err := Find(); err == nil && full == p {
		t.Errorf("Find gives the headless shell %s: make bench and make audit measure the full browser", p)
	}
}

// A tab is a page and nothing else: Chromium opens no browser-UI page beside it. Each new
// window had two hidden omnibox-popup pages in a renderer of their own, about 1.9 CPU-seconds
// a window on two cores, for a browser nobody types into.
func TestNewTabOpensNoBrowserUIPages(t *testing.T) {
	p, err := Find()
	if err != nil {
		if Required() {
			t.Fatal(err)
		}
		t.Skipf("NO CHROMIUM: %v", err)
	}
	b, err := Start(p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	tab, closeTab, err := b.NewTab()
	if err != nil {
		t.Fatal(err)
	}
	defer closeTab()
	if err := chromedp.Do(tab, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	targets, err := chromedp.Targets(b.Ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, target := range targets {
		if target.Type == "browser_ui" {
			t.Errorf("a browser-UI page: %s", target.URL)
		}
	}
}
