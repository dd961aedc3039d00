package app

import (
	"encoding/xml"
	"fmt"
	"strings"
	"testing"

	qrcode "github.com/skip2/go-qrcode"
)

// decodeRuns rebuilds the module grid from the SVG path QRSVG writes.
func decodeRuns(t *testing.T, d string, size int) [][]bool {
	t.Helper()
	grid := make([][]bool, size)
	for i := range grid {
		grid[i] = make([]bool, size)
	}
	for _, cmd := range strings.Split(d, "z") {
		if cmd == "" {
			continue
		}
		var x, y, run, back int
		if _, err := fmt.Sscanf(cmd, "M%d %dh%dv1h-%d", &x, &y, &run, &back); err != nil {
			t.Fatalf("path command %q: %v", cmd, err)
		}
		if run != back || run < 1 || x+run > size || y >= size {
			t.Fatalf("path command %q leaves the grid", cmd)
		}
		for i := x; i < x+run; i++ {
			if grid[y][i] {
				t.Fatalf("module %d,%d drawn twice", i, y)
			}
			grid[y][i] = true
		}
	}
	return grid
}

func TestQRSVGMatchesBitmap(t *testing.T) {
	texts := []string{
		"http://192.168.1.5:8080/#join=K7MPQ2&k=" + testSecret,
		"https://example.org/games/safehouse/#join=ABCDEF&k=" + strings.Repeat("x", 43),
		"x",
	}
	for _, text := range texts {
		svg, err := QRSVG(text, `Invite "QR" <code>`)
		if err != nil {
			t.Fatal(err)
		}
		var parsed struct {
			ViewBox string `xml:"viewBox,attr"`
			Label   string `xml:"aria-label,attr"`
			Rect    struct {
				Fill string `xml:"fill,attr"`
			} `xml:"rect"`
			Path struct {
				D    string `xml:"d,attr"`
				Fill string `xml:"fill,attr"`
			} `xml:"path"`
		}
		if err := xml.Unmarshal([]byte(svg), &parsed); err != nil {
			t.Fatalf("not well-formed SVG: %v", err)
		}
		if parsed.Label != `Invite "QR" <code>` {
			t.Errorf("aria-label = %q", parsed.Label)
		}
		code, err := qrcode.New(text, qrcode.Medium)
		if err != nil {
			t.Fatal(err)
		}
		want := code.Bitmap()
		size := len(want)
		if parsed.ViewBox != fmt.Sprintf("0 0 %d %d", size, size) {
			t.Errorf("viewBox %q, want a %d-module square", parsed.ViewBox, size)
		}
		if parsed.Rect.Fill != "#fff" || parsed.Path.Fill != "#000" {
			t.Errorf("colours %s on %s, want dark on white", parsed.Path.Fill, parsed.Rect.Fill)
		}
		got := decodeRuns(t, parsed.Path.D, size)
		dark := 0
		for y := range want {
			for x := range want[y] {
				if got[y][x] != want[y][x] {
					t.Fatalf("%q: module %d,%d differs", text, x, y)
				}
				if want[y][x] {
					dark++
				}
			}
		}
		if dark == 0 {
			t.Fatalf("%q: no dark modules", text)
		}
	}
}

func TestQRSVGRefusesWhatItCannotEncode(t *testing.T) {
	if _, err := QRSVG("", "x"); err == nil {
		t.Error("empty text: want an error")
	}
	if _, err := QRSVG(strings.Repeat("a", 5000), "x"); err == nil {
		t.Error("5000 bytes: want an error, a QR code holds less")
	}
}
