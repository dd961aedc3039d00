package chromium

import (
	"bytes"
	"os"
	"testing"
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
